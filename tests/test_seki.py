"""Seki: the seed example, a brute-force cross-check, the checker, bad input, the picture."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest

from solvers.pipeline import run
from solvers.seki import BLACK_COUNT, Seki, black_pairs, rotor_group
from solvers.smt import parse_get_value, run_smtlib
from solvers.values import Limits, PuzzleError

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
SEKI = Seki()
SEED_GRID = "1010\n0100\n1011\n0101"

#: all 2^16 grids, one row each, cell i in column i
ALL_GRIDS = ((np.arange(1 << 16)[:, None] >> np.arange(16)) & 1).astype(np.int8)


def brute_force(rotors: str, only: set[int] | None = None) -> np.ndarray:
    """Every grid satisfying the rotors (those numbered in `only`, counted from 0, when
    given), found by trying all 2^16 (independent of Z3)."""
    ok = np.ones(len(ALL_GRIDS), dtype=bool)
    for k, rotor in enumerate(rotors):
        if only is not None and k not in only:
            continue
        group = list(rotor_group(k))
        ok &= ALL_GRIDS[:, group].sum(axis=1) == BLACK_COUNT[rotor]
        pairs = black_pairs(rotor, rotor_group(k))
        if pairs:
            ok &= np.any([ALL_GRIDS[:, a] + ALL_GRIDS[:, b] == 2 for a, b in pairs], axis=0)
    return ALL_GRIDS[ok]


def test_seed_example_gives_the_seed_grid():
    result = run((PUZZLES / "sk_6018.txt").read_text(), render=False)
    assert result.ok and result.kind == "seki"
    assert result.name == "MOS 01Feb2021 sk_6018.txt"
    assert result.solutions == [SEED_GRID]
    assert result.count == 1 and result.exhaustive
    assert result.verdict_ok
    assert result.report.endswith("Puzzle OK Solution successful.")
    assert "RotorGroup 5 ch=a Value=2 [6,7,10,11] gives Sum = 2 OK" in result.report


def test_several_solutions_are_counted_and_a_second_is_shown():
    result = run((PUZZLES / "sk_several.txt").read_text(), render=False)
    assert result.count == 5 and result.exhaustive  # the count runs on: it is cheap
    assert "Solutions: exactly 5" in result.caption and len(result.solutions) == 2
    assert "another solution" in result.report
    full = SEKI.solve(SEKI.parse("--a--a---"), Limits(max_solutions=50))
    assert full.exhaustive and full.count == len(brute_force("--a--a---")) == 5


def test_unsatisfiable_puzzle_names_the_clashing_rotors_as_the_picture_numbers_them():
    result = run((PUZZLES / "sk_none.txt").read_text(), render=False)
    assert result.ok and result.count == 0 and result.exhaustive
    assert "no solution" in result.caption
    # the rotors named (which of several clashing sets Z3 finds may differ from one run
    # to another) cannot all be satisfied, and each is described as the picture shows it
    head = re.match(r"Rotors ([\d, ]+) and (\d) cannot all be satisfied at once: ", result.reason)
    assert head, result.reason
    named = {int(n) for n in re.findall(r"\d", head.group(0))}
    assert all(f"rotor {n} (" in result.reason for n in named)
    assert "rotor 1 (-: three black) covers A1 B1 A2 B2" in result.reason or 1 not in named
    rotors = SEKI.parse(PUZZLES.joinpath("sk_none.txt").read_text()).rotors
    assert len(brute_force(rotors, {n - 1 for n in named})) == 0
    assert len(brute_force(rotors)) == 0


def sample_rotor_strings(count: int, seed: int = 2021) -> list[str]:
    """Random rotor strings, half of them chosen among the satisfiable ones."""
    rng = random.Random(seed)
    strings, solvable = [], []
    while len(solvable) < count // 2:
        rotors = "".join(rng.choice("+-oa") for _ in range(9))
        (solvable if len(brute_force(rotors)) else strings).append(rotors)
    return strings[: count - len(solvable)] + solvable


@pytest.mark.parametrize("rotors", sample_rotor_strings(40))
def test_solver_agrees_with_brute_force(rotors):
    expected = {tuple(int(v) for v in grid) for grid in brute_force(rotors)}
    solutions = SEKI.solve(SEKI.parse(rotors), Limits(max_solutions=64))
    assert solutions.exhaustive
    assert solutions.count == len(expected)
    assert set(solutions.found) == expected
    for grid in solutions.found:
        assert SEKI.check(SEKI.parse(rotors), grid).ok
    if not expected:
        assert "cannot all be satisfied at once" in solutions.reason


def test_check_catches_a_wrong_grid_by_difference():
    puzzle = SEKI.parse("oo+ooaoo-")
    grid = list(SEKI.parse_solution(puzzle, SEED_GRID))
    grid[0] = 1 - grid[0]  # cell 0 is in rotor group 0 only
    report = SEKI.check(puzzle, tuple(grid))
    assert not report.ok
    assert report.verdict == "Puzzle has ** ERROR ** Solution failed by difference = 1."
    assert report.lines[0].endswith("FAIL")
    assert all(line.endswith("OK") for line in report.lines[1:])


def test_check_catches_the_wrong_pattern_with_the_right_count():
    puzzle = SEKI.parse("a" * 9)
    # two black cells on a diagonal around rotor 0: right count, wrong pattern for 'a'
    grid = tuple(1 if i in (0, 5) else 0 for i in range(16))
    report = SEKI.check(puzzle, grid)
    assert not report.ok
    assert "wrong pattern" in report.lines[0]


def test_smt_export_is_accepted_by_z3_and_gives_the_seed_grid():
    puzzle = SEKI.parse("oo+ooaoo-")
    text = SEKI.smt(puzzle)
    assert text.count("(assert") == 16 + 9 + 7  # cells, sums, patterns of the 7 o/a rotors
    assert len(text.splitlines()) == 63  # "63 lines of logic are generated" (the seed)
    output = run_smtlib(text)
    assert output.startswith("sat")
    values = parse_get_value(output)
    grid = "".join(str(values[f"V{i}"]) for i in range(16))
    assert grid == SEED_GRID.replace("\n", "")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("#seki x\noo+ooaoo", "Line 2: expected 9 rotors, got 8"),
        ("#seki x\noo+ooaoo-o", "Line 2: expected 9 rotors in all, got 10 so far"),
        ("#seki x\noo+ooXoo-", "Line 2, column 6: 'X' is not a rotor"),
        ("", "the puzzle is empty"),
        ("#seki nothing here\n\n", "the puzzle is empty"),
        ("oo+o\n#seki late\nooaoo-", "Line 2: a header line must come before the rotors"),
    ],
)
def test_bad_input_names_the_line(text, message):
    with pytest.raises(PuzzleError) as caught:
        SEKI.parse(text)
    assert str(caught.value).startswith(message)


def test_fifty_kilobytes_of_junk_is_refused_before_parsing():
    result = run("#seki junk\n" + "x" * 50_000, render=False)
    assert not result.ok
    assert "the limit is" in result.error


def test_solution_text_round_trip_and_errors():
    puzzle = SEKI.parse("oo+ooaoo-")
    grid = SEKI.parse_solution(puzzle, SEED_GRID)
    assert SEKI.format_solution(puzzle, grid) == SEED_GRID
    assert SEKI.parse_solution(puzzle, "1010010010110101") == grid
    with pytest.raises(PuzzleError, match="Line 2: expected 4 cells, got 3"):
        SEKI.parse_solution(puzzle, "1010\n010\n1011\n0101")
    with pytest.raises(PuzzleError, match="Line 1, column 2: '2' is not a cell"):
        SEKI.parse_solution(puzzle, "1210\n0100\n1011\n0101")


def test_detection():
    assert SEKI.detect("#seki anything\noo+ooaoo-")
    assert SEKI.detect("oo+ooaoo-")
    assert not SEKI.detect("hello there")
    assert not SEKI.detect("#gogen x\nabc")


def test_picture_shows_black_and_white_cells():
    puzzle = SEKI.parse("oo+ooaoo-")
    grid = SEKI.parse_solution(puzzle, SEED_GRID)
    image = SEKI.render(puzzle, grid)
    assert 400 <= image.width <= 1200 and 400 <= image.height <= 1200
    # sample each cell at its centre, away from the rotor discs on its corners
    cell, margin, top = 130, 40, 70
    for i, value in enumerate(grid):
        r, c = divmod(i, 4)
        pixel = image.getpixel((margin + c * cell + cell // 2, top + r * cell + cell // 2))
        assert (sum(pixel) < 200) == bool(value), f"cell {i}"
