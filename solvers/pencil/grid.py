"""The board's geometry: cells, the links between neighbouring cells, the corners
(vertices) and the segments between them, and rooms cut by walls.

Cells are (row, col) from 0; a vertex is (row, col) from 0 to rows / cols (the top-left
corner of cell (r, c) is vertex (r, c)). A pair (a link, a segment, a wall) is always
written smaller first, so it can be a dict key.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

Cell = tuple[int, int]
Vertex = tuple[int, int]
#: two neighbouring cells (a line between their centres, or the wall between them)
Pair = tuple[Cell, Cell]
#: two neighbouring vertices (an edge of the grid, as slither draws)
Segment = tuple[Vertex, Vertex]
#: the four steps to a neighbour: up, down, left, right
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def pair(a: Cell, b: Cell) -> Pair:
    """The pair of two cells (or vertices), smaller first."""
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class Grid:
    rows: int
    cols: int

    def cells(self) -> list[Cell]:
        """Every cell in reading order (the order of link bodies and pzprv3 files)."""
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.rows and 0 <= cell[1] < self.cols

    def neighbours(self, cell: Cell) -> list[Cell]:
        r, c = cell
        return [(r + dr, c + dc) for dr, dc in STEPS if self.inside((r + dr, c + dc))]

    def pairs(self) -> list[Pair]:
        """Every pair of neighbouring cells: horizontal ones, then vertical ones."""
        return ([((r, c), (r, c + 1)) for r in range(self.rows) for c in range(self.cols - 1)]
                + [((r, c), (r + 1, c)) for r in range(self.rows - 1) for c in range(self.cols)])

    def squares(self) -> list[tuple[Cell, Cell, Cell, Cell]]:
        """Every 2x2 block of cells, by its top-left cell."""
        return [((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
                for r in range(self.rows - 1) for c in range(self.cols - 1)]

    def vertices(self) -> list[Vertex]:
        return [(r, c) for r in range(self.rows + 1) for c in range(self.cols + 1)]

    def segments(self) -> list[Segment]:
        """Every grid edge between two vertices: horizontal ones, then vertical ones."""
        return ([((r, c), (r, c + 1)) for r in range(self.rows + 1) for c in range(self.cols)]
                + [((r, c), (r + 1, c)) for r in range(self.rows) for c in range(self.cols + 1)])

    def sides(self, cell: Cell) -> list[Segment]:
        """The four segments around a cell: top, bottom, left, right."""
        r, c = cell
        return [((r, c), (r, c + 1)), ((r + 1, c), (r + 1, c + 1)),
                ((r, c), (r + 1, c)), ((r, c + 1), (r + 1, c + 1))]

    def vertex_segments(self, vertex: Vertex) -> list[Segment]:
        """The segments meeting at a vertex (two to four)."""
        r, c = vertex
        out = []
        for dr, dc in STEPS:
            other = (r + dr, c + dc)
            if 0 <= other[0] <= self.rows and 0 <= other[1] <= self.cols:
                out.append(pair(vertex, other))
        return out

    def line(self, cell: Cell, step: tuple[int, int]) -> Iterator[Cell]:
        """The cells from `cell` (excluded) in one direction to the edge."""
        r, c = cell[0] + step[0], cell[1] + step[1]
        while self.inside((r, c)):
            yield (r, c)
            r, c = r + step[0], c + step[1]

    def rooms(self, walls: Iterable[Pair]) -> list[list[Cell]]:
        """The rooms the walls cut the board into, each in reading order, ordered by
        their first cell (the order link bodies give room clues in)."""
        walls = set(walls)
        seen: set[Cell] = set()
        rooms = []
        for start in self.cells():
            if start in seen:
                continue
            room, stack = [], [start]
            seen.add(start)
            while stack:
                cell = stack.pop()
                room.append(cell)
                for other in self.neighbours(cell):
                    if other not in seen and pair(cell, other) not in walls:
                        seen.add(other)
                        stack.append(other)
            rooms.append(sorted(room))
        return rooms


def top(room: Iterable[Cell]) -> Cell:
    """The cell where the player writes a room's clue: the leftmost column's topmost
    cell (not the first in reading order)."""
    return min(room, key=lambda cell: (cell[1], cell[0]))
