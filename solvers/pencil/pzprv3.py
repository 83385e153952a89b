"""The player's own file format (pzprv3): what File > Open in puzz.link reads.

A file is lines: the version (`pzprv3`), the genre's name, the number of rows, the
number of columns, then the board's layers, each a block of lines of space-separated
tokens (every line ends with a space, as the player writes them). Cell layers have a
line per row; layers on the borders between cells have the walls right of each cell
(rows x cols-1) then those below (rows-1 x cols); slither-like boards, whose borders
include the outer frame, have rows x cols+1 then rows+1 x cols.

`write` builds a file from blocks; `read` splits a file back into its header and a
cursor over the lines, for reading a person's half-done board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..i18n import _
from ..values import PuzzleError
from .grid import Cell, Grid, Pair, Segment

Block = list[list[str]]


def write(genre: str, grid: Grid, blocks: Iterable[Block], version: str = "pzprv3",
          header: Sequence[str] = (), sizes: Sequence[int] | None = None) -> str:
    """The file: version, genre, rows, cols (or `sizes`: sudoku writes its side once),
    any extra `header` lines (a pzprv3.1 file's flags), then each block's lines."""
    shape = [grid.rows, grid.cols] if sizes is None else list(sizes)
    lines = [version, genre, *map(str, shape), *header]
    for block in blocks:
        lines += ["".join(f"{token} " for token in row) for row in block]
    return "\n".join(lines) + "\n"


def cells(grid: Grid, token: Callable[[Cell], str]) -> Block:
    """A cell layer: one token per cell, a line per row."""
    return [[token((r, c)) for c in range(grid.cols)] for r in range(grid.rows)]


def pairs(grid: Grid, token: Callable[[Pair], str]) -> list[Block]:
    """The two blocks of a layer between neighbouring cells (walls, or lines between
    centres): the pairs side by side (rows x cols-1), then those one above the other
    (rows-1 x cols)."""
    return [[[token(((r, c), (r, c + 1))) for c in range(grid.cols - 1)]
             for r in range(grid.rows)],
            [[token(((r, c), (r + 1, c))) for c in range(grid.cols)]
             for r in range(grid.rows - 1)]]


def segments(grid: Grid, token: Callable[[Segment], str]) -> list[Block]:
    """The two blocks of a layer on every grid segment, the frame included (slither):
    the upright segments (rows x cols+1), then the level ones (rows+1 x cols)."""
    return [[[token(((r, c), (r + 1, c))) for c in range(grid.cols + 1)]
             for r in range(grid.rows)],
            [[token(((r, c), (r, c + 1))) for c in range(grid.cols)]
             for r in range(grid.rows + 1)]]


def number(token: str) -> int | None:
    """A token's whole number ('-1' included), or None for '.', '#', '²' and the like
    (isdigit() passes '²', which int() refuses)."""
    digits = token.removeprefix("-")
    return int(token) if digits.isascii() and digits.isdigit() and len(digits) < 6 else None


def clue(value: int | None) -> str:
    """A clue cell as the player writes it: '.' none, '-' unknown, else the number."""
    if value is None:
        return "."
    return "-" if value < 0 else str(value)


@dataclass
class File:
    """A read file: its header and a cursor over the board's lines."""

    version: str
    genre: str
    rows: int
    cols: int
    lines: list[list[str]]
    at: int = 0

    def block(self, count: int, width: int) -> Block:
        """The next `count` lines, each of `width` tokens; PuzzleError if short."""
        out = self.lines[self.at:self.at + count]
        if len(out) < count or any(len(row) < width for row in out):
            raise PuzzleError(_("The pzprv3 file ends early (line {line}).").format(
                line=self.at + 5))
        self.at += count
        return [row[:width] for row in out]

    def cells(self) -> Block:
        return self.block(self.rows, self.cols)


def read(text: str, sizes: int = 2) -> File:
    """Split a pzprv3 file (lines, or the '/'-joined one-line form) into its parts;
    `sizes` is how many size lines the genre writes (sudoku: one, the side)."""
    lines = text.replace("\r", "").replace("/", "\n").split("\n")
    if len(lines) < 2 + sizes or not lines[0].startswith("pzprv3"):
        raise PuzzleError(_("This is not a pzprv3 file (it starts with 'pzprv3')."))
    try:
        shape = [int(line) for line in lines[2:2 + sizes]]
    except ValueError:  # line 3 of the text, unless the file came as one '/'-joined line
        raise PuzzleError(_("The pzprv3 file's size (line 3) could not be read."),
                          line=3 if len(text.splitlines()) >= 3 else None) from None
    return File(lines[0], lines[1], shape[0], shape[-1],
                [line.split() for line in lines[2 + sizes:]])
