"""A hint step drawn on the grid: the board before the step, the cells it reasons
about in yellow, their candidates in small print (the step's digits bold), a placement
in green and the candidates it removes in red, crossed out; a chain's links as blue
arrows from cell to cell, in the order its sentence follows them. Rows and columns are
numbered in the margins so "R5C2" can be found at a glance."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from ... import draw
from ...i18n import _
from ..grid import BOX, CELLS, SIZE, Grid
from .board import DIGITS_OF
from .path import Snapshot
from .step import Step

CELL, MARGIN, TOP = 64, 40, 64
GIVEN_FILL = (228, 228, 228)
FOCUS_FILL = (255, 236, 150)
#: cells that only lose candidates: pale red, apart from the pattern's yellow
LOSES_FILL = (255, 218, 214)
GREEN = (0, 140, 70)
RED = (205, 40, 40)
#: a chain's arrows: blue, see-through enough that the digits under them stay readable
CHAIN = (40, 90, 220, 170)


def picture(givens: Grid, before: Snapshot, found: Step, title: str) -> Image.Image:
    side = CELL * SIZE
    said = _("yellow: the step's cells   green: placed   red: removed")
    if found.links:
        said += draw.LEGEND_GAP + _("blue arrows: the chain, in order")
    legend = draw.wrapped(said, 18, side)
    image, pen = draw.canvas(side + 2 * MARGIN, TOP + side + 50 + 22 * len(legend))
    draw.centred_text(pen, (image.width / 2, TOP / 2), f"{title}: {found.name}", 28,
                      bold=True)
    placed = dict(found.placements)
    removed: dict[int, set[int]] = {}
    for cell, digit in found.eliminations:
        removed.setdefault(cell, set()).add(digit)
    digits = {d for _, d in found.placements} | {d for _, d in found.eliminations}
    focus = set(found.cells) | set(placed) | set(removed)
    for cell in range(CELLS):
        x, y = _corner(cell)
        if givens[cell]:
            pen.rectangle([x, y, x + CELL, y + CELL], fill=GIVEN_FILL)
        if cell in focus:
            fill = FOCUS_FILL if cell in found.cells or cell in placed else LOSES_FILL
            pen.rectangle([x + 2, y + 2, x + CELL - 2, y + CELL - 2], fill=fill)
        if before.values[cell]:
            draw.centred_text(pen, (x + CELL / 2, y + CELL / 2 + 1), str(before.values[cell]),
                              40, bold=bool(givens[cell]),
                              fill=draw.INK if givens[cell] else draw.GIVEN)
        elif cell in placed:
            draw.centred_text(pen, (x + CELL / 2, y + CELL / 2 + 1), str(placed[cell]), 40,
                              bold=True, fill=GREEN)
        elif cell in focus:
            _candidates(pen, x, y, before.cands[cell], removed.get(cell, set()), digits)
    _lines(pen)
    if found.links:
        image = _chain(image, found.links)
        pen = ImageDraw.Draw(image)
    draw.centred_lines(pen, (image.width / 2, TOP + side + 36 + 11 * (len(legend) - 1)),
                       legend, 18, fill=draw.MUTED)
    return image


def _corner(cell: int) -> tuple[int, int]:
    return MARGIN + (cell % SIZE) * CELL, TOP + (cell // SIZE) * CELL


def _centre(cell: int) -> tuple[float, float]:
    x, y = _corner(cell)
    return x + CELL / 2, y + CELL / 2


def _chain(image: Image.Image, links: tuple[tuple[int, int], ...]) -> Image.Image:
    """The picture with a chain's links drawn over it as see-through arrows."""
    layer = Image.new("RGBA", image.size, (0, 0, 0, 0))
    pen = ImageDraw.Draw(layer)
    for start, end in links:
        _arrow(pen, _centre(start), _centre(end))
    return Image.alpha_composite(image.convert("RGBA"), layer).convert("RGB")


def _arrow(pen: ImageDraw.ImageDraw, start: tuple[float, float],
           end: tuple[float, float]) -> None:
    """A chain's link: from near one cell's centre to the edge of the next, with a head,
    so the digits at both ends stay readable."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    tail = (x0 + ux * CELL * 0.2, y0 + uy * CELL * 0.2)
    tip = (x1 - ux * CELL * 0.3, y1 - uy * CELL * 0.3)
    head = CELL * 0.22
    base = (tip[0] - ux * head, tip[1] - uy * head)
    draw.round_line(pen, tail, base, CHAIN, 5)
    pen.polygon([tip, (base[0] - uy * head / 2, base[1] + ux * head / 2),
                 (base[0] + uy * head / 2, base[1] - ux * head / 2)], fill=CHAIN)


def _candidates(pen: ImageDraw.ImageDraw, x: int, y: int, mask: int, removed: set[int],
                digits: set[int]) -> None:
    third = CELL / BOX
    for digit in DIGITS_OF[mask]:
        cx = x + ((digit - 1) % BOX + 0.5) * third
        cy = y + ((digit - 1) // BOX + 0.5) * third
        colour = RED if digit in removed else draw.INK if digit in digits else draw.MUTED
        draw.centred_text(pen, (cx, cy), str(digit), 18, fill=colour,
                          bold=digit in digits)
        if digit in removed:
            pen.line([cx - 9, cy, cx + 9, cy], fill=RED, width=2)


def _lines(pen: ImageDraw.ImageDraw) -> None:
    side = CELL * SIZE
    for k in range(SIZE + 1):
        width = 4 if k % BOX == 0 else 1
        colour = draw.INK if k % BOX == 0 else draw.GRID
        offset = k * CELL
        pen.line([MARGIN + offset, TOP, MARGIN + offset, TOP + side], fill=colour, width=width)
        pen.line([MARGIN, TOP + offset, MARGIN + side, TOP + offset], fill=colour, width=width)
        if k < SIZE:
            label = str(k + 1)
            draw.centred_text(pen, (MARGIN / 2, TOP + offset + CELL / 2), label, 18,
                              fill=draw.MUTED)
            draw.centred_text(pen, (MARGIN + offset + CELL / 2, TOP + side + 14), label, 18,
                              fill=draw.MUTED)
