"""Every way six pieces fill the burr's slots.

An *assembly* gives each slot a piece and an orientation such that no two pieces share a
cell and the skin is whole (holes inside are allowed). Assemblies are counted up to the
12 rotations of the whole burr (Cutler's convention: mirror images count separately); the
*raw* count is the number of placements of the labelled pieces over every rotation, so
identical pieces and symmetric pieces multiply it.

The search is a depth-first walk with core masks as 64-bit words, compiled by numba
(`_walk`), for both searches here: `assemble` walks the slots in a fixed order, the
first piece pinned to the first slot (every rotation class has a member with it there,
since the rotations move the first slot to each of the six), later slots taking any
unused piece whose placement misses every occupied cell; `solid_assemblies` fills the
lowest empty core cell each time. At each complete assembly the walk also writes the
name of its rotation class (`class_key`), so Python only keeps the first of each class.
The walk keeps its stack in arrays and returns every `CHECK_EVERY` nodes, so the deadline
is looked at and progress reported as the search goes on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

import numpy as np
from numba import njit

from ..values import Limits
from .geometry import Frame
from .geometry import frame as burr_frame
from .pieces import Cubie, cubies_of

#: how often (in search nodes) a long search looks at the clock and reports progress
CHECK_EVERY = 4096
#: complete assemblies written per call of `_walk` at most
LEAVES = 1024


@dataclass(frozen=True)
class Assembly:
    """One assembly: per slot (piece index, orientation, core mask); `key` names its class."""

    slots: tuple[tuple[int, int, int], ...]
    key: tuple[int, ...]


@dataclass
class Enumeration:
    """The distinct assemblies found, the raw count, and whether the search finished."""

    assemblies: list[Assembly]
    raw: int
    exhaustive: bool
    nodes: int


def class_key(frame: Frame, masks: tuple[int, ...]) -> tuple[int, ...]:
    """The smallest image of the per-slot masks over the burr's rotations."""
    best = None
    for rotation in frame.rotations:
        moved = [0] * len(masks)
        for slot, mask in enumerate(masks):
            moved[rotation.slot_map[slot]] = rotation.mask(mask)
        candidate = tuple(moved)
        if best is None or candidate < best:
            best = candidate
    return best  # type: ignore[return-value]


@cache
def slot_order(length: int) -> tuple[int, ...]:
    """Slot 0 first, then each next slot the one sharing most core cells with those before."""
    frame = burr_frame(length)
    reach = [0] * len(frame.slots)
    index = frame.core_index
    for s, slot in enumerate(frame.slots):
        reach[s] = sum(1 << index[c] for c in slot.place(_solid(frame.length)) if c in index)
    order = [0]
    while len(order) < len(frame.slots):
        covered = 0
        for s in order:
            covered |= reach[s]
        rest = [s for s in range(len(frame.slots)) if s not in order]
        order.append(max(rest, key=lambda s: ((reach[s] & covered).bit_count(), -s)))
    return tuple(order)


def _solid(length: int) -> frozenset[Cubie]:
    return cubies_of(1, length)


@cache
def rotation_tables(length: int) -> tuple[np.ndarray, np.ndarray]:
    """The burr's rotations as arrays for `_walk`: slot maps, and per mask byte its image."""
    rotations = burr_frame(length).rotations
    slots = np.array([r.slot_map for r in rotations], dtype=np.int64)
    images = np.array([r.byte_tables for r in rotations], dtype=np.int64)
    return slots, images


class _Walk:
    """One depth-first search's candidates by bucket and its stack, for `_walk`.

    `buckets[b]` lists the candidates tried at bucket b (a depth, or the lowest empty
    core cell when `by_cell`) as (resource, mask, slot, ...): the resource is the bit a
    candidate uses up (its piece, or its slot); the rest is for the caller.
    """

    def __init__(self, length: int, buckets: list[list[tuple]], by_cell: bool):
        self.entries = [entry for bucket in buckets for entry in bucket]
        sizes = [len(bucket) for bucket in buckets]
        self.lo = np.array([sum(sizes[:b]) for b in range(len(buckets))], dtype=np.int64)
        self.hi = self.lo + np.array(sizes, dtype=np.int64)
        self.resource = np.array([e[0] for e in self.entries], dtype=np.int64)
        self.mask = np.array([e[1] for e in self.entries], dtype=np.int64)
        self.slot = np.array([e[2] for e in self.entries], dtype=np.int64)
        self.by_cell = by_cell
        self.full = (1 << len(burr_frame(length).core)) - 1
        self.rotations = rotation_tables(length)
        slots = len(burr_frame(length).slots)
        depth = slots + 1
        self.cursor = np.full(depth, -1, dtype=np.int64)
        self.end = np.zeros(depth, dtype=np.int64)
        self.used = np.zeros(depth, dtype=np.int64)
        self.occupied = np.zeros(depth, dtype=np.int64)
        self.chosen = np.zeros(depth, dtype=np.int64)
        self.state = np.zeros(2, dtype=np.int64)  # depth (-1: finished), stop flag
        self.leaves = np.zeros((LEAVES, slots), dtype=np.int64)
        self.keys = np.zeros((LEAVES, slots), dtype=np.int64)
        self.nodes = 0

    def run(self) -> tuple[list[list[int]], list[list[int]]]:
        """The next complete assemblies (candidates by depth) and their class keys; the
        walk pauses every CHECK_EVERY nodes (`state[1]`) and when its buffer is full."""
        written, nodes = _walk(self.lo, self.hi, self.resource, self.mask, self.slot,
                               self.by_cell, self.full, *self.rotations,
                               self.cursor, self.end, self.used, self.occupied, self.chosen,
                               self.state, self.leaves, self.keys, CHECK_EVERY,
                               self.nodes % CHECK_EVERY)
        self.nodes += int(nodes)
        return self.leaves[:written].tolist(), self.keys[:written].tolist()

    @property
    def finished(self) -> bool:
        return self.state[0] < 0


def assemble(frame: Frame, piece_ids: list[int], limits: Limits | None = None) -> Enumeration:
    """All assemblies of these six pieces (labelled by their index in `piece_ids`)."""
    limits = limits or Limits(max_solutions=10**9)
    candidates: list[list[tuple[int, int, int]]] = [[] for _ in frame.slots]
    for p, piece_id in enumerate(piece_ids):
        for slot, orientation, mask in frame.placements(piece_id):
            if slot != 0 or p == 0:
                candidates[slot].append((p, orientation, mask))
    order = slot_order(frame.length)
    buckets = [[(p, mask, s, o) for p, o, mask in candidates[s]] for s in order]
    walk = _Walk(frame.length, buckets, False)
    classes: dict[tuple[int, ...], Assembly] = {}
    labelled = 0
    stopped = False
    while not walk.finished:
        leaves, keys = walk.run()
        labelled += len(leaves)
        for leaf, key in zip(leaves, keys, strict=True):
            if tuple(key) not in classes:
                slots = [(0, 0, 0)] * len(frame.slots)
                for e in leaf:
                    piece, mask, slot, orientation = walk.entries[e]
                    slots[slot] = (piece, orientation, mask)
                classes[tuple(key)] = Assembly(tuple(slots), tuple(key))
        if walk.state[1] and _should_stop(limits, len(classes), walk.nodes):
            stopped = True
            break
    found = sorted(classes.values(), key=lambda a: a.key)
    return Enumeration(found, labelled * len(frame.slots), not stopped, walk.nodes)


def _should_stop(limits: Limits, found: int, nodes: int) -> bool:
    if limits.progress:
        limits.progress(found, nodes)
    return limits.expired()


def solid_assemblies(frame: Frame, pool: Iterable[int],
                     limits: Limits | None = None) -> tuple[list[tuple[Assembly, list[int]]], bool]:
    """Every solid burr (no holes) from pieces of the pool, each usable any number of times.

    An exact cover of the 32 core cells: branch on the first empty core cell, trying every
    placement of a pool piece in a still-empty slot that fills it. Returns each rotation
    class once with the piece IDs of its slots, and whether the search finished.
    """
    limits = limits or Limits(max_solutions=10**9)
    pool = sorted(set(pool))
    covering: list[list[tuple[int, int, int, int, int]]] = [[] for _ in frame.core]
    for piece_id in pool:
        for slot, orientation, mask in frame.placements(piece_id):
            low = (mask & -mask).bit_length() - 1
            if mask:
                covering[low].append((slot, mask, slot, orientation, piece_id))
    walk = _Walk(frame.length, covering, True)
    classes: dict[tuple[int, ...], tuple[Assembly, list[int]]] = {}
    stopped = False
    while not walk.finished:
        leaves, keys = walk.run()
        for leaf, key in zip(leaves, keys, strict=True):
            if tuple(key) not in classes:
                labels: list[tuple[int, int, int]] = [(0, 0, 0)] * len(frame.slots)
                ids = [0] * len(frame.slots)
                for e in leaf:
                    slot, mask, _, orientation, piece_id = walk.entries[e]
                    labels[slot], ids[slot] = (slot, orientation, mask), piece_id
                classes[tuple(key)] = (Assembly(tuple(labels), tuple(key)), ids)
        if walk.state[1] and _should_stop(limits, len(classes), walk.nodes):
            stopped = True
            break
    return sorted(classes.values(), key=lambda item: item[0].key), not stopped


@njit(cache=True, nogil=True)
def _walk(lo: np.ndarray, hi: np.ndarray, resource: np.ndarray, mask: np.ndarray, slot: np.ndarray,
          by_cell: bool, full: int, rot_slots: np.ndarray, rot_bytes: np.ndarray,
          cursor: np.ndarray, end: np.ndarray, used: np.ndarray, occupied: np.ndarray,
          chosen: np.ndarray, state: np.ndarray, leaves: np.ndarray, keys: np.ndarray,
          check_every: int, nodes_before: int) -> tuple[int, int]:  # pragma: no cover - compiled
    """Run the depth-first search on from where the last call left it.

    Buckets are the depths or, `by_cell`, the lowest empty core cell. `cursor[d]` is the
    next candidate to try at depth d (-1: the node is new), `end[d]` its bucket's end,
    `chosen[d]` the candidate taken. A complete assembly is written to `leaves`
    (candidates by depth) with its class key to `keys`. Returns (leaves written, nodes)
    with state[0] = -1 once finished, state[1] = 1 when it stopped to let Python look at
    the clock (every `check_every` nodes, counted across calls).
    """
    slots = leaves.shape[1]
    all_used = (1 << slots) - 1
    depth = state[0]
    written = 0
    nodes = 0
    state[1] = 0
    masks = np.zeros(slots, dtype=np.int64)
    moved = np.zeros(slots, dtype=np.int64)
    best = np.zeros(slots, dtype=np.int64)
    while depth >= 0:
        if cursor[depth] < 0:
            # a new node: complete, dead, or the start of its bucket
            if occupied[depth] == full if by_cell else depth == slots:
                if used[depth] == all_used:
                    if written == len(leaves):
                        break
                    for d in range(depth):
                        e = chosen[d]
                        masks[slot[e]] = mask[e]
                        leaves[written, d] = e
                    _smallest_image(masks, rot_slots, rot_bytes, moved, best)
                    keys[written] = best
                    written += 1
                depth -= 1
                continue
            bucket = depth
            if by_cell:
                empty = ~occupied[depth] & full
                bucket = _lowest_bit(empty)
            cursor[depth] = lo[bucket]
            end[depth] = hi[bucket]
        e = cursor[depth]
        here_used, here_occupied = used[depth], occupied[depth]
        while e < end[depth] and ((here_used >> resource[e]) & 1 or mask[e] & here_occupied):
            e += 1
        if e == end[depth]:
            cursor[depth] = -1
            depth -= 1
            continue
        cursor[depth] = e + 1
        nodes += 1
        chosen[depth] = e
        used[depth + 1] = here_used | (1 << resource[e])
        occupied[depth + 1] = here_occupied | mask[e]
        depth += 1
        cursor[depth] = -1
        if (nodes_before + nodes) % check_every == 0:
            state[1] = 1
            break
    state[0] = depth
    return written, nodes


@njit(cache=True, nogil=True)
def _lowest_bit(word: int) -> int:  # pragma: no cover - compiled
    bit = 0
    while not (word >> bit) & 1:
        bit += 1
    return bit


@njit(cache=True, nogil=True)
def _smallest_image(masks: np.ndarray, rot_slots: np.ndarray, rot_bytes: np.ndarray,
                    moved: np.ndarray, best: np.ndarray) -> None:  # pragma: no cover - compiled
    """`best` = the smallest of the masks' images (by slot) over the rotations."""
    for r in range(len(rot_slots)):
        for s in range(len(masks)):
            image = 0
            for k in range(rot_bytes.shape[1]):
                image |= rot_bytes[r, k, (masks[s] >> (8 * k)) & 0xFF]
            moved[rot_slots[r, s]] = image
        smaller = r == 0
        for s in range(len(masks)):
            if moved[s] != best[s]:
                smaller = smaller or moved[s] < best[s]
                break
        if smaller:
            best[:] = moved
