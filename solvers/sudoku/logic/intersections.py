"""Locked candidates: a digit confined to where a box and a line cross.

*Pointing*: in a box the digit's spots all lie in one row or column, so the rest of
that line loses it. *Claiming*: in a row or column they all lie in one box, so the rest
of that box loses it.
"""

from __future__ import annotations

from ...i18n import N_, _
from ..grid import SIZE, UNITS
from .board import BOX_OF, COL, ROW, Board, bit, eliminations_text, unit_name
from .step import Step, step


def pointing(board: Board) -> Step | None:
    for box in range(2 * SIZE, 3 * SIZE):
        places = board.places(box)
        for digit in range(1, SIZE + 1):
            spots = places[digit]
            if len(spots) < 2:
                continue
            for line in _common_lines(spots):
                found = _locked(board, digit, spots, line, "Pointing",
                                N_("In {box} the {digit}s all lie in {line}, so the {digit} "
                                   "of {line} is in {box}: {removals}."),
                                box, line, unit_name(box))
                if found:
                    return found
    return None


def claiming(board: Board) -> Step | None:
    for line in range(2 * SIZE):
        places = board.places(line)
        for digit in range(1, SIZE + 1):
            spots = places[digit]
            if len(spots) < 2 or len({BOX_OF[c] for c in spots}) != 1:
                continue
            box = 2 * SIZE + BOX_OF[spots[0]]
            found = _locked(board, digit, spots, box, "Claiming",
                            N_("In {line} the {digit}s all lie in {box}, so the {digit} of "
                               "{box} is in {line}: {removals}."),
                            box, line, unit_name(line))
            if found:
                return found
    return None


def _common_lines(spots: list[int]) -> list[int]:
    lines = []
    if len({ROW[c] for c in spots}) == 1:
        lines.append(ROW[spots[0]])
    if len({COL[c] for c in spots}) == 1:
        lines.append(SIZE + COL[spots[0]])
    return lines


def _locked(board: Board, digit: int, spots: list[int], target: int, technique: str,
            sentence: str, box: int, line: int, where: str) -> Step | None:
    """The step if the rest of `target` has the digit to lose; `sentence` (marked, not
    yet translated) names the box, the line, the digit and what is removed."""
    inside = set(spots)
    gone = [(c, digit) for c in UNITS[target]
            if c not in inside and board.cands[c] & bit(digit)]
    if not gone:
        return None
    text = _(sentence).format(box=unit_name(box), line=unit_name(line), digit=digit,
                              removals=eliminations_text(gone))
    return step(technique, text, where, spots, eliminations=gone)
