"""ALS-XZ on HoDoKu's published example (its technique page, example axz02: the
pencilmarks as published; its step removes 8 from R7C3), and AIC on a board built for
it: a chain through cells of two candidates and units of two spots, ending on one digit
in two cells of one column."""

from __future__ import annotations

from solvers.sudoku.logic import als, chains
from solvers.sudoku.logic.board import ALL, Board, bit

#: HoDoKu's ALS-XZ example axz02, the candidates as its page prints them
AXZ02 = """
158 9 3 4 12 7 258 6 28
4 68 168 38 12 5 9 237 278
58 2 7 6 39 389 358 4 1
378 3678 468 39 3469 123469 1236 1239 5
9 1 46 5 346 2346 2367 8 2467
2 356 456 7 8 13469 136 139 469
6 378 189 2 5 389 4 179 789
1378 4 12589 389 3679 3689 12678 12579 26789
78 578 2589 1 4679 4689 2678 2579 3
"""


def rc(row: int, col: int) -> int:
    return (row - 1) * 9 + col - 1


def pencilmarks(text: str) -> Board:
    """A board from 81 cells of candidates (one digit: a placed cell)."""
    cells = text.split()
    board = Board([0] * 81, [0] * 81)
    for cell, digits in enumerate(cells):
        if len(digits) == 1:
            board.values[cell] = int(digits)
        else:
            board.cands[cell] = sum(bit(int(d)) for d in digits)
    return board


def test_als_xz_finds_hodokus_published_elimination():
    found = als.als_xz(pencilmarks(AXZ02))
    assert found.technique == "ALS-XZ" and found.rating == 7.0
    assert (rc(7, 3), 8) in found.eliminations
    assert "Every 3 of one sees every 3 of the other" in found.text
    assert {rc(4, 3), rc(5, 3), rc(6, 2), rc(6, 3), rc(7, 2)} <= set(found.cells)


def test_aic_through_a_cell_and_two_units_removes_the_digit_seeing_both_ends():
    """R1C1 is 1 or 2; column 5's 2s are R1C5 and R5C5 only; R5C5 is 1 or 2;
    row 5's 1s are R5C5 and R5C1 only. If R1C1 is not 1 it is 2, so R1C5 is not 2, so
    R5C5 is 2, not 1, so R5C1 is 1: one of R1C1 and R5C1 is 1, and column 1's other
    cells are not."""
    board = Board([0] * 81, [ALL] * 81)
    board.cands[rc(1, 1)] = board.cands[rc(5, 5)] = bit(1) | bit(2)
    for row in range(2, 10):
        if row != 5:
            board.cands[rc(row, 5)] &= ~bit(2)
    for col in range(2, 10):
        if col != 5:
            board.cands[rc(5, col)] &= ~bit(1)
    found = chains.aic(board)
    assert found.technique == "AIC" and found.text.startswith("Follow the chain ")
    assert {(rc(row, 1), 1) for row in (2, 3, 4, 6, 7, 8, 9)} <= set(found.eliminations)
    assert all(digit == 1 for _, digit in found.eliminations)
