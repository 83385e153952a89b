"""The Gogen picture: the grid (givens blue on grey, found letters black) with each
word's path in its own colour, and a legend of the words."""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image, ImageDraw

from .. import draw, i18n
from ..values import Cell
from .grid import EMPTY, GogenPuzzle, Solution

#: words listed in the legend, three to a row; the rest are counted on its last line (a
#: file of 3,000 words once made a picture 40,000 pixels tall)
LEGEND_WORDS = 60


#: the grid's left margin and its top (under the title and name), in px
MARGIN, TOP = 30, 84


def cell_px(puzzle: GogenPuzzle) -> int:
    """A cell's side: the grid is the same width for every size."""
    return 600 // puzzle.size


def render(puzzle: GogenPuzzle, solution: Solution | None) -> Image.Image:
    """The grid (givens blue on grey, found letters black) with each word's path."""
    cell, margin, top = cell_px(puzzle), MARGIN, TOP
    side = cell * puzzle.size
    listed = min(len(puzzle.words), LEGEND_WORDS)
    legend_rows = (listed + 2) // 3 + (len(puzzle.words) > listed) if solution else 0
    image, pen = draw.canvas(side + 2 * margin, top + side + 30 + legend_rows * 38 + 20)
    draw.centred_text(pen, (image.width / 2, 24), "Gogen", 28, bold=True)
    draw.centred_text(pen, (image.width / 2, 56), puzzle.name, 18, fill=draw.MUTED)

    def centre(index: int) -> tuple[float, float]:
        r, c = divmod(index, puzzle.size)
        return margin + (c + 0.5) * cell, top + (r + 0.5) * cell

    for index, given in enumerate(puzzle.grid):
        x, y = margin + (index % puzzle.size) * cell, top + (index // puzzle.size) * cell
        fill = (228, 234, 246) if given != EMPTY else draw.PAPER
        pen.rectangle([x, y, x + cell, y + cell], fill=fill, outline=draw.GRID, width=2)
    if solution:
        _draw_paths(pen, puzzle, solution, centre, cell)
    for index, given in enumerate(puzzle.grid):
        letter = given if given != EMPTY else (solution[index] if solution else "")
        if letter:
            cx, cy = centre(index)
            pen.ellipse([cx - 26, cy - 26, cx + 26, cy + 26], fill=draw.PAPER)
            colour = draw.GIVEN if given != EMPTY else draw.INK
            draw.centred_text(pen, (cx, cy), letter.upper(), 44, fill=colour, bold=True)
    if solution:
        _draw_legend(pen, puzzle, top + side + 30, image.width)
    return image


def _draw_paths(pen: ImageDraw.ImageDraw, puzzle: GogenPuzzle, solution: Solution,
                centre: Callable[[int], tuple[float, float]], cell: int) -> None:
    """One coloured polyline per word, each nudged a little so overlaps stay visible."""
    where = {letter: index for index, letter in enumerate(solution)}
    count = max(1, len(puzzle.words))
    for number, word in enumerate(puzzle.words):
        colour = draw.PALETTE[number % len(draw.PALETTE)]
        nudge = (number - (count - 1) / 2) * min(6.0, 0.3 * cell / count)
        points = [(centre(where[x])[0] + nudge, centre(where[x])[1] + nudge)
                  for x in word if x in where]
        pen.line(points, fill=colour, width=5, joint="curve")


def _draw_legend(pen: ImageDraw.ImageDraw, puzzle: GogenPuzzle, top: int, width: int) -> None:
    """Each word beside a sample of its path colour, three to a row, at most LEGEND_WORDS
    of them, then how many more there are."""
    column = (width - 40) / 3
    for number, word in enumerate(puzzle.words[:LEGEND_WORDS]):
        colour = draw.PALETTE[number % len(draw.PALETTE)]
        r, c = divmod(number, 3)
        x, y = 20 + c * column, top + r * 38
        pen.line([(x, y + 15), (x + 30, y + 15)], fill=colour, width=10)
        draw.write(pen, (x + 38, y + 15), draw.title(word.upper()), 22, bold=True,
                   anchor="lm")
    hidden = len(puzzle.words) - LEGEND_WORDS
    if hidden > 0:
        y = top + (LEGEND_WORDS + 2) // 3 * 38
        more = i18n.ngettext("... and {count} more word", "... and {count} more words", hidden)
        draw.write(pen, (20, y + 15), more.format(count=i18n.number(hidden)), 22, fill=draw.MUTED,
                   anchor="lm")


def render_marked(puzzle: GogenPuzzle, solution: Solution, cells: list[Cell]) -> Image.Image:
    """The person's own letters and paths, the cells where a rule breaks outlined."""
    image = render(puzzle, solution)
    draw.ring_cells(image, (MARGIN, TOP), cell_px(puzzle), cells)
    return image
