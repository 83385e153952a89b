"""Where the six sticks of a burr lie, and the rotations that map the burr onto itself.

Global *cells* are (x, y, z) with 0 <= x, y, z < L. A *slot* is where one stick lies in
the assembled burr: two sticks along each axis. Sticks along x are split along y (one at
y = c+1..c+2, one at y = c+3..c+4) and centred in z (c+2..c+3), sticks along y are split
along z and centred in x, sticks along z are split along x and centred in y (c = L/2 - 3).
This is the seed's P table. A piece sits in a slot with its bottom face outwards.

The *skin* is every cell only one slot reaches (the ends and Cutler's 'a' and 'b'
cubies); it must be filled, or the burr shows a hole. The *core* is the 32 cells two or
more slots reach; empty core cells are the burr's internal *holes* (32 minus the total
weight). A *placement* of a piece in a slot is written as the bit mask of the core cells
it fills. The burr's outline has 12 rotational symmetries (mirror images are not rotations,
so they stay distinct assemblies, as in Cutler's counts).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import permutations, product

from .pieces import Cubie, cubies_of, orientations, solid_stick

Cell = tuple[int, int, int]
Vector = tuple[int, int, int]
AXES = "xyz"


def unit(axis: int, sign: int = 1) -> Vector:
    return tuple(sign if i == axis else 0 for i in range(3))  # type: ignore[return-value]


def cross(a: Vector, b: Vector) -> Vector:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


@dataclass(frozen=True)
class Slot:
    """One stick's place: `along` is its axis, `side` 0 or 1 which of the pair it is."""

    along: int
    side: int
    origin: Cell
    eu: Vector
    ev: Vector
    ew: Vector

    def place(self, cubies: frozenset[Cubie]) -> frozenset[Cell]:
        """The global cells of a piece lying in this slot, given in its own frame."""
        o, eu, ev, ew = self.origin, self.eu, self.ev, self.ew
        return frozenset(
            (o[0] + u * eu[0] + v * ev[0] + w * ew[0], o[1] + u * eu[1] + v * ev[1] + w * ew[1],
             o[2] + u * eu[2] + v * ev[2] + w * ew[2])
            for u, v, w in cubies)

    @property
    def name(self) -> str:
        return f"{AXES[self.along]}{self.side + 1}"


def make_slot(length: int, along: int, side: int) -> Slot:
    """The slot's frame is a proper rotation (eu x ev = ew), so no piece is mirrored."""
    c = length // 2 - 3
    split, centred = (along + 1) % 3, (along + 2) % 3
    ew = unit(split, 1 if side == 0 else -1)
    eu = unit(along)
    ev = cross(ew, eu)
    origin = [0, 0, 0]
    origin[split] = c + 1 if side == 0 else c + 4
    origin[centred] = c + 2 if ev[centred] > 0 else c + 3
    return Slot(along, side, tuple(origin), eu, ev, ew)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Rotation:
    """A rotation of the burr onto itself: where each slot and each core cell goes."""

    matrix: tuple[Vector, Vector, Vector]
    slot_map: tuple[int, ...]
    cell_map: tuple[int, ...]  # core index -> core index
    byte_tables: tuple[tuple[int, ...], ...]  # mask byte k -> permuted bits

    def mask(self, mask: int) -> int:
        """A core mask moved by this rotation."""
        out = 0
        for k, table in enumerate(self.byte_tables):
            out |= table[(mask >> (8 * k)) & 0xFF]
        return out


@dataclass(frozen=True)
class Frame:
    """The burr's geometry for one stick length."""

    length: int
    slots: tuple[Slot, ...]
    core: tuple[Cell, ...]
    skins: tuple[frozenset[Cell], ...]
    rotations: tuple[Rotation, ...]

    @property
    def core_index(self) -> dict[Cell, int]:
        return {cell: i for i, cell in enumerate(self.core)}

    def placements(self, piece_id: int) -> tuple[tuple[int, int, int], ...]:
        """(slot, orientation, core mask) for every way the piece fits a slot, skin intact.

        Orientations that fill the same cells are listed once.
        """
        return placements(self.length, piece_id)

    def cells(self, slot: int, orientation: int, piece_id: int) -> frozenset[Cell]:
        """The cells of a piece in a slot, turned the given way (0..7, see `orientations`)."""
        return placed_cells(self.length, slot, orientation, piece_id)


@lru_cache(maxsize=4096)
def placements(length: int, piece_id: int) -> tuple[tuple[int, int, int], ...]:
    """`Frame.placements`, cached: every solve of the same pieces asks again."""
    geometry = frame(length)
    index = geometry.core_index
    result = []
    for s in range(len(geometry.slots)):
        seen = set()
        for o in range(8):
            cells = geometry.cells(s, o, piece_id)
            if not geometry.skins[s] <= cells:
                continue
            mask = sum(1 << index[cell] for cell in cells if cell in index)
            if mask not in seen:
                seen.add(mask)
                result.append((s, o, mask))
    return tuple(result)


@cache
def placed_cells(length: int, slot: int, orientation: int, piece_id: int) -> frozenset[Cell]:
    """Cached: the same few pieces are placed again and again."""
    turned = orientations(cubies_of(piece_id, length), length)[orientation]
    return frame(length).slots[slot].place(turned)


def cube_rotations() -> list[tuple[Vector, Vector, Vector]]:
    """The 24 proper rotations of a cube as signed permutation matrices (rows)."""
    result = []
    for perm in permutations(range(3)):
        for signs in product((1, -1), repeat=3):
            rows = (unit(perm[0], signs[0]), unit(perm[1], signs[1]), unit(perm[2], signs[2]))
            if _det(rows) == 1:
                result.append(rows)
    return result


def _det(m: tuple[Vector, Vector, Vector]) -> int:
    return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))


def rotate(matrix: tuple[Vector, Vector, Vector], cell: Cell, length: int) -> Cell:
    """Turn a cell about the burr's centre (doubled coordinates keep it integral)."""
    q = [2 * c - (length - 1) for c in cell]
    r = [sum(matrix[i][j] * q[j] for j in range(3)) for i in range(3)]
    return tuple((c + length - 1) // 2 for c in r)  # type: ignore[return-value]


@cache
def frame(length: int = 6) -> Frame:
    """Slots, skin, core and symmetries for sticks of this length (computed once)."""
    slots = tuple(make_slot(length, along, side) for along in range(3) for side in range(2))
    solid = [slot.place(solid_stick(length)) for slot in slots]
    reach: dict[Cell, int] = {}
    for cells in solid:
        for cell in cells:
            reach[cell] = reach.get(cell, 0) + 1
    core = tuple(sorted(cell for cell, n in reach.items() if n >= 2))
    skins = tuple(frozenset(c for c in cells if reach[c] == 1) for cells in solid)
    index = {cell: i for i, cell in enumerate(core)}
    rotations = []
    for matrix in cube_rotations():
        moved = [frozenset(rotate(matrix, c, length) for c in cells) for cells in solid]
        if set(moved) != set(solid):
            continue
        slot_map = tuple(solid.index(m) for m in moved)
        cell_map = tuple(index[rotate(matrix, c, length)] for c in core)
        tables = tuple(
            tuple(sum(1 << cell_map[8 * k + b] for b in range(8) if byte >> b & 1
                      and 8 * k + b < len(core)) for byte in range(256))
            for k in range((len(core) + 7) // 8))
        rotations.append(Rotation(matrix, slot_map, cell_map, tables))
    return Frame(length, slots, core, skins, tuple(rotations))
