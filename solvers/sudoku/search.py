"""The Sudoku search: propagation and a depth-first search over bitboards, compiled by
numba.

- *candidates*: where each digit may still go, kept as one bitboard per digit: the grid's
  three *bands* (rows 1-3, 4-6, 7-9) as a 27-bit word each, bit 9*row + column, so a
  search state is 9 x 3 words plus 3 words of the cells not yet decided and a few of
  bookkeeping (34 words: copying one to branch costs next to nothing);
- *naked single*: a cell with one candidate left; *hidden single*: a digit with one
  place left in a unit; *triads*: locked candidates over minirows and minicolumns (a
  digit's places in a band form a permutation of its rows against its boxes, and in a
  stack of its bands against its columns: `_permutation_unions`).

Two searches share the code. The *singles* search propagates singles and branches on
the first cell (row by row) with the fewest candidates, its digits in increasing order:
its order of solutions is the one the bot has always shown. The *triads* search adds the
triads, looks for hidden singles in rows only (the triads cover boxes and columns:
`_hidden_rows`), and branches on the two-candidate cell with the most undecided peers:
about a sixth of the nodes on hard puzzles. `solve_grid` runs the triads search to two
solutions; a grid with one (or none) is answered from it (a unique solution is the same
whichever search finds it), a grid with several is searched again with singles only, so
the same solution is shown first as ever.

A whole band is handled in a few word operations: which cells have one candidate left
(bitwise counters over the nine digit words), a digit's places in a row (9 bits of its
word), a column (one bit of each of nine rows), a box (3 bits of three rows). The search
is an explicit stack of states in an array, so it returns after each solution or a budget
of nodes and Python checks the limits in between.

The fixed cost of a call matters as much as the search on a hard puzzle (tens of
microseconds): the givens go in as bytes and are placed all at once, the tables are
compile-time constants, a solve and its proof that there is no other solution are one
compiled call (`_two`), and the solution comes back as bytes. `warm()` compiles it (or
loads numba's cache) once per process.
"""

from __future__ import annotations

import threading

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from ..values import Limits
from .grid import CELLS, PEERS, SIZE, Grid

#: cells in a band (3 rows of 9)
BAND = 27
#: the 27 bits of a band's word
FULL_BAND = (1 << BAND) - 1
#: words of a search state: 9 digits x 3 bands (word 3*digit + band), then 3 words of
#: undecided cells, the words changed since hidden singles last looked (bit 3*digit +
#: band), the same since the triads last looked, the branch cell and its untried digits
#: (a mask)
UNDECIDED = SIZE * 3
CHANGED, TRIADS_CHANGED, BRANCH_CELL, UNTRIED = 30, 31, 32, 33
WORDS = 34


def _peer_masks() -> np.ndarray:
    """For each cell, its peers and itself as one word per band."""
    masks = np.zeros((CELLS, 3), dtype=np.int64)
    for cell in range(CELLS):
        for other in (cell, *PEERS[cell]):
            masks[cell, other // BAND] |= 1 << (other % BAND)
    return masks


_PEERS = _peer_masks()
#: a box's 9 bits in a band's word, box 0..2 from the left
_BOX = np.array([sum(7 << (9 * row + 3 * box) for row in range(3)) for box in range(3)],
                dtype=np.int64)

def _permutation_unions() -> np.ndarray:
    """For each 3 x 3 pattern of places (bit 3*i + j), the union of the permutation
    patterns (one place in each i and each j) that fit in it: 0 when none fits.

    A digit takes one cell in each row of a band and one in each of its boxes, so its
    *minirows* (a row's 3 cells in one box) that hold it form a permutation of the band's
    3 rows against its 3 boxes; the same holds for a stack's minicolumns (a column's
    3 cells in one box) against its 3 bands. A minirow or minicolumn in no permutation
    that fits the places left loses the digit: locked candidates both ways (pointing and
    claiming), and a digit with no permutation left is a contradiction."""
    unions = np.zeros(512, dtype=np.int64)
    perms = [sum(1 << (3 * i + p[i]) for i in range(3))
             for p in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))]
    for places in range(512):
        for perm in perms:
            if perm & places == perm:
                unions[places] |= perm
    return unions


def _spread(bits: int, step: int, width: int) -> int:
    """Bit m of `bits` (9 of them) as `width` bits from bit `step` * m."""
    return sum(((1 << width) - 1) << (step * m) for m in range(SIZE) if bits >> m & 1)


_PERMUTATIONS = _permutation_unions()
#: the union above spread over a band's word: minirow 3*row + box as 3 bits from 3*(3*row+box)
_MINIROWS = np.array([_spread(int(u), 3, 3) for u in _PERMUTATIONS], dtype=np.int64)
#: a set of columns (9 bits) as the band's word of their cells
_COLUMNS = np.array([sum(0x40201 << k for k in range(SIZE) if cols >> k & 1)
                     for cols in range(512)], dtype=np.int64)
#: a row's 9 places as its 3 minirows that hold one (bit box)
_SHRINK = np.array([sum(1 << box for box in range(3) if places >> (3 * box) & 7)
                    for places in range(512)], dtype=np.int64)


#: one search's work array: the stack of states (one a level), the depth and the nodes,
#: the last solution found as digits
STACK = (CELLS + 1) * WORDS
DEPTH, NODES, FOUND = STACK, STACK + 1, STACK + 2
WORK = FOUND + CELLS

#: what the compiled search reports when it returns
EXHAUSTED, SOLUTION, MORE = 0, 1, 2


@intrinsic
def _bit_index(typingctx, power):  # pragma: no cover - compiled
    """The index of the lowest set bit (one instruction: LLVM's count of trailing zeros)."""

    def codegen(context, builder, signature, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return types.int64(types.int64), codegen


@intrinsic
def _ones(typingctx, word):  # pragma: no cover - compiled
    """How many bits are set (one instruction: LLVM's population count)."""

    def codegen(context, builder, signature, args):
        return builder.ctpop(args[0])
    return types.int64(types.int64), codegen


@njit(cache=True, nogil=True)
def _place(state, band, bit, digit) -> bool:  # pragma: no cover - compiled
    """Put `digit` (0..8) in the cell of `bit` in `band`: it leaves the cell's peers, the
    other digits leave the cell. False when the digit is not a candidate there."""
    if state[digit * 3 + band] & bit == 0:
        return False
    cell = band * BAND + _bit_index(bit)
    changed = state[CHANGED]
    for k in range(3):
        word = digit * 3 + k
        before = state[word]
        after = before & ~_PEERS[cell, k]
        if k == band:
            after |= bit
        if after != before:
            state[word] = after
            changed |= 1 << word
    for other in range(SIZE):
        word = other * 3 + band
        if other != digit and state[word] & bit:
            state[word] &= ~bit
            changed |= 1 << word
    state[CHANGED] = changed
    state[TRIADS_CHANGED] |= changed
    state[UNDECIDED + band] &= ~bit
    return True


@njit(cache=True, nogil=True)
def _naked_singles(state) -> int:  # pragma: no cover - compiled
    """Place every undecided cell that has one candidate left: -1 contradiction (a cell
    with none), 0 none placed, 1 some placed."""
    placed = 0
    for band in range(3):
        once = 0
        twice = 0
        for digit in range(SIZE):
            word = state[digit * 3 + band]
            twice |= once & word
            once |= word
        if once != FULL_BAND:
            return -1
        singles = once & ~twice & state[UNDECIDED + band]
        while singles:
            low = singles & -singles
            singles ^= low
            digit = 0
            while digit < SIZE and state[digit * 3 + band] & low == 0:
                digit += 1
            if digit == SIZE:  # an earlier placement took its last candidate
                return -1
            _place(state, band, low, digit)
            placed = 1
    return placed


@njit(cache=True, nogil=True)
def _hidden_singles(state) -> int:  # pragma: no cover - compiled
    """Place every digit that has one place left in a row, column or box: -1
    contradiction (a digit with no place in a unit, or whose only place an earlier
    placement of this round took), 0 none placed, 1 some placed. Counts gathered before a
    placement may be stale (more places than left): what they miss, the next round finds.

    Only the words changed since the last look are looked at (rows and boxes of a changed
    band, the columns of a changed digit): an unchanged word has no new single and no
    newly empty unit, and the state where nothing was placed yet has none at all."""
    placed = 0
    changed = state[CHANGED]
    state[CHANGED] = 0
    for digit in range(SIZE):
        base = digit * 3
        if (changed >> base) & 7 == 0:
            continue  # no new hidden single nor a new contradiction since the last look
        once = 0
        twice = 0
        open_places = 0  # columns with a place in an undecided cell
        for band in range(3):
            word = state[base + band]
            undecided = state[UNDECIDED + band]
            if (changed >> (base + band)) & 1 == 0:  # its rows and boxes as last seen
                for row in range(3):
                    places = (word >> (9 * row)) & 0x1FF
                    twice |= once & places
                    once |= places
                    open_places |= places & (undecided >> (9 * row))
                continue
            for row in range(3):
                places = (word >> (9 * row)) & 0x1FF
                if places == 0:
                    return -1
                twice |= once & places
                once |= places
                open_places |= places & (undecided >> (9 * row))
                bit = places << (9 * row)
                if places & (places - 1) == 0 and bit & undecided:
                    if not _place(state, band, bit, digit):
                        return -1
                    placed = 1
                    word = state[base + band]
                    undecided = state[UNDECIDED + band]
            for box in range(3):
                places = word & _BOX[box]
                if places == 0:
                    return -1
                if places & (places - 1) == 0 and places & undecided:
                    if not _place(state, band, places, digit):
                        return -1
                    placed = 1
                    word = state[base + band]
                    undecided = state[UNDECIDED + band]
        if once != 0x1FF:
            return -1
        lone = once & ~twice & open_places
        while lone:
            low = lone & -lone
            lone ^= low
            left = 0
            for band in range(3):
                word = state[base + band]
                for row in range(3):
                    bit = low << (9 * row)
                    if word & bit:
                        left += 1
                        if bit & state[UNDECIDED + band]:
                            _place(state, band, bit, digit)
                            placed = 1
            if left == 0:
                return -1
    return placed


@njit(cache=True, nogil=True)
def _hidden_rows(state) -> int:  # pragma: no cover - compiled
    """Hidden singles in rows only, for the words changed since the last look: -1
    contradiction (a digit with no place in a row), 0 none placed, 1 some placed. With the
    triads beside them this is enough: a digit with one place in a box or a column has,
    once the triads have confined it, one place in that cell's row too (the same nodes on
    the hard set as with every unit looked at, for less work a round)."""
    placed = 0
    changed = state[CHANGED]
    state[CHANGED] = 0
    for word_index in range(UNDECIDED):
        if (changed >> word_index) & 1 == 0:
            continue
        band = word_index % 3
        word = state[word_index]
        for row in range(3):
            places = (word >> (9 * row)) & 0x1FF
            if places == 0:
                return -1
            bit = places << (9 * row)
            if places & (places - 1) == 0 and bit & state[UNDECIDED + band]:
                if not _place(state, band, bit, word_index // 3):
                    return -1
                placed = 1
                word = state[word_index]
    return placed


@njit(cache=True, nogil=True)
def _propagate(state, hidden) -> bool:  # pragma: no cover - compiled
    """Naked singles until none is left, then (with `hidden`) hidden singles, and again
    until neither places anything. False on a contradiction."""
    while True:
        naked = _naked_singles(state)
        if naked < 0:
            return False
        if naked:
            continue
        if not hidden:
            return True
        found = _hidden_singles(state)
        if found < 0:
            return False
        if found == 0:
            return True


@njit(cache=True, nogil=True)
def _narrow(state, word, keep) -> None:  # pragma: no cover - compiled
    """Keep only the places of `keep` in a digit's band word, noting the change."""
    before = state[word]
    if before & ~keep:
        state[word] = before & keep
        state[CHANGED] |= 1 << word
        state[TRIADS_CHANGED] |= 1 << word


@njit(cache=True, nogil=True)
def _triads(state) -> int:  # pragma: no cover - compiled
    """Locked candidates over minirows and minicolumns (see `_permutation_unions`) for
    the digits whose words changed since the last look: -1 contradiction, 0 nothing
    removed, 1 some candidates removed."""
    changed = state[TRIADS_CHANGED]
    state[TRIADS_CHANGED] = 0
    removed = 0
    for digit in range(SIZE):
        base = digit * 3
        if (changed >> base) & 7 == 0:
            continue
        columns = 0  # the three bands' columns with a place, 9 bits each
        for band in range(3):
            word = state[base + band]
            places = _SHRINK[word & 0x1FF] | (_SHRINK[(word >> 9) & 0x1FF] << 3) | \
                (_SHRINK[word >> 18] << 6)
            keep = _MINIROWS[places]
            if keep == 0:
                return -1
            if word & ~keep:
                _narrow(state, base + band, keep)
                word &= keep
                removed = 1
            columns |= ((word | (word >> 9) | (word >> 18)) & 0x1FF) << (9 * band)
        kept = 0
        for stack in range(3):
            places = 0
            for band in range(3):
                places |= ((columns >> (9 * band + 3 * stack)) & 7) << (3 * band)
            allowed = _PERMUTATIONS[places]
            if allowed == 0:
                return -1
            for band in range(3):
                kept |= ((allowed >> (3 * band)) & 7) << (9 * band + 3 * stack)
        if kept != columns:
            for band in range(3):
                _narrow(state, base + band, _COLUMNS[(kept >> (9 * band)) & 0x1FF])
            removed = 1
    return removed


@njit(cache=True, nogil=True)
def _propagate_triads(state) -> bool:  # pragma: no cover - compiled
    """Naked singles, then hidden singles in rows (`_hidden_rows`), then locked
    candidates over the triads, each only when the ones before have nothing left to do,
    until none changes anything. False on a contradiction."""
    while True:
        found = _naked_singles(state)
        if found == 0:
            found = _hidden_rows(state)
            if found == 0:
                found = _triads(state)
                if found == 0:
                    return True
        if found < 0:
            return False


@njit(cache=True, nogil=True)
def _bivalue(state, band: int) -> int:  # pragma: no cover - compiled
    """The undecided cells of a band with exactly two candidates, as the band's bits:
    counted digit by digit with three running masks (seen once, twice, three times)."""
    once = 0
    twice = 0
    thrice = 0
    for digit in range(SIZE):
        word = state[digit * 3 + band]
        thrice |= twice & word
        twice |= once & word
        once |= word
    return twice & ~thrice & state[UNDECIDED + band]


@njit(cache=True, nogil=True)
def _branch_cell(state) -> int:  # pragma: no cover - compiled
    """The first undecided cell (row by row) with the fewest candidates, or -1 when
    every cell is decided. Propagation leaves each undecided cell two or more."""
    for band in range(3):
        pairs = _bivalue(state, band)
        if pairs:
            return band * BAND + _bit_index(pairs & -pairs)
    best = -1
    fewest = SIZE + 1
    for band in range(3):
        undecided = state[UNDECIDED + band]
        while undecided:
            low = undecided & -undecided
            undecided ^= low
            count = 0
            for digit in range(SIZE):
                if state[digit * 3 + band] & low:
                    count += 1
            if count < fewest:
                best = band * BAND + _bit_index(low)
                fewest = count
    return best


@njit(cache=True, nogil=True)
def _branch_triads(state) -> int:  # pragma: no cover - compiled
    """The search with triads branches on the cell with two candidates that has the most
    undecided peers (the first such row by row): either digit there then takes a
    candidate from the most cells, so propagation goes furthest (on the hard set: a
    median of 13 nodes against 23 for the first cell with two). Without such a cell, as
    `_branch_cell`."""
    best = -1
    most = -1
    u0, u1, u2 = state[UNDECIDED], state[UNDECIDED + 1], state[UNDECIDED + 2]
    for band in range(3):
        pairs = _bivalue(state, band)
        while pairs:
            low = pairs & -pairs
            pairs ^= low
            cell = band * BAND + _bit_index(low)
            score = _ones(_PEERS[cell, 0] & u0) + _ones(_PEERS[cell, 1] & u1) + \
                _ones(_PEERS[cell, 2] & u2)
            if score > most:
                most = score
                best = cell
    if best >= 0:
        return best
    return _branch_cell(state)


@njit(cache=True, nogil=True)
def _candidates(state, cell) -> int:  # pragma: no cover - compiled
    """The cell's candidates as a 9-bit mask (bit d for digit d+1)."""
    bit = 1 << (cell % BAND)
    band = cell // BAND
    mask = 0
    for digit in range(SIZE):
        if state[digit * 3 + band] & bit:
            mask |= 1 << digit
    return mask


@njit(cache=True, nogil=True)
def _record(state, work) -> None:  # pragma: no cover - compiled
    """The decided grid as digits 1..9 into the work array's solution."""
    for digit in range(SIZE):
        for band in range(3):
            places = state[digit * 3 + band]
            while places:
                work[FOUND + band * BAND + _bit_index(places)] = digit + 1
                places &= places - 1


@njit(cache=True, nogil=True)
def _place_givens(givens, state) -> bool:  # pragma: no cover - compiled
    """The state of the givens (bytes, 0 for a blank) placed, all at once: each digit
    leaves the cells given another digit and the peers of its own givens. False when two
    givens of a digit share a unit (one is then not a candidate where it stands)."""
    state[:] = 0
    for cell in range(len(givens)):
        if givens[cell]:
            state[(givens[cell] - 1) * 3 + cell // BAND] |= 1 << (cell % BAND)
    for band in range(3):
        given = 0
        for digit in range(SIZE):
            given |= state[digit * 3 + band]
        state[UNDECIDED + band] = FULL_BAND & ~given
    for digit in range(SIZE):
        base = digit * 3
        own0, own1, own2 = state[base], state[base + 1], state[base + 2]
        peers0 = peers1 = peers2 = 0
        for band in range(3):
            places = state[base + band]
            while places:
                low = places & -places
                places ^= low
                cell = band * BAND + _bit_index(low)
                near0, near1, near2 = _PEERS[cell, 0], _PEERS[cell, 1], _PEERS[cell, 2]
                same0, same1, same2 = own0 & near0, own1 & near1, own2 & near2
                if band == 0:
                    same0 ^= low
                elif band == 1:
                    same1 ^= low
                else:
                    same2 ^= low
                if same0 | same1 | same2:
                    return False
                peers0 |= near0
                peers1 |= near1
                peers2 |= near2
        state[base] = (state[UNDECIDED] & ~peers0) | own0
        state[base + 1] = (state[UNDECIDED + 1] & ~peers1) | own1
        state[base + 2] = (state[UNDECIDED + 2] & ~peers2) | own2
    state[CHANGED] = state[TRIADS_CHANGED] = (1 << UNDECIDED) - 1
    return True


@njit(cache=True, nogil=True)
def _start(givens, work, hidden, triads) -> int:  # pragma: no cover - compiled
    """Place the givens (bytes, 0 for a blank) and propagate into the first level (singles,
    then with `triads` the triads too): EXHAUSTED on a contradiction, SOLUTION when that
    decides every cell (recorded), MORE when a search is needed (level 0 is then ready to
    branch)."""
    work[DEPTH] = -1
    work[NODES] = 1
    state = work[:WORDS]
    if not _place_givens(givens, state):
        return EXHAUSTED
    if not _propagate(state, hidden):
        return EXHAUSTED
    cell = _branch_cell(state)
    if cell < 0:
        _record(state, work)
        return SOLUTION
    if triads:
        if not _propagate_triads(state):
            return EXHAUSTED
        cell = _branch_triads(state)
        if cell < 0:
            _record(state, work)
            return SOLUTION
    work[DEPTH] = 0
    state[BRANCH_CELL] = cell
    state[UNTRIED] = _candidates(state, cell)
    return MORE


@njit(cache=True, nogil=True)
def _resume(work, budget, triads) -> int:  # pragma: no cover - compiled
    """Go on with the depth-first search until a solution (SOLUTION, recorded), the end
    of the tree (EXHAUSTED) or `budget` more nodes (MORE)."""
    stack = work[:STACK].reshape((CELLS + 1, WORDS))
    depth = work[DEPTH]
    nodes = work[NODES]
    spent = 0
    while depth >= 0:
        parent = stack[depth]
        untried = parent[UNTRIED]
        if untried == 0:
            depth -= 1
            continue
        low = untried & -untried
        parent[UNTRIED] = untried ^ low
        child = stack[depth + 1]
        child[:] = parent
        nodes += 1
        spent += 1
        cell = parent[BRANCH_CELL]
        if _place(child, cell // BAND, 1 << (cell % BAND), _bit_index(low)) and \
                (_propagate_triads(child) if triads else _propagate(child, True)):
            cell = _branch_triads(child) if triads else _branch_cell(child)
            if cell < 0:
                _record(child, work)
                work[DEPTH] = depth
                work[NODES] = nodes
                return SOLUTION
            depth += 1
            child[BRANCH_CELL] = cell
            child[UNTRIED] = _candidates(child, cell)
        if spent >= budget:
            work[DEPTH] = depth
            work[NODES] = nodes
            return MORE
    work[DEPTH] = -1
    work[NODES] = nodes
    return EXHAUSTED


@njit(cache=True, nogil=True)
def _first(givens, work, hidden, triads, budget) -> int:  # pragma: no cover - compiled
    """`_start`, then (if a search is needed and `budget` allows) `_resume`: a search's
    first call, one dispatch instead of two."""
    status = _start(givens, work, hidden, triads)
    if status != MORE or budget == 0:
        return status
    return _resume(work, budget, triads)


@njit(cache=True, nogil=True)
def _two(givens, work, budget, digits) -> int:  # pragma: no cover - compiled
    """The triads search to a second solution in one compiled call: how many solutions
    (0, 1 or 2; with 1 it is copied into `digits`, bytes that Python turns into a tuple
    faster than the work array's words), or -1 when a search of more than `budget` nodes
    (between two solutions) is needed. Nearly every grid is answered by this one call,
    with no Python between its first solution and the proof that there is no other."""
    status = _start(givens, work, True, True)
    found = 1 if status == SOLUTION else 0
    while status == MORE or status == SOLUTION and work[DEPTH] >= 0:
        status = _resume(work, budget, True)
        if status == MORE:
            return -1
        if status == SOLUTION:
            found += 1
            if found == 2:
                return 2
    if found == 1:
        digits[:] = work[FOUND:]
    return found


#: nodes the compiled search runs between two looks at the deadline and progress
SLICE = 20_000
#: solutions found between two progress reports when they come faster than slices end
PROGRESS_EVERY = 1000


class Search:
    """One depth-first search over a grid of givens, run in slices.

    `hidden=False` propagates naked singles only (the generator's test for an easy
    puzzle); branching always uses both kinds of singles, and with `triads` locked
    candidates too (fewer nodes, but another order of solutions). `budget`: nodes to
    search at once after the first propagation (0: propagate only).
    """

    def __init__(self, givens: Grid, hidden: bool = True, budget: int = 0,
                 work: np.ndarray | None = None, triads: bool = False):
        self.work = np.empty(WORK, dtype=np.int64) if work is None else work
        self.triads = triads
        self.status = _first(bytes(givens), self.work, hidden, triads, budget)

    @property
    def nodes(self) -> int:
        return int(self.work[NODES])

    @property
    def over(self) -> bool:
        """Whether nothing is left to search (propagation alone decided the grid, or the
        tree is exhausted): a step would only say EXHAUSTED."""
        return bool(self.work[DEPTH] < 0)

    def step(self, budget: int = SLICE) -> int:
        """Search on for at most `budget` nodes; the status (SOLUTION, EXHAUSTED, MORE)."""
        self.status = _resume(self.work, budget, self.triads)
        return self.status

    def solution(self) -> Grid:
        """The last solution found, as digits."""
        return tuple(self.work[FOUND:].tolist())


_SCRATCH = threading.local()


def _scratch() -> tuple[np.ndarray, np.ndarray]:
    """This thread's work array and solution bytes for `solve_grid`, which runs each search
    to its end before it returns, so one pair a thread serves every call (a fresh array
    cost about as much as the search of an easy grid)."""
    arrays = getattr(_SCRATCH, "arrays", None)
    if arrays is None:
        arrays = _SCRATCH.arrays = (np.empty(WORK, dtype=np.int64),
                                    np.empty(CELLS, dtype=np.uint8))
    return arrays


def solve_grid(givens: Grid, limits: Limits) -> tuple[list[Grid], int, bool, int]:
    """Solutions (up to the cap), how many, whether that is all, and search nodes.

    The search with triads looks for two solutions first: it visits far fewer nodes, and
    for a grid with one solution (or none) its answer is the answer. A grid with several
    is searched again with singles only, so its solutions come in the order they always
    came (the first is the one shown): the triads change the branch cells, and with them
    which solution turns up first.

    Up to two solutions within a slice of nodes between them (nearly every grid) are
    found by one compiled call (`_two`); past that, the search runs slice by slice with
    the deadline and progress looked at in between."""
    work, digits = _scratch()
    count = _two(bytes(givens), work, SLICE, digits)
    if count < 0:
        search = Search(givens, budget=SLICE, work=work, triads=True)
        found, exhaustive = _collect(search, 2, limits)
        count = len(found)
    else:
        found = [tuple(digits.tobytes())] if count == 1 else []
        exhaustive = count < 2
    nodes = work.item(NODES)
    if count < 2:
        # a search that reaches its cap stops without looking for more: at cap 1 it
        # never says whether its solution is the only one
        return found, count, exhaustive and count < limits.max_solutions, nodes
    search = Search(givens, budget=SLICE, work=work)
    found, exhaustive = _collect(search, limits.max_solutions, limits)
    return found, len(found), exhaustive, nodes + search.nodes


def _collect(search: Search, cap: int, limits: Limits) -> tuple[list[Grid], bool]:
    """Run a search to `cap` solutions, its end or the deadline, reporting progress:
    the solutions in the order found and whether the search ended."""
    found: list[Grid] = []
    status = search.status
    while True:
        if status == EXHAUSTED:
            return found, True
        if status == SOLUTION:
            found.append(search.solution())
            if len(found) >= cap:
                return found, False
            if search.over:  # solved by propagation: spare the call that says so
                return found, True
        if limits.expired():
            return found, False
        if limits.progress and (status == MORE or len(found) % PROGRESS_EVERY == 0):
            limits.progress(len(found), search.nodes)
        status = search.step()


def count_solutions(givens: Grid, cap: int = 2) -> int:
    """How many solutions, counted up to `cap` (cap 2 tells unique from not). A count
    needs no order of solutions, so up to 2 the triads search alone gives it."""
    limits = Limits(max_solutions=cap)
    if cap > 2:
        return solve_grid(givens, limits)[1]
    work, digits = _scratch()
    count = _two(bytes(givens), work, SLICE, digits)
    if count >= 0:
        return min(count, cap)
    return len(_collect(Search(givens, budget=SLICE, work=work, triads=True), cap,
                        limits)[0])


def solved_by_singles(givens: Grid, hidden: bool) -> bool:
    """True when propagation alone (naked singles, plus hidden ones if asked) finishes;
    such a puzzle is unique and needs no guessing."""
    return Search(givens, hidden).status == SOLUTION


def warm() -> None:
    """Compile the search (or load it from numba's cache) so no reply pays for that."""
    solve_grid(tuple([1, 2, 3] + [0] * (CELLS - 3)), Limits(max_solutions=1))
