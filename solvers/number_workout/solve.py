"""Solving a Number Workout: propagation first, and Z3 only for the segments it leaves
open.

When propagation fixes every segment, that grid is the only solution and Z3 is not
called; otherwise Z3 enumerates and counts the numbers of the open segments.
"""

from __future__ import annotations

from ..base import Limits, Solutions
from ..i18n import _
from ..smt import enumerate_models
from .check import check
from .encoding import open_segments, smt_assertions
from .geometry import CELLS, Grid, NumberWorkoutPuzzle, first_of
from .propagate import propagate


def solve(puzzle: NumberWorkoutPuzzle, limits: Limits) -> Solutions:
    """Every solution up to the limits, how many, and the segments left to Z3."""
    candidates, reason = propagate(puzzle.clues)
    if reason:
        return Solutions([], 0, True, reason, stats={"propagation": "unsat"})
    search = open_segments(candidates)
    if not search:  # propagation fixed every segment: that grid is the only candidate
        grid = grid_of(candidates, {})
        if check(puzzle, grid).ok:
            if limits.progress:
                limits.progress(1, 0)
            return Solutions([grid], 1, True, "",
                             stats={"segments_left_after_propagation": 0})
    import z3  # here, not at the top: the bot's process parses without Z3
    solver = z3.SimpleSolver()
    solver.from_string("\n".join(smt_assertions(candidates, search)))
    segments = [z3.Int(f"V{c}") for c in search]
    found, count, exhaustive = enumerate_models(solver, segments, limits)
    grids = [grid_of(candidates, dict(zip(search, values, strict=True)))
             for values in found]
    if count == 0 and exhaustive:
        reason = _("no solution: the clues cannot all hold at once.")
    return Solutions(grids, count, exhaustive, reason,
                     stats={"segments_left_after_propagation": len(search)})


def grid_of(candidates: list[set[int]], chosen: dict[int, int]) -> Grid:
    """Every segment's number: Z3's choice for open ones, propagation's for the rest."""
    return tuple(chosen[first_of(c)] if first_of(c) in chosen
                 else next(iter(candidates[first_of(c)])) for c in range(CELLS))
