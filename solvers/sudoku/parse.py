"""Sudoku text, read and written.

Input, as `aps`' `sudoko`: an optional `#sudoku NAME` header, then nine lines of nine
characters, digits 1-9 for givens and any other character for a blank; or one line of
81 such characters. Separator rules, | between boxes and spaces between cells are
allowed, as newspapers and forums print grids. A solution is written as nine lines of
nine digits.
"""

from __future__ import annotations

from .. import i18n
from ..texts import MAX_INPUT_CHARS, check_size, header_is
from ..values import PuzzleError
from .grid import CELLS, SIZE, Grid, SudokuPuzzle

#: characters that read as a blank when guessing whether text is a Sudoku at all
BLANK_MARKS = set(".0_-*xX?")
#: fewest givens a text needs before `detect` calls it a Sudoku (an explicit /sudoku
#: accepts any number)
DETECT_MIN_GIVENS = 8


def _is_header(line: str) -> bool:
    return line.strip().lower().split(None, 1)[0:1] == ["#sudoku"]


def _row_cells(line: str, width: int) -> str | None:
    """The line's cells when it holds `width` of them: as typed (spaces may be blanks),
    trimmed, or with its spaces dropped; None when no reading gives `width`."""
    raw = line.rstrip("\r\n")
    for cells in (raw, raw.strip(), "".join(raw.split())):
        if len(cells) == width:
            return cells
    return None


def _is_separator(line: str) -> bool:
    """A rule printed between bands of boxes (`------+-------+------`, `=====`, `+---+`):
    only -, +, = and | with at least a + = or |, or dashes that are not 9 cells."""
    kept = "".join(ch for ch in line if not ch.isspace())
    if not kept or not set(kept) <= set("-+=|"):
        return False
    return bool(set(kept) & set("+=|")) or len(kept) != SIZE


def _body_lines(text: str) -> tuple[str, list[tuple[int, str]]]:
    """The header's name and the numbered lines of cells after it: blank lines and
    separator rules are skipped, and the | between boxes is dropped, as newspapers and
    forums print grids (`8 . . | . . . | . . .`)."""
    name, lines = "", list[tuple[int, str]]()
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or _is_separator(line):
            continue
        if not lines and not name and _is_header(line):
            parts = line.strip().split(None, 1)
            name = parts[1].strip() if len(parts) > 1 else ""
            continue
        lines.append((number, line.replace("|", "")))
    return name, lines


def _grid_rows(lines: list[tuple[int, str]], what: str) -> list[tuple[int, str]]:
    """Nine numbered rows of nine characters, from nine lines or one line of 81 (`what`
    they hold, "cells" or "digits", is said in the asker's language)."""
    if len(lines) == 1:
        flat = _row_cells(lines[0][1], CELLS)
        if flat is not None:
            return [(lines[0][0], flat[i:i + SIZE]) for i in range(0, CELLS, SIZE)]
    rows = []
    for number, line in lines[:SIZE]:
        cells = _row_cells(line, SIZE)
        if cells is None:
            got = len(line.strip())
            raise PuzzleError(i18n._("expected {size} {what} in this row, got {got}").format(
                size=SIZE, what=i18n._(what), got=got), number)
        rows.append((number, cells))
    if len(lines) > SIZE:
        raise PuzzleError(i18n._("expected {size} rows, but there is a row {extra}").format(
            size=SIZE, extra=SIZE + 1), lines[SIZE][0])
    if len(rows) < SIZE:
        raise PuzzleError(i18n.ngettext(
            "expected {size} rows of {size} {what} (or one line of {cells}), got {got} row",
            "expected {size} rows of {size} {what} (or one line of {cells}), got {got} rows",
            len(rows)).format(size=SIZE, what=i18n._(what), cells=CELLS, got=len(rows)),
            rows[-1][0] if rows else None)
    return rows


def grid_text(grid: Grid, blank: str) -> str:
    """Nine lines of nine characters, `blank` for a 0."""
    return "\n".join("".join(str(d) if d else blank for d in grid[r * SIZE:(r + 1) * SIZE])
                     for r in range(SIZE))


def looks_like_sudoku(text: str) -> bool:
    """A `#sudoku` header, or (with no header) what `parse_sudoku` reads as 9 rows of 9 (or
    one line of 81) made of digits and the usual blank marks, with at least a few
    givens; separator rules, | between boxes and spaces between cells are allowed."""
    if header_is(text, "sudoku"):
        return True
    if len(text) > MAX_INPUT_CHARS:
        return False
    _, lines = _body_lines(text)
    if not lines or lines[0][1].lstrip().startswith("#"):
        return False
    try:
        rows = _grid_rows(lines, i18n.N_("cells"))
    except PuzzleError:
        return False
    body = "".join(row for _, row in rows)
    givens = sum(ch in "123456789" for ch in body)
    return givens >= DETECT_MIN_GIVENS and \
        all(ch.isdigit() or ch in BLANK_MARKS or ch == " " for ch in body)


def near_miss(text: str) -> str | None:
    """What keeps headerless text of digits and blank marks from being a Sudoku, when it
    is one thing: a row or two of the wrong length, a row too few or too many, a line of
    81 cells one cell off; else None."""
    if header_is(text, "sudoku") or len(text) > MAX_INPUT_CHARS:
        return None
    _, lines = _body_lines(text)
    cells = ["".join(line.split()) for _, line in lines]
    if not cells or not all(cells) or not set("".join(cells)) <= set("0123456789") | BLANK_MARKS \
            or sum(ch in "123456789" for ch in "".join(cells)) < DETECT_MIN_GIVENS:
        return None
    if len(cells) == 1:
        got = len(cells[0])
        return (i18n._("the line has {got} cells; a Sudoku on one line needs {cells}.").format(
            got=got, cells=CELLS) if CELLS - SIZE <= got <= CELLS + SIZE and got != CELLS
            else None)
    wrong = [(row, len(cell)) for row, (cell, (_, line))
             in enumerate(zip(cells, lines, strict=True), 1) if _row_cells(line, SIZE) is None]
    if len(cells) == SIZE and 0 < len(wrong) <= 2:
        told = i18n._(" and ").join(i18n._("row {row} has {got} cells").format(row=row, got=got)
                                    for row, got in wrong)
        return i18n._("{rows}; each row needs {size}.").format(rows=told, size=SIZE)
    if abs(len(cells) - SIZE) == 1 and not wrong:
        return i18n._("there are {rows} rows of {size} cells; a Sudoku has {size}.").format(
            rows=len(cells), size=SIZE)
    return None


def parse_sudoku(text: str) -> SudokuPuzzle:
    """The puzzle in the text, or PuzzleError naming the line."""
    check_size(text)
    name, lines = _body_lines(text)
    if not lines:
        raise PuzzleError(i18n._("the puzzle is empty: send 9 rows of 9 characters, digits "
                                 "1-9 for givens and . for blanks"))
    rows = _grid_rows(lines, i18n.N_("cells"))
    givens = tuple(int(ch) if ch in "123456789" else 0 for _, row in rows for ch in row)
    return SudokuPuzzle(givens, name)


def parse_filled(text: str) -> Grid:
    """Nine lines of nine digits (or one of 81); spaces and | are ignored, and
    separator lines of - and + are skipped."""
    check_size(text)
    lines = []
    for number, line in enumerate(text.splitlines(), start=1):
        kept = "".join(ch for ch in line if not ch.isspace() and ch != "|")
        if kept and not _is_separator(line):
            lines.append((number, kept))
    if not lines:
        raise PuzzleError(i18n._("the solution is empty: send 9 lines of 9 digits"))
    rows = _grid_rows(lines, i18n.N_("digits"))
    for number, row in rows:
        for column, ch in enumerate(row, start=1):
            if ch not in "123456789":
                raise PuzzleError(i18n._("'{char}' is not a digit 1-9: fill every cell").format(
                    char=ch), number, column)
    return tuple(int(ch) for _, row in rows for ch in row)
