"""Pictures of pencil puzzles in the player's look, one drawing per layer.

A `Sheet` is the board at a cell size chosen so that a phone, which shows a picture
about 412 px wide, still gets readable cells: the picture is drawn at up to 64 px a
cell and shrinks to fit. Layers are drawn in the order a genre calls them, usually
shading, then the grid, then clues, then the answer's lines on top. Colours follow the
player: black shading and clues, green lines for loops and paths, small dots for cells
marked unshaded.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping

from PIL import Image, ImageDraw

from ..draw import canvas, centred_text, round_line
from .codecs import QUESTION
from .grid import Cell, Pair, Segment, Vertex

BLACK = (0, 0, 0)
WHITE = (255, 255, 255)
#: the player's colour for answer lines and written numbers
GREEN = (0, 160, 0)
#: thin grid lines
GRID = (150, 150, 150)
#: a shaded cell's clue is drawn in this colour (the player's light grey on black)
ON_SHADE = (224, 224, 224)
#: a clue cell's background where the player greys it (hitori's numbers on shade...)
LIGHT = (220, 220, 220)
#: a light (akari): a dark filled circle, as the player draws it on the lit cells' yellow
LIGHT_BULB = (0, 110, 90)
#: widest the drawn board may be, and the cell size range
MAX_WIDTH = 900
CELL_MAX = 64
CELL_MIN = 22


def cell_size(rows: int, cols: int) -> int:
    """Pixels a cell: as large as MAX_WIDTH allows, within CELL_MIN..CELL_MAX."""
    return max(CELL_MIN, min(CELL_MAX, MAX_WIDTH // max(cols, rows, 1)))


class Sheet:
    """A board being drawn: `rows` x `cols` cells with a margin of `outer` cells around
    (for clues outside the grid)."""

    def __init__(self, rows: int, cols: int, outer: int = 0):
        self.rows, self.cols, self.outer = rows, cols, outer
        self.cell = cell_size(rows + 2 * outer, cols + 2 * outer)
        self.pad = max(8, self.cell // 3) + outer * self.cell
        self.image, self.draw = canvas(cols * self.cell + 2 * self.pad,
                                       rows * self.cell + 2 * self.pad)

    # -- coordinates ----------------------------------------------------------------
    def corner(self, vertex: Vertex) -> tuple[float, float]:
        """The picture point of a vertex (row, col) of the grid."""
        return (self.pad + vertex[1] * self.cell, self.pad + vertex[0] * self.cell)

    def centre(self, cell: Cell) -> tuple[float, float]:
        x, y = self.corner(cell)
        return (x + self.cell / 2, y + self.cell / 2)

    def box(self, cell: Cell, inset: float = 0) -> list[float]:
        x, y = self.corner(cell)
        return [x + inset, y + inset, x + self.cell - inset, y + self.cell - inset]

    # -- layers ---------------------------------------------------------------------
    def fill(self, cells: Iterable[Cell], colour: tuple[int, int, int] = BLACK) -> None:
        """Fill whole cells (shading; a background colour)."""
        for cell in cells:
            self.draw.rectangle(self.box(cell), fill=colour)

    def grid(self, dashed: bool = False, frame: bool = True) -> None:
        """Thin grid lines (dashed, as the player draws them for some genres) and the
        thick outer frame."""
        width = max(1, self.cell // 28)
        for r in range(1, self.rows):
            self._thin(self.corner((r, 0)), self.corner((r, self.cols)), width, dashed)
        for c in range(1, self.cols):
            self._thin(self.corner((0, c)), self.corner((self.rows, c)), width, dashed)
        if frame:
            self.draw.rectangle([*self.corner((0, 0)), *self.corner((self.rows, self.cols))],
                                outline=BLACK, width=max(2, self.cell // 12))

    def _thin(self, start: tuple[float, float], end: tuple[float, float], width: int,
              dashed: bool) -> None:
        if not dashed:
            self.draw.line([start, end], fill=GRID, width=width)
            return
        (x0, y0), (x1, y1) = start, end
        length = max(abs(x1 - x0), abs(y1 - y0))
        dash = max(3, self.cell // 8)
        for at in range(0, int(length), 2 * dash):
            t0, t1 = at / length, min(at + dash, length) / length
            self.draw.line([(x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0),
                            (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1)], fill=GRID, width=width)

    def dots(self, cells: Iterable[Cell], colour: tuple[int, int, int] = BLACK) -> None:
        """A small dot in each cell: marked unshaded."""
        radius = max(2, self.cell // 14)
        for cell in cells:
            x, y = self.centre(cell)
            self.draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=colour)

    def vertex_dots(self) -> None:
        """A dot at every grid corner (slither's board has no grid lines)."""
        radius = max(2, self.cell // 14)
        for r in range(self.rows + 1):
            for c in range(self.cols + 1):
                x, y = self.corner((r, c))
                self.draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=BLACK)

    def numbers(self, values: Mapping[Cell, int | str], colour: tuple[int, int, int] = BLACK,
                shaded: Collection[Cell] = (), scale: float = 0.62) -> None:
        """A number (or text) centred in each cell; '?' for an unknown clue; on a
        shaded cell in light grey."""
        for cell, value in values.items():
            text = "?" if value == QUESTION else str(value)
            size = int(self.cell * scale * (1 if len(text) < 3 else 0.75))
            centred_text(self.draw, self.centre(cell), text, size,
                         fill=ON_SHADE if cell in shaded else colour)

    def circles(self, cells: Iterable[Cell], black: bool = False) -> None:
        """A circle in each cell, open or filled."""
        inset = self.cell * 0.14
        for cell in cells:
            self.draw.ellipse(self.box(cell, inset), outline=BLACK, fill=BLACK if black else
                              WHITE, width=max(2, self.cell // 16))

    def walls(self, walls: Iterable[Pair], colour: tuple[int, int, int] = BLACK) -> None:
        """Thick lines between neighbouring cells (room borders)."""
        width = max(3, self.cell // 10)
        for a, b in walls:
            start, end = self._between(a, b)
            round_line(self.draw, start, end, colour, width)

    def _between(self, a: Cell, b: Cell) -> tuple[tuple[float, float], tuple[float, float]]:
        """The grid segment separating two neighbouring cells, as picture points."""
        if a[0] == b[0]:  # side by side: a vertical segment
            return self.corner((a[0], b[1])), self.corner((a[0] + 1, b[1]))
        return self.corner((b[0], a[1])), self.corner((b[0], a[1] + 1))

    def lines(self, pairs: Iterable[Pair], colour: tuple[int, int, int] = GREEN) -> None:
        """Thick lines joining neighbouring cells' centres (loops and paths)."""
        width = max(3, self.cell // 8)
        for a, b in pairs:
            round_line(self.draw, self.centre(a), self.centre(b), colour, width)

    def edges(self, segments: Iterable[Segment], colour: tuple[int, int, int] = GREEN) -> None:
        """Thick lines along the grid between vertices (slither's loop)."""
        width = max(3, self.cell // 8)
        for a, b in segments:
            round_line(self.draw, self.corner(a), self.corner(b), colour, width)

    def crosses(self, cells: Iterable[Cell], colour: tuple[int, int, int] = GREEN) -> None:
        """A small cross in each cell."""
        arm = self.cell * 0.18
        width = max(2, self.cell // 20)
        for cell in cells:
            x, y = self.centre(cell)
            self.draw.line([(x - arm, y - arm), (x + arm, y + arm)], fill=colour, width=width)
            self.draw.line([(x - arm, y + arm), (x + arm, y - arm)], fill=colour, width=width)

    def marks(self, marks: Mapping[Cell, str]) -> None:
        """Symbols in cells: "light" (a bulb), "star", "/" and "\\", "circle",
        "cross", triangles "tri-ul" ... (the right angle's corner)."""
        for cell, mark in marks.items():
            draw_mark(self, cell, mark)

    def rectangle(self, cell: Cell, colour: tuple[int, int, int], inset: float = 0) -> None:
        self.draw.rectangle(self.box(cell, inset), fill=colour)

    def finish(self) -> Image.Image:
        return self.image


def draw_mark(sheet: Sheet, cell: Cell, mark: str) -> None:
    """One cell's symbol (see `Sheet.marks`)."""
    draw: ImageDraw.ImageDraw = sheet.draw
    x0, y0, x1, y1 = sheet.box(cell)
    x, y = sheet.centre(cell)
    size = sheet.cell
    if mark == "light":
        radius = size * 0.3
        draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=LIGHT_BULB)
    elif mark == "star":
        points = []
        for k in range(10):
            radius = size * (0.38 if k % 2 == 0 else 0.16)
            angle = -math.pi / 2 + k * math.pi / 5
            points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
        draw.polygon(points, fill=BLACK)
    elif mark in ("/", "\\"):
        inset = size * 0.12
        ends = ([(x0 + inset, y1 - inset), (x1 - inset, y0 + inset)] if mark == "/"
                else [(x0 + inset, y0 + inset), (x1 - inset, y1 - inset)])
        round_line(draw, ends[0], ends[1], GREEN, max(3, size // 9))
    elif mark == "circle":
        sheet.circles([cell])
    elif mark == "cross":
        sheet.crosses([cell])
    elif mark.startswith("tri-"):
        corners = {"ul": (x0, y0), "ur": (x1, y0), "dl": (x0, y1), "dr": (x1, y1)}
        right = mark[4:]
        others = {"ul": ("ur", "dl"), "ur": ("ul", "dr"), "dl": ("ul", "dr"),
                  "dr": ("ur", "dl")}[right]
        draw.polygon([corners[right], corners[others[0]], corners[others[1]]], fill=BLACK)
