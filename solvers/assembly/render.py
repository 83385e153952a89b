"""Pictures of box assemblies: coloured tiles with part letters, layer slices, and an
isometric view of a 3D box.

Every picture takes a *label grid*: a dict from location to the part's label character.
"""

from __future__ import annotations

from itertools import product

from PIL import Image

from .. import draw

LabelGrid = dict[tuple[int, ...], str]
#: pixel size of a layer's name and of the picture's title: a stacked picture is about
#: 900 px wide, shown about 400 px wide on a phone, where these come out 14 and 16 px
LABEL, TITLE = 32, 36


def colour(label: str, labels: str) -> tuple[int, int, int]:
    """A steady colour per part label, from the shared palette."""
    return draw.PALETTE[labels.index(label) % len(draw.PALETTE)]


def tiles(grid: LabelGrid, rows: int, cols: int, labels: str, cell: int,
          title: str = "") -> Image.Image:
    """One 2D layer: coloured cells, thick lines between parts, the part's letter."""
    top = 52 if title else 8
    # as wide as its label, so "Layer 1,2" over a small layer is read whole, not cut
    width = max(cols * cell + 16, draw.text_width(title, LABEL, bold=True) + 12 if title else 0)
    left = (width - cols * cell) // 2
    image, pen = draw.canvas(width, rows * cell + top + 8)
    if title:
        draw.centred_text(pen, (image.width / 2, top / 2), title, LABEL, bold=True)
    for r, c in product(range(rows), range(cols)):
        x, y = left + c * cell, top + r * cell
        label = grid.get((r, c))
        fill = colour(label, labels) if label else (215, 215, 215)
        pen.rectangle([x, y, x + cell, y + cell], fill=fill)
        if label and cell >= 22:
            draw.centred_text(pen, (x + cell / 2, y + cell / 2), label, int(cell * 0.55),
                              fill=draw.contrast(fill), bold=True)
    for r, c in product(range(rows), range(cols)):
        x, y = left + c * cell, top + r * cell
        here = grid.get((r, c))
        if r == 0 or grid.get((r - 1, c)) != here:
            pen.line([x, y, x + cell, y], fill=draw.INK, width=3)
        if c == 0 or grid.get((r, c - 1)) != here:
            pen.line([x, y, x, y + cell], fill=draw.INK, width=3)
        if r == rows - 1:
            pen.line([x, y + cell, x + cell, y + cell], fill=draw.INK, width=3)
        if c == cols - 1:
            pen.line([x + cell, y, x + cell, y + cell], fill=draw.INK, width=3)
    return image


def slices(grid: LabelGrid, lengths: tuple[int, ...], labels: str) -> list[Image.Image]:
    """One tile picture per layer: every combination of the axes beyond the second."""
    rows, cols = lengths[0], lengths[1]
    cell = max(24, min(56, 300 // max(rows, cols)))
    pictures = []
    for rest in product(*(range(n) for n in lengths[2:])):
        layer: LabelGrid = {(r, c): grid[(r, c, *rest)]
                            for r, c in product(range(rows), range(cols)) if (r, c, *rest) in grid}
        name = "Layer " + ",".join(str(v + 1) for v in rest)
        pictures.append(tiles(layer, rows, cols, labels, cell, name))
    return pictures


def isometric(grid: LabelGrid, lengths: tuple[int, int, int], labels: str) -> Image.Image:
    """The 3D box seen from above a corner, cubes drawn back to front."""
    unit = max(24, min(48, 220 // max(lengths)))
    nx, ny, nz = lengths
    width = int((nx + ny) * unit * 0.87) + 40
    height = int((nx + ny) * unit * 0.5 + nz * unit) + 40
    image, pen = draw.canvas(width, height)
    ox, oy = 20 + ny * unit * 0.87, 20 + nz * unit

    def point(x: float, y: float, z: float) -> tuple[float, float]:
        return ox + (x - y) * unit * 0.87, oy + (x + y) * unit * 0.5 - z * unit

    for x, y, z in sorted(grid, key=lambda p: (p[0] + p[1] + p[2], p[2])):
        base = colour(grid[(x, y, z)], labels)
        faces = [  # top, left (+x side), right (+y side)
            ([(x, y, z + 1), (x + 1, y, z + 1), (x + 1, y + 1, z + 1), (x, y + 1, z + 1)], 1.0),
            ([(x + 1, y, z), (x + 1, y + 1, z), (x + 1, y + 1, z + 1), (x + 1, y, z + 1)], 0.8),
            ([(x, y + 1, z), (x + 1, y + 1, z), (x + 1, y + 1, z + 1), (x, y + 1, z + 1)], 0.62),
        ]
        for corners, shade in faces:
            fill = tuple(int(v * shade) for v in base)
            pen.polygon([point(*c) for c in corners], fill=fill, outline=draw.INK, width=2)
    return image


def stack(pictures: list[Image.Image], per_row: int, gap: int = 10,
          title: str = "") -> Image.Image:
    """Pictures laid out in a grid, with an optional title on top."""
    per_row = max(1, min(per_row, len(pictures)))
    rows = [pictures[i:i + per_row] for i in range(0, len(pictures), per_row)]
    width = max([sum(p.width for p in row) + gap * (len(row) + 1) for row in rows]
                + [draw.text_width(title, TITLE, bold=True) + 2 * gap if title else 0])
    top = 60 if title else gap
    height = top + sum(max(p.height for p in row) + gap for row in rows)
    image, pen = draw.canvas(width, height)
    if title:
        draw.centred_text(pen, (width / 2, 30), title, TITLE, bold=True)
    y = top
    for row in rows:
        x = (width - sum(p.width for p in row) - gap * (len(row) - 1)) // 2  # centred
        for picture in row:
            image.paste(picture, (x, y))
            x += picture.width + gap
        y += max(p.height for p in row) + gap
    return image
