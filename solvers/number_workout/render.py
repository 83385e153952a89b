"""The Number Workout picture: hexagons cut into segments, touching pairs yellow (first)
and teal (last), clues blue on white, found numbers black."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection

from PIL import Image, ImageDraw

from .. import draw
from ..i18n import _
from ..values import Cell
from .geometry import (
    HEXAGONS,
    PAIRS,
    PARTNER,
    TRIANGLES,
    Grid,
    NumberWorkoutPuzzle,
    Point,
    line_position,
)

#: a segment's colour in the picture, by segment
Fills = Callable[[int], tuple[int, int, int]]


def render(puzzle: NumberWorkoutPuzzle, solution: Grid | None,
           marked: Collection[int] = ()) -> Image.Image:
    """Hexagons cut into segments; pairs yellow (first) and teal (last); clues blue; the
    `marked` segments outlined in red (where a wrong solution breaks a rule)."""
    first = {a for a, _ in PAIRS}
    image, pen, at = board(draw.title(puzzle.name), lambda cell: (
        draw.YELLOW if cell in first else draw.TEAL if cell in PARTNER else draw.PAPER))
    for cell in marked:
        pen.polygon([at(p) for p in TRIANGLES[cell]], outline=draw.BROKEN, width=5)
    for cell in range(len(TRIANGLES)):
        value = puzzle.clues[cell] or (solution[cell] if solution else 0)
        if value:
            number(pen, at, cell, value, clue=bool(puzzle.clues[cell]))
    legend(image, pen, (_("yellow: first of a touching pair   teal: last"),
                        _("blue: clue   black: yours   red: breaks a rule") if marked
                        else _("blue on white: clue   black: found")))
    return image


def board(subtitle: str, fills: Fills) \
        -> tuple[Image.Image, ImageDraw.ImageDraw, Callable[[Point], Point]]:
    """The canvas with its title, every segment filled by `fills`, the hexagons outlined
    and numbered; and the map from the layout's points to the picture's."""
    scale, margin, line = 96, 24, 24
    xs = [p[0] for t in TRIANGLES for p in t]
    ys = [p[1] for t in TRIANGLES for p in t]
    width = int((max(xs) - min(xs)) * scale) + 2 * margin
    # the subtitle (a hint's technique and place) wrapped, never cut: a translation is longer
    lines = draw.wrapped(subtitle, 18, width - 2 * margin)
    top = 60 + line * len(lines)
    height = int((max(ys) - min(ys)) * scale) + top + margin + 64
    image, pen = draw.canvas(width, height)
    draw.centred_text(pen, (width / 2, 24), "Number Workout", 26, bold=True)
    for row, text in enumerate(lines):
        draw.centred_text(pen, (width / 2, 56 + line * row), text, 18, fill=draw.MUTED)

    def at(p: Point) -> Point:
        return margin + (p[0] - min(xs)) * scale, top + (p[1] - min(ys)) * scale

    for cell, triangle in enumerate(TRIANGLES):
        pen.polygon([at(p) for p in triangle], fill=fills(cell), outline=draw.GRID, width=1)
    for k, hexagon in enumerate(HEXAGONS):
        centre = at(TRIANGLES[hexagon[0]][0])
        outline = [at(TRIANGLES[c][1]) for c in sorted(
            hexagon, key=lambda c: math.atan2(TRIANGLES[c][1][1] - TRIANGLES[c][0][1],
                                              TRIANGLES[c][1][0] - TRIANGLES[c][0][0]))]
        pen.polygon(outline, outline=draw.INK, width=4)
        badge = 13  # the hexagon's number, as the no-solution answers name it
        pen.ellipse([centre[0] - badge, centre[1] - badge, centre[0] + badge,
                     centre[1] + badge], fill=draw.PAPER, outline=draw.GRID)
        draw.centred_text(pen, centre, str(k + 1), 17, fill=draw.MUTED, bold=True)
    return image, pen, at


def centre_of(at: Callable[[Point], Point], cell: int) -> Point:
    """Where a segment's number is written: the middle of its triangle."""
    points = [at(p) for p in TRIANGLES[cell]]
    return sum(p[0] for p in points) / 3, sum(p[1] for p in points) / 3


def number(pen: ImageDraw.ImageDraw, at: Callable[[Point], Point], cell: int, value: int,
           clue: bool = False, colour: tuple[int, int, int] = draw.INK) -> None:
    """A segment's number: a clue sits on a white disc, in blue."""
    cx, cy = centre_of(at, cell)
    if clue:
        pen.ellipse([cx - 16, cy - 16, cx + 16, cy + 16], fill=draw.PAPER)
        colour = draw.GIVEN
    draw.centred_text(pen, (cx, cy), str(value), 26, fill=colour, bold=True)


def legend(image: Image.Image, pen: ImageDraw.ImageDraw, lines: tuple[str, str]) -> None:
    """Two lines of legend at the foot of the picture."""
    for offset, line in zip((48, 22), lines, strict=True):
        draw.centred_text(pen, (image.width / 2, image.height - offset), line, 17,
                          fill=draw.MUTED)


def render_marked(puzzle: NumberWorkoutPuzzle, solution: Grid,
                  cells: list[Cell]) -> Image.Image:
    """The person's own numbers, the segments where a rule breaks outlined in red
    (`cells`: (line, position) from 1, as the check names them)."""
    segment = {line_position(s): s for s in range(len(TRIANGLES))}
    return render(puzzle, solution, [segment[cell] for cell in cells if cell in segment])
