"""Seki's pictures: the grid, its cells named A-D and 1-4, the nine numbered rotors on
the corners (amber quarters where a cell is black); frames and rings for a hint."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from .. import draw
from ..i18n import _
from ..values import Cell
from .model import COLUMNS, SIZE, Grid, SekiPuzzle, rotor_group


def _draw_rotor(pen: ImageDraw.ImageDraw, k: int, rotor: str, solution: Grid | None,
                margin: int, top: int, cell: int) -> None:
    """A disc on the intersection; its quarters are amber where the cell is black."""
    r, c = divmod(k, SIZE - 1)
    cx, cy, radius = margin + (c + 1) * cell, top + (r + 1) * cell, 34
    box = [cx - radius, cy - radius, cx + radius, cy + radius]
    # Pillow angles run clockwise from 3 o'clock: quarters over tl, tr, bl, br cells
    quarters = {0: (180, 270), 1: (270, 360), 2: (90, 180), 3: (0, 90)}
    for position, cell_index in enumerate(rotor_group(k)):
        on = solution is not None and solution[cell_index]
        start, end = quarters[position]
        pen.pieslice(box, start, end, fill=(240, 160, 32) if on else (255, 246, 224))
    pen.ellipse(box, outline=(90, 60, 10), width=3)
    inner = 15
    pen.ellipse([cx - inner, cy - inner, cx + inner, cy + inner], fill=draw.PAPER,
                outline=(90, 60, 10), width=2)
    draw.centred_text(pen, (cx, cy - 1), rotor, 22, bold=True)
    bx, by, badge = cx + 36, cy - 36, 14  # the rotor's number, on its upper right
    pen.ellipse([bx - badge, by - badge, bx + badge, by + badge], fill=draw.PAPER,
                outline=(90, 60, 10), width=2)
    draw.centred_text(pen, (bx, by), str(k + 1), 18, bold=True)


#: an undecided cell's grey; the frames a hint picture draws round its cells
UNKNOWN = (235, 235, 235)
STEP_FRAME, PLACED_FRAME = (240, 180, 0), (0, 150, 70)
#: a cell's colour in a picture, by cell
Fill = Callable[[int], tuple[int, int, int]]


def picture(puzzle: SekiPuzzle, title: str, fill: Fill, black: Grid | None,
            legend: tuple[str, str], frames: dict[int, tuple[int, int, int]] | None = None,
            ringed: frozenset[int] = frozenset()) -> Image.Image:
    """The grid, each cell filled by `fill` (and framed where `frames` says), its rows and
    columns named, and the rotors on the corners (their quarters amber where `black`
    has the cell black; a yellow ring round the `ringed` ones); two lines of legend."""
    cell, margin, top = 130, 40, 96
    side = cell * SIZE
    image, pen = draw.canvas(side + 2 * margin, side + top + margin + 74)
    draw.centred_text(pen, (image.width / 2, top / 2), title, 28, bold=True)
    for i in range(SIZE * SIZE):
        r, c = divmod(i, SIZE)
        x, y = margin + c * cell, top + r * cell
        pen.rectangle([x, y, x + cell, y + cell], fill=fill(i), outline=draw.GRID, width=2)
        if frames and i in frames:
            pen.rectangle([x + 6, y + 6, x + cell - 6, y + cell - 6], outline=frames[i],
                          width=9)
    for n in range(SIZE):
        draw.centred_text(pen, (margin + (n + 0.5) * cell, top - 16), COLUMNS[n], 22,
                          fill=draw.MUTED, bold=True)
        draw.centred_text(pen, (margin / 2, top + (n + 0.5) * cell), str(n + 1), 22,
                          fill=draw.MUTED, bold=True)
    for k, rotor in enumerate(puzzle.rotors):
        if k in ringed:
            r, c = divmod(k, SIZE - 1)
            cx, cy, ring = margin + (c + 1) * cell, top + (r + 1) * cell, 44
            pen.ellipse([cx - ring, cy - ring, cx + ring, cy + ring], fill=STEP_FRAME)
        _draw_rotor(pen, k, rotor, black, margin, top, cell)
    for n, line in enumerate(legend):  # two lines: one would be cut at a phone's width
        draw.centred_text(pen, (image.width / 2, top + side + margin / 2 + 20 + 26 * n),
                          line, 18, fill=draw.MUTED)
    return image


def render(puzzle: SekiPuzzle, solution: Grid | None,
           frames: dict[int, tuple[int, int, int]] | None = None) -> Image.Image:
    """The grid with black/white cells and the nine rotors drawn on the corners; the
    columns lettered A-D, the rows numbered 1-4 and the rotors 1-9, as the
    no-solution answer names them (`clash_words`); `frames`: cells framed, under the
    rotors."""
    title = " ".join(x for x in ("Seki", puzzle.name) if x)
    fill = (lambda i: draw.INK if solution[i] else draw.PAPER) if solution else (
        lambda i: UNKNOWN)
    return picture(puzzle, title, fill, solution,
                   (_("+ one black   - three black"),
                    _("o opposite pair   a adjacent pair")), frames)


def render_marked(puzzle: SekiPuzzle, solution: Grid, cells: list[Cell]) -> Image.Image:
    """The person's own grid, the cells of the rotors it breaks framed in red (under the
    rotors, which stay readable)."""
    return render(puzzle, solution, {(r - 1) * SIZE + c - 1: draw.BROKEN for r, c in cells})
