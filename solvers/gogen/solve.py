"""Solving a Gogen: propagation first, and Z3 only for the letters it leaves open.

When propagation places every letter, that grid is the only solution and Z3 is not
called; otherwise Z3 enumerates and counts the placements of the open letters.
"""

from __future__ import annotations

from ..gridkit import propagate_then_solve
from ..i18n import _
from ..values import Limits, Solutions
from .check import check
from .encoding import open_letters, smt_assertions
from .grid import EMPTY, GogenPuzzle, Solution, position
from .propagate import propagate


def solve(puzzle: GogenPuzzle, limits: Limits) -> Solutions:
    """Every solution up to the limits, how many, and the letters left to Z3."""
    candidates, reason = propagate(puzzle)
    search = open_letters(puzzle, candidates) if not reason else []
    placed = {x: position(puzzle, next(iter(c)))
              for x, c in candidates.items() if len(c) == 1}
    return propagate_then_solve(
        reason, search, lambda: smt_assertions(puzzle, candidates, "".join(search)),
        lambda values: grid_of(puzzle, placed | values),
        lambda grid: check(puzzle, grid).ok, limits,
        _("no solution: no placement of the letters lets every word be traced."),
        "letters_left_after_propagation")


def grid_of(puzzle: GogenPuzzle, positions: dict[str, int]) -> Solution:
    """Turn letter positions (seed numbering) back into the grid string."""
    cells = [EMPTY] * (puzzle.size * puzzle.size)
    for letter, pos in positions.items():
        r, c = divmod(pos - 1, 10)
        cells[r * puzzle.size + c] = letter
    return "".join(cells)
