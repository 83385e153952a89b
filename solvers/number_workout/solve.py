"""Solving a Number Workout: propagation first, and Z3 only for the segments it leaves
open.

When propagation fixes every segment, that grid is the only solution and Z3 is not
called; otherwise Z3 enumerates and counts the numbers of the open segments.
"""

from __future__ import annotations

from ..gridkit import propagate_then_solve
from ..i18n import _
from ..values import Limits, Solutions
from .check import check
from .encoding import open_segments, smt_assertions
from .geometry import CELLS, Grid, NumberWorkoutPuzzle, first_of
from .propagate import propagate


def solve(puzzle: NumberWorkoutPuzzle, limits: Limits) -> Solutions:
    """Every solution up to the limits, how many, and the segments left to Z3."""
    candidates, reason = propagate(puzzle.clues)
    search = open_segments(candidates) if not reason else []
    return propagate_then_solve(
        reason, search, lambda: smt_assertions(candidates, search),
        lambda values: grid_of(candidates, values), lambda grid: check(puzzle, grid).ok,
        limits, _("no solution: the clues cannot all hold at once."),
        "segments_left_after_propagation")


def grid_of(candidates: list[set[int]], chosen: dict[int, int]) -> Grid:
    """Every segment's number: Z3's choice for open ones, propagation's for the rest."""
    return tuple(chosen[first_of(c)] if first_of(c) in chosen
                 else next(iter(candidates[first_of(c)])) for c in range(CELLS))
