"""Fish: X-Wing (2 lines), Swordfish (3), Jellyfish (4), plain and finned.

For a digit, n base rows whose spots all lie in n columns: those columns' copies of the
digit must be in the base rows, so the rest of the columns lose it (and the same with
rows and columns swapped). *Finned*: a few extra spots (the fins) in one box; either a
fin holds the digit or the fish does, so only cells of the cover lines that also see
every fin (in the fins' box) lose it.
"""

from __future__ import annotations

from itertools import combinations

from ..grid import SIZE
from .board import BOX_OF, COUNT, Board, bit, cells_text, eliminations_text
from .step import Finder, Step, step

NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def _cell(base_rows: bool, line: int, cross: int) -> int:
    return line * SIZE + cross if base_rows else cross * SIZE + line


def _positions(board: Board, digit: int, base_rows: bool) -> list[int]:
    """For each base line, the mask of cross positions where the digit may go."""
    b = bit(digit)
    masks = []
    for line in range(SIZE):
        mask = 0
        for cross in range(SIZE):
            if board.cands[_cell(base_rows, line, cross)] & b:
                mask |= 1 << cross
        masks.append(mask)
    return masks


def _lines_text(base_rows: bool, lines: list[int] | tuple[int, ...]) -> str:
    word = "row" if base_rows else "column"
    numbers = [str(x + 1) for x in sorted(lines)]
    if len(numbers) == 1:
        return f"{word} {numbers[0]}"
    return f"{word}s {', '.join(numbers[:-1])} and {numbers[-1]}"


#: the lines a 9-bit mask of lines holds, by mask: a table, as finned fish ask a million
#: times on the hardest paths
CROSSES = tuple(tuple(x for x in range(SIZE) if mask >> x & 1) for mask in range(1 << SIZE))


def _crosses(mask: int) -> tuple[int, ...]:
    return CROSSES[mask]


def basic(size: int) -> Finder:
    """The finder of plain fish with `size` base lines."""
    def find(board: Board) -> Step | None:
        for digit in range(1, SIZE + 1):
            for base_rows in (True, False):
                masks = _positions(board, digit, base_rows)
                lines = [x for x in range(SIZE) if 2 <= COUNT[masks[x]] <= size]
                for base in combinations(lines, size):
                    union = 0
                    for x in base:
                        union |= masks[x]
                    if COUNT[union] != size:
                        continue
                    found = _fish(board, digit, base_rows, base, union, [], size)
                    if found:
                        return found
        return None
    find.__name__ = NAMES[size].lower()
    return find


def finned(size: int) -> Finder:
    """The finder of finned (and sashimi) fish with `size` base lines."""
    def find(board: Board) -> Step | None:
        for digit in range(1, SIZE + 1):
            for base_rows in (True, False):
                masks = _positions(board, digit, base_rows)
                lines = [x for x in range(SIZE) if 1 <= COUNT[masks[x]] <= size + 2]
                for base in combinations(lines, size):
                    union = 0
                    for x in base:
                        union |= masks[x]
                    if not size < COUNT[union] <= size + 2:
                        continue
                    for cover in combinations(_crosses(union), size):
                        cover_mask = sum(1 << x for x in cover)
                        fins = [_cell(base_rows, x, y) for x in base
                                for y in _crosses(masks[x] & ~cover_mask)]
                        if len({BOX_OF[c] for c in fins}) != 1:
                            continue
                        found = _fish(board, digit, base_rows, base, cover_mask, fins, size)
                        if found:
                            return found
        return None
    find.__name__ = f"finned_{NAMES[size].lower()}"
    return find


def _fish(board: Board, digit: int, base_rows: bool, base: tuple[int, ...], cover: int,
          fins: list[int], size: int) -> Step | None:
    b = bit(digit)
    fin_box = BOX_OF[fins[0]] if fins else -1
    gone = []
    for y in _crosses(cover):
        for x in range(SIZE):
            cell = _cell(base_rows, x, y)
            if x in base or not board.cands[cell] & b:
                continue
            if fins and BOX_OF[cell] != fin_box:
                continue
            gone.append((cell, digit))
    if not gone:
        return None
    name = NAMES[size]
    pattern = [_cell(base_rows, x, y) for x in base for y in _crosses(cover)
               if board.cands[_cell(base_rows, x, y)] & b]
    base_text = _lines_text(base_rows, base)
    cover_text = _lines_text(not base_rows, _crosses(cover))
    spots = "exactly two spots, in" if size == 2 else "its spots only in"
    if not fins:
        text = (f"Follow the {digit}s in {base_text}: each has {spots} {cover_text}, so "
                f"the {digit}s of {cover_text} must be in {base_text}: "
                f"{eliminations_text(gone)}.")
        return step(name, text, f"the {digit}s in {base_text}", pattern, eliminations=gone)
    text = (f"Follow the {digit}s in {base_text}: apart from the fin "
            f"{cells_text(fins)} they lie in {cover_text}, so either a fin is {digit} or "
            f"the {name} holds; either way a cell of those "
            f"{'columns' if base_rows else 'rows'} in box {fin_box + 1} cannot be {digit}: "
            f"{eliminations_text(gone)}.")
    return step(f"Finned {name}", text, f"the {digit}s in {base_text}", pattern + fins,
                eliminations=gone)



