"""ALS-XZ on HoDoKu's published example (its technique page, example axz02: the
pencilmarks as published; its step removes 8 from R7C3), and AIC on a board built for
it: a chain through cells of two candidates and units of two spots, ending on one digit
in two cells of one column. Grouped AIC on a position replayed from HoDoKu's exemplar
library, on a board built for it, and for soundness on the hard puzzles."""

from __future__ import annotations

from pathlib import Path

from test_sudoku_published import assert_sound, position, singles_done, solution_of

from solvers.sudoku.logic import als, chains
from solvers.sudoku.logic.board import ALL, Board, bit
from solvers.sudoku.logic.path import apply

HARD = Path(__file__).resolve().parent.parent / "bench" / "data" / "sudoku_hard.txt"

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


#: HoDoKu's exemplar library, section #0711 (Grouped AIC, Type 2), the line
#: "....5.76.7.5.....3....86.2...43.......6.9.14.....2...........5...7.6...2839...... #
#: ssts gaic(2) s": position and cells from hodoku-py 0.2.1's solve (its steps before
#: the Grouped AIC applied); HoDoKu's step removes 4 from R1C4 and 1 from R2C5
GAIC_TYPE_2 = (":0000:x:+2...5+376.7+65.....3..+3+786.2...43..+2.+6+3+26.9.14....+62+4...+6.+2."
               "+3..5...7.6...2839...+6..:819 141 142 746 769 584 586 194 494 196 796 799::")


def test_grouped_aic_finds_hodokus_exemplar_step_where_the_plain_aic_finds_none():
    board, grid = position(GAIC_TYPE_2)
    assert chains.aic(board) is None
    found = chains.grouped_aic(board)
    assert found is not None and found.technique == "Grouped AIC"
    assert {(rc(1, 4), 4), (rc(2, 5), 1)} <= set(found.eliminations)
    assert_sound(found.eliminations, grid)
    assert "R2C4/R2C5/R2C6 1 means the 1 is in one of those cells" in found.text
    assert found.band == "Fiendish" and found.rating >= 7.0


def test_grouped_aic_links_a_group_to_the_rest_of_its_unit():
    """Row 1's 3s are R1C1, R1C2 (a group in box 1) and R1C7; column 7's 3s are R1C7
    and R6C7; R6C7 is 3 or 8; R6C1 is 8 or 3 and sees it. If no 3 is in R1C1/R1C2, R1C7
    is 3, so R6C7 is not, so R6C7 is 8, so R6C1 is 3: one of R1C1/R1C2 and R6C1 holds
    the 3, and column 1's other cells of box 1 (R2C1, R3C1) see both ends."""
    board = Board([0] * 81, [ALL] * 81)
    for col in range(3, 10):
        if col != 7:
            board.cands[rc(1, col)] &= ~bit(3)
    for row in range(2, 10):
        if row != 6:
            board.cands[rc(row, 7)] &= ~bit(3)
    board.cands[rc(6, 7)] = board.cands[rc(6, 1)] = bit(3) | bit(8)
    found = chains.grouped_aic(board)
    assert found is not None and "R1C1/R1C2 3" in found.text
    assert found.text.startswith("Follow the chain ")
    assert {(rc(2, 1), 3), (rc(3, 1), 3)} <= set(found.eliminations)
    assert not {(rc(1, 1), 3), (rc(1, 2), 3)} & set(found.eliminations)


def sound_grouped_steps(givens: str, most: int) -> int:
    """Take singles, then up to `most` grouped AIC steps (each applied, singles between),
    checking each removal against the solution; how many steps were found."""
    grid = tuple(0 if ch == "." else int(ch) for ch in givens)
    solution = solution_of(grid)
    board = Board.from_grid(grid)
    found_steps = 0
    while found_steps < most:
        singles_done(board)
        found = None if board.solved() else chains.grouped_aic(board)
        if found is None:
            break
        assert all(solution[cell] != digit for cell, digit in found.eliminations), found.text
        apply(board, found)
        found_steps += 1
    return found_steps


def test_grouped_aic_steps_on_the_hard_puzzles_are_sound():
    """Every grouped step, up to five a puzzle, on the 109 hard puzzles (straight from
    their singles, so the finder meets many positions, not only those where every easier
    step failed) removes only candidates the solution rules out: some 470 steps."""
    hard = [line.strip() for line in HARD.read_text().splitlines()
            if line.strip() and not line.startswith("#")]
    assert sum(sound_grouped_steps(givens, 5) for givens in hard) > 4 * len(hard)
