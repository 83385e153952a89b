"""Every way six pieces fill the burr's slots.

An *assembly* gives each slot a piece and an orientation such that no two pieces share a
cell and the skin is whole (holes inside are allowed). Assemblies are counted up to the
12 rotations of the whole burr (Cutler's convention: mirror images count separately); the
*raw* count is the number of placements of the labelled pieces over every rotation, so
identical pieces and symmetric pieces multiply it.

The search is a depth-first walk over slots with core masks as Python integers: the first
piece is pinned to the first slot (every rotation class has a member with it there, since
the rotations move the first slot to each of the six), later slots take any unused piece
whose placement misses every occupied cell.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..base import Limits
from .geometry import Frame
from .pieces import cubies_of

#: how often (in search nodes) a long search looks at the clock and reports progress
CHECK_EVERY = 4096


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


def slot_order(frame: Frame) -> list[int]:
    """Slot 0 first, then each next slot the one sharing most core cells with those before."""
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
    return order


def _solid(length: int):
    return cubies_of(1, length)


def assemble(frame: Frame, piece_ids: list[int], limits: Limits | None = None) -> Enumeration:
    """All assemblies of these six pieces (labelled by their index in `piece_ids`)."""
    limits = limits or Limits(max_solutions=10**9)
    candidates: list[list[tuple[int, int, int]]] = [[] for _ in frame.slots]
    for p, piece_id in enumerate(piece_ids):
        for slot, orientation, mask in frame.placements(piece_id):
            if slot != 0 or p == 0:
                candidates[slot].append((p, orientation, mask))
    order = slot_order(frame)
    chosen: list[tuple[int, int, int] | None] = [None] * len(frame.slots)
    classes: dict[tuple[int, ...], Assembly] = {}
    labelled = 0
    nodes = 0
    stopped = False

    def walk(depth: int, used: int, occupied: int) -> None:
        nonlocal labelled, nodes, stopped
        if depth == len(order):
            labelled += 1
            slots = tuple(chosen)  # type: ignore[arg-type]
            key = class_key(frame, tuple(mask for _, _, mask in slots))
            classes.setdefault(key, Assembly(slots, key))
            return
        slot = order[depth]
        for entry in candidates[slot]:
            piece, _, mask = entry
            if used >> piece & 1 or mask & occupied:
                continue
            nodes += 1
            if nodes % CHECK_EVERY == 0 and _should_stop(limits, len(classes), nodes):
                stopped = True
            if stopped:
                return
            chosen[slot] = entry
            walk(depth + 1, used | 1 << piece, occupied | mask)
        chosen[slot] = None

    walk(0, 0, 0)
    found = sorted(classes.values(), key=lambda a: a.key)
    return Enumeration(found, labelled * len(frame.slots), not stopped, nodes)


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
    full = (1 << len(frame.core)) - 1
    covering: list[list[tuple[int, int, int, int]]] = [[] for _ in frame.core]
    for piece_id in pool:
        for slot, orientation, mask in frame.placements(piece_id):
            low = (mask & -mask).bit_length() - 1
            if mask:
                covering[low].append((slot, piece_id, orientation, mask))
    classes: dict[tuple[int, ...], tuple[Assembly, list[int]]] = {}
    chosen: list[tuple[int, int, int] | None] = [None] * len(frame.slots)
    ids: list[int] = [0] * len(frame.slots)
    nodes = 0
    stopped = False
    all_slots = (1 << len(frame.slots)) - 1

    def walk(filled: int, occupied: int) -> None:
        nonlocal nodes, stopped
        if occupied == full:
            if filled == all_slots:
                slots = tuple(chosen)  # type: ignore[arg-type]
                key = class_key(frame, tuple(mask for _, _, mask in slots))
                if key not in classes:
                    labels = tuple((i, o, m) for i, (_, o, m) in enumerate(slots))
                    classes[key] = (Assembly(labels, key), list(ids))
            return
        empty = ~occupied & full
        cell = (empty & -empty).bit_length() - 1
        # the placement filling `cell` has `cell` as its lowest bit: all lower cells are full
        for slot, piece_id, orientation, mask in covering[cell]:
            if filled >> slot & 1 or mask & occupied:
                continue
            nodes += 1
            if nodes % CHECK_EVERY == 0 and _should_stop(limits, len(classes), nodes):
                stopped = True
            if stopped:
                return
            chosen[slot], ids[slot] = (slot, orientation, mask), piece_id
            walk(filled | 1 << slot, occupied | mask)
            chosen[slot] = None

    walk(0, 0)
    return sorted(classes.values(), key=lambda item: item[0].key), not stopped
