"""Seki's text forms: the puzzle as typed (an optional `#seki NAME` header, then nine rotor
characters), a solution as four rows of 0/1, and a person's grid for a hint."""

from __future__ import annotations

from ..i18n import _, ngettext
from ..texts import check_size
from ..values import PuzzleError
from .model import ROTOR_TYPES, SIZE, Grid, Known, SekiPuzzle


def read_puzzle(text: str) -> SekiPuzzle:
    check_size(text)
    name, rotors, first_line = "", "", None
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            if rotors:
                raise PuzzleError(_("a header line must come before the rotors"), number)
            name = stripped.split(None, 1)[1].strip() if " " in stripped else ""
            continue
        first_line = first_line or number
        for column, char in enumerate(line, start=1):
            if char.isspace():
                continue
            if char.lower() not in ROTOR_TYPES:
                raise PuzzleError(
                    _("'{char}' is not a rotor; use + (one black), - (three black), "
                      "o (opposite pair) or a (adjacent pair)").format(char=char),
                    number, column)
            rotors += char.lower()
        if len(rotors) > 9:
            raise PuzzleError(_("expected 9 rotors in all, got {got} so far").format(
                got=len(rotors)), number)
    if not rotors:
        raise PuzzleError(_("the puzzle is empty: send 9 rotor characters such as "
                            "oo+ooaoo-"))
    if len(rotors) != 9:
        raise PuzzleError(_("expected 9 rotors, got {got}").format(got=len(rotors)),
                          first_line)
    return SekiPuzzle(rotors, name)


def write_solution(solution: Grid) -> str:
    return "\n".join(
        "".join(str(v) for v in solution[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE))


def read_solution(text: str) -> Grid:
    """Four rows of four 0/1 digits (1 = black); `#` also means black, `.` white."""
    rows = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(rows) == 1 and len(rows[0][1].replace(" ", "")) == SIZE * SIZE:
        flat = rows[0][1].replace(" ", "")
        rows = [(rows[0][0], flat[i:i + SIZE]) for i in range(0, SIZE * SIZE, SIZE)]
    if len(rows) != SIZE:
        raise PuzzleError(ngettext("expected {size} rows of {size} cells, got {got} row",
                                   "expected {size} rows of {size} cells, got {got} rows",
                                   len(rows)).format(size=SIZE, got=len(rows)))
    cells: list[int] = []
    for number, row in rows:
        row = row.replace(" ", "")
        if len(row) != SIZE:
            raise PuzzleError(_("expected {size} cells, got {got}").format(
                size=SIZE, got=len(row)), number)
        for column, char in enumerate(row, 1):
            if char not in "01#.":
                raise PuzzleError(_("'{char}' is not a cell; use 1 or # for black, 0 or . "
                                    "for white").format(char=char), number, column)
            cells.append(1 if char in "1#" else 0)
    return tuple(cells)


def read_entries(text: str) -> Known:
    """The grid as the person has it: 1 or # black, 0 white, ? . - or _ not known."""
    rows = ["".join(line.split()) for line in text.splitlines()
            if line.strip() and not line.lstrip().startswith("#")]
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows) \
            or set("".join(rows)) - set("01#?.-_"):
        raise PuzzleError(_("type your grid as {size} lines of {size} cells: 1 black, 0 "
                            "white, ? not known yet").format(size=SIZE))
    return tuple(1 if x in "1#" else 0 if x == "0" else -1 for x in "".join(rows))
