"""The Sudoku search's propagation, compiled by numba: what follows from a state without
guessing.

- *naked single*: a cell with one candidate left; *hidden single*: a digit with one
  place left in a unit; *triads*: locked candidates over minirows and minicolumns (a
  digit's places in a band form a permutation of its rows against its boxes, and in a
  stack of its bands against its columns: `bitboard._permutation_unions`).

The singles search propagates singles (`propagate`); the triads search adds the triads
and looks for hidden singles in rows only, which the triads make enough
(`propagate_triads`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .bitboard import (
    BOX_WORDS,
    CHANGED,
    COLUMN_WORDS,
    FULL_BAND,
    MINIROWS,
    PERMUTATIONS,
    SHRINK,
    TRIADS_CHANGED,
    UNDECIDED,
    place,
)
from .grid import SIZE


@njit(cache=True, nogil=True)
def _naked_singles(state: np.ndarray) -> int:  # pragma: no cover - compiled
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
            place(state, band, low, digit)
            placed = 1
    return placed


@njit(cache=True, nogil=True)
def _hidden_singles(state: np.ndarray) -> int:  # pragma: no cover - compiled
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
                    if not place(state, band, bit, digit):
                        return -1
                    placed = 1
                    word = state[base + band]
                    undecided = state[UNDECIDED + band]
            for box in range(3):
                places = word & BOX_WORDS[box]
                if places == 0:
                    return -1
                if places & (places - 1) == 0 and places & undecided:
                    if not place(state, band, places, digit):
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
                            place(state, band, bit, digit)
                            placed = 1
            if left == 0:
                return -1
    return placed


@njit(cache=True, nogil=True)
def _hidden_rows(state: np.ndarray) -> int:  # pragma: no cover - compiled
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
                if not place(state, band, bit, word_index // 3):
                    return -1
                placed = 1
                word = state[word_index]
    return placed


@njit(cache=True, nogil=True)
def propagate(state: np.ndarray, hidden: bool) -> bool:  # pragma: no cover - compiled
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
def _narrow(state: np.ndarray, word: int, keep: int) -> None:  # pragma: no cover - compiled
    """Keep only the places of `keep` in a digit's band word, noting the change."""
    before = state[word]
    if before & ~keep:
        state[word] = before & keep
        state[CHANGED] |= 1 << word
        state[TRIADS_CHANGED] |= 1 << word


@njit(cache=True, nogil=True)
def _triads(state: np.ndarray) -> int:  # pragma: no cover - compiled
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
            places = SHRINK[word & 0x1FF] | (SHRINK[(word >> 9) & 0x1FF] << 3) | \
                (SHRINK[word >> 18] << 6)
            keep = MINIROWS[places]
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
            allowed = PERMUTATIONS[places]
            if allowed == 0:
                return -1
            for band in range(3):
                kept |= ((allowed >> (3 * band)) & 7) << (9 * band + 3 * stack)
        if kept != columns:
            for band in range(3):
                _narrow(state, base + band, COLUMN_WORDS[(kept >> (9 * band)) & 0x1FF])
            removed = 1
    return removed


@njit(cache=True, nogil=True)
def propagate_triads(state: np.ndarray) -> bool:  # pragma: no cover - compiled
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

