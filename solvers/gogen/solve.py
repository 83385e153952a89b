"""Solving a Gogen: propagation first, and Z3 only for the letters it leaves open.

When propagation places every letter, that grid is the only solution and Z3 is not
called; otherwise Z3 enumerates and counts the placements of the open letters.
"""

from __future__ import annotations

from ..base import Limits, Solutions
from ..i18n import _
from ..smt import enumerate_models
from .check import check
from .encoding import open_letters, smt_assertions
from .grid import EMPTY, GogenPuzzle, Solution, position
from .propagate import propagate


def solve(puzzle: GogenPuzzle, limits: Limits) -> Solutions:
    """Every solution up to the limits, how many, and the letters left to Z3."""
    candidates, reason = propagate(puzzle)
    if reason:
        return Solutions([], 0, True, reason, stats={"propagation": "unsat"})
    search = open_letters(puzzle, candidates)
    if not search:  # propagation placed every letter: that grid is the only candidate
        grid = grid_of(puzzle, {x: position(puzzle, next(iter(c)))
                                for x, c in candidates.items()})
        if check(puzzle, grid).ok:
            if limits.progress:
                limits.progress(1, 0)
            return Solutions([grid], 1, True, "",
                             stats={"letters_left_after_propagation": 0})
    import z3  # here, not at the top: the bot's process parses without Z3
    solver = z3.SimpleSolver()
    solver.from_string("\n".join(smt_assertions(puzzle, candidates, "".join(search))))
    letters = [z3.Int(f"V{x}") for x in search]
    found, count, exhaustive = enumerate_models(solver, letters, limits)
    placed = {x: position(puzzle, next(iter(c)))
              for x, c in candidates.items() if len(c) == 1}
    grids = [grid_of(puzzle, placed | dict(zip(search, values, strict=True)))
             for values in found]
    if count == 0 and exhaustive:
        reason = _("no solution: no placement of the letters lets every word be traced.")
    return Solutions(grids, count, exhaustive, reason,
                     stats={"letters_left_after_propagation": len(search)})


def grid_of(puzzle: GogenPuzzle, positions: dict[str, int]) -> Solution:
    """Turn letter positions (seed numbering) back into the grid string."""
    cells = [EMPTY] * (puzzle.size * puzzle.size)
    for letter, pos in positions.items():
        r, c = divmod(pos - 1, 10)
        cells[r * puzzle.size + c] = letter
    return "".join(cells)
