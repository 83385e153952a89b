"""A burr's solution: one assembly with the moves found to take it apart, each piece's
cells in it, and the words for its moves and its level.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..i18n import _
from .geometry import Cell, frame
from .parse import PIECES, BurrPuzzle

if TYPE_CHECKING:
    from .assemble import Assembly
    from .disassemble import Disassembly, Move


@dataclass
class BurrSolution:
    """One assembly and its disassembly (None when typed in without moves)."""

    assembly: Assembly
    disassembly: Disassembly | None


def piece_cells(puzzle: BurrPuzzle, assembly: Assembly) -> list[frozenset[Cell]]:
    """Each piece's cells in the assembled burr, by piece index."""
    geometry = frame(puzzle.length)
    cells: list[frozenset[Cell]] = [frozenset()] * PIECES
    for slot, (piece, orientation, _mask) in enumerate(assembly.slots):
        cells[piece] = geometry.cells(slot, orientation, puzzle.pieces[piece].piece_id)
    return cells


def move_words(puzzle: BurrPuzzle, move: Move) -> str:
    """`piece 3 (ID 960) moves up 1`; groups and freeing moves said as such."""
    from .disassemble import DIRECTION_WORDS

    fields = {"way": _(DIRECTION_WORDS[move.direction]), "distance": move.distance}
    if len(move.pieces) == 1:
        sentence = (_("{piece} moves {way} {distance} and comes free") if move.separates
                    else _("{piece} moves {way} {distance}"))
        return sentence.format(piece=puzzle.pieces[move.pieces[0]].label, **fields)
    marks = ", ".join(puzzle.pieces[p].mark for p in move.pieces)
    ids = ", ".join(str(puzzle.pieces[p].piece_id) for p in move.pieces)
    sentence = (_("pieces {marks} (IDs {ids}) move {way} {distance} and come free")
                if move.separates else _("pieces {marks} (IDs {ids}) move {way} {distance}"))
    return sentence.format(marks=marks, ids=ids, **fields)


def level_words(disassembly: Disassembly | None) -> str:
    if disassembly is None:
        return _("disassembly not searched")
    if disassembly.complete:
        return _("level {level}").format(level=disassembly.level)
    if not disassembly.exhaustive:
        return _("disassembly search stopped before the end")
    return _("cannot be taken apart")
