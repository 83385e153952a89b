"""The fast path for boxes of at most 64 locations: a bitmask search compiled by numba.

Each location is one bit of a 64-bit word; a placement (a part's shape in one position
of the box) is the mask of its locations. The search always fills the lowest empty
location, trying only the placements whose lowest location it is and whose shape still
has parts left, which is `aps`' own strategy and needs no dancing links.

The search is an explicit stack kept in arrays, so it can stop after a budget of nodes
and resume: Python checks the deadline and reports progress between slices, and
collects the covers it wrote into a buffer. `warm()` compiles it once per process.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import numpy as np
from numba import njit

#: de Bruijn sequence and table: index of the lowest set bit of a 64-bit word
_DEBRUIJN = 0x03F79D71B4CB0A89
_TABLE = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _TABLE[(((1 << _i) * _DEBRUIJN) % 2**64) >> 58] = _i

#: probe locations per lowest location (buckets: 2^PROBES per location)
PROBES = 4
#: status values returned by `search_slice`
DONE, BUFFER_FULL, BUDGET_SPENT = 0, 1, 2


@njit(cache=True, nogil=True)
def search_slice(probes, lo, hi, skip, steps, after, before, masks, shape_of, counts,
                 full, filled, cursor, chosen, state,
                 covers, budget, table, debruijn):  # pragma: no cover - compiled
    """Run the search for at most `budget` nodes from the state left by the last call.

    `lo[b]:hi[b]` are the placements of bucket b (see `BitmaskSearch`), by shape;
    `skip[k]` is the first placement after k's group, to pass a used-up shape at once;
    `steps`, `after`, `before` describe neighbours along each axis: a placement that
    leaves an empty location walled in on every side is not tried. `filled[d]` the mask
    at depth d; `cursor[d]` the next placement to try there (-1: not started);
    `chosen[d]` the placement made there; `state[0]` the depth (-1: finished).
    Returns (status, covers written, nodes).
    """
    depth = state[0]
    written = 0
    nodes = 0
    while nodes < budget:
        if depth < 0:
            state[0] = depth
            return 0, written, nodes
        here = filled[depth]
        if here == full:
            for d in range(depth):
                covers[written, d] = chosen[d]
            written += 1
            depth -= 1
            if depth >= 0:
                counts[shape_of[chosen[depth]]] += 1
            if written == covers.shape[0]:
                state[0] = depth
                return 1, written, nodes
            continue
        free = ~here & full
        lowest = free & (~free + np.uint64(1))
        cell = table[(lowest * debruijn) >> np.uint64(58)]
        bucket = cell << PROBES
        for j in range(PROBES):
            bucket += ((here >> np.uint64(probes[cell, j])) & np.uint64(1)) << j
        k = cursor[depth]
        if k < 0:
            k = lo[bucket]
        placed = False
        while k < hi[bucket]:
            option = k
            if counts[shape_of[option]] == 0:
                k = skip[option]
                continue
            k += 1
            if (masks[option] & here) == 0:
                board = here | masks[option]
                empty = ~board & full
                walled = empty
                for j in range(steps.shape[0]):
                    walled &= ~((empty >> steps[j]) & after[j])
                    walled &= ~((empty << steps[j]) & before[j])
                if walled:
                    continue
                cursor[depth] = k
                chosen[depth] = option
                counts[shape_of[option]] -= 1
                filled[depth + 1] = board
                cursor[depth + 1] = -1
                depth += 1
                nodes += 1
                placed = True
                break
        if not placed:
            depth -= 1
            if depth >= 0:
                counts[shape_of[chosen[depth]]] += 1
    state[0] = depth
    return 2, written, nodes


@lru_cache(maxsize=32)
def _tables(placements: tuple[tuple[int, tuple[int, ...]], ...], cells: int,
            neighbours: tuple[tuple[int, int, int], ...]) -> tuple:
    """The search's fixed arrays for these placements (see `BitmaskSearch`), built once
    per box and process: building them took most of a small box's solve (Soma: about
    11 of 16 ms), and the search never writes to them."""
    by_cell: list[list[int]] = [[] for _ in range(cells)]
    for i, (_, where) in enumerate(placements):
        by_cell[min(where)].append(i)
    probes_of = np.full((cells, PROBES), 63, dtype=np.int64)
    entries: list[int] = []
    bounds = []
    for cell, mine in enumerate(by_cell):
        use = Counter(c for i in mine for c in placements[i][1] if c != cell)
        probes = [c for c, _ in use.most_common(PROBES)]
        probes_of[cell, :len(probes)] = probes
        for pattern in range(1 << PROBES):
            filled = {p for j, p in enumerate(probes) if pattern >> j & 1}
            bucket = sorted((i for i in mine if not filled & set(placements[i][1])),
                            key=lambda i: placements[i][0])
            bounds.append((len(entries), len(entries) + len(bucket)))
            entries.extend(bucket)
    ids = np.array(entries, dtype=np.int64)
    masks = np.array([sum(1 << c for c in placements[i][1]) for i in entries],
                     dtype=np.uint64)
    shape_of = np.array([placements[i][0] for i in entries], dtype=np.int64)
    lo = np.array([b[0] for b in bounds], dtype=np.int64)
    hi = np.array([b[1] for b in bounds], dtype=np.int64)
    skip = np.zeros(len(entries), dtype=np.int64)
    for low, high in bounds:
        end = high
        for k in range(high - 1, low - 1, -1):
            if k + 1 < high and shape_of[k + 1] != shape_of[k]:
                end = k + 1
            skip[k] = end
    # the walled-in test is sound only if no part is a single location; with one,
    # every location is its own neighbour (a step of 0), so none is ever walled in
    # (no axes at all would leave every empty location "walled in")
    if any(len(where) == 1 for _, where in placements):
        everything = (1 << cells) - 1
        neighbours = ((0, everything, everything),)
    steps = np.array([n[0] for n in neighbours], dtype=np.uint64)
    after = np.array([n[1] for n in neighbours], dtype=np.uint64)
    before = np.array([n[2] for n in neighbours], dtype=np.uint64)
    given_masks = [sum(1 << c for c in where) for _, where in placements]
    return (probes_of, ids, masks, shape_of, lo, hi, skip, steps, after, before,
            given_masks)


class BitmaskSearch:
    """One resumable search over placements given as (shape, locations) pairs.

    The placements whose lowest location is c are filed in 2^PROBES buckets, by which
    of c's *probe* locations (those its placements use most) are still empty: a
    placement goes in every bucket whose empty probes include all it needs. The
    search looks only at the bucket matching the board, so most misfits are never tried.
    """

    def __init__(self, placements: list[tuple[int, tuple[int, ...]]], counts: list[int],
                 cells: int, holes: tuple[int, ...] = (),
                 neighbours: list[tuple[int, int, int]] = (), buffer: int = 4096):
        (self.probes, self.ids, self.masks, self.shape_of, self.lo, self.hi, self.skip,
         self.steps, self.after, self.before, self.given_masks) = _tables(
            tuple(placements), cells, tuple(neighbours))
        self.counts = np.array(counts, dtype=np.int64)
        parts = sum(counts)
        self.full = np.uint64((1 << cells) - 1) if cells < 64 else np.uint64(2**64 - 1)
        self.filled = np.zeros(parts + 2, dtype=np.uint64)
        self.holes = sum(1 << c for c in holes)
        self.fixed: list[int] = []
        self.filled[0] = np.uint64(self.holes)
        self.cursor = np.full(parts + 2, -1, dtype=np.int64)
        self.chosen = np.zeros(parts + 2, dtype=np.int64)
        self.state = np.zeros(1, dtype=np.int64)
        self.covers = np.zeros((buffer, max(parts, 1)), dtype=np.int64)
        self.parts = parts
        self.nodes = 0

    def restart(self, placed: tuple[int, ...], counts: list[int]) -> None:
        """Search again from an empty box with some placements made (numbers as given)."""
        mask = self.holes
        for i in placed:
            mask |= self.given_masks[i]
        self.filled[0] = np.uint64(mask)
        self.counts[:] = counts
        self.cursor[0] = -1
        self.state[0] = 0
        self.fixed = list(placed)

    @property
    def finished(self) -> bool:
        return int(self.state[0]) < 0

    def step(self, budget: int) -> list[list[int]]:
        """Search for up to `budget` nodes; the covers found, as placement numbers."""
        _, written, nodes = search_slice(
            self.probes, self.lo, self.hi, self.skip, self.steps, self.after, self.before,
            self.masks, self.shape_of, self.counts, self.full,
            self.filled, self.cursor, self.chosen, self.state, self.covers,
            budget, _TABLE, np.uint64(_DEBRUIJN))
        self.nodes += int(nodes)
        placed = self.parts - len(self.fixed)
        rows = self.ids[self.covers[:written, :placed]]
        return [sorted(row + self.fixed) for row in rows.tolist()]


def warm() -> None:
    """Compile (or load from numba's cache) the search, so no reply pays for it."""
    BitmaskSearch([(0, (0, 1))], [1], 2, (), [(1, 1, 2)]).step(10)
