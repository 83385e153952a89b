"""The pencilmark board the logical steps read: each cell's digit or its candidates.

Candidates are 9-bit masks (bit d-1 for digit d), as in `search.py`, but kept in plain
Python lists: a step looks at a few units, and list indexing beats numpy's per-element
cost at that size. The board also names cells and units the way the hint sentences
say them ("R5C2", "row 5", "box 3").
"""

from __future__ import annotations

from ... import gridkit
from ...i18n import N_, _, listing
from ..grid import BOX, CELLS, PEERS, SIZE, UNITS, Grid

ALL = (1 << SIZE) - 1
#: how many candidates each mask holds, and the digits it holds
COUNT = tuple(bin(m).count("1") for m in range(ALL + 1))
DIGITS_OF = tuple(tuple(d for d in range(1, SIZE + 1) if m >> (d - 1) & 1)
                  for m in range(ALL + 1))
ROW = tuple(c // SIZE for c in range(CELLS))
COL = tuple(c % SIZE for c in range(CELLS))
BOX_OF = tuple((ROW[c] // BOX) * BOX + COL[c] // BOX for c in range(CELLS))
#: the three units of each cell: its row, its column (9 + c) and its box (18 + b)
CELL_UNITS = tuple((ROW[c], SIZE + COL[c], 2 * SIZE + BOX_OF[c]) for c in range(CELLS))
PEER_SET = tuple(frozenset(p) for p in PEERS)
UNIT_SET = tuple(frozenset(u) for u in UNITS)


#: the mask of each digit (index 0 unused)
BIT = (0,) + tuple(1 << (d - 1) for d in range(1, SIZE + 1))


def bit(digit: int) -> int:
    return BIT[digit]


def sees(a: int, b: int) -> bool:
    """Two different cells in one unit."""
    return b in PEER_SET[a]


#: a unit's name by its kind: rows 0..8, columns 9..17, boxes 18..26
UNIT_NAMES = (N_("row {number}"), N_("column {number}"), N_("box {number}"))


def unit_name(unit: int) -> str:
    """"row 5", "column 2", "box 3" for units 0..26, in the current language."""
    return _(UNIT_NAMES[unit // SIZE]).format(number=unit % SIZE + 1)


def cell_name(cell: int) -> str:
    return gridkit.cell_name(ROW[cell], COL[cell])


def cells_text(cells: list[int] | tuple[int, ...]) -> str:
    """"R1C2, R1C5 and R4C5": cells in reading order."""
    return listing([cell_name(c) for c in sorted(cells)])


def digits_text(digits: tuple[int, ...] | list[int]) -> str:
    """"4 and 7", "1, 4 and 7"."""
    return listing([str(d) for d in sorted(digits)])


def eliminations_text(eliminations: list[tuple[int, int]]) -> str:
    """"remove 3 from R1C2 and R4C7" grouped by digit."""
    by_digit: dict[int, list[int]] = {}
    for cell, digit in eliminations:
        by_digit.setdefault(digit, []).append(cell)
    return "; ".join(_("remove {digit} from {cells}").format(digit=d, cells=cells_text(cells))
                     for d, cells in sorted(by_digit.items()))


class Board:
    """The digits placed so far and every empty cell's candidates (0 for a placed cell)."""

    __slots__ = ("values", "cands")

    def __init__(self, values: list[int], cands: list[int]):
        self.values = values
        self.cands = cands

    @classmethod
    def from_grid(cls, grid: Grid) -> Board:
        """Candidates of every empty cell: the digits none of its peers holds."""
        values = list(grid)
        cands = [0] * CELLS
        for cell in range(CELLS):
            if not values[cell]:
                seen = 0
                for peer in PEERS[cell]:
                    if values[peer]:
                        seen |= bit(values[peer])
                cands[cell] = ALL & ~seen
        return cls(values, cands)

    def copy(self) -> Board:
        return Board(self.values[:], self.cands[:])

    def place(self, cell: int, digit: int) -> None:
        self.values[cell] = digit
        self.cands[cell] = 0
        mask = ~BIT[digit]
        cands = self.cands
        for peer in PEERS[cell]:
            cands[peer] &= mask

    def eliminate(self, cell: int, digit: int) -> None:
        self.cands[cell] &= ~bit(digit)

    def solved(self) -> bool:
        return all(self.values)

    def spots(self, unit: int, digit: int) -> list[int]:
        """The cells of a unit where the digit is still a candidate."""
        b = BIT[digit]
        cands = self.cands
        return [c for c in UNITS[unit] if cands[c] & b]

    def places(self, unit: int) -> list[list[int]]:
        """For each digit (index 1..9), the cells of the unit where it may go: one pass
        over the unit instead of nine `spots` calls."""
        out: list[list[int]] = [[] for _ in range(SIZE + 1)]
        cands = self.cands
        for c in UNITS[unit]:
            for d in DIGITS_OF[cands[c]]:
                out[d].append(c)
        return out

    def empty(self) -> list[int]:
        return [c for c in range(CELLS) if not self.values[c]]

    def grid(self) -> Grid:
        return tuple(self.values)
