"""Arrows drawn in cells, the way the player shows arrow clues (hebi's numbers with an
arrow, roma's arrows, firefly's dots): a small triangle at the side the arrow points
to, or a whole arrow filling the cell. Directions are `paths`' (0 up, 1 down, 2 left,
3 right).
"""

from __future__ import annotations

from .grid import STEPS, Cell
from .render import Sheet

RGB = tuple[int, int, int]


def pointer(sheet: Sheet, cell: Cell, direction: int, colour: RGB) -> None:
    """A small triangle near the side of the cell the clue points to (beside a number)."""
    x, y = sheet.centre(cell)
    dr, dc = STEPS[direction]
    size = sheet.cell
    tip = (x + dc * size * 0.46, y + dr * size * 0.46)
    base = (x + dc * size * 0.30, y + dr * size * 0.30)
    half = size * 0.12
    sheet.draw.polygon([tip, (base[0] + dr * half, base[1] + dc * half),
                        (base[0] - dr * half, base[1] - dc * half)], fill=colour)


def arrow(sheet: Sheet, cell: Cell, direction: int, colour: RGB) -> None:
    """An arrow across the whole cell: a shaft and a head."""
    x, y = sheet.centre(cell)
    dr, dc = STEPS[direction]
    size = sheet.cell
    tail = (x - dc * size * 0.32, y - dr * size * 0.32)
    tip = (x + dc * size * 0.34, y + dr * size * 0.34)
    neck = (x + dc * size * 0.04, y + dr * size * 0.04)
    sheet.draw.line([tail, neck], fill=colour, width=max(3, size // 10))
    half = size * 0.22
    sheet.draw.polygon([tip, (neck[0] + dr * half, neck[1] + dc * half),
                        (neck[0] - dr * half, neck[1] - dc * half)], fill=colour)

