"""The Gogen grid's words: cells, positions, neighbours, letters, and the puzzle itself.

- *grid*: n x n *cells*, numbered 0..n*n-1 row by row; a cell's *position* in the SMT
  text is the seed's `10*row + column + 1` (1..5 on the top row, 11..15 below...);
- *letters*: the puzzle's alphabet, one letter per cell (A..Y for 5x5; for other sizes
  exactly the letters the grid and the words use);
- *given*: a letter printed in the grid; the others are *free*;
- *word*: a clue; each *link* (two consecutive letters of a word) must sit in
  *neighbouring* cells (a king's move apart);
- *candidates*: the cells a letter may still take.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from functools import lru_cache

#: 5x5 is the published size; its alphabet leaves out Z
CLASSIC_SIZE = 5
CLASSIC_LETTERS = string.ascii_lowercase[:25]
MAX_SIZE = 5  # a 6x6 grid would need 36 different letters
EMPTY = "."

Candidates = dict[str, frozenset[int]]
Solution = str  # n*n lower-case letters, row by row


@dataclass(frozen=True)
class GogenPuzzle:
    size: int
    grid: str  # n*n characters, a letter or '.', row by row, lower case
    words: tuple[str, ...]
    letters: str  # the alphabet, sorted
    name: str = ""

    def links(self) -> list[tuple[str, str]]:
        """Each distinct pair of consecutive letters, in word order, first seen first."""
        seen: dict[frozenset[str], tuple[str, str]] = {}
        for word in self.words:
            for a, b in zip(word, word[1:], strict=False):
                seen.setdefault(frozenset((a, b)), (a, b))
        return list(seen.values())

    def givens(self) -> dict[str, int]:
        return {letter: cell for cell, letter in enumerate(self.grid) if letter != EMPTY}


@lru_cache(maxsize=8)
def neighbours(size: int) -> tuple[frozenset[int], ...]:
    """For each cell, the cells a king's move away."""
    result = []
    for cell in range(size * size):
        r, c = divmod(cell, size)
        result.append(frozenset(
            rr * size + cc
            for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
            if (rr, cc) != (r, c) and 0 <= rr < size and 0 <= cc < size))
    return tuple(result)


def position(puzzle: GogenPuzzle, cell: int) -> int:
    """The seed's position number of a cell: 10*row + column + 1."""
    r, c = divmod(cell, puzzle.size)
    return 10 * r + c + 1


def cell_name(puzzle: GogenPuzzle, cell: int) -> str:
    r, c = divmod(cell, puzzle.size)
    return f"row {r + 1} column {c + 1}"
