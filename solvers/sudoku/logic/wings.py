"""Wings: two or three cells with few candidates that squeeze a digit out of the cells
seeing all of them.

*XY-Wing*: a pivot {x,y} sees pincers {x,z} and {y,z}; whatever the pivot is, one
pincer is z. *XYZ-Wing*: the pivot is {x,y,z} and the z may also be the pivot's own, so
only cells seeing all three lose z. *W-Wing*: two {x,y} cells that do not see each
other, joined by a unit where x has exactly two spots, each seen by one of them: one of
the two cells is y.
"""

from __future__ import annotations

from ...i18n import _
from ..grid import CELLS, PEERS, SIZE, UNITS
from .board import (
    COUNT,
    DIGITS_OF,
    PEER_SET,
    Board,
    bit,
    cell_name,
    eliminations_text,
    sees,
    unit_name,
)
from .step import Step, step


def _seeing_all(board: Board, digit: int, cells: list[int]) -> list[tuple[int, int]]:
    """(cell, digit) for every other cell with the digit that sees each of `cells`."""
    common = set(PEERS[cells[0]])
    for c in cells[1:]:
        common &= PEER_SET[c]
    return [(c, digit) for c in sorted(common)
            if c not in cells and board.cands[c] & bit(digit)]


def xy_wing(board: Board) -> Step | None:
    pairs = [c for c in range(CELLS) if COUNT[board.cands[c]] == 2]
    for pivot in pairs:
        x, y = DIGITS_OF[board.cands[pivot]]
        wings = [c for c in PEERS[pivot] if COUNT[board.cands[c]] == 2]
        for a in wings:
            ma = board.cands[a]
            if ma & bit(x) == 0 or ma & bit(y):
                continue
            z = DIGITS_OF[ma & ~bit(x)][0]
            for b in wings:
                if b == a or board.cands[b] != bit(y) | bit(z):
                    continue
                gone = _seeing_all(board, z, [a, b])
                if gone:
                    return step("XY-Wing",
                                _("{pivot} is {x} or {y}. If {x}, then {first} is {z}; "
                                  "if {y}, then {second} is {z}. Either way one of them is "
                                  "{z}, so a cell seeing both cannot be {z}: "
                                  "{removals}.").format(
                                    pivot=cell_name(pivot), x=x, y=y, z=z,
                                    first=cell_name(a), second=cell_name(b),
                                    removals=eliminations_text(gone)),
                                cell_name(pivot), [pivot, a, b], eliminations=gone)
    return None


def xyz_wing(board: Board) -> Step | None:
    for pivot in range(CELLS):
        mp = board.cands[pivot]
        if COUNT[mp] != 3:
            continue
        wings = [c for c in PEERS[pivot]
                 if COUNT[board.cands[c]] == 2 and board.cands[c] & ~mp == 0]
        for i, a in enumerate(wings):
            for b in wings[i + 1:]:
                ma, mb = board.cands[a], board.cands[b]
                if ma == mb or COUNT[ma & mb] != 1:
                    continue
                z = DIGITS_OF[ma & mb][0]
                gone = _seeing_all(board, z, [pivot, a, b])
                if gone:
                    digits = DIGITS_OF[mp]
                    return step("XYZ-Wing",
                                _("{pivot} is one of {x}, {y} and {w}; whichever it is, "
                                  "{pivot}, {first} or {second} is {z}, so a cell seeing "
                                  "all three cannot be {z}: {removals}.").format(
                                    pivot=cell_name(pivot), x=digits[0], y=digits[1],
                                    w=digits[2], first=cell_name(a), second=cell_name(b),
                                    z=z, removals=eliminations_text(gone)),
                                cell_name(pivot), [pivot, a, b], eliminations=gone)
    return None


def w_wing(board: Board) -> Step | None:
    pairs = [c for c in range(CELLS) if COUNT[board.cands[c]] == 2]
    for i, a in enumerate(pairs):
        for b in pairs[i + 1:]:
            if board.cands[a] != board.cands[b] or sees(a, b):
                continue
            for x, y in (DIGITS_OF[board.cands[a]], DIGITS_OF[board.cands[a]][::-1]):
                gone = _seeing_all(board, y, [a, b])
                if not gone:
                    continue
                link = _bridge(board, x, a, b)
                if link:
                    u, e1, e2 = link
                    return step("W-Wing",
                                _("{first} and {second} are both {x} or {y}. The {x} of "
                                  "{unit} is in {near} or {far}, which see them, so they "
                                  "cannot both be {x}: one is {y}. A cell seeing both "
                                  "cannot be {y}: {removals}.").format(
                                    first=cell_name(a), second=cell_name(b), x=x, y=y,
                                    unit=unit_name(u), near=cell_name(e1),
                                    far=cell_name(e2), removals=eliminations_text(gone)),
                                cell_name(a), [a, b, e1, e2], eliminations=gone)
    return None


def _bridge(board: Board, x: int, a: int, b: int) -> tuple[int, int, int] | None:
    """A unit where x has two spots, one seeing `a` and the other `b` (neither of them)."""
    for unit in range(3 * SIZE):
        spots = [c for c in UNITS[unit] if board.cands[c] & bit(x)]
        if len(spots) != 2 or a in spots or b in spots:
            continue
        e1, e2 = spots
        if sees(e1, a) and sees(e2, b):
            return unit, e1, e2
        if sees(e2, a) and sees(e1, b):
            return unit, e2, e1
    return None
