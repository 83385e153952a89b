"""Random Number Workouts with exactly one solution, at three difficulties.

A random filling that keeps every rule, then clues taken away in random order while the
solver still proves exactly one solution.
"""

from __future__ import annotations

import random

from ..i18n import _
from ..values import Limits, PuzzleError
from .geometry import CELLS, HEXAGONS, NUMBERS, PAIRS, Grid, NumberWorkoutPuzzle, first_of
from .parse import lines_text
from .solve import solve

#: clues a generated puzzle keeps at each difficulty ("hard" takes away every clue it can)
TARGET_CLUES = {"easy": 32, "medium": 26, "hard": 0}
#: fillings tried until one digs down to its difficulty (hard: fewer clues than medium)
ATTEMPTS = 4
#: longest uniqueness count while digging; a longer one keeps the clue
DIG_SECONDS = 0.3


def generate(rng: random.Random, difficulty: str) -> str:
    """A random valid filling, then clues taken away in random order while the solver
    still proves exactly one solution, down to the difficulty's number of clues. Hard
    takes away every clue it can. A filling that stops short is drawn again (the
    fewest clues of a few draws is kept), so hard has fewer clues than medium in all
    but rare draws."""
    if difficulty not in TARGET_CLUES:
        raise PuzzleError(_("unknown difficulty '{difficulty}'; use {known}").format(
            difficulty=difficulty, known=", ".join(TARGET_CLUES)))
    target = TARGET_CLUES[difficulty]
    enough = target if target else TARGET_CLUES["medium"] - 1
    clues = _dig(random_filling(rng), rng, target)
    for _attempt in range(ATTEMPTS - 1):
        if _clue_count(clues) <= enough:
            break
        trial = _dig(random_filling(rng), rng, target)
        if _clue_count(trial) < _clue_count(clues):
            clues = trial
    header = f"#nw {difficulty} ({_clue_count(clues)} clues)"
    return f"{header}\n{lines_text(clues)}\n"


def _dig(filling: Grid, rng: random.Random, target: int) -> tuple[int, ...]:
    """Clues read off the filling (one segment of each touching pair, drawn at
    random), taken away in random order, each only while the solver proves the
    puzzle still has exactly one solution, until `target` are left (a count longer
    than `DIG_SECONDS` keeps the clue: uniqueness is never assumed)."""
    shown = {first_of(c): c for c in range(CELLS)}
    for first, last in PAIRS:
        shown[first] = rng.choice((first, last))
    clues = [0] * CELLS
    for cell in shown.values():
        clues[cell] = filling[cell]
    order = sorted(shown.values())
    rng.shuffle(order)
    left = len(order)
    for cell in order:
        if left <= target:
            break
        clues[cell] = 0
        trial = NumberWorkoutPuzzle(tuple(clues))
        if solve(trial, Limits.within(DIG_SECONDS, max_solutions=2)).unique:
            left -= 1
        else:
            clues[cell] = filling[cell]
    return tuple(clues)


def _clue_count(clues: tuple[int, ...]) -> int:
    return sum(1 for clue in clues if clue)


def random_filling(rng: random.Random) -> Grid:
    """A random grid that keeps every rule, drawn hexagon by hexagon: each takes the
    numbers its touching segments already hold and a random order of the rest; a draw
    where two touching segments bring one number twice into a hexagon starts over (about
    1 draw in 50 succeeds; each costs a tenth of a millisecond, far less than
    backtracking, whose dead ends can take a second)."""
    while True:
        numbers = _draw_filling(rng)
        if numbers:
            return tuple(numbers[first_of(c)] for c in range(CELLS))


def _draw_filling(rng: random.Random) -> dict[int, int] | None:
    """One draw: a touching pair's first (or a lone segment) -> its number, or None."""
    numbers: dict[int, int] = {}
    for hexagon in HEXAGONS:
        cells = [first_of(c) for c in hexagon]
        fixed = [numbers[c] for c in cells if c in numbers]
        if len(set(fixed)) < len(fixed):
            return None
        rest = iter(rng.sample([v for v in NUMBERS if v not in fixed], 6 - len(fixed)))
        for cell in cells:
            if cell not in numbers:
                numbers[cell] = next(rest)
    return numbers
