"""Whether a Sudoku is a race's puzzle in disguise: its givens all agree with the race's
solution once the grid is transformed by one of its symmetries and the digits renamed.

The symmetries are those that keep every row, column and box a unit: transposition,
swapping rows within a band, columns within a stack, whole bands and whole stacks
(rotations and reflections are made of these), about 3.4 million of them, times 9!
renamings of the digits. They are not listed: a search maps the candidate's rows and
columns to the solution's one given at a time, always taking the given with the fewest
ways left, so a renaming fixed by a few givens settles the rest at once. A unique
candidate agrees this way only when its own solution is the race's in disguise; one with
fewer givens (the race's grid with some removed) agrees too. The same search tells whether
a candidate *holds* the race's givens (the grid searched is then the candidate's, with
blanks no given maps to): the race's puzzle with a guessed digit added, right or wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .grid import BOX, SIZE, Grid

#: a given: its row, its column and its digit
Given = tuple[int, int, int]


@dataclass(frozen=True)
class _Map:
    """How far the candidate's rows, columns and digits are mapped to the solution's:
    rows and columns keep their bands and stacks together, digits one for one."""

    rows: dict[int, int] = field(default_factory=dict)
    columns: dict[int, int] = field(default_factory=dict)
    bands: dict[int, int] = field(default_factory=dict)
    stacks: dict[int, int] = field(default_factory=dict)
    digits: dict[int, int] = field(default_factory=dict)

    def with_cell(self, given: Given, row: int, column: int, digit: int) -> _Map:
        i, j, d = given
        return replace(self, rows={**self.rows, i: row}, columns={**self.columns, j: column},
                       bands={**self.bands, i // BOX: row // BOX},
                       stacks={**self.stacks, j // BOX: column // BOX},
                       digits={**self.digits, d: digit})


def _free(line: int, to: dict[int, int], blocks: dict[int, int]) -> list[int]:
    """The solution's rows (or columns) that candidate line `line` may still map to."""
    if line in to:
        return [to[line]]
    taken = set(to.values())
    if line // BOX in blocks:
        block = blocks[line // BOX]
        return [n for n in range(block * BOX, block * BOX + BOX) if n not in taken]
    used = set(blocks.values())
    return [n for n in range(SIZE) if n // BOX not in used and n not in taken]


class _Search:
    def __init__(self, solution: Grid):
        self.solution = solution

    def options(self, mapping: _Map, given: Given) -> list[tuple[int, int, int]]:
        """(row, column, digit) of the solution this given may map to now."""
        i, j, d = given
        named = mapping.digits.get(d)
        renamed = set(mapping.digits.values())
        found = []
        for row in _free(i, mapping.rows, mapping.bands):
            for column in _free(j, mapping.columns, mapping.stacks):
                digit = self.solution[row * SIZE + column]
                if digit and (digit == named or (named is None and digit not in renamed)):
                    found.append((row, column, digit))
        return found

    def fewest(self, mapping: _Map, givens: list[Given]) -> tuple[list[tuple[int, int, int]], int]:
        """The given with the fewest options (stopping at one with at most one) and them."""
        best: tuple[list[tuple[int, int, int]], int] | None = None
        for n, given in enumerate(givens):
            options = self.options(mapping, given)
            if best is None or len(options) < len(best[0]):
                best = (options, n)
                if len(options) <= 1:
                    break
        assert best is not None
        return best

    def fits(self, mapping: _Map, givens: list[Given]) -> bool:
        if not givens:
            return True
        options, n = self.fewest(mapping, givens)
        rest = givens[:n] + givens[n + 1:]
        return any(self.fits(mapping.with_cell(givens[n], *option), rest)
                   for option in options)


def variant(solution: Grid, candidate: Grid) -> bool:
    """Whether the candidate's givens agree with `solution` under some symmetry of the
    grid and some renaming of the digits (a grid with no givens tells nothing: no).
    `solution` may be a partly filled grid: a blank agrees with no given."""
    givens = [(cell // SIZE, cell % SIZE, digit) for cell, digit in enumerate(candidate)
              if digit]
    if not givens:
        return False
    search = _Search(solution)
    return any(search.fits(_Map(), layout)
               for layout in (givens, [(j, i, d) for i, j, d in givens]))
