"""Singles: a unit's last empty cell, a digit with one spot in a unit, a cell with one
candidate. Boxes come before rows and columns: they are what people scan first."""

from __future__ import annotations

from ...i18n import N_, _, capital
from ..grid import SIZE, UNITS
from .board import ALL, COUNT, DIGITS_OF, Board, cell_name, unit_name
from .step import Step, step

#: boxes, then rows, then columns
SCAN_ORDER = tuple(range(2 * SIZE, 3 * SIZE)) + tuple(range(2 * SIZE))
#: the hidden single's sentence by the kind of unit (rows, columns, boxes), whole so
#: each language can decline the unit's noun
HIDDEN_SINGLE = (
    N_("In {unit} the {digit} can only go in {cell}: every other empty cell of the row "
       "already sees a {digit}."),
    N_("In {unit} the {digit} can only go in {cell}: every other empty cell of the column "
       "already sees a {digit}."),
    N_("In {unit} the {digit} can only go in {cell}: every other empty cell of the box "
       "already sees a {digit}."))


def full_house(board: Board) -> Step | None:
    for unit in SCAN_ORDER:
        empty = [c for c in UNITS[unit] if not board.values[c]]
        if len(empty) == 1:
            cell = empty[0]
            used = 0
            for c in UNITS[unit]:
                if board.values[c]:
                    used |= 1 << (board.values[c] - 1)
            missing = ALL & ~used
            if COUNT[missing] != 1:
                continue
            digit = DIGITS_OF[missing][0]
            where = unit_name(unit)
            return step("Full House",
                        _("{unit} has one empty cell left, {cell}: it takes the missing "
                          "{digit}.").format(unit=capital(where), cell=cell_name(cell),
                                             digit=digit),
                        where, [cell], placements=[(cell, digit)])
    return None


def hidden_single(board: Board) -> Step | None:
    for unit in SCAN_ORDER:
        places = board.places(unit)
        for digit in range(1, SIZE + 1):
            spots = places[digit]
            if len(spots) != 1:
                continue
            if any(board.values[c] == digit for c in UNITS[unit]):
                continue
            cell = spots[0]
            where = unit_name(unit)
            return step("Hidden Single",
                        _(HIDDEN_SINGLE[unit // SIZE]).format(unit=where, digit=digit,
                                                             cell=cell_name(cell)),
                        where, [cell], placements=[(cell, digit)],
                        extra=0.0 if unit >= 2 * SIZE else 0.3)
    return None


def naked_single(board: Board) -> Step | None:
    for cell, mask in enumerate(board.cands):
        if mask and COUNT[mask] == 1:
            digit = DIGITS_OF[mask][0]
            return step("Naked Single",
                        _("{cell} can only be {digit}: its row, column and box already "
                          "hold every other digit.").format(cell=cell_name(cell), digit=digit),
                        cell_name(cell), [cell], placements=[(cell, digit)])
    return None
