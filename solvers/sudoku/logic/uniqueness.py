"""Steps that rely on the puzzle having one solution (the path checks that first).

*Unique Rectangle*: four empty cells on two rows, two columns and two boxes that could
all be only x or y would let x and y swap, giving two solutions; so the pattern must be
broken. Type 1: three corners are {x,y}, so the fourth is not x or y. Type 2: two
corners are {x,y} and the other two {x,y,z}: one of those is z. *BUG+1*: every empty
cell has two candidates but one, which has three; if it lost the extra digit the grid
would have two solutions, so it takes the digit that appears three times in its row.
"""

from __future__ import annotations

from itertools import combinations

from ...i18n import _
from ..grid import CELLS, SIZE, UNITS
from .board import (
    BOX_OF,
    COUNT,
    DIGITS_OF,
    PEER_SET,
    Board,
    bit,
    cell_name,
    cells_text,
    eliminations_text,
)
from .step import Step, step


def unique_rectangle(board: Board) -> Step | None:
    for r1, r2 in combinations(range(SIZE), 2):
        for c1, c2 in combinations(range(SIZE), 2):
            corners = [r1 * SIZE + c1, r1 * SIZE + c2, r2 * SIZE + c1, r2 * SIZE + c2]
            if len({BOX_OF[c] for c in corners}) != 2 or \
                    any(board.values[c] for c in corners):
                continue
            found = _rectangle(board, corners)
            if found:
                return found
    return None


def _rectangle(board: Board, corners: list[int]) -> Step | None:
    masks = [board.cands[c] for c in corners]
    pairs = [m for m in masks if COUNT[m] == 2]
    if len(pairs) < 2 or len(set(pairs)) != 1:
        return None
    xy = pairs[0]
    if any(m & xy != xy for m in masks):
        return None
    x, y = DIGITS_OF[xy]
    roof = [c for c, m in zip(corners, masks, strict=True) if m != xy]
    if len(roof) == 1:
        gone = [(roof[0], d) for d in (x, y)]
        return step("Unique Rectangle",
                    _("{cells} can only be {x} or {y}; if {cell} were too, {x} and {y} "
                      "could swap around the rectangle and the puzzle would have two "
                      "solutions: {removals}.").format(
                        cells=cells_text([c for c in corners if c not in roof]), x=x, y=y,
                        cell=cell_name(roof[0]), removals=eliminations_text(gone)),
                    cells_text(corners), corners, eliminations=gone)
    extra = masks[corners.index(roof[0])] & ~xy
    if len(roof) == 2 and COUNT[extra] == 1 and all(board.cands[c] == xy | extra
                                                     for c in roof):
        z = DIGITS_OF[extra][0]
        gone = [(c, z) for c in sorted(PEER_SET[roof[0]] & PEER_SET[roof[1]])
                if board.cands[c] & bit(z)]
        if gone:
            return step("Unique Rectangle",
                        _("{cells} could all be only {x} or {y}, which would give two "
                          "solutions; so {first} or {second} is {z}, and a cell seeing both "
                          "cannot be: {removals}.").format(
                            cells=cells_text(corners), x=x, y=y, first=cell_name(roof[0]),
                            second=cell_name(roof[1]), z=z,
                            removals=eliminations_text(gone)),
                        cells_text(corners), corners, eliminations=gone, extra=0.1)
    return None


def bug_plus_one(board: Board) -> Step | None:
    extra = [c for c in range(CELLS) if COUNT[board.cands[c]] > 2]
    if len(extra) != 1 or COUNT[board.cands[extra[0]]] != 3 or \
            any(COUNT[board.cands[c]] == 1 for c in range(CELLS)):
        return None
    cell = extra[0]
    row = UNITS[cell // SIZE]
    for digit in DIGITS_OF[board.cands[cell]]:
        if sum(1 for c in row if board.cands[c] & bit(digit)) == 3:
            return step("BUG+1",
                        _("Every empty cell has two candidates except {cell}. Without its "
                          "extra digit the grid would have two solutions, and the extra one "
                          "is the {digit} that appears three times in its row: {cell} is "
                          "{digit}.").format(cell=cell_name(cell), digit=digit),
                        cell_name(cell), [cell], placements=[(cell, digit)])
    return None
