"""The Sudoku search: propagation and a depth-first search over bitboards, compiled by
numba.

The board (candidates as bitboards, one word per digit and band) is `bitboard`; what
follows from a state without guessing (singles, triads) is `propagate`; this module
branches and searches.

Two searches share the code. The *singles* search propagates singles and branches on
the first cell (row by row) with the fewest candidates, its digits in increasing order:
its order of solutions is the one the bot has always shown. The *triads* search adds the
triads, looks for hidden singles in rows only (the triads cover boxes and columns:
`propagate._hidden_rows`), and branches on the two-candidate cell with the most undecided peers:
about a sixth of the nodes on hard puzzles. `solve_grid` runs the triads search to two
solutions; a grid with one (or none) is answered from it (a unique solution is the same
whichever search finds it), a grid with several is searched again with singles only, so
the same solution is shown first as ever.

The search is an explicit stack of states in an array, so it returns after each solution
or a budget of nodes and Python checks the limits in between.

The fixed cost of a call matters as much as the search on a hard puzzle (tens of
microseconds): the givens go in as bytes and are placed all at once, the tables are
compile-time constants, a solve and its proof that there is no other solution are one
compiled call (`_two`), and the solution comes back as bytes. `warm()` compiles it (or
loads numba's cache) once per process.
"""

from __future__ import annotations

import threading

import numpy as np
from numba import njit

from ..values import Limits
from .bitboard import (
    BAND,
    BRANCH_CELL,
    DEPTH,
    EXHAUSTED,
    FOUND,
    MORE,
    NODES,
    PEER_WORDS,
    SOLUTION,
    STACK,
    UNDECIDED,
    UNTRIED,
    WORDS,
    WORK,
    bit_index,
    candidates,
    ones,
    place,
    place_givens,
    record,
)
from .grid import CELLS, SIZE, Grid
from .propagate import propagate, propagate_triads


@njit(cache=True, nogil=True)
def _bivalue(state: np.ndarray, band: int) -> int:  # pragma: no cover - compiled
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
def _branch_cell(state: np.ndarray) -> int:  # pragma: no cover - compiled
    """The first undecided cell (row by row) with the fewest candidates, or -1 when
    every cell is decided. Propagation leaves each undecided cell two or more."""
    for band in range(3):
        pairs = _bivalue(state, band)
        if pairs:
            return band * BAND + bit_index(pairs & -pairs)
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
                best = band * BAND + bit_index(low)
                fewest = count
    return best


@njit(cache=True, nogil=True)
def _branch_triads(state: np.ndarray) -> int:  # pragma: no cover - compiled
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
            cell = band * BAND + bit_index(low)
            score = ones(PEER_WORDS[cell, 0] & u0) + ones(PEER_WORDS[cell, 1] & u1) + \
                ones(PEER_WORDS[cell, 2] & u2)
            if score > most:
                most = score
                best = cell
    if best >= 0:
        return best
    return _branch_cell(state)



@njit(cache=True, nogil=True)
def _start(givens: bytes, work: np.ndarray, hidden: bool,
           triads: bool) -> int:  # pragma: no cover - compiled
    """Place the givens (bytes, 0 for a blank) and propagate into the first level (singles,
    then with `triads` the triads too): EXHAUSTED on a contradiction, SOLUTION when that
    decides every cell (recorded), MORE when a search is needed (level 0 is then ready to
    branch)."""
    work[DEPTH] = -1
    work[NODES] = 1
    state = work[:WORDS]
    if not place_givens(givens, state):
        return EXHAUSTED
    if not propagate(state, hidden):
        return EXHAUSTED
    cell = _branch_cell(state)
    if cell < 0:
        record(state, work)
        return SOLUTION
    if triads:
        if not propagate_triads(state):
            return EXHAUSTED
        cell = _branch_triads(state)
        if cell < 0:
            record(state, work)
            return SOLUTION
    work[DEPTH] = 0
    state[BRANCH_CELL] = cell
    state[UNTRIED] = candidates(state, cell)
    return MORE


@njit(cache=True, nogil=True)
def _resume(work: np.ndarray, budget: int, triads: bool) -> int:  # pragma: no cover - compiled
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
        if place(child, cell // BAND, 1 << (cell % BAND), bit_index(low)) and \
                (propagate_triads(child) if triads else propagate(child, True)):
            cell = _branch_triads(child) if triads else _branch_cell(child)
            if cell < 0:
                record(child, work)
                work[DEPTH] = depth
                work[NODES] = nodes
                return SOLUTION
            depth += 1
            child[BRANCH_CELL] = cell
            child[UNTRIED] = candidates(child, cell)
        if spent >= budget:
            work[DEPTH] = depth
            work[NODES] = nodes
            return MORE
    work[DEPTH] = -1
    work[NODES] = nodes
    return EXHAUSTED


@njit(cache=True, nogil=True)
def _first(givens: bytes, work: np.ndarray, hidden: bool, triads: bool,
           budget: int) -> int:  # pragma: no cover - compiled
    """`_start`, then (if a search is needed and `budget` allows) `_resume`: a search's
    first call, one dispatch instead of two."""
    status = _start(givens, work, hidden, triads)
    if status != MORE or budget == 0:
        return status
    return _resume(work, budget, triads)


@njit(cache=True, nogil=True)
def _two(givens: bytes, work: np.ndarray, budget: int,
         digits: np.ndarray) -> int:  # pragma: no cover - compiled
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
