"""A small toolkit for grid kinds (Gogen, Number Workout, Seki, Sudoku's logic, and the
pencil genres to come): the one step type a hint engine finds, and the
propagate-then-solve skeleton, so that each kind writes only its own rules; and the
symmetries of a square grid with the test of a race's puzzle in disguise (`fits`).

A step speaks of cells by index and of values in the kind's own alphabet (a letter, a
number, a colour); turning it into the contract's `HintStep` (rows and columns from 1,
the rating from the kind's table) stays with the kind, which knows its geometry.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .smt import enumerate_models
from .values import Limits, Solutions

#: a cell's value in a kind's alphabet: a Gogen letter, a number, a colour 0/1
V = TypeVar("V")
#: what the solver searches for: a kind's open variable (a letter, a segment's cell)
K = TypeVar("K", bound=Hashable)
#: a kind's solution
G = TypeVar("G")


@dataclass(frozen=True)
class Step(Generic[V]):
    """What one deduction found: its technique (the English name, the key of the kind's
    ratings; a person reads `_(technique)`), one plain sentence, where to look, the cells
    it reasons about (the picture highlights them), the (cell, value) it places and rules
    out, further things the picture marks (Seki's rotors), and what to do there in one
    sentence (`HintStep.approach`)."""

    technique: str
    text: str
    where: str
    cells: tuple[int, ...]
    placements: tuple[tuple[int, V], ...] = ()
    eliminations: tuple[tuple[int, V], ...] = ()
    marks: tuple[int, ...] = ()
    approach: str = ""

    @classmethod
    def of(cls, technique: str, text: str, where: str, cells: Iterable[int],
           placements: Iterable[tuple[int, V]] = (), eliminations: Iterable[tuple[int, V]] = (),
           marks: Iterable[int] = (), approach: str = "") -> Step[V]:
        """A step from whatever sequences a finder built (lists, generators)."""
        return cls(technique, text, where, tuple(cells), tuple(placements),
                   tuple(eliminations), tuple(marks), approach)


def cell_name(row: int, col: int) -> str:
    """R3C5: row 3, column 5, counted from 1 (the one name every grid kind's hints use)."""
    return f"R{row + 1}C{col + 1}"


def propagate_then_solve(reason: str, search: Sequence[K],
                         assertions: Callable[[], Iterable[str]],
                         grid_of: Callable[[dict[K, int]], G], fits: Callable[[G], bool],
                         limits: Limits, no_solution: str, left: str) -> Solutions:
    """Propagation first, and Z3 only for what it leaves open.

    `reason` is propagation's word when it found no solution; `search` the variables it
    left open (Z3's `Int` variables are named `V{key}`, as `assertions` writes them in
    SMT-LIB2); `grid_of` builds a solution from the open variables' values (the rest
    propagation fixed). When propagation fixed everything, that grid is the only
    candidate and Z3 is not called (`fits` checks it). `no_solution` is the reason when
    Z3 proves there is none; the stats count the variables left, under `left`."""
    if reason:
        return Solutions([], 0, True, reason, stats={"propagation": "unsat"})
    if not search:  # propagation fixed everything: that grid is the only candidate
        grid = grid_of({})
        if fits(grid):
            if limits.progress:
                limits.progress(1, 0)
            return Solutions([grid], 1, True, "", stats={left: 0})
    import z3  # here, not at the top: the bot's process parses without Z3
    solver = z3.SimpleSolver()
    solver.from_string("\n".join(assertions()))
    variables = [z3.Int(f"V{key}") for key in search]
    found, count, exhaustive = enumerate_models(solver, variables, limits)
    grids = [grid_of(dict(zip(search, values, strict=True))) for values in found]
    return Solutions(grids, count, exhaustive, no_solution if count == 0 and exhaustive else "",
                     stats={left: len(search)})


def fits(clues: Sequence[Any], solution: Sequence[Any], cell_maps: Iterable[Sequence[int]],
         relabel: bool = False) -> bool:
    """Whether every clue (a falsy value is a blank) agrees with `solution` seen through
    one of `cell_maps` (clue cell i -> solution cell map[i]), with the symbols renamed
    one for one when `relabel`: the test of "the race's grid turned, mirrored or
    relabelled, with fewer clues" for kinds whose symmetries are few enough to list.
    `solution` may be another puzzle's clues (a blank agrees with no clue): whether that
    puzzle holds every one of these clues, and maybe more."""
    given = [(cell, clue) for cell, clue in enumerate(clues) if clue]
    for cell_map in cell_maps:
        names: dict[Any, Any] = {}
        if all(solution[cell_map[cell]] and (
                names.setdefault(clue, solution[cell_map[cell]]) == solution[cell_map[cell]]
                if relabel else clue == solution[cell_map[cell]]) for cell, clue in given) \
                and len(set(names.values())) == len(names):
            return True
    return False


def square_maps(size: int) -> list[tuple[int, ...]]:
    """The eight turns and mirror images of a size x size grid, as cell maps (cells
    numbered row by row): the symmetries that keep a grid's neighbours neighbours."""
    def image(turns: int, mirror: bool, r: int, c: int) -> int:
        if mirror:
            c = size - 1 - c
        for _turn in range(turns):
            r, c = c, size - 1 - r
        return r * size + c
    return [tuple(image(turns, mirror, *divmod(cell, size)) for cell in range(size * size))
            for turns in range(4) for mirror in (False, True)]
