"""The burr's further pictures: the disassembly animation's frames and the sheet of
pieces.
"""

from __future__ import annotations

from PIL import Image

from ..i18n import _
from . import render
from .parse import PIECES, BurrPuzzle
from .render import Scene
from .solution import BurrSolution, level_words, move_words, piece_cells


def animation_frames(puzzle: BurrPuzzle, solution: BurrSolution) -> list[tuple[Scene, str]]:
    """The assembled burr, then the part being taken apart after each move."""
    cells = piece_cells(puzzle, solution.assembly)
    moves = solution.disassembly.moves if solution.disassembly else []
    offsets = [(0, 0, 0)] * PIECES
    parts = [set(range(PIECES))]

    def scene(part: set[int]) -> Scene:
        return [((x + offsets[p][0], y + offsets[p][1], z + offsets[p][2]), p)
                for p in sorted(part) for x, y, z in cells[p]]

    frames = [(scene(parts[0]), _("Assembled: {level}").format(
        level=level_words(solution.disassembly)))]
    for number, move in enumerate(moves, 1):
        part = next(p for p in parts if set(move.pieces) <= p)
        dx, dy, dz = move.vector()
        for p in move.pieces:
            offsets[p] = (offsets[p][0] + dx, offsets[p][1] + dy, offsets[p][2] + dz)
        frames.append((scene(part), f"{number}. {move_words(puzzle, move)}"))
        if move.separates:
            parts.remove(part)
            parts += [set(move.pieces), part - set(move.pieces)]
    return frames


def pieces_sheet(puzzle: BurrPuzzle) -> Image.Image:
    """Each piece as cubes in the orientation its ID is read in, three to a row."""
    pieces = puzzle.pieces
    tiles = []
    for i, piece in enumerate(pieces):
        scene = [((u, 1 - v, w), i) for u, v, w in piece.cubies]
        view = render.scene_image(scene, 24, margin=10)
        weight = (_("weight {weight}, same as {canonical}")
                  if piece.canonical_id != piece.piece_id else _("weight {weight}"))
        tiles.append(render.stack([view], f"{piece.mark}: ID {piece.piece_id}", weight.format(
            weight=piece.weight, canonical=piece.canonical_id)))
    columns = min(3, len(tiles))
    width = max(t.width for t in tiles)
    height = max(t.height for t in tiles)
    rows = (len(tiles) + columns - 1) // columns
    image = Image.new("RGB", (columns * width, rows * height), (255, 255, 255))
    for n, tile in enumerate(tiles):
        image.paste(tile, ((n % columns) * width, (n // columns) * height))
    return image
