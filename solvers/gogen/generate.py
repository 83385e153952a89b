"""Random 5x5 Gogen puzzles with exactly one solution, at three difficulties.

A random letter grid and its words come from `words`; givens are then taken away in
random order while the solver still proves exactly one solution.
"""

from __future__ import annotations

import random

from .. import i18n
from ..values import Limits, PuzzleError
from .grid import CLASSIC_LETTERS, CLASSIC_SIZE, EMPTY, GogenPuzzle
from .solve import solve
from .words import choose_words, gogen_words, letter_grid, traceable

#: givens a generated puzzle keeps at each difficulty ("hard" takes away every given it can)
TARGET_GIVENS = {"easy": 11, "medium": 8, "hard": 0}
#: grids tried until one digs down to its difficulty (hard: fewer givens than medium)
ATTEMPTS = 4
#: longest uniqueness count while digging; a longer one keeps the given
DIG_SECONDS = 0.3


def generate(rng: random.Random, difficulty: str) -> str:
    """A random 5x5 letter grid (nudged so words reach its rare letters), common words
    traced through it, then givens taken away in random order while the solver still
    proves exactly one solution, down to the difficulty's number of givens. Hard takes
    away every given it can. A grid that stops short is drawn again (the fewest givens
    of a few draws is kept), so hard has fewer givens than medium in all but rare
    draws."""
    if difficulty not in TARGET_GIVENS:
        raise PuzzleError(i18n._("unknown difficulty '{difficulty}'; use {known}").format(
            difficulty=difficulty, known=", ".join(TARGET_GIVENS)))
    target = TARGET_GIVENS[difficulty]
    enough = target if target else TARGET_GIVENS["medium"] - 1
    givens, words = _draw(rng, target)
    for _ in range(ATTEMPTS - 1):
        if len(givens) - givens.count(EMPTY) <= enough:
            break
        trial = _draw(rng, target)
        if trial[0].count(EMPTY) > givens.count(EMPTY):
            givens, words = trial
    rows = [givens[r:r + CLASSIC_SIZE] for r in range(0, len(givens), CLASSIC_SIZE)]
    count = sum(letter != EMPTY for letter in givens)
    return "\n".join([f"#gogen {difficulty} ({count} givens)", *rows, *words]) + "\n"


def _draw(rng: random.Random, target: int) -> tuple[str, list[str]]:
    """One random grid and its words, dug down to `target` givens: (givens, words)."""
    vocabulary = gogen_words()
    grid = letter_grid(rng, vocabulary)
    fits = traceable(grid, vocabulary)
    words = choose_words(rng, [w for w, ok in zip(vocabulary.words, fits, strict=True)
                               if ok])
    return _dig(grid, tuple(words), rng, target), words


def _dig(grid: str, words: tuple[str, ...], rng: random.Random, target: int) -> str:
    """The grid with givens taken away in random order, each only while the solver
    proves the puzzle still has exactly one solution, until `target` are left."""
    cells = list(grid)
    order = list(range(len(cells)))
    rng.shuffle(order)
    left = len(cells)
    for cell in order:
        if left <= target:
            break
        cells[cell] = EMPTY
        trial = GogenPuzzle(CLASSIC_SIZE, "".join(cells), words, CLASSIC_LETTERS)
        if solve(trial, Limits.within(DIG_SECONDS, max_solutions=2)).unique:
            left -= 1
        else:
            cells[cell] = grid[cell]
    return "".join(cells)
