"""The moves that take an assembled burr apart.

A *move* shifts one piece or a *group* of pieces along one axis by one or more units
without any cell running into a piece outside the group; it counts once whatever the
distance. The search is breadth-first over *states* (each piece's offset from where it
sits in the assembly, the part's first piece held still, so moving a group that holds it
is written as the rest moving the other way). A group is *free* once it is past every
other piece along the direction it moves; that move *separates* the part in two, and each
half with more than one piece is taken apart the same way. The *level* lists the moves
of each separation, first the whole burr, then the remainder, as in `6.4`.

Pieces are Python integers with one bit per cell of a padded grid, so a collision test is
a shift and an AND; tests are cached by (piece, piece, relative offset).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..base import Limits
from .geometry import Cell

Offset = tuple[int, int, int]
#: the six directions, named as seen in the pictures (+z is up, +x right, +y towards you)
DIRECTIONS: tuple[Offset, ...] = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0),
                                  (0, 0, 1), (0, 0, -1))
DIRECTION_WORDS = ("right", "left", "forward", "back", "up", "down")
#: states explored per separation at most; past it the search gives up (not exhaustive)
MAX_STATES = 200_000


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
    """Collision tests between the pieces of one assembly, cached across searches."""

    def __init__(self, cells: Sequence[frozenset[Cell]], length: int):
        self.length = length
        width = 3 * length
        self.strides = (1, width, width * width)
        self.bits = [sum(1 << self._bit(c) for c in piece) for piece in cells]
        self.cache: dict[tuple[int, int, int, int, int], bool] = {}

    def _bit(self, cell: Cell) -> int:
        return sum((c + self.length) * s for c, s in zip(cell, self.strides, strict=True))

    def collide(self, i: int, j: int, rx: int, ry: int, rz: int) -> bool:
        """Does piece i, shifted by (rx, ry, rz) relative to piece j, overlap it?"""
        n = self.length
        if rx >= n or -rx >= n or ry >= n or -ry >= n or rz >= n or -rz >= n:
            return False
        key = (i, j, rx, ry, rz)
        hit = self.cache.get(key)
        if hit is None:
            shift = rx + ry * self.strides[1] + rz * self.strides[2]
            a = self.bits[i] << shift if shift >= 0 else self.bits[i] >> -shift
            hit = self.cache[key] = bool(a & self.bits[j])
        return hit


def disassemble(cells: Sequence[frozenset[Cell]], length: int,
                limits: Limits | None = None) -> Disassembly:
    """Take the whole assembly apart, or find that it cannot be."""
    mover = Mover(cells, length)
    result = Disassembly()
    start = tuple(0 for _ in range(3 * len(cells)))
    result.complete = _take_apart(mover, list(range(len(cells))), start, result, limits)
    return result


def _take_apart(mover: Mover, pieces: list[int], start: tuple[int, ...],
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


def first_separation(mover: Mover, pieces: list[int], start: tuple[int, ...],
                     result: Disassembly, limits: Limits | None
                     ) -> tuple[list[Move], tuple[int, ...]] | None:
    """Fewest moves until some group of `pieces` comes free (breadth first), or None."""
    parent: dict[tuple[int, ...], tuple[tuple[int, ...], Move] | None] = {start: None}
    frontier = [start]
    while frontier:
        following = []
        for state in frontier:
            for move, after in _moves_from(mover, pieces, state):
                if after in parent and not move.separates:
                    continue
                if move.separates:
                    return _path(parent, state, move), after
                parent[after] = (state, move)
                following.append(after)
        result.states += len(following)
        if len(parent) > MAX_STATES or (limits and limits.expired()):
            result.exhaustive = False
            return None
        frontier = following
    return None


def _path(parent, state, last: Move) -> list[Move]:
    moves = [last]
    while parent[state] is not None:
        state, move = parent[state]
        moves.append(move)
    return moves[::-1]


def _moves_from(mover: Mover, pieces: list[int], state: tuple[int, ...]):
    """Every (move, state after it) from this state; groups never hold the first piece."""
    anchor, rest = pieces[0], pieces[1:]
    blockers = [dict.fromkeys(pieces, 0) for _ in DIRECTIONS]
    for a, i in enumerate(pieces):
        for j in pieces[a + 1:]:
            rx = state[3 * i] - state[3 * j]
            ry = state[3 * i + 1] - state[3 * j + 1]
            rz = state[3 * i + 2] - state[3 * j + 2]
            for d, (dx, dy, dz) in enumerate(DIRECTIONS):
                # i running into j going one way is j running into i going the other
                if mover.collide(i, j, rx + dx, ry + dy, rz + dz):
                    blockers[d][i] |= 1 << j
                    blockers[d ^ 1][j] |= 1 << i
    for d in range(len(DIRECTIONS)):
        closures = {i: _closure(i, blockers[d]) for i in rest}
        movable = [i for i in rest if not closures[i] >> anchor & 1]
        for group in _unions(movable, closures):
            yield from _slides(mover, pieces, state, group, d)


def _closure(piece: int, blockers: dict[int, int]) -> int:
    """The pieces that must move along with `piece` for it to move one unit."""
    group, todo = 1 << piece, [piece]
    while todo:
        extra = blockers[todo.pop()] & ~group
        group |= extra
        while extra:
            low = extra & -extra
            todo.append(low.bit_length() - 1)
            extra ^= low
    return group


def _unions(movable: list[int], closures: dict[int, int]) -> set[int]:
    """Every group that can move: any union of the closures of movable pieces."""
    groups: set[int] = set()
    for i in movable:
        groups |= {g | closures[i] for g in groups}
        groups.add(closures[i])
    return groups


def _slides(mover: Mover, pieces: list[int], state: tuple[int, ...], group: int, d: int):
    """The group slid 1, 2, ... units in direction d until it is blocked or free."""
    dx, dy, dz = DIRECTIONS[d]
    inside = [p for p in pieces if group >> p & 1]
    outside = [p for p in pieces if not group >> p & 1]
    axis, sign = next((a, s) for a, s in enumerate(DIRECTIONS[d]) if s)
    n = mover.length
    distance = 1
    while True:
        after = list(state)
        for p in inside:
            after[3 * p] += dx * distance
            after[3 * p + 1] += dy * distance
            after[3 * p + 2] += dz * distance
        free = all(sign * (after[3 * i + axis] - after[3 * j + axis]) >= n
                   for i in inside for j in outside)
        yield Move(tuple(inside), d, distance, free), tuple(after)
        if free:
            return
        distance += 1
        for i in inside:
            for j in outside:
                if mover.collide(i, j, after[3 * i] - after[3 * j] + dx,
                                 after[3 * i + 1] - after[3 * j + 1] + dy,
                                 after[3 * i + 2] - after[3 * j + 2] + dz):
                    return
