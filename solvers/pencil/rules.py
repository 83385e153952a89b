"""Recurring rules written as constraints on a `Model`.

Each takes the board's geometry and the genre's literals (dicts keyed by cell, pair or
segment) and adds the constraints; none names the engine behind the model.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from .engine import Lit, Model
from .grid import Cell, Grid, Pair, Segment, Vertex


def connected_cells(model: Model, grid: Grid, cells: Mapping[Cell, Lit],
                    root: Cell | None = None) -> None:
    """The cells whose literal holds form one orthogonally connected area (through
    cells in `cells`); with `root`, each such cell is connected to `root`."""
    links = [(a, b) for a, b in grid.pairs() if a in cells and b in cells]
    model.connected(cells, links, root)


def no_2x2(model: Model, grid: Grid, cells: Mapping[Cell, Lit]) -> None:
    """No 2x2 block in which all four literals hold."""
    for block in grid.squares():
        if all(c in cells for c in block):
            model.clause([-cells[c] for c in block])


def no_adjacent(model: Model, grid: Grid, cells: Mapping[Cell, Lit]) -> None:
    """No two orthogonal neighbours both hold."""
    for a, b in grid.pairs():
        if a in cells and b in cells:
            model.clause([-cells[a], -cells[b]])


def loop_points(model: Model, links: Mapping[tuple[Any, Any], Lit]) -> dict[Any, Lit]:
    """Degree 0 or 2 at every point the links meet; a literal per point for "the loop
    passes here"."""
    meeting: dict[Hashable, list[Lit]] = {}
    for (a, b), lit in links.items():
        meeting.setdefault(a, []).append(lit)
        meeting.setdefault(b, []).append(lit)
    used = {}
    for point, lits in meeting.items():
        used[point] = model.any_of(lits)
        degree_two(model, used[point], lits)
    return used


def degree_two(model: Model, used: Lit, lits: Sequence[Lit]) -> None:
    """Exactly two of `lits` hold when `used` does, none otherwise."""
    for lit in lits:
        model.implies(lit, used)
    # no three at once
    for i, a in enumerate(lits):
        for j in range(i + 1, len(lits)):
            for k in range(j + 1, len(lits)):
                model.clause([-a, -lits[j], -lits[k]])
    # not exactly one: each one needs another
    for lit in lits:
        model.clause([-lit, *(other for other in lits if other != lit)])


def single_loop(model: Model, links: Mapping[tuple[Any, Any], Lit]) -> dict[Any, Lit]:
    """The links that hold make one closed loop without branches (possibly none: add
    a clue-driven rule that some link holds). The points' "used" literals."""
    used = loop_points(model, links)
    model.connected(used, [(a, b, lit) for (a, b), lit in links.items()])
    return used


def edge_loop(model: Model, grid: Grid) -> tuple[dict[Segment, Lit], dict[Vertex, Lit]]:
    """A single loop along the grid's edges (slither): a literal per segment and per
    vertex."""
    edges = model.vars(grid.segments())
    return edges, single_loop(model, edges)


def cell_loop(model: Model, grid: Grid, cells: Iterable[Cell] | None = None
              ) -> tuple[dict[Pair, Lit], dict[Cell, Lit]]:
    """A single loop through cell centres (masyu, yajilin): a literal per pair of
    neighbouring cells (among `cells`, default all) and per cell on the loop."""
    allowed = set(grid.cells() if cells is None else cells)
    lines = model.vars(p for p in grid.pairs() if p[0] in allowed and p[1] in allowed)
    return lines, single_loop(model, lines)


def once_each(model: Model, cells: Sequence[Cell], digits: Mapping[Cell, Mapping[int, Lit]],
              values: Iterable[int], exactly: bool = True) -> None:
    """Each value at most (or exactly) once among the cells of a unit."""
    for value in values:
        lits = [digits[c][value] for c in cells if value in digits[c]]
        if exactly:
            model.exactly(lits, 1)
        else:
            model.at_most(lits, 1)


def count_in(model: Model, lits: Sequence[Lit], clue: int) -> None:
    """Exactly `clue` of the literals hold."""
    model.exactly(lits, clue)
