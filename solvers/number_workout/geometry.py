"""Number Workout's geometry and words: hexagons, segments, touching pairs, the puzzle.

- *hexagon*: one of 13 flat-topped hexagons in three columns of 4, 5 and 4 (the middle
  column starts half a hexagon higher), numbered 1..13 top to bottom, left to right,
  as in the seed;
- *segment* (a *cell* of the input): one of the six triangles a hexagon is cut into,
  centre to edge; the 78 segments are numbered 0..77 row by row, each row being the top
  or bottom half of the hexagons at that height (3, then 9 per row, then 3);
- *touching pair*: two segments of different hexagons sharing an edge; both hold the
  same number (26 pairs); the *first* of a pair is the lower-numbered segment;
- *clue*: a number printed in the puzzle (0 in the input for an empty segment).

The hexagon and pair tables are built from the geometry below, not typed in.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import accumulate

NUMBERS = range(1, 7)
HEIGHT = math.sqrt(3) / 2  # centre-to-edge distance of a hexagon with side 1
#: hexagons per column, left to right, and how many half-heights each column starts down
COLUMNS = ((4, 2), (5, 1), (4, 2))

Point = tuple[float, float]
Triangle = tuple[Point, Point, Point]  # a segment: the hexagon's centre and two corners


def _hexagon_centres() -> list[Point]:
    """Centres of the 13 hexagons (side 1, y downward), in the seed's numbering order."""
    centres = [(1.5 * column, HEIGHT * (start + 2 * k))
               for column, (count, start) in enumerate(COLUMNS) for k in range(count)]
    return sorted(centres, key=lambda p: (round(p[1], 6), p[0]))


def _segments(centre: Point) -> list[Triangle]:
    """The six triangles of a flat-topped hexagon: its centre and two adjacent corners."""
    cx, cy = centre
    corners = [(cx + math.cos(math.radians(a)), cy + math.sin(math.radians(a)))
               for a in range(0, 360, 60)]
    return [(centre, corners[i], corners[(i + 1) % 6]) for i in range(6)]


def _build_tables() -> tuple[tuple[Triangle, ...], tuple[int, ...], tuple[tuple[int, ...], ...],
                             tuple[tuple[int, int], ...], tuple[int, ...]]:
    """Segment triangles in reading order, the hexagon of each, hexagon cells, pairs."""
    pieces = []  # (row, x, hexagon index, triangle)
    for hexagon, centre in enumerate(_hexagon_centres()):
        for triangle in _segments(centre):
            x = sum(p[0] for p in triangle) / 3
            y = sum(p[1] for p in triangle) / 3
            pieces.append((math.floor(y / HEIGHT), round(x, 6), hexagon, triangle))
    pieces.sort(key=lambda piece: (piece[0], piece[1]))
    triangles = tuple(piece[3] for piece in pieces)
    owner = tuple(piece[2] for piece in pieces)
    hexagons = tuple(tuple(i for i, h in enumerate(owner) if h == k) for k in range(13))
    corners = [{(round(x, 6), round(y, 6)) for x, y in t[1:]} for t in triangles]
    pairs = tuple((a, b) for a in range(len(triangles)) for b in range(a + 1, len(triangles))
                  if owner[a] != owner[b] and corners[a] == corners[b])
    rows: dict[int, int] = {}
    for piece in pieces:
        rows[piece[0]] = rows.get(piece[0], 0) + 1
    return triangles, owner, hexagons, pairs, tuple(rows[r] for r in sorted(rows))


#: TRIANGLES[i]: segment i's corners; OWNER[i]: its hexagon (0-based); HEXAGONS[k]: the
#: segments of hexagon k+1; PAIRS: the touching pairs; TEMPLATE: segments per input line
TRIANGLES, OWNER, HEXAGONS, PAIRS, TEMPLATE = _build_tables()
CELLS = len(TRIANGLES)


def _mirrors() -> tuple[tuple[int, ...], ...]:
    """The layout's symmetries as segment maps: itself, mirrored left to right, top to
    bottom, and turned half round (each segment to the one where its centre lands)."""
    centres = [(sum(p[0] for p in t) / 3, sum(p[1] for p in t) / 3) for t in TRIANGLES]
    right = max(x for x, _ in centres) + min(x for x, _ in centres)
    bottom = max(y for _, y in centres) + min(y for _, y in centres)
    at = {(round(x, 4), round(y, 4)): cell for cell, (x, y) in enumerate(centres)}

    def image(x: float, y: float, flip_x: bool, flip_y: bool) -> int:
        return at[(round(right - x if flip_x else x, 4), round(bottom - y if flip_y else y, 4))]
    return tuple(tuple(image(x, y, flip_x, flip_y) for x, y in centres)
                 for flip_x in (False, True) for flip_y in (False, True))


#: the segment maps of the layout's four symmetries, the identity first
MIRRORS = _mirrors()
PARTNER = {a: b for a, b in PAIRS} | {b: a for a, b in PAIRS}


#: the first segment of each input line, to name a segment by (line, position)
LINE_STARTS = (0, *accumulate(TEMPLATE))


def line_position(cell: int) -> tuple[int, int]:
    """A segment as the solution text places it: its line and position, from 1."""
    line = max(n for n, start in enumerate(LINE_STARTS[:-1]) if start <= cell)
    return line + 1, cell - LINE_STARTS[line] + 1


def first_of(cell: int) -> int:
    """The segment that speaks for a touching pair (its first); any other for itself."""
    return min(cell, PARTNER.get(cell, cell))


@dataclass(frozen=True)
class NumberWorkoutPuzzle:
    clues: tuple[int, ...]  # 78 numbers, 0 = empty
    name: str = ""


Grid = tuple[int, ...]  # 78 numbers 1..6
