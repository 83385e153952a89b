"""The moves that take an assembled burr apart.

A *move* shifts one piece or a *group* of pieces along one axis by one or more units
without any cell running into a piece outside the group; it counts once whatever the
distance. The search is breadth-first over *states* (each piece's offset from where it
sits in the assembly, the part's first piece held still, so moving a group that holds it
is written as the rest moving the other way). A group is *free* once it is past every
other piece along the direction it moves; that move *separates* the part in two, and each
half with more than one piece is taken apart the same way. The *level* lists the moves
of each separation, first the whole burr, then the remainder, as in `6.4`.

The breadth-first search is compiled by numba (`_search`): states are rows of offsets in
a growing array, found again through an open-addressing hash table, and every collision
test (piece against piece at a relative offset) is computed once per assembly and kept
in a table. From each state the moves are tried direction by direction, groups in
increasing order of their bit mask, each slid 1, 2, ... units, so the search and its
answer are the same on every run. The search returns to Python between layers once it
has added `CHECK_STATES` states, so the deadline is looked at as the search goes on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import accumulate
from typing import NamedTuple

import numpy as np
from numba import njit

from ..i18n import N_
from ..values import Limits
from .geometry import Cell

Offset = tuple[int, int, int]
#: the six directions, named as seen in the pictures (+z is up, +x right, +y towards you)
DIRECTIONS: tuple[Offset, ...] = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0),
                                  (0, 0, 1), (0, 0, -1))
DIRECTION_WORDS = (N_("right"), N_("left"), N_("forward"), N_("back"), N_("up"), N_("down"))
#: states explored per separation at most; past it the search gives up (not exhaustive)
MAX_STATES = 200_000
#: states added between two looks at the deadline
CHECK_STATES = 20_000
#: what `_search` returns: a separating move found, none exists, too many states, paused
#: to look at the deadline, paused for more room
FOUND, NONE, TOO_MANY, PAUSED, FULL = 0, 1, 2, 3, 4

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
    """Every assembly's pieces as arrays, for one call of `_take_all`.

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
        status = _take_all(pieces.cells, pieces.first, pieces.grid, pieces.hits, length,
                           work.states, work.parent, work.moves, work.table, work.counters,
                           work.last, work.stack, work.starts, work.found, work.levels,
                           work.outcome, work.summary, MAX_STATES, CHECK_STATES, _STEPS)
        if status == FULL:
            work.grow()
        elif status != PAUSED or (limits and limits.expired()):
            return work.results(status)


class _Work:
    """The arrays of one `disassemble_all`, kept between the calls of `_take_all`.

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
        _rehash(self.states, self.counters[0], self.table, self.outcome[6])
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


@njit(cache=True, nogil=True)
def _take_all(cells, first, grid, hits, n, states, parent, moves, table, counters, last,
              stack, starts, found, levels, outcome, summary, max_states, check_states,
              steps):  # pragma: no cover - compiled
    """Take apart each assembly in turn from outcome[7] on, writing its `summary` row.

    Returns -1 once all are done, or PAUSED and FULL from `_take_apart`, to be called
    again (after growing the arrays for FULL).
    """
    k = grid.shape[0]
    while outcome[7] < len(summary):
        a = outcome[7]
        own = first[a * k:(a + 1) * k + 1]
        if outcome[5] == 0:
            # a new assembly: the whole of it alone on the stack, at its start
            stack[0] = (1 << k) - 1
            starts[0] = 0
            outcome[0], outcome[1], outcome[4] = 1, 0, 0
            grid[:] = False
            for p in range(k):
                for c in range(own[p], own[p + 1]):
                    grid[p, cells[c, 0], cells[c, 1], cells[c, 2]] = True
            outcome[5] = 1
        status = _take_apart(cells, own, grid, hits, outcome[8] + a, n, states, parent,
                             moves, table, counters, last, stack, starts, found, levels,
                             outcome, max_states, check_states, steps)
        if status >= 3:
            return status
        summary[a, 0], summary[a, 1], summary[a, 2], summary[a, 3] = \
            status, outcome[2], outcome[3], outcome[4]
        outcome[5] = 0
        outcome[7] += 1
    return -1


@njit(cache=True, nogil=True)
def _take_apart(cells, first, grid, hits, generation, n, states, parent, moves, table,
                counters, last, stack, starts, found, levels, outcome, max_states,
                check_states, steps):  # pragma: no cover - compiled
    """Separate each part on the stack, pushing its halves (the larger taken next).

    Returns FOUND once every part came apart, NONE when one cannot, TOO_MANY; or PAUSED
    and FULL from `_search`, to be called again (after growing the arrays for FULL).
    """
    while True:
        if outcome[1] == 0:
            if outcome[0] == 0:
                return 0
            outcome[0] -= 1
            states[0] = starts[outcome[0]]
            counters[0], counters[1], counters[2], counters[3], counters[4] = 1, 0, 1, 0, 0
            outcome[6] += 1
            _rehash(states, 1, table, outcome[6])
            outcome[1] = 1
        whole = stack[outcome[0]]
        part = np.zeros(_bits(whole), dtype=np.int64)
        size = 0
        for p in range(len(stack)):
            if (whole >> p) & 1:
                part[size] = p
                size += 1
        status = _search(part, cells, first, grid, hits, generation, n, states, parent,
                         moves, table, outcome[6], counters, last, max_states,
                         check_states, steps)
        if status >= 3:
            return status
        # the path: from the separating move back to the start, written in order
        length = 1
        state = counters[3]
        while status == 0 and parent[state] >= 0:
            length += 1
            state = parent[state]
        at = outcome[2]
        if at + length > len(found):
            return 4
        outcome[4] += counters[4]
        if status != 0:
            return status
        outcome[1] = 0
        _found(found, at + length - 1, whole, last[0], last[1], last[2], 1)
        state = counters[3]
        for m in range(length - 2, -1, -1):
            _found(found, at + m, whole, moves[state, 0], moves[state, 1], moves[state, 2], 0)
            state = parent[state]
        outcome[2] += length
        levels[outcome[3]] = length
        outcome[3] += 1
        end = states[counters[3]].copy()
        group = last[0]
        for p in part:
            if (group >> p) & 1:
                for c in range(3):
                    end[3 * p + c] += steps[last[1], c] * last[2]
        # the larger half is taken apart first (the moved group when they are equal)
        rest = whole & ~group
        halves = (rest, group) if _bits(group) >= _bits(rest) else (group, rest)
        for half in halves:
            if _bits(half) > 1:
                stack[outcome[0]] = half
                starts[outcome[0]] = end
                outcome[0] += 1


@njit(cache=True, nogil=True)
def _found(found, row, whole, group, direction, distance,
           separates):  # pragma: no cover - compiled
    """Write a move as its smaller side: a move of most of the part is the other pieces
    moving the opposite way."""
    if 2 * _bits(group) > _bits(whole):
        group, direction = whole & ~group, direction ^ 1
    found[row, 0], found[row, 1], found[row, 2], found[row, 3] = (group, direction, distance,
                                                                  separates)


@njit(cache=True, nogil=True)
def _bits(word):  # pragma: no cover - compiled
    count = 0
    while word:
        word &= word - 1
        count += 1
    return count


@njit(cache=True, nogil=True, inline="always")
def _hash(rows, r):  # pragma: no cover - compiled
    """FNV-1a of row r (indexed in place: a row view costs two atomic reference counts)."""
    h = np.uint64(1469598103934665603)
    for c in range(rows.shape[1]):
        h = (h ^ np.uint64(rows[r, c] & 0xFFFF)) * np.uint64(1099511628211)
    return h


@njit(cache=True, nogil=True)
def _rehash(states, count, table, search):  # pragma: no cover - compiled
    """Put the first `count` states into the table, for this search."""
    mask = np.uint64(len(table) - 1)
    for s in range(count):
        slot = _hash(states, s) & mask
        while table[slot, 1] == search:
            slot = (slot + np.uint64(1)) & mask
        table[slot, 0], table[slot, 1] = s, search


@njit(cache=True, nogil=True)
def _search(part, cells, first, grid, hits, generation, n, states, parent, moves, table,
            search, counters, last, max_states, check_states,
            steps):  # pragma: no cover - compiled
    """Breadth-first search from where the last call stopped (see `_Work.counters`).

    Returns FOUND with the separating move in `last` and the state it leaves from in
    counters[3]; NONE when no state is left; TOO_MANY; PAUSED between two layers after
    `check_states` new states; FULL when the arrays are full (the states added from the
    state being expanded are dropped, and it is expanded again after they have grown).
    """
    k = len(part)
    anchor = part[0]
    mask = np.uint64(len(table) - 1)
    count, begin, end, cursor, done = (counters[0], counters[1], counters[2], counters[3],
                                       counters[4])
    added = 0
    blockers = np.zeros((6, 64), dtype=np.int64)
    closures = np.zeros(64, dtype=np.int64)
    groups = np.zeros(64, dtype=np.int64)
    width = states.shape[1]
    after = np.zeros((1, width), dtype=np.int64)  # the state a move leads to
    room = len(parent)
    while True:
        if cursor == end:
            # a layer is finished: the states it added make the next one
            done += count - end
            added += count - end
            if count > max_states:
                counters[0], counters[4] = count, done
                return 2
            if count == end:
                counters[0], counters[4] = count, done
                return 1
            begin, end = end, count
            if added >= check_states:
                counters[0], counters[1], counters[2], counters[3], counters[4] = \
                    count, begin, end, cursor, done
                return 3
        before = count
        # who blocks whom, one unit in each direction
        for d in range(6):
            for p in range(k):
                blockers[d, part[p]] = 0
        for a in range(k):
            i = part[a]
            for b in range(a + 1, k):
                j = part[b]
                rx = states[cursor, 3 * i] - states[cursor, 3 * j]
                ry = states[cursor, 3 * i + 1] - states[cursor, 3 * j + 1]
                rz = states[cursor, 3 * i + 2] - states[cursor, 3 * j + 2]
                for d in range(6):
                    # does i, one unit on in direction d, run into j? The table is
                    # looked up and a miss worked out here, as below, not in a function
                    # of its own: a compiled call given arrays counts references to them
                    # (atomic increments and decrements), which cost a quarter of the time
                    x, y, z = rx + steps[d, 0], ry + steps[d, 1], rz + steps[d, 2]
                    if -n < x < n and -n < y < n and -n < z < n:
                        entry = hits[i, j, x + n, y + n, z + n]
                        if entry >> 1 != generation:
                            entry = 2 * generation
                            for c in range(first[i], first[i + 1]):
                                u, v, w = cells[c, 0] + x, cells[c, 1] + y, cells[c, 2] + z
                                if 0 <= u < n and 0 <= v < n and 0 <= w < n and grid[j, u, v, w]:
                                    entry += 1
                                    break
                            hits[i, j, x + n, y + n, z + n] = entry
                        if entry & 1:
                            blockers[d, i] |= 1 << j
                            blockers[d ^ 1, j] |= 1 << i
        for d in range(6):
            dx, dy, dz = steps[d, 0], steps[d, 1], steps[d, 2]
            axis = 0 if dx != 0 else (1 if dy != 0 else 2)
            sign = dx + dy + dz
            moving = 0
            for p in range(1, k):
                i = part[p]
                group = 1 << i
                todo = group
                while todo:
                    low = todo & -todo
                    todo ^= low
                    q = 0
                    while low >> q != 1:
                        q += 1
                    extra = blockers[d, q] & ~group
                    group |= extra
                    todo |= extra
                if not (group >> anchor) & 1:
                    closures[moving] = group
                    moving += 1
            # every union of the movable pieces' closures, each once, in increasing order
            found = 0
            for m in range(moving):
                closure = closures[m]
                known = found
                for g in range(known + 1):
                    union = closure if g == known else groups[g] | closure
                    seen = False
                    for h in range(found):
                        if groups[h] == union:
                            seen = True
                            break
                    if not seen:
                        groups[found] = union
                        found += 1
            for g in range(1, found):
                union = groups[g]
                h = g
                while h > 0 and groups[h - 1] > union:
                    groups[h] = groups[h - 1]
                    h -= 1
                groups[h] = union
            for g in range(found):
                group = groups[g]
                distance = 1
                while True:
                    for c in range(width):
                        after[0, c] = states[cursor, c]
                    for p in range(k):
                        i = part[p]
                        if (group >> i) & 1:
                            after[0, 3 * i] += dx * distance
                            after[0, 3 * i + 1] += dy * distance
                            after[0, 3 * i + 2] += dz * distance
                    free = True
                    for a in range(k):
                        i = part[a]
                        if not (group >> i) & 1:
                            continue
                        for b in range(k):
                            j = part[b]
                            if (group >> j) & 1:
                                continue
                            if sign * (after[0, 3 * i + axis] - after[0, 3 * j + axis]) < n:
                                free = False
                    if free:
                        last[0], last[1], last[2] = group, d, distance
                        counters[0], counters[1], counters[2], counters[3], counters[4] = \
                            count, begin, end, cursor, done
                        return 0
                    # stored already? if not, store it with the move that led here
                    slot = _hash(after, 0) & mask
                    known = False
                    while table[slot, 1] == search:
                        other = table[slot, 0]
                        same = True
                        for c in range(width):
                            if states[other, c] != after[0, c]:
                                same = False
                                break
                        if same:
                            known = True
                            break
                        slot = (slot + np.uint64(1)) & mask
                    if not known:
                        if count == room:
                            counters[0], counters[1], counters[2], counters[3], counters[4] = \
                                before, begin, end, cursor, done
                            return 4
                        table[slot, 0], table[slot, 1] = count, search
                        for c in range(width):
                            states[count, c] = after[0, c]
                        parent[count] = cursor
                        moves[count, 0], moves[count, 1], moves[count, 2] = group, d, distance
                        count += 1
                    distance += 1
                    blocked = False
                    for a in range(k):
                        i = part[a]
                        if not (group >> i) & 1:
                            continue
                        for b in range(k):
                            j = part[b]
                            if (group >> j) & 1:
                                continue
                            x = after[0, 3 * i] - after[0, 3 * j] + dx
                            y = after[0, 3 * i + 1] - after[0, 3 * j + 1] + dy
                            z = after[0, 3 * i + 2] - after[0, 3 * j + 2] + dz
                            if -n < x < n and -n < y < n and -n < z < n:
                                entry = hits[i, j, x + n, y + n, z + n]
                                if entry >> 1 != generation:
                                    entry = 2 * generation
                                    for c in range(first[i], first[i + 1]):
                                        u = cells[c, 0] + x
                                        v, w = cells[c, 1] + y, cells[c, 2] + z
                                        if (0 <= u < n and 0 <= v < n and 0 <= w < n
                                                and grid[j, u, v, w]):
                                            entry += 1
                                            break
                                    hits[i, j, x + n, y + n, z + n] = entry
                                if entry & 1:
                                    blocked = True
                                    break
                        if blocked:
                            break
                    if blocked:
                        break
        cursor += 1


def warm() -> None:
    """Compile the search (or load it from numba's cache) so no reply pays for that."""
    disassemble([frozenset({(0, 0, 0)}), frozenset({(1, 0, 0)})], 2)
