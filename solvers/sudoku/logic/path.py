"""The hint path: the easiest step, applied, again and again until the grid is full.

Each round tries the techniques from the lowest rating up and takes the first step
found, so the path is the one a person solving by the easiest means would follow. The
board before each step is kept for its picture. A partly filled grid (the person's own
entries on top of the givens) is checked against the solution first: a wrong entry is
reported as a mistake instead of steps built on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...values import Limits, PuzzleError
from ..grid import CELLS, Grid
from ..search import count_solutions, solve_grid
from . import (
    als,
    chains,
    fish,
    forcing,
    intersections,
    single_digit,
    singles,
    subsets,
    uniqueness,
    wings,
)
from .board import Board
from .step import Finder, Step

#: every finder, in the order tried: roughly by rating, cheap scans first
FINDERS: tuple[Finder, ...] = (
    singles.full_house, singles.hidden_single, singles.naked_single,
    intersections.pointing, intersections.claiming,
    subsets.naked(2), fish.basic(2), subsets.hidden(2), subsets.naked(3), fish.basic(3),
    subsets.hidden(3), single_digit.skyscraper, single_digit.two_string_kite,
    wings.xy_wing, single_digit.empty_rectangle, wings.xyz_wing, wings.w_wing,
    uniqueness.unique_rectangle, fish.finned(2), single_digit.simple_colouring,
    subsets.naked(4), fish.basic(4), subsets.hidden(4), uniqueness.bug_plus_one,
    fish.finned(3), fish.finned(4), chains.x_chain, chains.xy_chain, chains.aic,
    chains.grouped_aic, als.als_xz, forcing.forcing_chain, forcing.forcing_net,
)


@dataclass(frozen=True)
class Snapshot:
    """The board before a step: digits and candidate masks, for the step's picture."""

    values: Grid
    cands: tuple[int, ...]


@dataclass
class Path:
    """The steps from a grid to its solution (or the first `limit` of them)."""

    solution: Grid
    steps: list[Step] = field(default_factory=list)
    before: list[Snapshot] = field(default_factory=list)
    #: the first wrong entry (cell, digit), when the person's grid has one
    mistake: tuple[int, int] | None = None
    complete: bool = False


def next_step(board: Board, solution: Grid) -> Step:
    """The easiest step on this board; a named guess when no technique finds one."""
    for finder in FINDERS:
        found = finder(board)
        if found:
            return found
    return forcing.guess(board, solution)


def apply(board: Board, found: Step) -> None:
    for cell, digit in found.eliminations:
        board.eliminate(cell, digit)
    for cell, digit in found.placements:
        board.place(cell, digit)


def hint_path(givens: Grid, entries: Grid | None = None, limit: int | None = None) -> Path:
    """The path from the givens plus the person's entries (or a grid holding both,
    `entries` None). PuzzleError when the puzzle has no solution and no single cell is
    to blame, or more than one solution (steps relying on uniqueness would mislead)."""
    grid = tuple(g or (entries[c] if entries else 0) for c, g in enumerate(givens))
    found = solutions(givens)
    if not found and entries is None:
        cell = locate_mistake(givens)
        if cell is None:
            raise PuzzleError("these digits have no solution, so there is no next step")
        return Path(solutions(givens[:cell] + (0,) + givens[cell + 1:])[0],
                    mistake=(cell, givens[cell]))
    if not found:
        raise PuzzleError("the givens have no solution, so there is no next step")
    if len(found) > 1:
        raise PuzzleError("this puzzle has more than one solution, so no step is forced: "
                          "hints need a puzzle with exactly one")
    solution = found[0]
    path = Path(solution)
    wrong = [c for c in range(CELLS) if grid[c] and grid[c] != solution[c]]
    if wrong:
        path.mistake = (wrong[0], grid[wrong[0]])
        return path
    board = Board.from_grid(grid)
    while not board.solved() and (limit is None or len(path.steps) < limit):
        step = next_step(board, solution)
        path.before.append(Snapshot(tuple(board.values), tuple(board.cands)))
        path.steps.append(step)
        apply(board, step)
    path.complete = board.solved()
    return path


def solutions(grid: Grid) -> list[Grid]:
    """Up to two solutions of the grid: none, the one, or two showing it is not unique."""
    return solve_grid(grid, Limits(max_solutions=2))[0]


def locate_mistake(grid: Grid) -> int | None:
    """For a grid of givens and entries together that has no solution: the first filled
    cell whose removal leaves exactly one solution (the likeliest wrong entry), or None."""
    for cell in range(CELLS):
        if grid[cell]:
            trial = grid[:cell] + (0,) + grid[cell + 1:]
            if count_solutions(trial) == 1:
                return cell
    return None


def rating(steps: list[Step]) -> tuple[float, str]:
    """The hardest step's rating and technique (0 and none for no step)."""
    if not steps:
        return 0.0, ""
    hardest = max(steps, key=lambda s: s.rating)
    return hardest.rating, hardest.technique

