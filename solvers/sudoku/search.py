"""The Sudoku search: propagation of singles and a depth-first search over bitboards,
compiled by numba.

- *candidates*: where each digit may still go, kept as one bitboard per digit: the grid's
  three *bands* (rows 1-3, 4-6, 7-9) as a 27-bit word each, bit 9*row + column, so a
  search state is 9 x 3 words plus 3 words of the cells not yet decided (32 words with
  padding: copying one to branch costs next to nothing);
- *naked single*: a cell with one candidate left; *hidden single*: a digit with one
  place left in a unit. Placing them is *propagation*; when it stalls the search
  branches on the first cell (row by row) with the fewest candidates, its digits in
  increasing order.

A whole band is handled in a few word operations: which cells have one candidate left
(bitwise counters over the nine digit words), a digit's places in a row (9 bits of its
word), a column (one bit of each of nine rows), a box (3 bits of three rows). The search
is an explicit stack of states in an array, so it returns after each solution or a budget
of nodes and Python checks the limits in between.

The fixed cost of a call matters as much as the search on a hard puzzle (tens of
microseconds): the givens go in as bytes, the tables are compile-time constants, a solve
is one compiled call to the first solution and one more to prove there is no other.
`warm()` compiles it (or loads numba's cache) once per process.

The search visits the same nodes in the same order as the cell-array search it replaced
(same propagation fixpoint, same branching rule), so every answer and node count is the
same.
"""

from __future__ import annotations

import threading

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from ..base import Limits
from .grid import CELLS, PEERS, SIZE, Grid

#: cells in a band (3 rows of 9)
BAND = 27
#: the 27 bits of a band's word
FULL_BAND = (1 << BAND) - 1
#: words of a search state: 9 digits x 3 bands (word 3*digit + band), then 3 words of
#: undecided cells, the words changed since hidden singles last looked (bit 3*digit +
#: band), the branch cell and its untried digits (a mask)
UNDECIDED = SIZE * 3
CHANGED, BRANCH_CELL, UNTRIED = 30, 31, 32
WORDS = 33


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
def _branch_cell(state) -> int:  # pragma: no cover - compiled
    """The first undecided cell (row by row) with the fewest candidates, or -1 when
    every cell is decided. Propagation leaves each undecided cell two or more."""
    for band in range(3):
        once = 0
        twice = 0
        thrice = 0
        for digit in range(SIZE):
            word = state[digit * 3 + band]
            thrice |= twice & word
            twice |= once & word
            once |= word
        pairs = twice & ~thrice & state[UNDECIDED + band]
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
    for cell in range(CELLS):
        bit = 1 << (cell % BAND)
        band = cell // BAND
        digit = 0
        while state[digit * 3 + band] & bit == 0:
            digit += 1
        work[FOUND + cell] = digit + 1


@njit(cache=True, nogil=True)
def _start(givens, work, hidden) -> int:  # pragma: no cover - compiled
    """Place the givens (bytes, 0 for a blank) and propagate into the first level:
    EXHAUSTED on a contradiction, SOLUTION when that decides every cell (recorded), MORE
    when a search is needed (level 0 is then ready to branch)."""
    state = work[:WORDS]
    state[:] = 0
    for word in range(UNDECIDED):
        state[word] = FULL_BAND
    for band in range(3):
        state[UNDECIDED + band] = FULL_BAND
    state[CHANGED] = 0
    work[DEPTH] = -1
    work[NODES] = 1
    for cell in range(len(givens)):
        if givens[cell] and not _place(state, cell // BAND, 1 << (cell % BAND),
                                       givens[cell] - 1):
            return EXHAUSTED
    if not _propagate(state, hidden):
        return EXHAUSTED
    cell = _branch_cell(state)
    if cell < 0:
        _record(state, work)
        return SOLUTION
    work[DEPTH] = 0
    state[BRANCH_CELL] = cell
    state[UNTRIED] = _candidates(state, cell)
    return MORE


@njit(cache=True, nogil=True)
def _resume(work, budget) -> int:  # pragma: no cover - compiled
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
                _propagate(child, True):
            cell = _branch_cell(child)
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
def _first(givens, work, hidden, budget) -> int:  # pragma: no cover - compiled
    """`_start`, then (if a search is needed and `budget` allows) `_resume`: a search's
    first call, one dispatch instead of two."""
    status = _start(givens, work, hidden)
    if status != MORE or budget == 0:
        return status
    return _resume(work, budget)


#: nodes the compiled search runs between two looks at the deadline and progress
SLICE = 20_000
#: solutions found between two progress reports when they come faster than slices end
PROGRESS_EVERY = 1000


class Search:
    """One depth-first search over a grid of givens, run in slices.

    `hidden=False` propagates naked singles only (the generator's test for an easy
    puzzle); branching always uses both kinds of singles. `budget`: nodes to search at
    once after the first propagation (0: propagate only).
    """

    def __init__(self, givens: Grid, hidden: bool = True, budget: int = 0,
                 work: np.ndarray | None = None):
        self.work = np.empty(WORK, dtype=np.int64) if work is None else work
        self.status = _first(bytes(givens), self.work, hidden, budget)

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
        self.status = _resume(self.work, budget)
        return self.status

    def solution(self) -> Grid:
        """The last solution found, as digits."""
        return tuple(self.work[FOUND:].tolist())


_SCRATCH = threading.local()


def _scratch() -> np.ndarray:
    """This thread's work array for `solve_grid`, which runs each search to its end before
    it returns, so one array a thread serves every call (a fresh one cost about as much as
    the search of an easy grid)."""
    work = getattr(_SCRATCH, "work", None)
    if work is None:
        work = _SCRATCH.work = np.empty(WORK, dtype=np.int64)
    return work


def solve_grid(givens: Grid, limits: Limits) -> tuple[list[Grid], int, bool, int]:
    """Solutions (up to the cap), how many, whether that is all, and search nodes."""
    search = Search(givens, budget=SLICE, work=_scratch())
    found: list[Grid] = []
    status = search.status
    while True:
        if status == EXHAUSTED:
            return found, len(found), True, search.nodes
        if status == SOLUTION:
            found.append(search.solution())
            if len(found) >= limits.max_solutions:
                return found, len(found), False, search.nodes
            if search.over:  # solved by propagation: spare the call that says so
                return found, len(found), True, search.nodes
        if limits.expired():
            return found, len(found), False, search.nodes
        if limits.progress and (status == MORE or len(found) % PROGRESS_EVERY == 0):
            limits.progress(len(found), search.nodes)
        status = search.step()


def count_solutions(givens: Grid, cap: int = 2) -> int:
    """How many solutions, counted up to `cap` (cap 2 tells unique from not)."""
    return solve_grid(givens, Limits(max_solutions=cap))[1]


def solved_by_singles(givens: Grid, hidden: bool) -> bool:
    """True when propagation alone (naked singles, plus hidden ones if asked) finishes;
    such a puzzle is unique and needs no guessing."""
    return Search(givens, hidden).status == SOLUTION


def warm() -> None:
    """Compile the search (or load it from numba's cache) so no reply pays for that."""
    solve_grid(tuple([1, 2, 3] + [0] * (CELLS - 3)), Limits(max_solutions=1))
