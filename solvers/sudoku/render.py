"""The Sudoku picture: the grid with its boxes, givens bold and dark on grey, found
digits blue."""

from __future__ import annotations

from PIL import Image

from .. import draw
from ..i18n import _, ngettext
from ..values import Cell
from .grid import BOX, CELLS, SIZE, Grid, SudokuPuzzle

#: the picture's colours: givens dark on grey, found digits blue (the palette's blue)
GIVEN_FILL = (228, 228, 228)
FOUND_INK = draw.GIVEN
#: a cell's side, the grid's left margin and its top (under the title), in px
CELL, MARGIN, TOP = 64, 24, 64


def render(puzzle: SudokuPuzzle, solution: Grid | None, title: str,
           yours: bool = False) -> Image.Image:
    """The grid under `title` and the puzzle's name; the found digits when `solution`
    (the person's own digits when `yours`: a wrong /check's picture)."""
    cell, margin, top = CELL, MARGIN, TOP
    side = cell * SIZE
    image, pen = draw.canvas(side + 2 * margin, top + side + 58)
    heading = " ".join(x for x in (title, puzzle.name) if x)
    draw.centred_text(pen, (image.width / 2, top / 2), heading, 28, bold=True)
    for index in range(CELLS):
        r, c = divmod(index, SIZE)
        x, y = margin + c * cell, top + r * cell
        given = puzzle.givens[index]
        if given:
            pen.rectangle([x, y, x + cell, y + cell], fill=GIVEN_FILL)
        digit = given or (solution[index] if solution else 0)
        if digit:
            centre = (x + cell / 2, y + cell / 2 + 1)
            draw.centred_text(pen, centre, str(digit), 40, bold=bool(given),
                              fill=draw.INK if given else FOUND_INK)
    for k in range(SIZE + 1):
        width = 4 if k % BOX == 0 else 2
        colour = draw.INK if k % BOX == 0 else draw.GRID
        offset = k * cell
        pen.line([margin + offset, top, margin + offset, top + side], fill=colour,
                 width=width)
        pen.line([margin, top + offset, margin + side, top + offset], fill=colour,
                 width=width)
    givens = sum(1 for d in puzzle.givens if d)
    legend = (_("bold on grey: given   blue: yours   red: breaks a rule") if yours
              else _("bold on grey: given    blue: found") if solution
              else ngettext("{n} given: fill in 1-9", "{n} givens: fill in 1-9", givens).format(
                  n=givens))
    draw.centred_text(pen, (image.width / 2, top + side + 30), legend, 20,
                      fill=draw.MUTED)
    return image


def render_marked(puzzle: SudokuPuzzle, solution: Grid, title: str,
                  cells: list[Cell]) -> Image.Image:
    """The person's own grid with the cells where it breaks a rule outlined in red."""
    image = render(puzzle, solution, title, yours=True)
    draw.ring_cells(image, (MARGIN, TOP), CELL, cells)
    return image
