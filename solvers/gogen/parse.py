"""Gogen text, read and written.

Input, as in the seed: an optional `#gogen NAME` header, the grid rows (`.` for an empty
cell, letters in any case), then the words, one a line (spaces or commas may also
separate them). A solution is the filled grid, written as n rows of n letters.
"""

from __future__ import annotations

import re

from ..i18n import _, ngettext
from ..texts import check_size, clip, header_is
from ..values import PuzzleError
from .grid import CLASSIC_LETTERS, CLASSIC_SIZE, EMPTY, MAX_SIZE, GogenPuzzle, Solution


def looks_like_gogen(text: str) -> bool:
    """A `#gogen` header, or five rows of five letters A-Y and dots (one dot at least)
    followed by more lines."""
    if header_is(text, "gogen"):
        return True
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return (len(lines) > CLASSIC_SIZE
            and all(re.fullmatch(r"[a-yA-Y.]{5}", x) for x in lines[:CLASSIC_SIZE])
            and EMPTY in "".join(lines[:CLASSIC_SIZE]))


def near_miss(text: str) -> str | None:
    """Five headerless rows of letters and dots, then more lines, with a row or two not
    five cells long: which rows; else None."""
    if header_is(text, "gogen"):
        return None
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    grid = lines[:CLASSIC_SIZE]
    if len(lines) <= CLASSIC_SIZE or EMPTY not in "".join(grid) \
            or not all(re.fullmatch(r"[a-yA-Y.]{3,7}", row) for row in grid):
        return None
    wrong = [(number, len(row)) for number, row in enumerate(grid, 1) if len(row) != CLASSIC_SIZE]
    if not 0 < len(wrong) <= 2:
        return None
    told = " and ".join(f"grid row {number} has {got} cells" for number, got in wrong)
    return f"{told}; each row needs {CLASSIC_SIZE} (a dot for an empty cell)."


def _header_name(line: str) -> str:
    return line.split(None, 1)[1].strip() if len(line.split(None, 1)) > 1 else ""


def _read_row(puzzle_rows: list[str], line: str, number: int) -> None:
    """Append one grid row, refusing stray characters and rows of the wrong length."""
    row = line.strip().replace(" ", "")
    for column, char in enumerate(row, 1):
        if char != EMPTY and not ("a" <= char.lower() <= "z"):
            raise PuzzleError(_("'{char}' is not a cell; use a letter or '.' for an empty "
                                "cell").format(char=char), number, column)
    if puzzle_rows and len(row) != len(puzzle_rows[0]):
        raise PuzzleError(
            _("grid row {row} has {cells} cells but row 1 has {first}; the grid must be "
              "square").format(row=len(puzzle_rows) + 1, cells=len(row),
                               first=len(puzzle_rows[0])), number)
    if not puzzle_rows and not 2 <= len(row) <= MAX_SIZE:
        raise PuzzleError(
            _("a grid row has {cells} cells; Gogen grids are 2 to {most} cells wide (a 5x5 "
              "grid holds the 25 letters A to Y)").format(cells=len(row), most=MAX_SIZE),
            number)
    puzzle_rows.append(row.lower())


def _read_words(line: str, number: int) -> list[str]:
    """The words on one line, each letters only and with no letter twice in a row."""
    words = []
    for match in re.finditer(r"[^\s,;]+", line):
        word = match.group()
        for offset, char in enumerate(word):
            if not ("a" <= char.lower() <= "z"):
                raise PuzzleError(_("word '{word}' has '{char}', which is not a letter").format(
                    word=clip(word), char=char), number, match.start() + offset + 1)
        word = word.lower()
        for offset, (a, b) in enumerate(zip(word, word[1:], strict=False)):
            if a == b:
                raise PuzzleError(_("word '{word}' has '{char}' twice in a row; a letter "
                                    "cannot be next to itself").format(word=clip(word), char=a),
                                  number, match.start() + offset + 2)
        words.append(word)
    return words


def parse_gogen(text: str) -> GogenPuzzle:
    """Read the seed's format into a puzzle, or raise PuzzleError naming the line."""
    check_size(text)
    name = ""
    rows: list[str] = []
    words: list[str] = []
    given: dict[str, tuple[int, int]] = {}
    lines: dict[str, int] = {}  # where each word was read, for later messages
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            if rows:
                raise PuzzleError(_("a header line must come before the grid"), number)
            name = _header_name(stripped)
        elif not rows or len(rows) < len(rows[0]):
            _read_row(rows, line, number)
            _check_givens(rows, number, given)
        else:
            for word in _read_words(line, number):
                words.append(word)
                lines.setdefault(word, number)
    if not rows:
        raise PuzzleError(_("the puzzle is empty: send the grid rows (. for an empty cell), "
                            "then the words, one a line"))
    size = len(rows[0])
    if len(rows) < size:
        raise PuzzleError(_("the grid has {rows} rows of {size} cells; it must be "
                            "square").format(rows=len(rows), size=size))
    grid = "".join(rows)
    letters = _alphabet(size, grid, words, lines)
    return GogenPuzzle(size, grid, tuple(words), letters, name)


def _check_givens(rows: list[str], number: int, seen: dict[str, tuple[int, int]]) -> None:
    """Refuse a letter given twice, naming the second place (the newest row, `number`)."""
    r = len(rows) - 1
    for c, letter in enumerate(rows[-1]):
        if letter == EMPTY:
            continue
        if letter in seen:
            first = seen[letter]
            raise PuzzleError(
                _("letter '{letter}' is given twice (also row {row} column {column}); every "
                  "letter has exactly one cell").format(letter=letter.upper(),
                                                        row=first[0] + 1, column=first[1] + 1),
                number, c + 1)
        seen[letter] = (r, c)


def _alphabet(size: int, grid: str, words: list[str], lines: dict[str, int]) -> str:
    """A..Y for 5x5; otherwise the letters used, which must be as many as the cells."""
    cells = size * size
    if size == CLASSIC_SIZE:
        for letter in set(grid) - {EMPTY}:
            if letter not in CLASSIC_LETTERS:
                raise PuzzleError(_("'{letter}' cannot fit: a 5x5 Gogen uses the letters A "
                                    "to Y").format(letter=letter.upper()))
        for word in words:
            for letter in word:
                if letter not in CLASSIC_LETTERS:
                    raise PuzzleError(_("word '{word}' has '{letter}', which cannot fit: a 5x5 "
                                        "Gogen uses the letters A to Y").format(
                        word=clip(word), letter=letter.upper()), lines[word])
        return CLASSIC_LETTERS
    used = set(grid) - {EMPTY}
    for word in words:
        used |= set(word)
        if len(used) > cells:
            raise PuzzleError(_("word '{word}' brings the letters to {used}, more than the "
                                "{cells} cells of a {size}x{size} grid").format(
                word=clip(word), used=len(used), cells=cells, size=size), lines[word])
    if len(used) < cells:
        raise PuzzleError(_("a {size}x{size} grid needs {cells} different letters; the grid "
                            "and the words use only {used}").format(
            size=size, cells=cells, used=len(used)))
    return "".join(sorted(used))


def grid_text(puzzle: GogenPuzzle, solution: Solution) -> str:
    """The filled grid as n rows of n capital letters, spaced."""
    n = puzzle.size
    return "\n".join(" ".join(solution[r * n:(r + 1) * n]).upper() for r in range(n))


def parse_filled(puzzle: GogenPuzzle, text: str) -> Solution:
    """n rows of n letters (spaces between letters allowed), any case."""
    n = puzzle.size
    rows = [(number, line.replace(" ", "").replace("\t", ""))
            for number, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(rows) != n:
        raise PuzzleError(ngettext("expected {n} rows of {n} letters, got {got} row",
                                   "expected {n} rows of {n} letters, got {got} rows",
                                   len(rows)).format(n=n, got=len(rows)))
    cells = []
    for number, row in rows:
        if len(row) != n:
            raise PuzzleError(_("expected {n} letters, got {got}").format(n=n, got=len(row)),
                              number)
        for column, char in enumerate(row.lower(), 1):
            if char not in puzzle.letters:
                raise PuzzleError(_("'{char}' is not one of the puzzle's letters").format(
                    char=char), number, column)
            cells.append(char)
    return "".join(cells)
