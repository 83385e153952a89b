"""Number Workout: tables from the geometry, the seed's nw_003 and nw_001, broken answers."""

from __future__ import annotations

from pathlib import Path

import pytest
import z3

from solvers import registry
from solvers.number_workout import CELLS, HEXAGONS, OWNER, PAIRS, TEMPLATE, NumberWorkout
from solvers.pipeline import run
from solvers.smt import parse_get_value, run_smtlib
from solvers.values import Limits, PuzzleError

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
KIND = NumberWorkout()
#: the seed's `#->pairs cell values` line
SEED_PAIRS = [(5, 6), (7, 16), (8, 9), (14, 15), (13, 22), (17, 18), (19, 28), (23, 24),
              (26, 27), (25, 34), (31, 40), (32, 33), (35, 36), (37, 46), (41, 42), (43, 52),
              (44, 45), (50, 51), (49, 58), (53, 54), (55, 64), (61, 70), (62, 63), (59, 60),
              (68, 69), (71, 72)]
#: the seed's grpList: each hexagon with touching segments named by the pair's first
SEED_GROUPS = [(0, 1, 2, 5, 7, 8), (3, 4, 5, 12, 13, 14), (8, 10, 11, 17, 19, 20),
               (7, 14, 17, 23, 25, 26), (13, 21, 23, 30, 31, 32), (19, 26, 29, 35, 37, 38),
               (25, 32, 35, 41, 43, 44), (31, 39, 41, 48, 49, 50), (37, 44, 47, 53, 55, 56),
               (43, 50, 53, 59, 61, 62), (49, 57, 59, 66, 67, 68), (55, 62, 65, 71, 73, 74),
               (61, 68, 71, 75, 76, 77)]
#: the numbers the seed's check lines print for nw_003's pairs (`Cell 5 6 = ( 3=?=3 )`...)
SEED_PAIR_VALUES = {(5, 6): 3, (7, 16): 2, (8, 9): 6, (13, 22): 6, (14, 15): 5, (17, 18): 4,
                    (19, 28): 1, (25, 34): 3, (23, 24): 1, (26, 27): 6, (32, 33): 5,
                    (31, 40): 3, (37, 46): 4, (35, 36): 2, (44, 45): 1, (43, 52): 4,
                    (41, 42): 6, (50, 51): 5, (49, 58): 1, (55, 64): 2, (53, 54): 3,
                    (59, 60): 2, (61, 70): 6, (62, 63): 1, (68, 69): 5, (71, 72): 3}


def z3_file(text: str) -> str:
    """Run an exported file in Z3 on a clean slate, and leave the slate clean for others."""
    return run_smtlib(f"(reset)\n{text}\n(reset)")


def load(name: str):
    return KIND.parse((PUZZLES / name).read_text())


def test_geometry_gives_the_seeds_tables():
    assert (CELLS, TEMPLATE) == (78, (3, 9, 9, 9, 9, 9, 9, 9, 9, 3))
    assert len(HEXAGONS) == 13 and all(len(h) == 6 for h in HEXAGONS)
    assert sorted(c for h in HEXAGONS for c in h) == list(range(78))  # one hexagon each
    assert set(PAIRS) == set(SEED_PAIRS) and len(PAIRS) == 26
    first = {b: a for a, b in PAIRS}
    assert [tuple(sorted(first.get(c, c) for c in h)) for h in HEXAGONS] == SEED_GROUPS
    assert all(OWNER[a] != OWNER[b] for a, b in PAIRS)


def test_seed_nw_003_has_the_unique_solution_the_seed_checks():
    puzzle = load("nw_003.txt")
    assert puzzle.name == "nw_003.txt DMWeekend 25 May 2020"
    solutions = KIND.solve(puzzle, Limits(max_solutions=5))
    assert (solutions.count, solutions.exhaustive) == (1, True)
    grid = solutions.found[0]
    assert {pair: grid[pair[0]] for pair in PAIRS} == SEED_PAIR_VALUES
    assert grid[:5] == (5, 4, 1, 2, 4) and grid[-3:] == (4, 2, 1)  # the seed's V0.. V77
    report = KIND.check(puzzle, grid)
    assert report.ok and report.verdict == "Puzzle has is OK Solution successful."
    assert "Cell 5 6 = ( 3=?=3 ) OK" in report.lines
    assert "Region 13 Cells are 69 70 71 75 76 77 OK" in report.lines


def test_smt_export_runs_in_z3_and_gives_the_same_grid():
    puzzle = load("nw_003.txt")
    output = z3_file(KIND.smt(puzzle))
    assert output.startswith("sat")
    values = parse_get_value(output)
    assert tuple(values[f"V{i}"] for i in range(78)) == KIND.solve(puzzle, Limits()).found[0]


@pytest.mark.parametrize("name", ["nw_pb01.txt", "nw_pb02.txt", "nw_pb03.txt", "nw_pb04.txt"])
def test_made_puzzles_are_unique_and_check(name):
    puzzle = load(name)
    solutions = KIND.solve(puzzle, Limits(max_solutions=5))
    assert (solutions.count, solutions.exhaustive) == (1, True)
    assert KIND.check(puzzle, solutions.found[0]).ok


def test_smt_export_with_open_segments_gives_one_of_the_solutions():
    puzzle = load("nw_001.txt")
    values = parse_get_value(z3_file(KIND.smt(puzzle)))
    grid = tuple(values[f"V{i}"] for i in range(78))
    assert grid in KIND.solve(puzzle, Limits(max_solutions=5)).found


def test_smt_export_of_clashing_clues_is_unsat():
    text = (PUZZLES / "nw_003.txt").read_text().replace("040000050", "041200050")
    assert z3_file(KIND.smt(KIND.parse(text))).strip() == "unsat"


def test_seed_nw_001_is_not_unique():
    puzzle = load("nw_001.txt")
    solutions = KIND.solve(puzzle, Limits(max_solutions=10))
    assert (solutions.count, solutions.exhaustive) == (2, True)
    assert all(KIND.check(puzzle, grid).ok for grid in solutions.found)
    result = run((PUZZLES / "nw_001.txt").read_text(), limits=Limits(max_solutions=3),
                 render=False)
    assert "not unique" in result.report and "exactly 2" in result.caption
    as_the_bot_asks = run((PUZZLES / "nw_001.txt").read_text(), seconds=30, render=False)
    assert (as_the_bot_asks.count, as_the_bot_asks.exhaustive) == (2, True)
    assert as_the_bot_asks.caption.endswith("Solutions: exactly 2")


def test_the_seeds_broken_test_v35_changed_from_2_to_4():
    puzzle = load("nw_001.txt")
    grid = next(g for g in KIND.solve(puzzle, Limits(max_solutions=2)).found if g[35] == 2)
    broken = grid[:35] + (4,) + grid[36:]
    report = KIND.check(puzzle, broken)
    assert not report.ok
    assert "Cell 35 36 = ( 4=?=2 ) ** ERROR **" in report.lines
    assert any(line.startswith("Region 7 Cells are 33 34 35 42 43 44 ** ERROR **")
               for line in report.lines)
    assert report.verdict.startswith("Puzzle has ** ERROR **")


def test_a_changed_clue_is_reported():
    puzzle = load("nw_003.txt")
    grid = KIND.solve(puzzle, Limits()).found[0]
    assert "Clue at cell 0 is 5 but the solution has 4 ** ERROR **" in \
        KIND.check(puzzle, (4,) + grid[1:]).lines


def test_clashing_clues_in_a_pair_give_no_solution_with_a_reason():
    text = (PUZZLES / "nw_003.txt").read_text().replace("040000050", "041200050")
    solutions = KIND.solve(KIND.parse(text), Limits())
    assert (solutions.count, solutions.exhaustive) == (0, True)
    assert "the clues differ where hexagons 1 and 2 touch" in solutions.reason


def test_deadline_and_cap():
    empty = "\n".join("0" * n for n in TEMPLATE)
    solutions = KIND.solve(KIND.parse(empty), Limits(max_solutions=3))
    assert (solutions.count, solutions.exhaustive) == (3, False)
    late = KIND.solve(KIND.parse(empty), Limits(max_solutions=50, deadline=0.0))
    assert not late.exhaustive


@pytest.mark.parametrize(("change", "line", "words"), [
    (lambda ls: ls[:3] + ["20000603"] + ls[4:], 4, "Template violation: line 3 of the puzzle"),
    (lambda ls: ls[:2] + ["100000702"] + ls[3:], 3, "'7' is not a number 1..6"),
    (lambda ls: ls + ["401"], 12, "one too many"),
    (lambda ls: ls[:1] + ["50x"] + ls[2:], 2, "'x' is not a number"),
    (lambda ls: ls[:5] + ["#nw late"] + ls[5:], 6, "header line must come before"),
])
def test_bad_input_names_the_line(change, line, words):
    lines = (PUZZLES / "nw_003.txt").read_text().splitlines()
    with pytest.raises(PuzzleError) as caught:
        KIND.parse("\n".join(change(lines)))
    assert caught.value.line == line
    assert words in str(caught.value)


@pytest.mark.parametrize(("text", "words"), [
    ("#nw empty\n", "the puzzle is empty"),
    ("501\n040000050\n", "got 2 lines of digits"),
])
def test_bad_input_without_a_line(text, words):
    with pytest.raises(PuzzleError, match=words):
        KIND.parse(text)


def test_solution_text_round_trips_and_typing_errors_name_the_line():
    puzzle = load("nw_003.txt")
    grid = KIND.solve(puzzle, Limits()).found[0]
    text = KIND.format_solution(puzzle, grid)
    assert text.splitlines()[0] == "541"
    assert KIND.parse_solution(puzzle, text) == grid
    with pytest.raises(PuzzleError) as caught:
        KIND.parse_solution(puzzle, text.replace("243326653", "24332665"))
    assert caught.value.line == 2 and "Template violation" in str(caught.value)
    with pytest.raises(PuzzleError, match="segment 3 is 0"):
        KIND.parse_solution(puzzle, text.replace("243326653", "043326653"))


def test_detect_registry_and_pipeline():
    text = (PUZZLES / "nw_003.txt").read_text()
    assert registry.detect(text).name == "nw"
    assert registry.detect(text.split("\n", 1)[1]).name == "nw"  # no header
    assert registry.detect((PUZZLES / "nw_001.txt").read_text()).name == "nw"  # #NW_001.txt
    assert registry.get("numberworkout").name == "nw"
    result = run(text)
    assert result.ok and result.verdict_ok and result.count == 1
    assert result.media[0].data[:8] == b"\x89PNG\r\n\x1a\n"
    bad = run("#nw\n501\n04000005\n")
    assert not bad.ok and bad.error.startswith("Line 3: Template violation")


def test_picture_marks_pairs_yellow_and_teal():
    puzzle = load("nw_003.txt")
    image = KIND.render(puzzle, KIND.solve(puzzle, Limits()).found[0])
    colours = {colour for _, colour in image.getcolors(1 << 20)}
    assert (250, 215, 60) in colours and (60, 175, 170) in colours
    assert 400 <= image.width <= 900
    assert KIND.render(puzzle, None).size == image.size


#: the puzzle files with more than one solution
SEVERAL_SOLUTIONS = {"nw_001.txt"}


@pytest.mark.parametrize("name", sorted(p.name for p in PUZZLES.glob("nw_*.txt")))
def test_propagation_only_solves_are_unique_and_agree_with_z3(name, monkeypatch):
    """When propagation fixes every segment, no Z3 is made, the count is 1 and exhaustive,
    and Z3 alone (on the plain clues) finds that grid and no other."""

    from solvers import number_workout

    puzzle = load(name)
    candidates, reason = number_workout.propagate(puzzle.clues)
    if name in SEVERAL_SOLUTIONS:  # propagation cannot decide these: Z3 must
        assert not reason and number_workout.open_segments(candidates)
        return
    monkeypatch.setattr(z3, "SimpleSolver", None)  # must not be called
    solutions = KIND.solve(puzzle, Limits(max_solutions=2))
    assert (solutions.count, solutions.exhaustive) == (1, True)
    monkeypatch.undo()
    grid = solutions.found[0]
    assert KIND.check(puzzle, grid).ok
    cells = [z3.Int(f"c{i}") for i in range(CELLS)]
    solver = z3.Solver()
    solver.add([z3.And(v >= 1, v <= 6) for v in cells])
    solver.add([cells[i] == clue for i, clue in enumerate(puzzle.clues) if clue])
    solver.add([z3.Distinct([cells[c] for c in hexagon]) for hexagon in HEXAGONS])
    solver.add([cells[a] == cells[b] for a, b in PAIRS])
    assert solver.check() == z3.sat
    assert tuple(solver.model()[v].as_long() for v in cells) == grid
    solver.add(z3.Or([v != value for v, value in zip(cells, grid, strict=True)]))
    assert solver.check() == z3.unsat
