"""The fast path for boxes of at most 128 locations: a bitmask search compiled by numba.

Each location is one bit of a pair of 64-bit words (locations 0 to 63 in the first,
64 to 127 in the second); a placement (a part's shape in one position of the box) is
the mask of its locations. At each step the search picks one empty location and tries
every placement that covers it and fits, of a shape that still has parts left.

Which location: `aps` always fills the lowest empty one, which needs no dancing links
but branches badly in a big 3D box (Y25: over 4 CPU minutes, where xcover takes about
one). So in three dimensions and more the search counts the placements that fit at
the *tight* locations, those with at most three empty neighbours (counted with shifts
of the empty mask), the fewest neighbours first, and at the lowest empty location,
then branches on the one with the fewest: none is a dead end found at once, one a
forced move. Y pentacubes in a 5x5x4 box then take 1.5 million nodes instead of 154
million, Y25 54 million, Bedlam 25 million instead of 390 million.

The search is an explicit stack kept in arrays, so it can stop after a budget of nodes
and resume: Python checks the deadline and reports progress between slices, and
collects the covers it wrote into a buffer. `warm()` compiles it once per process.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import cast

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros as _trailing_zeros

#: locations a search can hold: two 64-bit words
MAX_LOCATIONS = 128
#: probe locations per table (buckets: 2^PROBES per location and table)
PROBES = 4
#: status values returned by `search_slice`
DONE, BUFFER_FULL, BUDGET_SPENT = 0, 1, 2

_WORD = 2**64 - 1
#: a pair of words holds the locations: each word an element of a uint64 array
Word = np.uint64
#: a count or an index in compiled code: a Python int, or an element of an int64 array
Number = int | np.int64
# numba's intrinsic, called in compiled code with the word alone (its Python signature
# is numba's typing function's)
trailing_zeros = cast("Callable[[Word], int]", _trailing_zeros)


@njit(inline="always")
def _down(low: Word, high: Word, step: Word) -> tuple[Word, Word]:  # pragma: no cover - compiled
    """The pair of words shifted towards location 0 by `step` (1 to 127) locations."""
    if step >= 64:
        return high >> (step - np.uint64(64)), np.uint64(0)
    return (low >> step) | (high << (np.uint64(64) - step)), high >> step


@njit(inline="always")
def _up(low: Word, high: Word, step: Word) -> tuple[Word, Word]:  # pragma: no cover - compiled
    """The pair of words shifted away from location 0 by `step` (1 to 127) locations."""
    if step >= 64:
        return np.uint64(0), low << (step - np.uint64(64))
    return low << step, (high << step) | (low >> (np.uint64(64) - step))


@njit(inline="always")
def _bucket(table: Number, probes: np.ndarray, here0: Word,
            here1: Word) -> Number:  # pragma: no cover - compiled
    """The bucket of a table (see `BitmaskSearch`) matching which of its probes are
    empty."""
    bucket: Number = table << PROBES
    for j in range(PROBES):
        probe = probes[table, j]
        if probe < 64:
            bit = (here0 >> np.uint64(probe)) & np.uint64(1)
        else:
            bit = (here1 >> np.uint64(probe - 64)) & np.uint64(1)
        bucket += np.int64(bit) << j
    return bucket


@njit(inline="always")
def _fits(bucket: Number, cap: Number, lo: np.ndarray, hi: np.ndarray, skip: np.ndarray,
          masks: np.ndarray, shape_of: np.ndarray, counts: np.ndarray, here0: Word,
          here1: Word) -> int:  # pragma: no cover - compiled
    """How many placements of a bucket fit the board, counting no further than `cap`."""
    found = 0
    k = lo[bucket]
    while k < hi[bucket] and found < cap:
        if counts[shape_of[k]] == 0:
            k = skip[k]
            continue
        if (masks[k, 0] & here0) == 0 and (masks[k, 1] & here1) == 0:
            found += 1
        k += 1
    return found


@njit(inline="always")
def _lowest(word0: Word, word1: Word) -> Number:  # pragma: no cover - compiled
    """The number of the lowest location set in a pair of words (one must be non-zero)."""
    if word0:
        return np.int64(trailing_zeros(word0))
    return 64 + np.int64(trailing_zeros(word1))


@njit(inline="always")
def _tally(ones: Word, twos: Word, threes: Word, fours: Word,
           seen: Word) -> tuple[Word, Word, Word, Word]:  # pragma: no cover - compiled
    """Count one more empty neighbour for the locations set in `seen` (bit i of `ones`:
    at least one empty neighbour, of `twos` at least two, and so on)."""
    return ones | seen, twos | (ones & seen), threes | (twos & seen), fours | (threes & seen)


@njit(inline="always")
def _branch(tight: np.ndarray, probes: np.ndarray, lo: np.ndarray, hi: np.ndarray,
            skip: np.ndarray, masks: np.ndarray, shape_of: np.ndarray, counts: np.ndarray,
            full0: Word, full1: Word, here0: Word,
            here1: Word) -> tuple[Number, Number]:  # pragma: no cover - compiled
    """The bucket to branch on and how many of its placements fit (see the module).

    `tight[t]` holds the empty locations with t + 1 empty neighbours. The lowest
    empty location is weighed after those with one or two, in its own table (the
    placements it is the lowest location of); the search stops looking at one fit.
    """
    cells = probes.shape[0] // 2
    least: Number = np.int64(1) << 40
    best: Number = -1
    for tier in range(3):
        if tier == 2:
            bucket = _bucket(_lowest(~here0 & full0, ~here1 & full1), probes, here0, here1)
            fit = _fits(bucket, least, lo, hi, skip, masks, shape_of, counts, here0, here1)
            if fit < least:
                least, best = fit, bucket
        tight0, tight1 = tight[tier, 0], tight[tier, 1]
        while least > 1 and (tight0 or tight1):
            cell = _lowest(tight0, tight1)
            if tight0:
                tight0 &= tight0 - np.uint64(1)
            else:
                tight1 &= tight1 - np.uint64(1)
            bucket = _bucket(cell + cells, probes, here0, here1)
            fit = _fits(bucket, least, lo, hi, skip, masks, shape_of, counts, here0, here1)
            if fit < least:
                least, best = fit, bucket
    return least, best


@njit(cache=True, nogil=True)
def search_slice(probes: np.ndarray, lo: np.ndarray, hi: np.ndarray, skip: np.ndarray,
                 steps: np.ndarray, after: np.ndarray, before: np.ndarray,
                 masks: np.ndarray, shape_of: np.ndarray, counts: np.ndarray,
                 full: np.ndarray, filled: np.ndarray, tight: np.ndarray,
                 cursor: np.ndarray, at: np.ndarray, chosen: np.ndarray, state: np.ndarray,
                 covers: np.ndarray, budget: int,
                 weigh: bool) -> tuple[int, int, int]:  # pragma: no cover - compiled
    """Run the search for at most `budget` nodes from the state left by the last call.

    `lo[b]:hi[b]` are the placements of bucket b (see `BitmaskSearch`), by shape;
    `skip[k]` is the first placement after k's group, to pass a used-up shape at once;
    `steps`, `after`, `before` describe neighbours along each axis: a placement that
    leaves an empty location walled in on every side is not tried (no axes: no test),
    and with `weigh` the others note the tight locations they leave in `tight[d + 1]`
    (else none is noted, and the search always fills the lowest empty location).
    Masks are pairs of words: `masks[k]`, `full`, `filled[d]` the box at depth d;
    `at[d]` the bucket branched on there, `cursor[d]` its next placement to try (-1:
    not started); `chosen[d]` the placement made there; `state[0]` the depth (-1:
    finished).
    Returns (status, covers written, nodes).
    """
    depth = state[0]
    written = 0
    nodes = 0
    full0, full1 = full[0], full[1]
    axes = steps.shape[0]
    while nodes < budget:
        if depth < 0:
            state[0] = depth
            return 0, written, nodes
        here0, here1 = filled[depth, 0], filled[depth, 1]
        if here0 == full0 and here1 == full1:
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
        k = cursor[depth]
        if k < 0:
            if weigh:
                least, best = _branch(tight[depth], probes, lo, hi, skip, masks, shape_of,
                                      counts, full0, full1, here0, here1)
                at[depth] = best
                k = lo[best] if least else hi[best]
            else:
                at[depth] = _bucket(_lowest(~here0 & full0, ~here1 & full1), probes, here0,
                                    here1)
                k = lo[at[depth]]
        bucket = at[depth]
        placed = False
        while k < hi[bucket]:
            option = k
            if counts[shape_of[option]] == 0:
                k = skip[option]
                continue
            k += 1
            mask0, mask1 = masks[option, 0], masks[option, 1]
            if (mask0 & here0) == 0 and (mask1 & here1) == 0:
                board0, board1 = here0 | mask0, here1 | mask1
                empty0, empty1 = ~board0 & full0, ~board1 & full1
                ones0, ones1 = np.uint64(0), np.uint64(0)
                twos0, twos1 = np.uint64(0), np.uint64(0)
                threes0, threes1 = np.uint64(0), np.uint64(0)
                fours0, fours1 = np.uint64(0), np.uint64(0)
                for j in range(axes):
                    next0, next1 = _down(empty0, empty1, steps[j])
                    next0 &= after[j, 0]
                    next1 &= after[j, 1]
                    last0, last1 = _up(empty0, empty1, steps[j])
                    last0 &= before[j, 0]
                    last1 &= before[j, 1]
                    if weigh:
                        ones0, twos0, threes0, fours0 = _tally(ones0, twos0, threes0, fours0,
                                                               next0)
                        ones0, twos0, threes0, fours0 = _tally(ones0, twos0, threes0, fours0,
                                                               last0)
                        ones1, twos1, threes1, fours1 = _tally(ones1, twos1, threes1, fours1,
                                                               next1)
                        ones1, twos1, threes1, fours1 = _tally(ones1, twos1, threes1, fours1,
                                                               last1)
                    else:
                        ones0 |= next0 | last0
                        ones1 |= next1 | last1
                if axes and ((empty0 & ~ones0) or (empty1 & ~ones1)):
                    continue
                if weigh:
                    tight[depth + 1, 0, 0] = empty0 & ~twos0
                    tight[depth + 1, 0, 1] = empty1 & ~twos1
                    tight[depth + 1, 1, 0] = empty0 & twos0 & ~threes0
                    tight[depth + 1, 1, 1] = empty1 & twos1 & ~threes1
                    tight[depth + 1, 2, 0] = empty0 & threes0 & ~fours0
                    tight[depth + 1, 2, 1] = empty1 & threes1 & ~fours1
                cursor[depth] = k
                chosen[depth] = option
                counts[shape_of[option]] -= 1
                filled[depth + 1, 0] = board0
                filled[depth + 1, 1] = board1
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


def words(mask: int) -> tuple[int, int]:
    """A mask of up to 128 locations as its two 64-bit words."""
    return mask & _WORD, mask >> 64


def _word_pairs(masks: list[int]) -> np.ndarray:
    return np.array([words(m) for m in masks], dtype=np.uint64).reshape(-1, 2)


@lru_cache(maxsize=32)
def _tables(placements: tuple[tuple[int, tuple[int, ...]], ...], cells: int,
            neighbours: tuple[tuple[int, int, int], ...]) -> tuple:
    """The search's fixed arrays for these placements (see `BitmaskSearch`), built once
    per box and process: building them took most of a small box's solve (Soma: about
    11 of 16 ms), and the search never writes to them."""
    lowest: list[list[int]] = [[] for _ in range(cells)]
    covering: list[list[int]] = [[] for _ in range(cells)]
    for i, (_, where) in enumerate(placements):
        lowest[min(where)].append(i)
        for c in where:
            covering[c].append(i)
    # an unused probe is the location itself, which is always empty when probed
    probes_of = np.repeat(np.arange(2 * cells, dtype=np.int64)[:, None] % cells, PROBES,
                          axis=1)
    entries: list[int] = []
    bounds = []
    for table, mine in enumerate(lowest + covering):
        cell = table % cells
        use = Counter(c for i in mine for c in placements[i][1] if c != cell)
        probes = [c for c, _ in use.most_common(PROBES)]
        probes_of[table, :len(probes)] = probes
        mine = sorted(mine, key=lambda i: placements[i][0])
        needs = [sum(1 << j for j, p in enumerate(probes) if p in placements[i][1])
                 for i in mine]
        for pattern in range(1 << PROBES):
            bucket = [i for i, need in zip(mine, needs, strict=True) if not need & pattern]
            bounds.append((len(entries), len(entries) + len(bucket)))
            entries.extend(bucket)
    ids = np.array(entries, dtype=np.int64)
    given_masks = [sum(1 << c for c in where) for _, where in placements]
    masks = _word_pairs(given_masks)[ids]
    shape_of = np.array([shape for shape, _ in placements], dtype=np.int64)[ids]
    lo = np.array([b[0] for b in bounds], dtype=np.int64)
    hi = np.array([b[1] for b in bounds], dtype=np.int64)
    skip = np.zeros(len(entries), dtype=np.int64)
    for low, high in bounds:
        end = high
        for k in range(high - 1, low - 1, -1):
            if k + 1 < high and shape_of[k + 1] != shape_of[k]:
                end = k + 1
            skip[k] = end
    # the walled-in test is sound only if no part is a single location; without
    # neighbours no location is tight either, and the search fills the lowest one
    if any(len(where) == 1 for _, where in placements):
        neighbours = ()
    steps = np.array([n[0] for n in neighbours], dtype=np.uint64)
    after = _word_pairs([n[1] for n in neighbours])
    before = _word_pairs([n[2] for n in neighbours])
    return (probes_of, ids, masks, shape_of, lo, hi, skip, steps, after, before,
            given_masks)


class BitmaskSearch:
    """One resumable search over placements given as (shape, locations) pairs.

    Each location c has two tables: the placements whose lowest location is c, and
    those covering c. A table is filed in 2^PROBES buckets, by which of its *probe*
    locations (those its placements use most besides c) are still empty: a placement
    goes in every bucket whose empty probes include all it needs. The search looks
    only at the bucket matching the board, so most misfits are never tried.
    Without `weigh`, the search always branches on the lowest empty location.
    """

    def __init__(self, placements: list[tuple[int, tuple[int, ...]]], counts: list[int],
                 cells: int, holes: tuple[int, ...] = (),
                 neighbours: Sequence[tuple[int, int, int]] = (), buffer: int = 4096,
                 weigh: bool = True):
        (self.probes, self.ids, self.masks, self.shape_of, self.lo, self.hi, self.skip,
         self.steps, self.after, self.before, self.given_masks) = _tables(
            tuple(placements), cells, tuple(neighbours))
        self.counts = np.array(counts, dtype=np.int64)
        parts = sum(counts)
        self.full = np.array(words((1 << cells) - 1), dtype=np.uint64)
        self.filled = np.zeros((parts + 2, 2), dtype=np.uint64)
        self.holes = sum(1 << c for c in holes)
        self.fixed: list[int] = []
        self.filled[0] = words(self.holes)
        self.tight = np.zeros((parts + 2, 3, 2), dtype=np.uint64)
        self.cursor = np.full(parts + 2, -1, dtype=np.int64)
        self.at = np.zeros(parts + 2, dtype=np.int64)
        self.chosen = np.zeros(parts + 2, dtype=np.int64)
        self.state = np.zeros(1, dtype=np.int64)
        self.covers = np.zeros((buffer, max(parts, 1)), dtype=np.int64)
        self.parts = parts
        self.nodes = 0
        self.weigh = weigh

    def restart(self, placed: tuple[int, ...], counts: list[int]) -> None:
        """Search again from an empty box with some placements made (numbers as given)."""
        mask = self.holes
        for i in placed:
            mask |= self.given_masks[i]
        self.filled[0] = words(mask)
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
            self.filled, self.tight, self.cursor, self.at, self.chosen, self.state, self.covers,
            budget, self.weigh)
        self.nodes += int(nodes)
        placed = self.parts - len(self.fixed)
        rows = self.ids[self.covers[:written, :placed]]
        return [sorted(row + self.fixed) for row in rows.tolist()]


def warm() -> None:
    """Compile (or load from numba's cache) the search, so no reply pays for it."""
    BitmaskSearch([(0, (0, 1))], [1], 2, (), [(1, 1, 2)]).step(10)
