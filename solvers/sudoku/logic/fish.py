"""Fish: X-Wing (2 lines), Swordfish (3), Jellyfish (4), plain and finned.

For a digit, n base rows whose spots all lie in n columns: those columns' copies of the
digit must be in the base rows, so the rest of the columns lose it (and the same with
rows and columns swapped). *Finned*: a few extra spots (the fins) in one box; either a
fin holds the digit or the fish does, so only cells of the cover lines that also see
every fin (in the fins' box) lose it.
"""

from __future__ import annotations

from itertools import combinations

from ...i18n import N_, _, listing
from ..grid import SIZE
from .board import BOX_OF, COUNT, UNIT_NAMES, Board, bit, cells_text, eliminations_text
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
    """"row 5", "rows 1, 4 and 7", "columns 2 and 8"."""
    numbers = [str(x + 1) for x in sorted(lines)]
    if len(numbers) == 1:
        return _(UNIT_NAMES[0 if base_rows else 1]).format(number=numbers[0])
    return (_("rows {numbers}") if base_rows else _("columns {numbers}")).format(
        numbers=listing(numbers))


#: the sentences of a plain fish: an X-Wing's, then a bigger one's
FISH = (N_("Follow the {digit}s in {base}: each has exactly two spots, in {cover}, so the "
           "{digit}s of {cover} must be in {base}: {removals}."),
        N_("Follow the {digit}s in {base}: each has its spots only in {cover}, so the "
           "{digit}s of {cover} must be in {base}: {removals}."))
#: the sentences of a finned fish, on base rows (its cover is columns) or base columns
FINNED = (N_("Follow the {digit}s in {base}: apart from the fin {fins} they lie in {cover}, "
             "so either a fin is {digit} or the {fish} holds; either way a cell of those "
             "columns in box {box} cannot be {digit}: {removals}."),
          N_("Follow the {digit}s in {base}: apart from the fin {fins} they lie in {cover}, "
             "so either a fin is {digit} or the {fish} holds; either way a cell of those "
             "rows in box {box} cannot be {digit}: {removals}."))


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
    where = _("the {digit}s in {lines}").format(digit=digit, lines=base_text)
    removals = eliminations_text(gone)
    if not fins:
        text = _(FISH[size > 2]).format(digit=digit, base=base_text, cover=cover_text,
                                        removals=removals)
        return step(name, text, where, pattern, eliminations=gone)
    text = _(FINNED[not base_rows]).format(
        digit=digit, base=base_text, fins=cells_text(fins), cover=cover_text, fish=_(name),
        box=fin_box + 1, removals=removals)
    return step(f"Finned {name}", text, where, pattern + fins, eliminations=gone)



