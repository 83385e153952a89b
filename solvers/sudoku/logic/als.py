"""ALS-XZ: two almost locked sets joined by a restricted common digit.

An *almost locked set* (ALS) is N cells of one unit holding N+1 digits between them: take
any one digit away and the rest are locked. Two ALSs share a *restricted common* x when
every x of one sees every x of the other: x is then in at most one of them, so the other
is locked. For any other digit z both hold, one of them keeps a z: a cell that sees
every z of both cannot be z.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ...i18n import _, listing
from ..grid import CELLS, PEERS, SIZE, UNITS
from .board import COUNT, DIGITS_OF, Board, bit, cells_text, eliminations_text, unit_name
from .step import Step, step

#: the most cells an ALS is looked for with (each further one multiplies the work)
MAX_ALS = 4
#: each cell's peers as a bit set of cells
PEER_BITS = tuple(sum(1 << p for p in PEERS[c]) for c in range(CELLS))


class _Als:
    """An ALS: its unit, cells (in a bit set too), digits, and each digit's cells."""

    __slots__ = ("unit", "cells", "bits", "digits", "where")

    def __init__(self, board: Board, unit: int, cells: tuple[int, ...], digits: int):
        self.unit, self.cells, self.digits = unit, cells, digits
        self.bits = sum(1 << c for c in cells)
        self.where = {d: sum(1 << c for c in cells if board.cands[c] & bit(d))
                      for d in DIGITS_OF[digits]}


def _almost_locked_sets(board: Board) -> list[_Als]:
    found: dict[tuple[int, ...], _Als] = {}
    for unit in range(3 * SIZE):
        empty = [c for c in UNITS[unit] if board.cands[c]]
        for size in range(1, min(MAX_ALS, len(empty) - 1) + 1):
            for cells in combinations(empty, size):
                digits = 0
                for c in cells:
                    digits |= board.cands[c]
                if COUNT[digits] == size + 1 and cells not in found:
                    found[cells] = _Als(board, unit, cells, digits)
    return list(found.values())


def _sees_all(cells: int, others: int) -> bool:
    """Whether every cell of the bit set `cells` sees every cell of `others`."""
    while cells:
        low = cells & -cells
        if others & ~PEER_BITS[low.bit_length() - 1]:
            return False
        cells ^= low
    return True


def _seeing(board: Board, digit: int, cells: int, avoid: int) -> list[tuple[int, int]]:
    """(cell, digit) for each cell outside `avoid` with the digit that sees all `cells`."""
    return [(c, digit) for c in range(CELLS) if board.cands[c] & bit(digit)
            and not avoid >> c & 1 and _sees_all(cells, 1 << c)]


def _pairs(sets: list[_Als]) -> Iterator[tuple[_Als, _Als]]:
    """Every two ALSs, the fewest cells between them first (the easiest to see)."""
    by_size: dict[int, list[_Als]] = {}
    for als in sets:
        by_size.setdefault(len(als.cells), []).append(als)
    for total in range(2, 2 * MAX_ALS + 1):
        for small in range(1, total // 2 + 1):
            firsts, seconds = by_size.get(small, []), by_size.get(total - small, [])
            for i, a in enumerate(firsts):
                for b in (firsts[i + 1:] if small == total - small else seconds):
                    yield a, b


def als_xz(board: Board) -> Step | None:
    for a, b in _pairs(_almost_locked_sets(board)):
        common = a.digits & b.digits
        if a.bits & b.bits or COUNT[common] < 2:
            continue
        for x in DIGITS_OF[common]:
            if not _sees_all(a.where[x], b.where[x]):
                continue
            for z in DIGITS_OF[common & ~bit(x)]:
                gone = _seeing(board, z, a.where[z] | b.where[z], a.bits | b.bits)
                if gone:
                    return _step(a, b, x, z, gone)
    return None


def _step(a: _Als, b: _Als, x: int, z: int, gone: list[tuple[int, int]]) -> Step:
    def said(als: _Als) -> str:
        return _("{cells} in {unit} ({digits})").format(
            cells=cells_text(als.cells), unit=unit_name(als.unit),
            digits="/".join(map(str, DIGITS_OF[als.digits])))
    sentence = (_("{first} and {second} each hold one digit more than they have cells. Every "
                  "{x} of one sees every {x} of the other, so at most one of them has the "
                  "{x}, and the other is then locked: one of them holds an {z}. A cell seeing "
                  "every {z} of both cannot be {z}: {removals}.") if z == 8 else
                _("{first} and {second} each hold one digit more than they have cells. Every "
                  "{x} of one sees every {x} of the other, so at most one of them has the "
                  "{x}, and the other is then locked: one of them holds a {z}. A cell seeing "
                  "every {z} of both cannot be {z}: {removals}."))
    return step("ALS-XZ",
                sentence.format(first=said(a), second=said(b), x=x, z=z,
                                removals=eliminations_text(gone)),
                listing([unit_name(a.unit), unit_name(b.unit)]), [*a.cells, *b.cells],
                eliminations=gone)
