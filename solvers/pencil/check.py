"""Recurring checks on an answer, in plain Python, independent of the engine.

Each genre's `check` builds its report from these: they say what is wrong (the cells or
pieces at fault) so a rule's line can name it. Cells are shown to people as "r3c5"
(from 1), the way the other grid kinds name them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import TypeGuard

from ..i18n import _, ngettext
from ..values import Rule
from .grid import Cell, Grid, Pair, Segment, Vertex, pair


def where(cell: Cell) -> str:
    """A cell as people count it: r1c1 is the top-left."""
    return f"r{cell[0] + 1}c{cell[1] + 1}"


def rule(name: str, faults: Collection[object], shown: Callable[[object], str] = str,
         ok_detail: str = "", on_cells: bool = True) -> Rule:
    """A rule that holds when `faults` is empty; otherwise its detail names up to five
    of them, and the rule carries every fault that is a cell named as one (r3c5), for
    the picture of a wrong answer (`on_cells=False`: the faults are grid points)."""
    if not faults:
        return Rule(name, True, ok_detail or _("OK"), ": ")
    listed = ", ".join(shown(f) for f in list(faults)[:5])
    more = _(" and {count} more").format(count=len(faults) - 5) if len(faults) > 5 else ""
    cells = tuple((f[0] + 1, f[1] + 1) for f in faults
                  if on_cells and is_cell(f) and shown(f) == where(f))
    return Rule(name, False, _("broken at {where}").format(where=listed + more), ": ",
                cells)


def is_cell(fault: object) -> TypeGuard[Cell]:
    """Whether a rule's fault is a (row, column) pair."""
    return (isinstance(fault, tuple) and len(fault) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in fault))


def pieces(grid: Grid, cells: Iterable[Cell],
           joined: Callable[[Cell, Cell], bool] | None = None) -> list[list[Cell]]:
    """The orthogonally connected pieces of a set of cells (each in reading order),
    optionally only through neighbours for which `joined` holds."""
    todo = set(cells)
    out = []
    for start in sorted(todo):
        if start not in todo:
            continue
        todo.discard(start)
        piece, stack = [start], [start]
        while stack:
            cell = stack.pop()
            for other in grid.neighbours(cell):
                if other in todo and (joined is None or joined(cell, other)):
                    todo.discard(other)
                    piece.append(other)
                    stack.append(other)
        out.append(sorted(piece))
    return out


def squares_all(grid: Grid, cells: Collection[Cell]) -> list[Cell]:
    """Top-left cells of the 2x2 blocks lying wholly in `cells`."""
    return [block[0] for block in grid.squares() if all(c in cells for c in block)]


def adjacent_pairs(grid: Grid, cells: Collection[Cell]) -> list[Cell]:
    """Cells of `cells` with a neighbour also in `cells` (the first of each pair)."""
    return sorted({a for a, b in grid.pairs() if a in cells and b in cells})


def degrees(links: Iterable[tuple[Vertex, Vertex]]) -> Counter[Vertex]:
    """How many of the links meet at each point."""
    count: Counter[Vertex] = Counter()
    for a, b in links:
        count[a] += 1
        count[b] += 1
    return count


def loops(links: Collection[tuple[Vertex, Vertex]]) -> tuple[list[Vertex], int]:
    """Points where the lines branch or end (degree other than 2), and how many
    separate pieces the lines make."""
    count = degrees(links)
    bad = sorted(p for p, d in count.items() if d != 2)
    adjacent: dict[Vertex, list[Vertex]] = {}
    for a, b in links:
        adjacent.setdefault(a, []).append(b)
        adjacent.setdefault(b, []).append(a)
    seen: set[Vertex] = set()
    parts = 0
    for start in adjacent:
        if start in seen:
            continue
        parts += 1
        stack = [start]
        seen.add(start)
        while stack:
            for other in adjacent[stack.pop()]:
                if other not in seen:
                    seen.add(other)
                    stack.append(other)
    return bad, parts


def pieces_text(count: int) -> str:
    """"1 piece", "3 pieces": how many connected pieces a rule found."""
    return ngettext("{count} piece", "{count} pieces", count).format(count=count)


def single_loop(links: Collection[tuple[Vertex, Vertex]], what: str) -> list[Rule]:
    """Two rules: the lines neither branch nor end, and they make one loop."""
    bad, parts = loops(links)
    return [rule(_("No branch or dead end"), bad, lambda p: where(p),  # type: ignore[arg-type]
                 on_cells=False),
            Rule(_("One loop"), parts == 1,
                 ngettext("{what} form {count} piece", "{what} form {count} pieces",
                          parts).format(what=what, count=parts), ": ")]


def segments_around(grid: Grid, cell: Cell, edges: Collection[Segment]) -> int:
    """How many of a cell's four sides are in `edges`."""
    return sum(side in edges for side in grid.sides(cell))


def room_of(rooms: list[list[Cell]]) -> Mapping[Cell, int]:
    """Each cell's room number (the index in `rooms`)."""
    return {cell: index for index, room in enumerate(rooms) for cell in room}


def crossing(grid: Grid, cells: Collection[Cell], walls: Collection[Pair]) -> list[Pair]:
    """The pairs of neighbouring cells of `cells` that lie on two sides of a wall."""
    return [p for p in grid.pairs() if p in walls and p[0] in cells and p[1] in cells]


__all__ = ["where", "rule", "pieces", "squares_all", "adjacent_pairs", "degrees", "loops",
           "single_loop", "segments_around", "room_of", "crossing", "pair"]
