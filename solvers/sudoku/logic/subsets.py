"""Naked and hidden subsets (pairs, triples, quads) within one unit.

*Naked*: n cells whose candidates together are n digits, so those digits are used up
there and leave the unit's other cells. *Hidden*: n digits whose spots in the unit are
n cells, so those cells hold nothing else.
"""

from __future__ import annotations

from itertools import combinations

from ...i18n import _
from ..grid import SIZE, UNITS
from .board import (
    COUNT,
    DIGITS_OF,
    Board,
    bit,
    cells_text,
    digits_text,
    eliminations_text,
    unit_name,
)
from .singles import SCAN_ORDER
from .step import Finder, Step, step

NAMES = {2: "Pair", 3: "Triple", 4: "Quad"}


def naked(size: int) -> Finder:
    """The finder of naked subsets of `size` cells."""
    def find(board: Board) -> Step | None:
        for unit in SCAN_ORDER:
            empty = [c for c in UNITS[unit] if board.cands[c]]
            if len(empty) <= size:
                continue
            small = [c for c in empty if COUNT[board.cands[c]] <= size]
            for group in combinations(small, size):
                union = 0
                for c in group:
                    union |= board.cands[c]
                if COUNT[union] != size:
                    continue
                gone = [(c, d) for c in empty if c not in group
                        for d in DIGITS_OF[board.cands[c] & union]]
                if gone:
                    digits = DIGITS_OF[union]
                    return step(f"Naked {NAMES[size]}",
                                _("{cells} can only hold {digits} between them, so no "
                                  "other cell of {unit} can: {removals}.").format(
                                    cells=cells_text(group), digits=digits_text(digits),
                                    unit=unit_name(unit), removals=eliminations_text(gone)),
                                unit_name(unit), group, eliminations=gone)
        return None
    find.__name__ = f"naked_{NAMES[size].lower()}"
    return find


def naked_pair_eliminations(board: Board) -> set[tuple[int, int]]:
    """Every candidate naked pairs remove on the board, at once and without their
    sentences: what a forcing net follows."""
    cands = board.cands
    gone: set[tuple[int, int]] = set()
    for cells in UNITS:
        small = [c for c in cells if 0 < COUNT[cands[c]] <= 2]
        for pair in combinations(small, 2):
            union = cands[pair[0]] | cands[pair[1]]
            if COUNT[union] == 2:
                gone.update((x, d) for x in cells if x not in pair
                            for d in DIGITS_OF[cands[x] & union])
    return gone


def hidden(size: int) -> Finder:
    """The finder of hidden subsets of `size` digits."""
    def find(board: Board) -> Step | None:
        for unit in SCAN_ORDER:
            empty = [c for c in UNITS[unit] if board.cands[c]]
            if len(empty) <= size:
                continue
            places = board.places(unit)
            few = [d for d in range(1, SIZE + 1) if 2 <= len(places[d]) <= size]
            for digits in combinations(few, size):
                cells = sorted({c for d in digits for c in places[d]})
                if len(cells) != size:
                    continue
                keep = sum(bit(d) for d in digits)
                gone = [(c, d) for c in cells for d in DIGITS_OF[board.cands[c] & ~keep]]
                if gone:
                    return step(f"Hidden {NAMES[size]}",
                                _("In {unit} the {digits} can only go in {cells}, so "
                                  "those cells hold nothing else: {removals}.").format(
                                    unit=unit_name(unit), digits=digits_text(digits),
                                    cells=cells_text(cells), removals=eliminations_text(gone)),
                                unit_name(unit), cells, eliminations=gone)
        return None
    find.__name__ = f"hidden_{NAMES[size].lower()}"
    return find

