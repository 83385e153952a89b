"""Random Sudoku puzzles with exactly one solution, at three difficulties.

easy: about 38 givens, naked singles alone finish it; medium: about 30 givens, naked
and hidden singles finish it; hard: no given can be taken away without losing
uniqueness, and (in all but rare draws) singles alone do not finish it, so it needs a
guess or a stronger technique.
"""

from __future__ import annotations

import random

from .. import i18n
from ..values import DIFFICULTIES, Limits, PuzzleError
from .grid import CELLS, DIGITS, SIZE, UNITS, Grid
from .parse import grid_text
from .search import count_solutions, solve_grid, solved_by_singles

#: givens the generator stops at for each difficulty (hard digs until nothing goes)
TARGET_GIVENS = {"easy": 38, "medium": 30, "hard": 17}
#: fresh grids tried for a hard puzzle that singles alone cannot finish
HARD_ATTEMPTS = 12


def generate(rng: random.Random, difficulty: str) -> str:
    """The text of a random puzzle with exactly one solution (see the module's words)."""
    if difficulty not in DIFFICULTIES:
        raise PuzzleError(i18n._("unknown difficulty '{difficulty}'; use {known}").format(
            difficulty=difficulty, known=", ".join(DIFFICULTIES)))
    for _ in range(HARD_ATTEMPTS):
        givens = _dig(_full_grid(rng), rng, difficulty)
        if difficulty != "hard" or not solved_by_singles(givens, hidden=True):
            break
    if count_solutions(givens) != 1:  # the removal rules make this impossible
        raise AssertionError("generated a Sudoku without a unique solution")
    count = sum(1 for d in givens if d)
    # no difficulty word in the header: the rating says the band (a puzzle dug for "hard"
    # may rate Medium, and a race or daily post names the rating)
    return f"#sudoku ({count} givens)\n{grid_text(givens, '.')}\n"


def _full_grid(rng: random.Random) -> Grid:
    """A random solved grid: the three diagonal boxes (which share no unit) filled at
    random, the rest by the search, then the digits relabelled at random."""
    givens = [0] * CELLS
    for box in (18, 22, 26):
        for cell, digit in zip(UNITS[box], rng.sample(DIGITS, SIZE), strict=True):
            givens[cell] = digit
    found, _, _, _ = solve_grid(tuple(givens), Limits(max_solutions=1))
    relabel = [0, *rng.sample(DIGITS, SIZE)]
    return tuple(relabel[d] for d in found[0])


def _dig(solution: Grid, rng: random.Random, difficulty: str) -> Grid:
    """Take givens away in random order while the puzzle stays within the difficulty's
    rules (which all keep exactly one solution), down to the difficulty's target."""
    givens = list(solution)
    order = list(range(CELLS))
    rng.shuffle(order)
    remaining = CELLS
    for cell in order:
        if remaining <= TARGET_GIVENS[difficulty]:
            break
        givens[cell] = 0
        trial = tuple(givens)
        if difficulty == "easy":
            keeps = solved_by_singles(trial, hidden=False)
        elif difficulty == "medium":
            keeps = solved_by_singles(trial, hidden=True)
        else:
            keeps = count_solutions(trial) == 1
        if keeps:
            remaining -= 1
        else:
            givens[cell] = solution[cell]
    return tuple(givens)
