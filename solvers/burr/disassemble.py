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

import numpy as np
from numba import njit

from ..base import Limits
from .geometry import Cell

Offset = tuple[int, int, int]
#: the six directions, named as seen in the pictures (+z is up, +x right, +y towards you)
DIRECTIONS: tuple[Offset, ...] = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0),
                                  (0, 0, 1), (0, 0, -1))
DIRECTION_WORDS = ("right", "left", "forward", "back", "up", "down")
#: states explored per separation at most; past it the search gives up (not exhaustive)
MAX_STATES = 200_000
#: states added between two looks at the deadline
CHECK_STATES = 20_000
#: what `_search` returns: a separating move found, none exists, too many states, paused
#: to look at the deadline, paused for more room
FOUND, NONE, TOO_MANY, PAUSED, FULL = 0, 1, 2, 3, 4

_STEPS = np.array(DIRECTIONS, dtype=np.int64)


@dataclass(frozen=True)
class Move:
    """One move: which pieces, which direction (index into DIRECTIONS), how far."""

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


class Mover:
    """One assembly's pieces as arrays, and its collision tests, kept across searches."""

    def __init__(self, cells: Sequence[frozenset[Cell]], length: int):
        self.length = length
        count = len(cells)
        self.cells = np.zeros((count, max(len(c) for c in cells), 3), dtype=np.int64)
        self.sizes = np.array([len(c) for c in cells], dtype=np.int64)
        self.grid = np.zeros((count, length, length, length), dtype=np.bool_)
        for p, piece in enumerate(cells):
            if piece:
                where = np.array(sorted(piece), dtype=np.int64)
                self.cells[p, :len(piece)] = where
                self.grid[p, where[:, 0], where[:, 1], where[:, 2]] = True
        span = 2 * length + 1
        #: piece i shifted by r against piece j: -1 not yet known, 0 apart, 1 they overlap
        self.hits = np.full((count, count, span, span, span), -1, dtype=np.int8)


def disassemble(cells: Sequence[frozenset[Cell]], length: int,
                limits: Limits | None = None) -> Disassembly:
    """Take the whole assembly apart, or find that it cannot be."""
    mover = Mover(cells, length)
    result = Disassembly()
    start = np.zeros(3 * len(cells), dtype=np.int64)
    result.complete = _take_apart(mover, list(range(len(cells))), start, result, limits)
    return result


def _take_apart(mover: Mover, pieces: list[int], start: np.ndarray,
                result: Disassembly, limits: Limits | None) -> bool:
    """Separate this part, then each half (larger first); True if all came apart."""
    found = first_separation(mover, pieces, start, result, limits)
    if found is None:
        return False
    moves, end = found
    moves = [_smaller_side(move, pieces) for move in moves]
    result.moves += moves
    result.levels.append(len(moves))
    group = set(moves[-1].pieces)
    halves = [[p for p in pieces if p in group], [p for p in pieces if p not in group]]
    for half in sorted(halves, key=len, reverse=True):
        if len(half) > 1 and not _take_apart(mover, half, end, result, limits):
            return False
    return True


def _smaller_side(move: Move, pieces: list[int]) -> Move:
    """Write a move of most of the part as the other pieces moving the opposite way."""
    if 2 * len(move.pieces) <= len(pieces):
        return move
    others = tuple(p for p in pieces if p not in move.pieces)
    return Move(others, move.direction ^ 1, move.distance, move.separates)


class _Work:
    """The growing arrays of one breadth-first search (kept between paused calls)."""

    def __init__(self, start: np.ndarray):
        self.states = np.zeros((64, len(start)), dtype=np.int64)
        self.states[0] = start
        self.parent = np.full(64, -1, dtype=np.int64)
        self.moves = np.zeros((64, 3), dtype=np.int64)  # group mask, direction, distance
        self.table = np.full(256, -1, dtype=np.int64)
        #: states stored, first of the layer being expanded, its end, next to expand,
        #: states of finished layers
        self.counters = np.array([1, 0, 1, 0, 0], dtype=np.int64)
        self.last = np.zeros(3, dtype=np.int64)
        _rehash(self.states, 1, self.table)

    def grow(self) -> None:
        """Four times the room for states, and the table rebuilt for it."""
        size = len(self.parent)
        self.states = np.concatenate([self.states, np.zeros((3 * size, self.states.shape[1]),
                                                            dtype=np.int64)])
        self.parent = np.concatenate([self.parent, np.full(3 * size, -1, dtype=np.int64)])
        self.moves = np.concatenate([self.moves, np.zeros((3 * size, 3), dtype=np.int64)])
        self.table = np.full(16 * size, -1, dtype=np.int64)
        _rehash(self.states, self.counters[0], self.table)


def first_separation(mover: Mover, pieces: list[int], start: np.ndarray,
                     result: Disassembly, limits: Limits | None
                     ) -> tuple[list[Move], np.ndarray] | None:
    """Fewest moves until some group of `pieces` comes free (breadth first), or None."""
    work = _Work(start)
    part = np.array(pieces, dtype=np.int64)
    while True:
        status = _search(part, mover.cells, mover.sizes, mover.grid, mover.hits,
                         mover.length, work.states, work.parent, work.moves, work.table,
                         work.counters, work.last, MAX_STATES, CHECK_STATES, _STEPS)
        if status == FOUND:
            result.states += int(work.counters[4])
            return _path(work, pieces)
        if status == NONE:
            result.states += int(work.counters[4])
            return None
        if status == FULL:
            work.grow()
        elif status == TOO_MANY or (limits and limits.expired()):
            result.states += int(work.counters[4])
            result.exhaustive = False
            return None


def _path(work: _Work, pieces: list[int]) -> tuple[list[Move], np.ndarray]:
    """The moves from the start to the state the separating move leaves from, then it."""
    group, direction, distance = (int(v) for v in work.last)
    moves = [_move(pieces, group, direction, distance, True)]
    state = int(work.counters[3])
    end = work.states[state].copy()
    for p in pieces:
        if group >> p & 1:
            end[3 * p:3 * p + 3] += _STEPS[direction] * distance
    while work.parent[state] >= 0:
        group, direction, distance = (int(v) for v in work.moves[state])
        moves.append(_move(pieces, group, direction, distance, False))
        state = int(work.parent[state])
    return moves[::-1], end


def _move(pieces: list[int], group: int, direction: int, distance: int,
          separates: bool) -> Move:
    return Move(tuple(p for p in pieces if group >> p & 1), direction, distance, separates)


@njit(cache=True, nogil=True)
def _hash(row):  # pragma: no cover - compiled
    h = np.uint64(1469598103934665603)
    for v in row:
        h = (h ^ np.uint64(v & 0xFFFF)) * np.uint64(1099511628211)
    return h


@njit(cache=True, nogil=True)
def _rehash(states, count, table):  # pragma: no cover - compiled
    """Put the first `count` states into an emptied table."""
    table[:] = -1
    mask = np.uint64(len(table) - 1)
    for s in range(count):
        slot = _hash(states[s]) & mask
        while table[slot] >= 0:
            slot = (slot + np.uint64(1)) & mask
        table[slot] = s


@njit(cache=True, nogil=True)
def _collide(cells, sizes, grid, hits, n, i, j, rx, ry, rz):  # pragma: no cover - compiled
    """Does piece i, shifted by (rx, ry, rz) relative to piece j, overlap it?"""
    if rx >= n or -rx >= n or ry >= n or -ry >= n or rz >= n or -rz >= n:
        return False
    known = hits[i, j, rx + n, ry + n, rz + n]
    if known >= 0:
        return known == 1
    hit = False
    for c in range(sizes[i]):
        x, y, z = cells[i, c, 0] + rx, cells[i, c, 1] + ry, cells[i, c, 2] + rz
        if 0 <= x < n and 0 <= y < n and 0 <= z < n and grid[j, x, y, z]:
            hit = True
            break
    hits[i, j, rx + n, ry + n, rz + n] = 1 if hit else 0
    return hit


@njit(cache=True, nogil=True)
def _search(part, cells, sizes, grid, hits, n, states, parent, moves, table, counters,
            last, max_states, check_states, steps):  # pragma: no cover - compiled
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
    after = np.zeros(states.shape[1], dtype=np.int64)
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
        state = states[cursor]
        before = count
        # who blocks whom, one unit in each direction
        for d in range(6):
            for p in range(k):
                blockers[d, part[p]] = 0
        for a in range(k):
            i = part[a]
            for b in range(a + 1, k):
                j = part[b]
                rx = state[3 * i] - state[3 * j]
                ry = state[3 * i + 1] - state[3 * j + 1]
                rz = state[3 * i + 2] - state[3 * j + 2]
                for d in range(6):
                    if _collide(cells, sizes, grid, hits, n, i, j, rx + steps[d, 0],
                                ry + steps[d, 1], rz + steps[d, 2]):
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
            for subset in range(1, 1 << moving):
                union = 0
                for m in range(moving):
                    if (subset >> m) & 1:
                        union |= closures[m]
                seen = False
                for g in range(found):
                    if groups[g] == union:
                        seen = True
                        break
                if not seen:
                    groups[found] = union
                    found += 1
            groups[:found].sort()
            for g in range(found):
                group = groups[g]
                distance = 1
                while True:
                    after[:] = state
                    for p in range(k):
                        i = part[p]
                        if (group >> i) & 1:
                            after[3 * i] += dx * distance
                            after[3 * i + 1] += dy * distance
                            after[3 * i + 2] += dz * distance
                    free = True
                    for a in range(k):
                        i = part[a]
                        if not (group >> i) & 1:
                            continue
                        for b in range(k):
                            j = part[b]
                            if (group >> j) & 1:
                                continue
                            if sign * (after[3 * i + axis] - after[3 * j + axis]) < n:
                                free = False
                    if free:
                        last[0], last[1], last[2] = group, d, distance
                        counters[0], counters[1], counters[2], counters[3], counters[4] = \
                            count, begin, end, cursor, done
                        return 0
                    # stored already? if not, store it with the move that led here
                    slot = _hash(after) & mask
                    known = False
                    while table[slot] >= 0:
                        other = states[table[slot]]
                        same = True
                        for c in range(len(after)):
                            if other[c] != after[c]:
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
                        table[slot] = count
                        states[count] = after
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
                            if _collide(cells, sizes, grid, hits, n, i, j,
                                        after[3 * i] - after[3 * j] + dx,
                                        after[3 * i + 1] - after[3 * j + 1] + dy,
                                        after[3 * i + 2] - after[3 * j + 2] + dz):
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
