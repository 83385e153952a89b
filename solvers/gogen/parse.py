"""Gogen text, read and written.

Input, as in the seed: an optional `#gogen NAME` header, the grid rows (`.` for an empty
cell, letters in any case), then the words, one a line (spaces or commas may also
separate them). A solution is the filled grid, written as n rows of n letters.
"""

from __future__ import annotations

import re

from ..base import PuzzleError, check_size, clip, header_is, plural
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
            raise PuzzleError(f"'{char}' is not a cell; use a letter or '.' for an empty cell",
                              number, column)
    if puzzle_rows and len(row) != len(puzzle_rows[0]):
        raise PuzzleError(
            f"grid row {len(puzzle_rows) + 1} has {len(row)} cells but row 1 has "
            f"{len(puzzle_rows[0])}; the grid must be square", number)
    if not puzzle_rows and not 2 <= len(row) <= MAX_SIZE:
        raise PuzzleError(
            f"a grid row has {len(row)} cells; Gogen grids are 2 to {MAX_SIZE} cells wide "
            "(a 5x5 grid holds the 25 letters A to Y)", number)
    puzzle_rows.append(row.lower())


def _read_words(line: str, number: int) -> list[str]:
    """The words on one line, each letters only and with no letter twice in a row."""
    words = []
    for match in re.finditer(r"[^\s,;]+", line):
        word = match.group()
        for offset, char in enumerate(word):
            if not ("a" <= char.lower() <= "z"):
                raise PuzzleError(f"word '{clip(word)}' has '{char}', which is not a letter",
                                  number, match.start() + offset + 1)
        word = word.lower()
        for offset, (a, b) in enumerate(zip(word, word[1:], strict=False)):
            if a == b:
                raise PuzzleError(f"word '{clip(word)}' has '{a}' twice in a row; a letter cannot "
                                  "be next to itself", number, match.start() + offset + 2)
        words.append(word)
    return words


def parse_gogen(text: str) -> GogenPuzzle:
    """Read the seed's format into a puzzle, or raise PuzzleError naming the line."""
    check_size(text)
    name, rows, words = "", [], []
    given: dict[str, tuple[int, int]] = {}
    lines: dict[str, int] = {}  # where each word was read, for later messages
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            if rows:
                raise PuzzleError("a header line must come before the grid", number)
            name = _header_name(stripped)
        elif not rows or len(rows) < len(rows[0]):
            _read_row(rows, line, number)
            _check_givens(rows, number, given)
        else:
            for word in _read_words(line, number):
                words.append(word)
                lines.setdefault(word, number)
    if not rows:
        raise PuzzleError("the puzzle is empty: send the grid rows (. for an empty cell), "
                          "then the words, one a line")
    size = len(rows[0])
    if len(rows) < size:
        raise PuzzleError(f"the grid has {len(rows)} rows of {size} cells; it must be square")
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
                f"letter '{letter.upper()}' is given twice (also row {first[0] + 1} "
                f"column {first[1] + 1}); every letter has exactly one cell", number, c + 1)
        seen[letter] = (r, c)


def _alphabet(size: int, grid: str, words: list[str], lines: dict[str, int]) -> str:
    """A..Y for 5x5; otherwise the letters used, which must be as many as the cells."""
    cells = size * size
    if size == CLASSIC_SIZE:
        for letter in set(grid) - {EMPTY}:
            if letter not in CLASSIC_LETTERS:
                raise PuzzleError(f"'{letter.upper()}' cannot fit: a 5x5 Gogen uses the "
                                  "letters A to Y")
        for word in words:
            for letter in word:
                if letter not in CLASSIC_LETTERS:
                    raise PuzzleError(f"word '{clip(word)}' has '{letter.upper()}', which cannot "
                                      "fit: a 5x5 Gogen uses the letters A to Y", lines[word])
        return CLASSIC_LETTERS
    used = set(grid) - {EMPTY}
    for word in words:
        used |= set(word)
        if len(used) > cells:
            raise PuzzleError(f"word '{clip(word)}' brings the letters to {len(used)}, more than "
                              f"the {cells} cells of a {size}x{size} grid", lines[word])
    if len(used) < cells:
        raise PuzzleError(f"a {size}x{size} grid needs {cells} different letters; the grid "
                          f"and the words use only {len(used)}")
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
        raise PuzzleError(f"expected {n} rows of {n} letters, got {plural(len(rows), 'row')}")
    cells = []
    for number, row in rows:
        if len(row) != n:
            raise PuzzleError(f"expected {n} letters, got {len(row)}", number)
        for column, char in enumerate(row.lower(), 1):
            if char not in puzzle.letters:
                raise PuzzleError(f"'{char}' is not one of the puzzle's letters",
                                  number, column)
            cells.append(char)
    return "".join(cells)
