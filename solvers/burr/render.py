"""Pictures of a burr: slice diagrams, isometric cubes, and the disassembly animation.

The *slice diagram* is the seed's R and P tables drawn: one grid per layer (layer 1 at the
bottom, z = 0), rows y from the back (top row) to the front, columns x from left to right;
each cell shows the mark of the piece filling it, a hole is an empty circle. The *3D view*
is isometric: +x runs to the lower right, +y to the lower left (towards you), +z up, the
handedness the move words use. Faces are shaded so each cubie reads as a cube.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from .. import draw
from ..i18n import _
from .geometry import Cell
from .pieces import Piece

COS30 = math.cos(math.pi / 6)
HOLE = (255, 255, 255)
OUTSIDE = (238, 238, 238)

Scene = list[tuple[Cell, int]]  # (cell, piece index), the piece index picks the colour


def colour(index: int) -> tuple[int, int, int]:
    return draw.PALETTE[index % len(draw.PALETTE)]


def shade(rgb: tuple[int, int, int], factor: float) -> tuple[int, int, int]:
    return tuple(max(0, min(255, int(c * factor))) for c in rgb)  # type: ignore[return-value]


def project(point: tuple[float, float, float], scale: float) -> tuple[float, float]:
    x, y, z = point
    return ((x - y) * COS30 * scale, (x + y) * 0.5 * scale - z * scale)


def scene_bounds(scenes: Sequence[Scene], scale: float) -> tuple[float, float, float, float]:
    """The screen box every scene fits in (so animation frames do not jump)."""
    xs, ys = [], []
    for scene in scenes:
        for (x, y, z), _piece in scene:
            for corner in ((x, y + 1, z), (x + 1, y, z), (x, y, z + 1), (x + 1, y + 1, z)):
                sx, sy = project(corner, scale)
                xs.append(sx)
                ys.append(sy)
    if not xs:
        return (0, 0, 1, 1)
    return (min(xs), min(ys), max(xs), max(ys))


def draw_scene(pen: ImageDraw.ImageDraw, scene: Scene, origin: tuple[float, float],
               scale: float) -> None:
    """Painter's algorithm: cubes far from the viewer (small x + y + z) first."""
    filled = {cell for cell, _ in scene}
    ox, oy = origin
    for (x, y, z), piece in sorted(scene, key=lambda item: sum(item[0])):
        base = colour(piece)
        edge = shade(base, 0.45)
        faces = []
        if (x, y, z + 1) not in filled:
            faces.append(([(x, y, z + 1), (x + 1, y, z + 1), (x + 1, y + 1, z + 1),
                           (x, y + 1, z + 1)], base))
        if (x + 1, y, z) not in filled:
            faces.append(([(x + 1, y, z), (x + 1, y + 1, z), (x + 1, y + 1, z + 1),
                           (x + 1, y, z + 1)], shade(base, 0.72)))
        if (x, y + 1, z) not in filled:
            faces.append(([(x, y + 1, z), (x + 1, y + 1, z), (x + 1, y + 1, z + 1),
                           (x, y + 1, z + 1)], shade(base, 0.86)))
        for corners, fill in faces:
            points = [(ox + px, oy + py) for px, py in (project(c, scale) for c in corners)]
            pen.polygon(points, fill=fill, outline=edge, width=2)


def scene_image(scene: Scene, scale: float, margin: int = 16) -> Image.Image:
    left, top, right, bottom = scene_bounds([scene], scale)
    image, pen = draw.canvas(int(right - left) + 2 * margin, int(bottom - top) + 2 * margin)
    draw_scene(pen, scene, (margin - left, margin - top), scale)
    return image


def slice_diagram(length: int, owner: dict[Cell, int], holes: set[Cell],
                  pieces: Sequence[Piece], cell: int = 34) -> Image.Image:
    """The seed's R/P tables: each layer a grid of piece marks, holes as circles."""
    gap, label = 26, 40
    columns = 3 if length <= 6 else 4
    rows = math.ceil(length / columns)
    block = length * cell
    footer = 40
    image, pen = draw.canvas(columns * block + (columns + 1) * gap,
                             rows * (block + label) + (rows + 1) * gap // 2 + footer)
    draw.centred_text(pen, (image.width / 2, image.height - footer / 2),
                      _("layer 1 at the bottom; back row on top; circle = hole"), 22,
                      fill=draw.MUTED)
    mark_size = max(22, cell * 2 // 3)
    for z in range(length):
        r, c = divmod(z, columns)
        left = gap + c * (block + gap)
        top = gap // 2 + r * (block + label + gap // 2) + label
        draw.centred_text(pen, (left + block / 2, top - label / 2),
                          _("Layer {layer}").format(layer=z + 1), 26, bold=True)
        for y in range(length):
            for x in range(length):
                box = [left + x * cell, top + y * cell, left + (x + 1) * cell,
                       top + (y + 1) * cell]
                piece = owner.get((x, y, z))
                if piece is not None:
                    fill = colour(piece)
                    pen.rectangle(box, fill=fill, outline=draw.GRID, width=1)
                    draw.write(pen, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2),
                               pieces[piece].mark, mark_size, fill=draw.contrast(fill),
                               bold=True)
                elif (x, y, z) in holes:
                    pen.rectangle(box, fill=HOLE, outline=draw.GRID, width=1)
                    inset = cell // 4
                    pen.ellipse([box[0] + inset, box[1] + inset, box[2] - inset,
                                 box[3] - inset], outline=draw.INK, width=2)
                else:
                    pen.rectangle(box, fill=OUTSIDE)
    return image


def legend(pieces: Sequence[Piece], width: int) -> Image.Image:
    """One line per piece: colour, mark, ID typed and canonical, weight, name."""
    line = 32
    image, pen = draw.canvas(width, line * len(pieces) + 10)
    for i, piece in enumerate(pieces):
        y = 5 + i * line
        pen.rectangle([4, y + 3, 28, y + 25], fill=colour(i), outline=draw.GRID)
        canonical = f" = {piece.canonical_id}" if piece.canonical_id != piece.piece_id else ""
        words = f"{piece.mark}: ID {piece.piece_id}{canonical}  w{piece.weight}  {piece.name}"
        draw.write(pen, (36, y + 15), words[:44], 20, anchor="lm")
    return image


def stack(parts: Sequence[Image.Image], title: str, subtitle: str = "") -> Image.Image:
    """Title, subtitle, then the parts one below the other, centred."""
    title, subtitle = draw.title(title), draw.title(subtitle)
    head = 44 + (30 if subtitle else 0)
    words = max(draw.font(26, bold=True).getlength(title), draw.font(21).getlength(subtitle))
    width = int(max(max(p.width for p in parts), words)) + 20
    image, pen = draw.canvas(width, head + sum(p.height for p in parts) + 10 * len(parts))
    draw.centred_text(pen, (width / 2, 24), title, 26, bold=True)
    if subtitle:
        draw.centred_text(pen, (width / 2, 60), subtitle, 21, fill=draw.MUTED)
    y = head
    for part in parts:
        image.paste(part, ((width - part.width) // 2, y))
        y += part.height + 10
    return image


def side_by_side(left: Image.Image, right: Image.Image) -> Image.Image:
    image, _pen = draw.canvas(left.width + right.width + 10, max(left.height, right.height))
    image.paste(left, (0, (image.height - left.height) // 2))
    image.paste(right, (left.width + 10, (image.height - right.height) // 2))
    return image


def animation(frames: Sequence[tuple[Scene, str]], scale: float = 22,
              delay_ms: int = 1100) -> bytes:
    """A GIF, one frame per state, each with its caption; the frame box never moves."""
    left, top, right, bottom = scene_bounds([scene for scene, _ in frames], scale)
    caption = 56
    width = max(int(right - left) + 40, 600)
    height = int(bottom - top) + 40 + caption
    images = []
    for scene, words in frames:
        image, pen = draw.canvas(width, height)
        offset_x = (width - (right - left)) / 2 - left
        draw_scene(pen, scene, (offset_x, caption + 20 - top), scale)
        for n, line in enumerate(_wrap(words, 50)[:2]):
            draw.centred_text(pen, (width / 2, 18 + n * 24), line, 19, bold=True)
        images.append(image)
    # one palette for all frames (taken from the busiest, the assembled burr) keeps it fast
    first = images[0].quantize(colors=64, dither=Image.Dither.NONE)
    images = [first] + [im.quantize(palette=first, dither=Image.Dither.NONE)
                        for im in images[1:]]
    buffer = io.BytesIO()
    durations = [delay_ms] * (len(images) - 1) + [delay_ms * 3]
    images[0].save(buffer, format="GIF", save_all=True, append_images=images[1:],
                   duration=durations, loop=0, optimize=True)
    return buffer.getvalue()


def _wrap(text: str, width: int) -> list[str]:
    lines, current = [], ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    return [*lines, current] if current else lines
