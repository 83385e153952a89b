"""Gogen: the seed's dm_older02, made puzzles with known counts, broken answers, bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
import z3

from solvers import registry
from solvers.gogen import Gogen
from solvers.pipeline import run
from solvers.smt import parse_get_value, run_smtlib
from solvers.values import Limits, PuzzleError

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
KIND = Gogen()
#: the seed's answer: positions 10*row + column + 1 of some letters (Va 14, Vb 42, ...)
SEED_POSITIONS = {"a": 14, "b": 42, "c": 21, "d": 15, "e": 34, "f": 2, "s": 41, "t": 32,
                  "u": 4, "v": 24, "w": 44, "x": 3, "y": 1}
SEED_GRID = "yfxuqpmoadcjrvkhtiegsblwn"


def z3_file(text: str) -> str:
    """Run an exported file in Z3 on a clean slate, and leave the slate clean for others."""
    return run_smtlib(f"(reset)\n{text}\n(reset)")


def load(name: str):
    return KIND.parse((PUZZLES / name).read_text())


def test_seed_dm_older02_is_solved_uniquely_and_every_word_is_ok():
    puzzle = load("gogen_dm_older02.txt")
    assert puzzle.name == "dm_older02.txt"
    solutions = KIND.solve(puzzle, Limits(max_solutions=5))
    assert (solutions.count, solutions.exhaustive) == (1, True)
    grid = solutions.found[0]
    assert grid == SEED_GRID
    for letter, pos in SEED_POSITIONS.items():
        r, c = divmod(pos - 1, 10)
        assert grid[r * 5 + c] == letter
    report = KIND.check(puzzle, grid)
    assert report.ok
    assert [line.split()[0] for line in report.lines] == list(puzzle.words)
    assert all(line.endswith(" OK") for line in report.lines)


@pytest.mark.parametrize("name", ["gogen_dm_older02.txt", "gogen_pb03.txt"])
def test_smt_export_runs_in_z3_and_gives_the_same_grid(name):
    """dm_older02 is all placed by propagation; pb03 leaves Z3 16 letters to search."""
    puzzle = load(name)
    output = z3_file(KIND.smt(puzzle))
    assert output.startswith("sat")
    values = parse_get_value(output)
    grid = KIND.grid(puzzle, {x: values[f"V{x}"] for x in puzzle.letters})
    assert [grid] == KIND.solve(puzzle, Limits(max_solutions=2)).found
    assert KIND.check(puzzle, grid).ok


def test_smt_export_of_an_impossible_puzzle_is_unsat():
    puzzle = KIND.parse("y.x.q\n.....\nc.r.k\n.....\ns.l.n\nyn\n")
    assert z3_file(KIND.smt(puzzle)).strip() == "unsat"


def test_the_seeds_sed_test_one_changed_letter_fails():
    """Moving Q (the seed's `sed 's/Vq 5/Vq 8/'`) breaks quartile and only quartile."""
    puzzle = load("gogen_dm_older02.txt")
    broken = SEED_GRID.replace("q", "n")  # Q's cell now holds a second N
    report = KIND.check(puzzle, broken)
    assert not report.ok
    assert "letter Q is missing" in report.lines
    assert any(line.startswith("letter N is doubled") for line in report.lines)
    assert any(line.startswith("given Q at row 1 column 5 was changed") for line in report.lines)
    failed = [line for line in report.lines if "**Fail**" in line]
    assert failed == ["quartile **Fail** at Q-U: Q missing, U at row 1 column 4, not neighbours"]
    assert report.verdict.startswith("Puzzle has ** ERROR **")


def test_every_single_changed_letter_turns_the_report_to_fail():
    puzzle = load("gogen_dm_older02.txt")
    for cell in range(25):
        other = "a" if SEED_GRID[cell] != "a" else "b"
        broken = SEED_GRID[:cell] + other + SEED_GRID[cell + 1:]
        assert not KIND.check(puzzle, broken).ok


def test_swapping_two_found_letters_fails_a_word():
    puzzle = load("gogen_dm_older02.txt")
    swapped = SEED_GRID.replace("f", "#").replace("p", "f").replace("#", "p")
    report = KIND.check(puzzle, swapped)
    assert not report.ok
    assert "form **Fail** at F-O: F at row 2 column 1, O at row 2 column 3, not neighbours" \
        in report.lines


@pytest.mark.parametrize(("name", "count"), [
    ("gogen_pb01.txt", 1), ("gogen_pb02.txt", 1), ("gogen_pb03.txt", 1),
    ("gogen_pb04.txt", 2), ("gogen_pb05.txt", 4), ("gogen_pb16.txt", 16),
])
def test_made_puzzles_have_their_counts_and_every_solution_checks(name, count):
    puzzle = load(name)
    solutions = KIND.solve(puzzle, Limits(max_solutions=count + 5))
    assert (solutions.count, solutions.exhaustive) == (count, True)
    assert len(set(solutions.found)) == count
    for grid in solutions.found:
        assert KIND.check(puzzle, grid).ok


def test_letters_in_no_word_take_every_place_left_to_them():
    """pb05 leaves R and X out of every word: they swap, doubling the count."""
    puzzle = load("gogen_pb05.txt")
    assert not {"r", "x"} & set("".join(puzzle.words))
    found = KIND.solve(puzzle, Limits(max_solutions=10)).found
    places = {(grid.index("r"), grid.index("x")) for grid in found}
    assert len(places) > 1
    assert all(KIND.check(puzzle, grid).ok for grid in found)


def test_the_cap_limits_the_solutions_kept_and_a_cheap_count_is_exact():
    result = run((PUZZLES / "gogen_pb16.txt").read_text(), limits=Limits(max_solutions=3),
                 render=False)
    assert (result.count, result.exhaustive, len(result.solutions)) == (16, True, 3)
    assert "Solutions: exactly 16" in result.caption
    assert "not unique" in result.report


def test_pb16_says_its_exact_count_as_the_bot_asks_for_it():
    """The bot's limits: the kind's cap (2) and a time budget."""
    result = run((PUZZLES / "gogen_pb16.txt").read_text(), seconds=30, render=False)
    assert (result.count, result.exhaustive) == (16, True)
    assert result.caption.endswith("Solutions: exactly 16")


def test_a_passed_deadline_gives_up_without_claiming_a_count():
    solutions = KIND.solve(load("gogen_pb16.txt"), Limits(max_solutions=50, deadline=0.0))
    assert not solutions.exhaustive


def test_a_4x4_grid_uses_the_letters_it_names():
    puzzle = KIND.parse("ab.d\ne.gh\nij.l\nmnop\nbcg\nfe\njk\n")
    assert puzzle.letters == "abcdefghijklmnop"
    solutions = KIND.solve(puzzle, Limits(max_solutions=3))
    assert (solutions.found, solutions.exhaustive) == (["abcdefghijklmnop"], True)


def test_impossible_words_give_no_solution_with_a_reason():
    solutions = KIND.solve(KIND.parse("y.x.q\n.....\nc.r.k\n.....\ns.l.n\nyn\n"), Limits())
    assert (solutions.count, solutions.exhaustive) == (0, True)
    assert "no solution" in solutions.reason


def test_two_letters_forced_onto_one_cell_give_no_solution():
    """B and H must both sit next to A and I: only the centre does, so nothing fits."""
    solutions = KIND.solve(KIND.parse("a.c\n...\ng.i\nabi\nahi\ndef\n"), Limits())
    assert (solutions.found, solutions.count, solutions.exhaustive) == ([], 0, True)
    assert "row 2 column 2" in solutions.reason


@pytest.mark.parametrize(("text", "line", "words"), [
    ("y.x.q\n....\nc.r.k\n.....\ns.l.n\n", 2, "row 2 has 4 cells but row 1 has 5"),
    ("#gogen t\ny.x.q\n.....\nc.y.k\n", 4, "'Y' is given twice"),
    ("y.x.q\n.....\nc.r.k\n.....\ns.l.n\nform\nzebra\n", 7, "'Z', which cannot fit"),
    ("y.x.q\n.....\nc.r.k\n.....\ns.l.n\nfor2\n", 6, "'2', which is not a letter"),
    ("y.x.q\n.....\nc.r.k\n.....\ns.l.n\nball\n", 6, "'l' twice in a row"),
    ("ab\ncd\nabe\n", 3, "more than the 4 cells"),
    ("y.x.q\n.....\nc.$.k\n", 3, "'$' is not a cell"),
    ("y.x.q.a\n", 1, "2 to 5 cells wide"),
    ("y.x.q\n.....\n#gogen late\n", 3, "header line must come before"),
])
def test_bad_input_names_the_line(text, line, words):
    with pytest.raises(PuzzleError) as caught:
        KIND.parse(text)
    assert caught.value.line == line
    assert words in str(caught.value)


@pytest.mark.parametrize(("text", "words"), [
    ("", "the puzzle is empty"),
    ("y.x.q\n.....\nc.r.k\n", "it must be square"),
    ("ab.\n...\n...\nab\n", "needs 9 different letters"),
])
def test_bad_input_without_a_line(text, words):
    with pytest.raises(PuzzleError, match=words):
        KIND.parse(text)


def test_given_twice_names_the_column():
    with pytest.raises(PuzzleError) as caught:
        KIND.parse("y.x.q\n.....\nc.y.k\n")
    assert (caught.value.line, caught.value.column) == (3, 3)


def test_solution_text_round_trips_and_typing_errors_name_the_line():
    puzzle = load("gogen_dm_older02.txt")
    text = KIND.format_solution(puzzle, SEED_GRID)
    assert text.splitlines()[0] == "Y F X U Q"
    assert KIND.parse_solution(puzzle, text.lower()) == SEED_GRID
    assert KIND.parse_solution(puzzle, text.replace(" ", "")) == SEED_GRID
    with pytest.raises(PuzzleError) as caught:
        KIND.parse_solution(puzzle, text.replace("C J R V K", "C J R V"))
    assert caught.value.line == 3
    with pytest.raises(PuzzleError) as caught:
        KIND.parse_solution(puzzle, text.replace("H T I E G", "H T I E Z"))
    assert (caught.value.line, caught.value.column) == (4, 5)
    with pytest.raises(PuzzleError, match="expected 5 rows"):
        KIND.parse_solution(puzzle, "Y F X U Q")


def test_detect_registry_and_pipeline():
    text = (PUZZLES / "gogen_dm_older02.txt").read_text()
    assert registry.detect(text).name == "gogen"
    assert registry.detect(text.split("\n", 1)[1]).name == "gogen"  # no header
    assert registry.get("gogen") is not None
    result = run(text)
    assert result.ok and result.verdict_ok and result.count == 1
    assert result.media[0].data[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Y F X U Q" in result.caption
    bad = run("#gogen\ny.x.q\n....\n")
    assert not bad.ok and bad.error.startswith("Line 3:")


def test_pictures_are_phone_sized():
    puzzle = load("gogen_dm_older02.txt")
    solved = KIND.render(puzzle, SEED_GRID)
    blank = KIND.render(puzzle, None)
    assert 500 <= solved.width <= 900 and solved.height > solved.width
    assert blank.width == solved.width


#: the puzzle files with more than one solution
SEVERAL_SOLUTIONS = {"gogen_pb04.txt", "gogen_pb05.txt", "gogen_pb16.txt"}


@pytest.mark.parametrize("name", sorted(p.name for p in PUZZLES.glob("gogen_*.txt")))
def test_propagation_only_solves_are_unique_and_agree_with_z3(name, monkeypatch):
    """When propagation places every letter, no Z3 is made, the count is 1 and exhaustive,
    and Z3 alone (letters on cells, words traced) finds that grid and no other."""

    from solvers import gogen

    puzzle = load(name)
    candidates, reason = gogen.propagate(puzzle)
    if name in SEVERAL_SOLUTIONS:  # propagation cannot decide these: Z3 must
        assert not reason and gogen.open_letters(puzzle, candidates)
        return
    monkeypatch.setattr(z3, "SimpleSolver", None)  # must not be called
    solutions = KIND.solve(puzzle, Limits(max_solutions=2))
    assert (solutions.count, solutions.exhaustive) == (1, True)
    monkeypatch.undo()
    grid = solutions.found[0]
    assert KIND.check(puzzle, grid).ok
    n = puzzle.size
    cell = {x: z3.Int(f"p_{x}") for x in puzzle.letters}
    solver = z3.Solver()
    solver.add([z3.And(v >= 0, v < n * n) for v in cell.values()])
    solver.add(z3.Distinct(list(cell.values())))
    solver.add([cell[x] == i for i, x in enumerate(puzzle.grid) if x != "."])
    for a, b in puzzle.links():
        ra, ca, rb, cb = cell[a] / n, cell[a] % n, cell[b] / n, cell[b] % n
        solver.add(z3.And(ra - rb <= 1, rb - ra <= 1, ca - cb <= 1, cb - ca <= 1))
    assert solver.check() == z3.sat
    model = solver.model()
    assert {x: model[v].as_long() for x, v in cell.items()} == \
        {x: grid.index(x) for x in puzzle.letters}
    solver.add(z3.Or([v != grid.index(x) for x, v in cell.items()]))
    assert solver.check() == z3.unsat
