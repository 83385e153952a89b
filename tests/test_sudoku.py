"""Sudoku: the hard set (each unique, each answer checked), counts, bad input, the
checker, the solution text, detection and the picture."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from solvers import registry
from solvers.__main__ import main
from solvers.pipeline import run
from solvers.sudoku import SIZE, Sudoku
from solvers.sudoku.search import solve_grid
from solvers.values import Limits, PuzzleError

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "puzzles"
HARD_SET = [line.strip() for line in (ROOT / "bench/data/sudoku_hard.txt").read_text().splitlines()
            if line.strip() and not line.startswith("#")]
SUDOKU = Sudoku()
#: Arto Inkala's 2012 puzzle and its published solution
INKALA = (PUZZLES / "sudoku_inkala.txt").read_text()
INKALA_SOLUTION = ("812753649\n943682175\n675491283\n154237896\n369845721\n"
                   "287169534\n521974368\n438526917\n796318452")


def givens_of(line: str) -> tuple[int, ...]:
    return tuple(int(ch) if ch in "123456789" else 0 for ch in line)


def test_hard_set_is_large_and_every_puzzle_is_unique_and_checked():
    assert len(HARD_SET) >= 20
    for line in HARD_SET:
        puzzle = SUDOKU.parse(line)
        solutions = SUDOKU.solve(puzzle, Limits(max_solutions=2))
        assert solutions.unique, line
        report = SUDOKU.check(puzzle, solutions.found[0])
        assert report.ok, line


def test_inkala_gives_the_published_solution_through_the_pipeline():
    result = run(INKALA)
    assert result.ok and result.kind == "sudoku" and result.name == "Arto Inkala 2012"
    assert result.solutions == [INKALA_SOLUTION]
    assert result.count == 1 and result.exhaustive and result.verdict_ok
    assert "Solutions: exactly 1" in result.caption
    assert "Givens: all 21 kept OK" in result.report
    assert result.media[0].data[:8] == b"\x89PNG\r\n\x1a\n"


def deadly_rectangle(solution: tuple[int, ...]) -> list[int]:
    """Four cells in two boxes holding a, b / b, a: blanking them leaves two solutions."""
    for r1 in range(SIZE):
        for r2 in range(r1 + 1, (r1 // 3 + 1) * 3):
            for c1 in range(SIZE):
                for c2 in range((c1 // 3 + 1) * 3, SIZE):
                    a, b = solution[9 * r1 + c1], solution[9 * r1 + c2]
                    if solution[9 * r2 + c1] == b and solution[9 * r2 + c2] == a:
                        return [9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2]
    raise AssertionError("no rectangle")


def test_counts_are_exact_when_the_search_ends():
    solution = tuple(int(ch) for ch in INKALA_SOLUTION if ch.isdigit())
    blanks = deadly_rectangle(solution)
    givens = tuple(0 if i in blanks else d for i, d in enumerate(solution))
    found, count, exhaustive, _ = solve_grid(givens, Limits(max_solutions=10))
    assert (count, exhaustive) == (2, True)
    assert len(set(found)) == 2 and solution in found
    empty = SUDOKU.solve(SUDOKU.parse("." * 81), Limits(max_solutions=25))
    assert empty.count == 25 and not empty.exhaustive
    assert all(SUDOKU.check(SUDOKU.parse("." * 81), grid).ok for grid in empty.found)


def test_not_unique_puzzle_shows_a_second_solution():
    text = "\n".join(row[:4] + "....." for row in INKALA_SOLUTION.splitlines())
    result = run(text, "sudoku", render=False)
    assert result.count > 2 and not result.exhaustive  # thousands: the recount stops
    assert f"Solutions: at least {result.count:,}" in result.caption
    assert len(result.solutions) == 2 and "another solution" in result.report


def test_a_count_too_big_to_finish_says_at_least_the_figure_it_reached():
    result = run("." * 81, "sudoku", seconds=30, render=False)
    assert not result.exhaustive and result.count > 2
    assert result.caption.endswith(f"Solutions: at least {result.count:,}")
    assert len(result.solutions) == 2


def test_repeated_givens_are_named():
    result = run("55.......\n" + ".........\n" * 8, "sudoku", render=False)
    assert result.ok and result.count == 0 and result.exhaustive
    assert "Row 1 already has two 5s" in result.reason


def test_deadline_and_progress_are_respected():
    """The search stops at its first look at the clock past the deadline: at most one
    progress report comes after it (the order of events, not a time limit)."""
    calls = []
    limits = Limits(max_solutions=10**9, deadline=time.monotonic() + 0.3,
                    progress=lambda found, nodes: calls.append(time.monotonic()))
    solutions = SUDOKU.solve(SUDOKU.parse("." * 81), limits)
    assert not solutions.exhaustive and solutions.count > 0 and calls
    assert sum(at > limits.deadline for at in calls) <= 1


@pytest.mark.parametrize("text", [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "400000805\n030000000\n000700000\n020000060\n000080400\n000010000\n000603070\n"
    "500200000\n104000000",
    "#sudoku top95 no 1\n4     8 5\n 3       \n   7     \n 2     6 \n    8 4  \n    1    \n"
    "   6 3 7 \n5  2     \n1 4      ",
])
def test_the_input_forms_agree(text):
    puzzle = SUDOKU.parse(text)
    assert SUDOKU.canonical(puzzle) == SUDOKU.canonical(SUDOKU.parse(HARD_SET[14]))


#: Inkala's puzzle as newspapers and forums print it; each form must read as the file does
NEWSPAPER = """8 . . | . . . | . . .
. . 3 | 6 . . | . . .
. 7 . | . 9 . | 2 . .
------+-------+------
. 5 . | . . 7 | . . .
. . . | . 4 5 | 7 . .
. . . | 1 . . | . 3 .
------+-------+------
. . 1 | . . . | . 6 8
. . 8 | 5 . . | . 1 .
. 9 . | . . . | 4 . ."""
SPACED_ZEROS = """8 0 0 0 0 0 0 0 0
0 0 3 6 0 0 0 0 0
0 7 0 0 9 0 2 0 0
0 5 0 0 0 7 0 0 0
0 0 0 0 4 5 7 0 0
0 0 0 1 0 0 0 3 0
0 0 1 0 0 0 0 6 8
0 0 8 5 0 0 0 1 0
0 9 0 0 0 0 4 0 0"""
BOXED = """+-------+-------+-------+
| 8 . . | . . . | . . . |
| . . 3 | 6 . . | . . . |
| . 7 . | . 9 . | 2 . . |
+-------+-------+-------+
| . 5 . | . . 7 | . . . |
| . . . | . 4 5 | 7 . . |
| . . . | 1 . . | . 3 . |
+-------+-------+-------+
| . . 1 | . . . | . 6 8 |
| . . 8 | 5 . . | . 1 . |
| . 9 . | . . . | 4 . . |
+-------+-------+-------+"""
DASHED = NEWSPAPER.replace("------+-------+------", "---------------------")


@pytest.mark.parametrize("text", [NEWSPAPER, SPACED_ZEROS, BOXED, DASHED,
                                  SPACED_ZEROS.replace("\n", " ")])
def test_pasted_print_forms_are_detected_and_read_as_the_file(text):
    """`|` between boxes, separator rules, spaces between cells, 0 or . for a blank."""
    assert registry.detect(text).name == "sudoku"
    assert SUDOKU.canonical(SUDOKU.parse(text)) == SUDOKU.canonical(SUDOKU.parse(INKALA))
    assert SUDOKU.parse(text).givens == SUDOKU.parse(INKALA).givens


def test_a_pasted_form_with_a_short_row_names_its_line():
    short = NEWSPAPER.replace(". 5 . | . . 7 | . . .", ". 5 . | . . 7 | . .")
    with pytest.raises(PuzzleError, match="Line 5: expected 9 cells in this row"):
        SUDOKU.parse(short)
    assert registry.detect(short) is None or registry.detect(short).name != "sudoku"


@pytest.mark.parametrize("text, message", [
    ("", "the puzzle is empty"),
    ("123456789\n" * 8, "got 8 rows"),
    ("123456789\n" * 10, "Line 10: expected 9 rows, but there is a row 10"),
    ("123456789\n12345678\n" + "123456789\n" * 7, "Line 2: expected 9 cells in this row, got 8"),
    ("1" * 80, "Line 1: expected 9 cells in this row, got 80"),
    ("1" * 30_000, "the limit is"),
])
def test_bad_input_names_the_line(text, message):
    with pytest.raises(PuzzleError) as error:
        SUDOKU.parse(text)
    assert message in str(error.value)


def test_detection_takes_sudokus_and_leaves_other_kinds_alone():
    assert registry.detect(INKALA).name == "sudoku"
    assert registry.detect(HARD_SET[0]).name == "sudoku"
    assert registry.detect(INKALA.split("\n", 1)[1]).name == "sudoku"
    number_workout = "\n".join(["123"] * 5 + ["123456789"] * 5)
    assert not SUDOKU.detect(number_workout)
    assert not SUDOKU.detect("#nw 001\n" + "123456789\n" * 9)
    assert not SUDOKU.detect("oo+ooaoo-")
    assert not SUDOKU.detect("abcdefghi\n" * 9)
    assert not SUDOKU.detect("." * 81)  # too few givens to guess; /sudoku still takes it
    assert not SUDOKU.detect("---------\n" * 9)  # nine rows of nine dashes: all blank


def test_solution_text_round_trips_and_typing_errors_are_named():
    puzzle = SUDOKU.parse(INKALA)
    grid = SUDOKU.parse_solution(puzzle, INKALA_SOLUTION)
    assert SUDOKU.format_solution(puzzle, grid) == INKALA_SOLUTION
    spaced = "\n".join(" ".join(row[:3]) + " | " + row[3:] for row in INKALA_SOLUTION.split())
    assert SUDOKU.parse_solution(puzzle, spaced + "\n------+------+------\n") == grid
    assert SUDOKU.parse_solution(puzzle, INKALA_SOLUTION.replace("\n", "")) == grid
    broken = INKALA_SOLUTION.splitlines()
    broken[3] = broken[3][:2] + "x" + broken[3][3:]
    with pytest.raises(PuzzleError, match="Line 4, column 3: 'x' is not a digit"):
        SUDOKU.parse_solution(puzzle, "\n".join(broken))
    with pytest.raises(PuzzleError, match="Line 2: expected 9 digits in this row, got 8"):
        SUDOKU.parse_solution(puzzle, INKALA_SOLUTION.replace("943682175", "94368217"))


def test_check_names_each_broken_unit_and_changed_given():
    puzzle = SUDOKU.parse(INKALA)
    grid = list(SUDOKU.parse_solution(puzzle, INKALA_SOLUTION))
    grid[0], grid[1] = grid[1], grid[0]  # swaps the given 8 with a 1 in row 1
    report = SUDOKU.check(puzzle, tuple(grid))
    assert not report.ok
    assert "Row 1: 1-9 once each OK" in report.lines
    assert "Column 1: 1 more than once; missing 8 FAIL" in report.lines
    assert "Givens: 1 of 21 changed (row 1 column 1 should be 8) FAIL" in report.lines
    assert report.verdict.startswith("Puzzle has ** ERROR **")


def test_picture_sets_givens_apart_from_found_digits():
    puzzle = SUDOKU.parse(INKALA)
    solved = SUDOKU.render(puzzle, SUDOKU.solve(puzzle, Limits()).found[0])
    unsolved = SUDOKU.render(puzzle, None)
    assert solved.size == unsolved.size and solved.width >= 600
    colours = {colour for _, colour in solved.getcolors(1 << 16)}
    assert (30, 90, 200) in colours and (228, 228, 228) in colours
    blues = [c for c in {colour for _, colour in unsolved.getcolors(1 << 16)}
             if c[2] > 150 and c[0] < 100]
    assert not blues  # the unsolved puzzle shows the givens only


def test_command_line_solves_a_file(tmp_path, capsys):
    png = tmp_path / "out.png"
    code = main(["solve", str(PUZZLES / "sudoku_norvig_hardest1.txt"), "--json",
                 "--png", str(png)])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["kind"] == "sudoku" and data["count"] == 1
    assert data["exhaustive"] and data["verdict_ok"] and png.stat().st_size > 1000
