"""The Sudoku search: propagation of singles and a depth-first search, compiled by numba.

- *candidates*: the digits a cell may still take, kept as a 9-bit mask (bit d-1 for
  digit d);
- *naked single*: a cell with one candidate left; *hidden single*: a digit with one
  place left in a unit. Placing them is *propagation*; when it stalls the search
  branches on the cell with the fewest candidates (most constrained first).

It runs compiled because the Python-level loops of propagation cost ~4 ms a hard puzzle
and the target is well under 2 ms. The depth-first search is an explicit stack of grids
in arrays, so it returns after each solution or a budget of nodes and Python checks the
limits in between; `warm()` compiles it (or loads numba's cache) once per process.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..base import Limits
from .grid import CELLS, PEERS, SIZE, UNITS, Grid

#: every digit still a candidate
ALL_DIGITS = (1 << SIZE) - 1

_UNIT_TABLE = np.array(UNITS, dtype=np.int64)
_PEER_TABLE = np.array(PEERS, dtype=np.int64)
#: how many candidates each 9-bit mask holds
_CANDIDATE_COUNT = np.array([bin(m).count("1") for m in range(ALL_DIGITS + 1)], dtype=np.int64)

#: what the compiled search reports when it returns
EXHAUSTED, SOLUTION, MORE = 0, 1, 2


@njit(cache=True, nogil=True)
def _assign(grid, cell, bit, queue, peers):  # pragma: no cover - compiled
    """Make `bit` the cell's only candidate and remove it from the peers, following every
    naked single this creates. False on a contradiction (a cell with no candidate)."""
    grid[cell] = bit
    queue[0] = cell
    pending = 1
    while pending:
        pending -= 1
        placed = queue[pending]
        digit = grid[placed]
        for k in range(peers.shape[1]):
            peer = peers[placed, k]
            mask = grid[peer]
            if mask & digit:
                mask &= ~digit
                if mask == 0:
                    return False
                grid[peer] = mask
                if mask & (mask - 1) == 0:
                    queue[pending] = peer
                    pending += 1
    return True


@njit(cache=True, nogil=True)
def _hidden_singles(grid, queue, units, peers):  # pragma: no cover - compiled
    """Place every digit that has one place left in a unit: -1 contradiction, 0 none
    placed, 1 some placed."""
    placed = 0
    for u in range(units.shape[0]):
        once = 0
        twice = 0
        for k in range(units.shape[1]):
            mask = grid[units[u, k]]
            twice |= once & mask
            once |= mask
        if once != ALL_DIGITS:
            return -1
        lone = once & ~twice
        if lone == 0:
            continue
        for k in range(units.shape[1]):
            cell = units[u, k]
            bit = grid[cell] & lone
            if bit == 0:
                continue
            if bit & (bit - 1):
                return -1  # two digits that each must go in this one cell
            if grid[cell] != bit:
                if not _assign(grid, cell, bit, queue, peers):
                    return -1
                placed = 1
    return placed


@njit(cache=True, nogil=True)
def _propagate(grid, queue, units, peers, hidden):  # pragma: no cover - compiled
    """Naked singles are placed as they appear (by `_assign`); add hidden singles until
    none is left. False on a contradiction."""
    while hidden:
        outcome = _hidden_singles(grid, queue, units, peers)
        if outcome < 0:
            return False
        if outcome == 0:
            break
    return True


@njit(cache=True, nogil=True)
def _branch_cell(grid, counts):  # pragma: no cover - compiled
    """The undecided cell with the fewest candidates, or -1 when every cell is decided."""
    best = -1
    fewest = 10
    for cell in range(grid.shape[0]):
        n = counts[grid[cell]]
        if 1 < n < fewest:
            best = cell
            fewest = n
            if n == 2:
                break
    return best


@njit(cache=True, nogil=True)
def _start(givens, stack, cells, left, state, found, queue, units, peers, counts,
           hidden):  # pragma: no cover - compiled
    """Place the givens and propagate into stack[0]: EXHAUSTED on a contradiction,
    SOLUTION when that decides every cell (copied to `found`), MORE when a search is
    needed (level 0 is then ready to branch)."""
    grid = stack[0]
    grid[:] = ALL_DIGITS
    state[0] = -1
    state[1] = 1
    for cell in range(givens.shape[0]):
        digit = givens[cell]
        if digit == 0:
            continue
        bit = 1 << (digit - 1)
        if grid[cell] & bit == 0:
            return EXHAUSTED
        if grid[cell] != bit and not _assign(grid, cell, bit, queue, peers):
            return EXHAUSTED
    if not _propagate(grid, queue, units, peers, hidden):
        return EXHAUSTED
    cell = _branch_cell(grid, counts)
    if cell < 0:
        found[:] = grid
        return SOLUTION
    state[0] = 0
    cells[0] = cell
    left[0] = grid[cell]
    return MORE


@njit(cache=True, nogil=True)
def _resume(stack, cells, left, state, found, queue, units, peers, counts,
            budget):  # pragma: no cover - compiled
    """Go on with the depth-first search until a solution (SOLUTION, copied to `found`),
    the end of the tree (EXHAUSTED) or `budget` more nodes (MORE)."""
    depth = state[0]
    nodes = state[1]
    spent = 0
    while depth >= 0:
        untried = left[depth]
        if untried == 0:
            depth -= 1
            continue
        bit = untried & -untried
        left[depth] = untried ^ bit
        child = stack[depth + 1]
        child[:] = stack[depth]
        nodes += 1
        spent += 1
        if _assign(child, cells[depth], bit, queue, peers) and \
                _propagate(child, queue, units, peers, True):
            cell = _branch_cell(child, counts)
            if cell < 0:
                found[:] = child
                state[0] = depth
                state[1] = nodes
                return SOLUTION
            depth += 1
            cells[depth] = cell
            left[depth] = child[cell]
        if spent >= budget:
            state[0] = depth
            state[1] = nodes
            return MORE
    state[0] = -1
    state[1] = nodes
    return EXHAUSTED


#: nodes the compiled search runs between two looks at the deadline and progress
SLICE = 20_000
#: solutions found between two progress reports when they come faster than slices end
PROGRESS_EVERY = 1000


class Search:
    """One depth-first search over a grid of givens, run in slices.

    `hidden=False` propagates naked singles only (the generator's test for an easy
    puzzle); branching always uses both kinds of singles.
    """

    def __init__(self, givens: Grid, hidden: bool = True):
        self.stack = np.zeros((CELLS + 1, CELLS), dtype=np.int64)
        self.cells = np.zeros(CELLS + 1, dtype=np.int64)
        self.left = np.zeros(CELLS + 1, dtype=np.int64)
        self.state = np.zeros(2, dtype=np.int64)  # depth, nodes
        self.found = np.zeros(CELLS, dtype=np.int64)
        self.queue = np.zeros(CELLS, dtype=np.int64)
        self.status = _start(np.array(givens, dtype=np.int64), self.stack, self.cells,
                             self.left, self.state, self.found, self.queue, _UNIT_TABLE,
                             _PEER_TABLE, _CANDIDATE_COUNT, hidden)

    @property
    def nodes(self) -> int:
        return int(self.state[1])

    def step(self, budget: int = SLICE) -> int:
        """Search on for at most `budget` nodes; the status (SOLUTION, EXHAUSTED, MORE)."""
        self.status = _resume(self.stack, self.cells, self.left, self.state, self.found,
                              self.queue, _UNIT_TABLE, _PEER_TABLE, _CANDIDATE_COUNT, budget)
        return self.status

    def solution(self) -> Grid:
        """The grid in `found` as digits (each cell's single candidate)."""
        return tuple(int(mask).bit_length() for mask in self.found)


def solve_grid(givens: Grid, limits: Limits) -> tuple[list[Grid], int, bool, int]:
    """Solutions (up to the cap), how many, whether that is all, and search nodes."""
    search = Search(givens)
    found: list[Grid] = []
    status = search.status
    while True:
        if status == EXHAUSTED:
            return found, len(found), True, search.nodes
        if status == SOLUTION:
            found.append(search.solution())
            if len(found) >= limits.max_solutions:
                return found, len(found), False, search.nodes
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

