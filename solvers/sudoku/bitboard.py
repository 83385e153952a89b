"""The Sudoku search's board: candidates as bitboards, compiled by numba.

- *candidates*: where each digit may still go, kept as one bitboard per digit: the grid's
  three *bands* (rows 1-3, 4-6, 7-9) as a 27-bit word each, bit 9*row + column, so a
  search state is 9 x 3 words plus 3 words of the cells not yet decided and a few of
  bookkeeping (34 words: copying one to branch costs next to nothing).

A whole band is handled in a few word operations: which cells have one candidate left
(bitwise counters over the nine digit words), a digit's places in a row (9 bits of its
word), a column (one bit of each of nine rows), a box (3 bits of three rows). This module
holds the state's layout, the compile-time tables, the bit instructions, and the moves
that change a state: placing a digit, placing the givens, reading a cell's candidates.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

from .grid import CELLS, PEERS, SIZE

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


PEER_WORDS = _peer_masks()
#: a box's 9 bits in a band's word, box 0..2 from the left
BOX_WORDS = np.array([sum(7 << (9 * row + 3 * box) for row in range(3)) for box in range(3)],
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


PERMUTATIONS = _permutation_unions()
#: the union above spread over a band's word: minirow 3*row + box as 3 bits from 3*(3*row+box)
MINIROWS = np.array([_spread(int(u), 3, 3) for u in PERMUTATIONS], dtype=np.int64)
#: a set of columns (9 bits) as the band's word of their cells
COLUMN_WORDS = np.array([sum(0x40201 << k for k in range(SIZE) if cols >> k & 1)
                     for cols in range(512)], dtype=np.int64)
#: a row's 9 places as its 3 minirows that hold one (bit box)
SHRINK = np.array([sum(1 << box for box in range(3) if places >> (3 * box) & 7)
                    for places in range(512)], dtype=np.int64)


#: one search's work array: the stack of states (one a level), the depth and the nodes,
#: the last solution found as digits
STACK = (CELLS + 1) * WORDS
DEPTH, NODES, FOUND = STACK, STACK + 1, STACK + 2
WORK = FOUND + CELLS

#: what the compiled search reports when it returns
EXHAUSTED, SOLUTION, MORE = 0, 1, 2


def _trailing_zeros(typingctx: Any, power: Any) -> Any:  # pragma: no cover - compiled
    """The index of the lowest set bit (one instruction: LLVM's count of trailing zeros)."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 1))

    return types.int64(types.int64), codegen


def _population_count(typingctx: Any, word: Any) -> Any:  # pragma: no cover - compiled
    """How many bits are set (one instruction: LLVM's population count)."""

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])
    return types.int64(types.int64), codegen


# numba's `intrinsic` takes the typing function (context, argument types); compiled code
# calls the result with the word alone, which is what these casts tell mypy
bit_index = cast("Callable[[int], int]", intrinsic(_trailing_zeros))
ones = cast("Callable[[int], int]", intrinsic(_population_count))


@njit(cache=True, nogil=True)
def place(state: np.ndarray, band: int, bit: int,
          digit: int) -> bool:  # pragma: no cover - compiled
    """Put `digit` (0..8) in the cell of `bit` in `band`: it leaves the cell's peers, the
    other digits leave the cell. False when the digit is not a candidate there."""
    if state[digit * 3 + band] & bit == 0:
        return False
    cell = band * BAND + bit_index(bit)
    changed = state[CHANGED]
    for k in range(3):
        word = digit * 3 + k
        before = state[word]
        after = before & ~PEER_WORDS[cell, k]
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
def candidates(state: np.ndarray, cell: int) -> int:  # pragma: no cover - compiled
    """The cell's candidates as a 9-bit mask (bit d for digit d+1)."""
    bit = 1 << (cell % BAND)
    band = cell // BAND
    mask = 0
    for digit in range(SIZE):
        if state[digit * 3 + band] & bit:
            mask |= 1 << digit
    return mask


@njit(cache=True, nogil=True)
def record(state: np.ndarray, work: np.ndarray) -> None:  # pragma: no cover - compiled
    """The decided grid as digits 1..9 into the work array's solution."""
    for digit in range(SIZE):
        for band in range(3):
            places = state[digit * 3 + band]
            while places:
                work[FOUND + band * BAND + bit_index(places)] = digit + 1
                places &= places - 1


@njit(cache=True, nogil=True)
def place_givens(givens: bytes, state: np.ndarray) -> bool:  # pragma: no cover - compiled
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
                cell = band * BAND + bit_index(low)
                near0, near1, near2 = PEER_WORDS[cell, 0], PEER_WORDS[cell, 1], PEER_WORDS[cell, 2]
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

