"""The Number Workout picture: hexagons cut into segments, touching pairs yellow (first)
and teal (last), clues blue on white, found numbers black."""

from __future__ import annotations

import math

from PIL import Image

from .. import draw
from .geometry import HEXAGONS, PAIRS, PARTNER, TRIANGLES, Grid, NumberWorkoutPuzzle, Point


def render(puzzle: NumberWorkoutPuzzle, solution: Grid | None) -> Image.Image:
    """Hexagons cut into segments; pairs yellow (first) and teal (last); clues blue."""
    scale, margin, top = 96, 24, 84
    xs = [p[0] for t in TRIANGLES for p in t]
    ys = [p[1] for t in TRIANGLES for p in t]
    width = int((max(xs) - min(xs)) * scale) + 2 * margin
    height = int((max(ys) - min(ys)) * scale) + top + margin + 64
    image, pen = draw.canvas(width, height)
    draw.centred_text(pen, (width / 2, 24), "Number Workout", 26, bold=True)
    draw.centred_text(pen, (width / 2, 56), puzzle.name[:40], 18, fill=draw.MUTED)

    def at(p: Point) -> Point:
        return margin + (p[0] - min(xs)) * scale, top + (p[1] - min(ys)) * scale

    first = {a for a, _ in PAIRS}
    for cell, triangle in enumerate(TRIANGLES):
        fill = (draw.YELLOW if cell in first else draw.TEAL if cell in PARTNER
                else draw.PAPER)
        pen.polygon([at(p) for p in triangle], fill=fill, outline=draw.GRID, width=1)
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
    for cell, triangle in enumerate(TRIANGLES):
        value = puzzle.clues[cell] or (solution[cell] if solution else 0)
        if value:
            cx = sum(at(p)[0] for p in triangle) / 3
            cy = sum(at(p)[1] for p in triangle) / 3
            colour = draw.INK
            if puzzle.clues[cell]:  # a clue sits on a white disc, in blue
                pen.ellipse([cx - 16, cy - 16, cx + 16, cy + 16], fill=draw.PAPER)
                colour = draw.GIVEN
            draw.centred_text(pen, (cx, cy), str(value), 26, fill=colour, bold=True)
    for offset, legend in ((48, "yellow: first of a touching pair   teal: last"),
                           (22, "blue on white: clue   black: found")):
        draw.centred_text(pen, (width / 2, height - offset), legend, 17, fill=draw.MUTED)
    return image
