"""The moves that take an assembled burr apart.

A *move* shifts one piece or a *group* of pieces along one axis by one or more units
without any cell running into a piece outside the group; it counts once whatever the
distance. The search is breadth-first over *states* (each piece's offset from where it
sits in the assembly, the part's first piece held still, so moving a group that holds it
is written as the rest moving the other way). A group is *free* once it is past every
other piece along the direction it moves; that move *separates* the part in two, and each
half with more than one piece is taken apart the same way. The *level* lists the moves
of each separation, first the whole burr, then the remainder, as in `6.4`.

The breadth-first search is compiled by numba (`separate`); this module lays the
assemblies out as its arrays and reads the moves back. The search returns to Python
between layers once it has added `CHECK_STATES` states, so the deadline is looked at as
the search goes on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import accumulate
from typing import NamedTuple

import numpy as np

from ..i18n import N_
from ..values import Limits
from .geometry import Cell
from .separate import FOUND, FULL, NONE, PAUSED, rehash, take_all

Offset = tuple[int, int, int]
#: the six directions, named as seen in the pictures (+z is up, +x right, +y towards you)
DIRECTIONS: tuple[Offset, ...] = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0),
                                  (0, 0, 1), (0, 0, -1))
DIRECTION_WORDS = (N_("right"), N_("left"), N_("forward"), N_("back"), N_("up"), N_("down"))
#: states explored per separation at most; past it the search gives up (not exhaustive)
MAX_STATES = 200_000
#: states added between two looks at the deadline
CHECK_STATES = 20_000

_STEPS = np.array(DIRECTIONS, dtype=np.int64)


class Move(NamedTuple):
    """One move: which pieces, which direction (index into DIRECTIONS), how far (a named
    tuple: a solve makes one per move found, and a frozen dataclass cost several times
    as much to make)."""

    pieces: tuple[int, ...]
    direction: int
    distance: int
    separates: bool = False

    def vector(self) -> Offset:
        dx, dy, dz = DIRECTIONS[self.direction]
        return (dx * self.distance, dy * self.distance, dz * self.distance)


@dataclass
class Disassembly:
    """The moves found, the level per separation, and whether all pieces came apart."""

    moves: list[Move] = field(default_factory=list)
    levels: list[int] = field(default_factory=list)
    complete: bool = False
    exhaustive: bool = True
    states: int = 0

    @property
    def level(self) -> str:
        return ".".join(map(str, self.levels)) if self.levels else "0"


class _Pieces:
    """Every assembly's pieces as arrays, for one call of `take_all`.

    `cells` holds all the pieces' cells, assembly a's piece p at rows first[a * k + p]
    to first[a * k + p + 1] (k pieces each); `grid` (which cells each piece of the
    assembly being searched fills) and the collision table are shared by all of them.
    """

    def __init__(self, assemblies: Sequence[Sequence[frozenset[Cell]]], length: int):
        self.length = length
        self.count = len(assemblies[0])
        arrays = [_cell_array(piece) for cells in assemblies for piece in cells]
        self.cells = np.concatenate(arrays)
        self.first = np.array([0, *accumulate(len(a) for a in arrays)], dtype=np.int64)
        self.grid = np.zeros((self.count, length, length, length), dtype=np.bool_)
        #: piece i shifted by r against piece j overlap: 2 * generation + 1, apart:
        #: 2 * generation; any other value is from an earlier assembly, not known yet
        self.hits, self.generation = _collision_table(self.count, length, len(assemblies))


#: per (pieces, stick length): the collision table shared by every assembly in turn,
#: and the last generation given out (a fresh table per assembly cost more than the
#: whole search of an easy one)
_TABLES: dict[tuple[int, int], list] = {}


def _collision_table(count: int, length: int, assemblies: int) -> tuple[np.ndarray, int]:
    """The shared table and the first of `assemblies` new generations (one each), which
    make every entry unknown at once."""
    table = _TABLES.get((count, length))
    if table is None or table[1] + assemblies >= 2**30:
        span = 2 * length + 1
        table = _TABLES[(count, length)] = [
            np.zeros((count, count, span, span, span), dtype=np.int32), 0]
    table[1] += assemblies
    return table[0], table[1] - assemblies + 1


@lru_cache(maxsize=8192)
def _cell_array(cells: frozenset[Cell]) -> np.ndarray:
    """A piece's cells as rows (cached: the solver meets the same placements again)."""
    return np.array(sorted(cells), dtype=np.int64).reshape(-1, 3)


def disassemble(cells: Sequence[frozenset[Cell]], length: int,
                limits: Limits | None = None) -> Disassembly:
    """Take the whole assembly apart, or find that it cannot be."""
    result = disassemble_all([cells], length, limits)[0]
    assert result is not None  # the first assembly is always searched
    return result


def disassemble_all(assemblies: Sequence[Sequence[frozenset[Cell]]], length: int,
                    limits: Limits | None = None) -> list[Disassembly | None]:
    """`disassemble` for each assembly (all with the same number of pieces), in one
    compiled loop: a call per assembly cost more than an easy assembly's search. Past
    the deadline the assembly being searched is given as it stands and the rest None."""
    if not assemblies:
        return []
    pieces = _Pieces(assemblies, length)
    work = _work(pieces.count, len(assemblies), pieces.generation)
    while True:
        status = take_all(pieces.cells, pieces.first, pieces.grid, pieces.hits, length,
                           work.states, work.parent, work.moves, work.table, work.counters,
                           work.last, work.stack, work.starts, work.found, work.levels,
                           work.outcome, work.summary, MAX_STATES, CHECK_STATES, _STEPS)
        if status == FULL:
            work.grow()
        elif status != PAUSED or (limits and limits.expired()):
            return work.results(status)


class _Work:
    """The arrays of one `disassemble_all`, kept between the calls of `take_all`.

    `stack` and `starts` are the parts still to take apart (piece masks, start states);
    `found` the moves found (group mask of the smaller side, direction, distance,
    separates), `levels` per separation its number of moves, both for every assembly in
    turn; `summary` per assembly its outcome (FOUND, NONE or TOO_MANY), where its moves
    and levels end, and its states. `outcome` counts parts on the stack, whether a
    search is under way, moves, levels, states explored in this assembly, whether the
    assembly is started, the searches made with this hash table (never reset), the
    assembly being searched, and the collision table generation of the first one.
    """

    def __init__(self, pieces: int):
        self.states = np.zeros((64, 3 * pieces), dtype=np.int64)
        self.parent = np.full(64, -1, dtype=np.int64)
        self.moves = np.zeros((64, 3), dtype=np.int64)  # group mask, direction, distance
        #: the hash table: per slot a state's number and the number of the search that
        #: stored it (a slot of an earlier search is empty, so nothing is ever cleared)
        self.table = np.zeros((256, 2), dtype=np.int64)
        #: states stored, first of the layer being expanded, its end, next to expand,
        #: states of finished layers
        self.counters = np.zeros(5, dtype=np.int64)
        self.last = np.zeros(3, dtype=np.int64)
        self.stack = np.zeros(pieces, dtype=np.int64)
        self.starts = np.zeros((pieces, 3 * pieces), dtype=np.int64)
        self.found = np.zeros((256, 4), dtype=np.int64)
        self.levels = np.zeros(0, dtype=np.int64)
        self.summary = np.zeros((0, 4), dtype=np.int64)
        self.outcome = np.zeros(9, dtype=np.int64)
        #: per group mask, its pieces
        self.names = [tuple(p for p in range(pieces) if group >> p & 1)
                      for group in range(1 << pieces)]

    def reset(self, assemblies: int, generation: int) -> _Work:
        """Ready for a new run of assemblies, the first not started."""
        self.summary = np.zeros((assemblies, 4), dtype=np.int64)
        if len(self.levels) < assemblies * len(self.stack):
            self.levels = np.zeros(assemblies * len(self.stack), dtype=np.int64)
        self.outcome[:6] = 0
        self.outcome[7], self.outcome[8] = 0, generation
        return self

    def grow(self) -> None:
        """Four times the room for states, and the table rebuilt for it."""
        size = len(self.parent)
        self.states = np.concatenate([self.states, np.zeros((3 * size, self.states.shape[1]),
                                                            dtype=np.int64)])
        self.parent = np.concatenate([self.parent, np.full(3 * size, -1, dtype=np.int64)])
        self.moves = np.concatenate([self.moves, np.zeros((3 * size, 3), dtype=np.int64)])
        self.table = np.zeros((16 * size, 2), dtype=np.int64)
        rehash(self.states, self.counters[0], self.table, self.outcome[6])
        if len(self.found) < self.outcome[2] + self.counters[0] + 1:
            self.found = np.concatenate([self.found, np.zeros_like(self.found)])

    def results(self, status: int) -> list[Disassembly | None]:
        """Each assembly's disassembly: those searched to the end, then the one under way
        when the search stopped (PAUSED), then None for those not started."""
        summary = self.summary.tolist()
        done = int(self.outcome[7])
        found = self.found[:int(self.outcome[2])].tolist()
        levels = self.levels[:int(self.outcome[3])].tolist()
        results: list[Disassembly | None] = []
        moves_at = levels_at = 0
        for outcome, moves_end, levels_end, states in summary[:done]:
            results.append(self._disassembly(outcome, states, found[moves_at:moves_end],
                                             levels[levels_at:levels_end]))
            moves_at, levels_at = moves_end, levels_end
        if done < len(summary):
            states = int(self.outcome[4]) + int(self.counters[4])
            results.append(self._disassembly(status, states, found[moves_at:],
                                             levels[levels_at:]))
        return results + [None] * (len(summary) - len(results))

    def _disassembly(self, status: int, states: int, found: list[list[int]],
                     levels: list[int]) -> Disassembly:
        """The moves (the search wrote each for the smaller side of its part already)."""
        names = self.names
        moves = [Move(names[group], direction, distance, separates == 1)
                 for group, direction, distance, separates in found]
        return Disassembly(moves, levels, status == FOUND, status in (FOUND, NONE), states)


#: one `_Work` per number of pieces, reused by each run in turn (its arrays keep the
#: size they grew to)
_WORKS: dict[int, _Work] = {}


def _work(pieces: int, assemblies: int, generation: int) -> _Work:
    if pieces not in _WORKS:
        _WORKS[pieces] = _Work(pieces)
    return _WORKS[pieces].reset(assemblies, generation)


def warm() -> None:
    """Compile the search (or load it from numba's cache) so no reply pays for that."""
    disassemble([frozenset({(0, 0, 0)}), frozenset({(1, 0, 0)})], 2)
