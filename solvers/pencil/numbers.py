"""Rules the number genres share (kakuro, kakuru, ripple, nanro, sukoro, fillomino...).

Constraints on a `Model` (digits in cells, all different, a sum of different digits, a
count that equals a variable) and their plain-Python checks. Digits are the model's
one-literal-per-value integers, so "this cell is 7" is one literal and a sum over
different digits is a choice among the sets of digits that make it, which a SAT engine
handles far better than arithmetic.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from functools import cache
from itertools import combinations

from ..i18n import _
from ..texts import clip
from ..values import PuzzleError, Rule
from .check import pieces, rule, where
from .codecs import Reader
from .engine import IntVar, Lit, Model
from .grid import Cell, Grid, Pair, pair
from .pzprv3 import Block, File
from .pzprv3 import number as token_number

#: the digits of kakuro-like genres
DIGITS = tuple(range(1, 10))


def digits(model: Model, cells: Iterable[Cell], values: Sequence[int] = DIGITS
           ) -> dict[Cell, IntVar]:
    """A small integer for each cell, taking one of `values`."""
    return {cell: model.number(values) for cell in cells}


def value_lits(var: IntVar, value: int) -> list[Lit]:
    """The literal "var is value" as a list: empty when the value is out of range."""
    lit = var.eq(value)
    return [] if lit is None else [lit]


def all_different(model: Model, variables: Sequence[IntVar]) -> None:
    """No value twice among the variables."""
    for value in {v for var in variables for v in var.values}:
        model.at_most([lit for var in variables for lit in value_lits(var, value)], 1)


@cache
def digit_sets(total: int, size: int, values: tuple[int, ...] = DIGITS
               ) -> tuple[frozenset[int], ...]:
    """The sets of `size` different values adding up to `total`."""
    return tuple(frozenset(combo) for combo in combinations(values, size)
                 if sum(combo) == total)


def sum_of_different(model: Model, variables: Sequence[IntVar], total: int) -> None:
    """The variables hold different values adding up to `total`: one of the sets of
    values that make the total is chosen, and a value is used exactly when it is in
    the chosen set."""
    all_different(model, variables)
    values = tuple(sorted({v for var in variables for v in var.values}))
    sets = digit_sets(total, len(variables), values)
    if not sets:
        model.clause([])
        return
    used = {value: model.any_of([lit for var in variables for lit in value_lits(var, value)])
            for value in values}
    chosen = [model.var() for _ in sets]
    model.exactly(chosen, 1)
    for pick, digits_set in zip(chosen, sets, strict=True):
        for value, lit in used.items():
            model.implies(pick, lit if value in digits_set else -lit)
    # and back, as a solver of Kakuro reasons: a value is used only if a set left has
    # it, and left out only if a set left lacks it (implied, but found at once)
    for value, lit in used.items():
        model.clause([-lit, *(p for p, s in zip(chosen, sets, strict=True) if value in s)])
        model.clause([lit, *(p for p, s in zip(chosen, sets, strict=True) if value not in s)])


def at_least_counts(model: Model, lits: Sequence[Lit]) -> list[Lit]:
    """Literals `more[k]` for k = 0..len(lits)+1, each equivalent to "at least k of
    `lits` hold" (a unary counter), so that a count can be compared with a variable."""
    false = -model.true()
    more = [model.true()]
    for lit in lits:
        more = [more[0]] + [model.any_of([more[k] if k < len(more) else false,
                                          model.all_of([more[k - 1], lit])])
                            for k in range(1, len(more) + 1)]
    return [*more, false]


def count_equals(model: Model, lits: Sequence[Lit], value: Mapping[int, Lit]) -> None:
    """The number of `lits` that hold equals the integer whose literals are `value`
    (value -> "the integer is value")."""
    more = at_least_counts(model, lits)
    for number, lit in value.items():
        if number > len(lits):
            model.clause([-lit])
            continue
        model.implies(lit, more[number])
        model.implies(lit, -more[number + 1])


# -- plain checks --------------------------------------------------------------------------
def cells_rule(name: str, faults: Sequence[Cell]) -> Rule:
    """A rule that holds when no cell is at fault, naming the cells (r3c5) otherwise."""
    return rule(name, faults, where)  # type: ignore[arg-type]


def repeated(cells: Sequence[Cell], numbers: Mapping[Cell, int]) -> list[Cell]:
    """The cells of a unit whose number another cell of the unit also holds."""
    seen: dict[int, int] = {}
    for cell in cells:
        if cell in numbers:
            seen[numbers[cell]] = seen.get(numbers[cell], 0) + 1
    return [cell for cell in cells if cell in numbers and seen[numbers[cell]] > 1]


def missing(cells: Iterable[Cell], numbers: Mapping[Cell, int],
            allowed: Iterable[int] = DIGITS) -> list[Cell]:
    """The cells with no number, or one out of `allowed`."""
    allowed = set(allowed)
    return [cell for cell in cells if numbers.get(cell) not in allowed]


def rest_refused(reader: Reader, what: str) -> None:
    """Refuse a body that goes on after the genre's parts (a newer player's extra part,
    such as empty cells), naming it, rather than solving a different puzzle."""
    if reader.rest:
        raise PuzzleError(_("The link goes on after the board ({rest!r}): {what} are not "
                            "supported.").format(rest=clip(reader.rest), what=what))


# -- regions whose size is the number written in them (fillomino) ----------------------------
#: the most cells two steps round a small area for which its "two more cells" cuts are
#: added (one clause each): beyond it they cost more than the rounds they save
NEAR_CUTS = 16


class SizedRegions:
    """The lazy rule "every area of equal numbers has as many cells as its number",
    checked on each candidate answer (the engine calls `cuts`, as it does for
    connectivity): an area too large forbids its number on a connected part one cell
    larger than the number; an area too small forbids its number on all its cells
    unless a neighbour takes the same number. The number `big`, if given, stands for
    any size from `big` up: its areas need only be large enough."""

    def __init__(self, grid: Grid, cells: Mapping[Cell, IntVar], big: int | None = None):
        self.grid = grid
        self.cells = cells
        self.big = big

    def cuts(self, true: Callable[[Lit], bool]) -> list[list[Lit]]:
        value = {cell: next(v for v, lit in zip(var.values, var.lits, strict=True) if true(lit))
                 for cell, var in self.cells.items()}
        out = []
        for area in areas(self.grid, value):
            number = value[area[0]]
            if len(area) > number and number != self.big:
                part = grown(self.grid, area, number + 1)
                out.append([-lit for cell in part for lit in value_lits(self.cells[cell], number)])
            elif len(area) < number:
                out += self.grow(area, number)
        return out

    def grow(self, area: list[Cell], number: int) -> list[list[Lit]]:
        """Cuts for an area smaller than its number: with all its cells as they are, the
        area takes k more cells within k steps, for k = 1 and 2 (while it lacks them)."""
        held = [-lit for c in area for lit in value_lits(self.cells[c], number)]
        inside = set(area)
        ring = [c for c in sorted({o for c in area for o in self.grid.neighbours(c)} - inside)
                if value_lits(self.cells[c], number)]
        out = [[*held, *(value_lits(self.cells[c], number)[0] for c in ring)]]
        if number - len(area) >= 2:
            reach = set(ring) | {o for c in ring for o in self.grid.neighbours(c)}
            near = [value_lits(self.cells[c], number)[0] for c in sorted(reach - inside)
                    if value_lits(self.cells[c], number)]
            if len(near) <= NEAR_CUTS:
                out += [[*held, *(x for x in near if x != skip)] for skip in near]
        return out


def areas(grid: Grid, value: Mapping[Cell, int]) -> list[list[Cell]]:
    """The connected areas of cells holding the same number."""
    return pieces(grid, value, lambda a, b: value[a] == value[b])


def grown(grid: Grid, area: Sequence[Cell], size: int) -> list[Cell]:
    """`size` cells of an area that are connected (the first ones a search reaches)."""
    inside = set(area)
    order, seen = [area[0]], {area[0]}
    for cell in order:
        for other in grid.neighbours(cell):
            if other in inside and other not in seen:
                seen.add(other)
                order.append(other)
    return order[:size]


def sized_regions(model: Model, grid: Grid, cells: Mapping[Cell, IntVar],
                  big: int | None = None) -> None:
    """Every area of equal numbers has as many cells as its number (lazily, see
    `SizedRegions`; `big` stands for any size from it up), with the local consequences
    stated at once: a number above 1 has a neighbour with the same number, a 1 none."""
    for cell, var in cells.items():
        for value, lit in zip(var.values, var.lits, strict=True):
            near = [x for o in grid.neighbours(cell) for x in value_lits(cells[o], value)]
            if value == 1:
                for other in near:
                    model.clause([-lit, -other])
            else:
                model.clause([-lit, *near])
    model.graphs.append(SizedRegions(grid, cells, big))  # type: ignore[arg-type]


#: the owner of a cell in no clue's area (`anchored_regions`)
FREE = -1


def reach(grid: Grid, start: Cell, steps: int, open_: Callable[[Cell, Cell], bool]
          ) -> set[Cell]:
    """The cells within `steps` moves of `start` through neighbours that `open_` joins."""
    seen = {start: 0}
    todo = [start]
    for cell in todo:
        if seen[cell] < steps:
            for other in grid.neighbours(cell):
                if other not in seen and open_(cell, other):
                    seen[other] = seen[cell] + 1
                    todo.append(other)
    return set(seen)


def anchored_regions(model: Model, grid: Grid, cells: Mapping[Cell, IntVar],
                     clues: Sequence[tuple[Cell, int]], walls: Collection[Pair] = ()) -> None:
    """Redundant rules that see each clue's area from its clue (`sized_regions` alone
    is complete, but finds sizes only on candidate answers). Every cell has an owner:
    the first clue (in `clues`' order) of its area, or FREE in an area with no clue. An
    owner's cells hold its number, lie within that many steps less one of it, and are
    at most that many; neighbours holding the same number have the same owner; a number
    no clue can own in a cell needs a clue-free stretch that large. Each answer has
    exactly one choice of owners, so answers are neither lost nor counted twice."""
    def joins(size: int) -> Callable[[Cell, Cell], bool]:
        return lambda a, b: pair(a, b) not in walls and cells[b].eq(size) is not None

    near = [reach(grid, clue, size - 1, joins(size)) for clue, size in clues]
    owner = {cell: model.number([k for k, within in enumerate(near) if cell in within]
                                + [FREE]) for cell in grid.cells()}
    for k, (clue, size) in enumerate(clues):
        mine = {cell: value_lits(owner[cell], k)[0] for cell in near[k]}
        for cell, lit in mine.items():
            model.clause([-lit, *value_lits(cells[cell], size)])
            model.implies(lit, mine[clue])
            for other in grid.neighbours(cell):
                for same in value_lits(cells[other], size):
                    model.clause([-lit, -same, *value_lits(owner[other], k)])
        # the clue's own cell belongs to an earlier clue of its size, or to itself
        model.clause([lit for j, (_, other) in enumerate(clues[:k + 1]) if other == size
                      for lit in value_lits(owner[clue], j)])
        model.at_most(list(mine.values()), size)
    stretch = {cell: len(piece) for piece in pieces(grid, set(cells) - {c for c, _ in clues})
               for cell in piece}
    for cell, var in cells.items():
        for value, lit in zip(var.values, var.lits, strict=True):
            free = value_lits(owner[cell], FREE) if value <= stretch.get(cell, 0) else []
            model.clause([-lit, *free, *(x for k, (_, size) in enumerate(clues) if size == value
                                         for x in value_lits(owner[cell], k))])
    budget(model, clues, near, owner)


def budget(model: Model, clues: Sequence[tuple[Cell, int]], near: Sequence[set[Cell]],
           owner: Mapping[Cell, IntVar]) -> None:
    """What the board's size leaves: a clue no earlier clue of its size can reach is
    its area's first, so the areas of such clues cover their sizes' sum of cells, and
    the rest (the budget) holds the areas with no clue and those of the other clues.
    Only the consequences that need no search are stated: another clue whose size
    exceeds the budget shares an earlier clue's area, and a budget of 0 leaves no cell
    without a clue's area. (The whole sum as one constraint made the search many times
    slower on boards where it decides nothing.)"""
    shared = [k for k, (clue, size) in enumerate(clues)
              if any(other == size and clue in near[j] for j, (_, other) in enumerate(clues[:k]))]
    left = len(owner) - sum(size for k, (_, size) in enumerate(clues) if k not in shared)
    for k in shared:
        if clues[k][1] > left:
            model.clause([-lit for lit in value_lits(owner[clues[k][0]], k)])
    if left <= 0:
        for var in owner.values():
            model.clause([-lit for lit in value_lits(var, FREE)])


# -- a person's board, from the player's file ------------------------------------------------
#: the tokens of a wall in the player's file: drawn (1), drawn and marked (2), given (X)
WALL_TOKENS = frozenset({"1", "2", "X", "-X"})


def read_numbers(block: Block) -> dict[Cell, int]:
    """The numbers written in a cell layer of the player's file; marks ('+', '-'),
    pencilled sub-numbers ('[...]') and empty cells are left out."""
    out = {}
    for r, row in enumerate(block):
        for c, token in enumerate(row):
            value = token_number(token.split("[")[0])
            if value is not None and value >= 0:
                out[(r, c)] = value
    return out


def read_walls(file: File) -> frozenset[Pair]:
    """The walls of the file's next two blocks (right of each cell, then below)."""
    right = file.block(file.rows, file.cols - 1)
    below = file.block(file.rows - 1, file.cols)
    walls = {((r, c), (r, c + 1)) for r, row in enumerate(right)
             for c, token in enumerate(row) if token in WALL_TOKENS}
    walls |= {((r, c), (r + 1, c)) for r, row in enumerate(below)
              for c, token in enumerate(row) if token in WALL_TOKENS}
    return frozenset(walls)
