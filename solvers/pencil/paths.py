"""Lines between cell centres as the loop and path genres draw them (masyu, numberlink,
country road, firefly, pipelink, icebarn): which way a line leaves a cell, how many
lines a cell may have, and the same read back from an answer for the checks.

Directions are numbered as the player numbers them, less one: 0 up, 1 down, 2 left,
3 right (`grid.STEPS` in that order), so a link's arrow d is direction d - 1.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from itertools import product
from typing import cast

from ..i18n import _
from ..values import Rule
from . import check, pzprv3
from .engine import Lit, Model
from .grid import STEPS, Cell, Grid, Pair, pair

UP, DOWN, LEFT, RIGHT = range(4)
#: the direction straight back
BACK = (DOWN, UP, RIGHT, LEFT)
#: each direction's axis: 0 up-down, 1 left-right
AXIS = (0, 0, 1, 1)
#: a place on the board's edge: a cell of the outer row or column, and the side (a
#: direction) facing out of the board
Gate = tuple[Cell, int]


def step(cell: Cell, direction: int) -> Cell:
    """The neighbour of `cell` in a direction (perhaps off the board)."""
    dr, dc = STEPS[direction]
    return (cell[0] + dr, cell[1] + dc)


def around(grid: Grid, lines: Mapping[Pair, Lit], cell: Cell) -> dict[int, Lit]:
    """The literals of the lines leaving `cell`, by direction (those on the board)."""
    out = {}
    for direction in range(4):
        other = step(cell, direction)
        if grid.inside(other) and pair(cell, other) in lines:
            out[direction] = lines[pair(cell, other)]
    return out


def degree(model: Model, lits: Sequence[Lit], allowed: Collection[int]) -> None:
    """Exactly one of the `allowed` counts of `lits` holds (a cell's four lines at
    most: each forbidden combination is one clause)."""
    for bits in product((False, True), repeat=len(lits)):
        if sum(bits) not in allowed:
            model.clause([-lit if on else lit for lit, on in zip(lits, bits, strict=True)])


def edge_places(grid: Grid) -> list[Gate]:
    """The places around the board in the player's order: the top edge left to right,
    the bottom edge, the left edge top to bottom, the right edge."""
    return ([((0, c), UP) for c in range(grid.cols)]
            + [((grid.rows - 1, c), DOWN) for c in range(grid.cols)]
            + [((r, 0), LEFT) for r in range(grid.rows)]
            + [((r, grid.cols - 1), RIGHT) for r in range(grid.rows)])


def line_vars(model: Model, grid: Grid, cells: Iterable[Cell] | None = None) -> dict[Pair, Lit]:
    """A literal per pair of neighbouring cells (both among `cells`, default all)."""
    allowed = set(grid.cells() if cells is None else cells)
    return model.vars(p for p in grid.pairs() if p[0] in allowed and p[1] in allowed)


# -- reading an answer back ----------------------------------------------------------------
def exits(lines: Iterable[Pair]) -> dict[Cell, set[int]]:
    """The directions in which lines leave each cell."""
    out: dict[Cell, set[int]] = {}
    for a, b in lines:
        way = STEPS.index((b[0] - a[0], b[1] - a[1]))
        out.setdefault(a, set()).add(way)
        out.setdefault(b, set()).add(BACK[way])
    return out


def straight(ways: Collection[int]) -> bool:
    """Two lines on one axis: the line goes straight through."""
    return len(ways) == 2 and len({AXIS[w] for w in ways}) == 1


def turning(ways: Collection[int]) -> bool:
    """Two lines on different axes: the line turns."""
    return len(ways) == 2 and len({AXIS[w] for w in ways}) == 2


def follow(start: Cell, direction: int, ways: Mapping[Cell, set[int]],
           stop: Collection[Cell]) -> tuple[list[Cell], int, int]:
    """Walk a line from `start` leaving in `direction` until it reaches a cell in `stop`
    or can go no further: the cells after `start`, the turns made and the direction of
    the last step (the line must go on through cells of two lines)."""
    cells: list[Cell] = []
    turns = 0
    cell = start
    while True:
        cell = step(cell, direction)
        cells.append(cell)
        here = ways.get(cell, set())
        if cell in stop or cell == start or len(here) != 2 or BACK[direction] not in here:
            return cells, turns, direction
        onward = next(iter(here - {BACK[direction]}))
        turns += AXIS[onward] != AXIS[direction]
        direction = onward


def board_hash(board: object) -> int:
    """A hash for a frozen board whose clues are dicts (a dataclass would fail on them):
    each mapping is hashed as its sorted items."""
    return hash(tuple(tuple(sorted(value.items())) if isinstance(value, Mapping) else value
                      for value in vars(board).values()))


def one_piece(name: str, count: int) -> Rule:
    """A rule that holds when something comes in exactly one piece."""
    return Rule(name, count == 1, _("OK") if count == 1 else check.pieces_text(count), ": ")


def cell_rule(name: str, cells: Collection[Cell]) -> Rule:
    """A rule that holds when no cell is at fault, naming the cells that are."""
    return check.rule(name, list(cells), lambda cell: check.where(cast(Cell, cell)))


def read_pairs(file: pzprv3.File, grid: Grid) -> dict[Pair, str]:
    """A layer between neighbouring cells from a player's file (side by side, then one
    above the other): each pair's token."""
    right = file.block(grid.rows, grid.cols - 1)
    below = file.block(grid.rows - 1, grid.cols)
    out = {((r, c), (r, c + 1)): token for r, row in enumerate(right)
           for c, token in enumerate(row)}
    out.update({((r, c), (r + 1, c)): token for r, row in enumerate(below)
                for c, token in enumerate(row)})
    return out


def read_lines(file: pzprv3.File, grid: Grid) -> frozenset[Pair]:
    """The lines between cell centres of a player's file (a positive count; '-1' is a
    cross the player marks where no line goes)."""
    return frozenset(p for p, token in read_pairs(file, grid).items()
                     if (pzprv3.number(token) or 0) > 0)
