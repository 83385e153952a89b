"""Hints: the Sudoku logical-step engine, its rating and the kind contract's hint hook.

Each technique is shown on a small exact pencilmark board built for it (one digit's
spots, or a few cells' candidates, with every other candidate left open so nothing else
fires), checking the eliminations it finds. A property test then walks whole paths of
generated puzzles against their solutions.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solvers.__main__ import main as solvers_main
from solvers.pipeline import run
from solvers.registry import KINDS
from solvers.sudoku import Sudoku
from solvers.sudoku.generate import generate
from solvers.sudoku.logic import (
    TECHNIQUES,
    chains,
    fish,
    forcing,
    hint_path,
    intersections,
    rating,
    single_digit,
    singles,
    subsets,
    uniqueness,
    wings,
)
from solvers.sudoku.logic.board import ALL, Board, bit
from solvers.values import DIFFICULTIES, Difficulty, Limits, PuzzleError, level_of

SUDOKU = Sudoku()
HARD = Path(__file__).resolve().parent.parent / "bench" / "data" / "sudoku_hard.txt"
PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def gogen_limits() -> Limits:
    return Limits(max_solutions=2)


def rc(row: int, col: int) -> int:
    """A cell from a row and column counted from 1, as the hint sentences say them."""
    return (row - 1) * 9 + col - 1


def open_board() -> Board:
    """Every cell empty with every candidate: nothing is forced until a test says so."""
    return Board([0] * 81, [ALL] * 81)


def only(board: Board, digit: int, cells: list[int]) -> Board:
    """Make `cells` the only places of `digit` on the board."""
    for cell in range(81):
        if cell not in cells:
            board.cands[cell] &= ~bit(digit)
    return board


def grid(text: str) -> tuple[int, ...]:
    return tuple(int(ch) if ch.isdigit() else 0 for ch in text)


def gone(found) -> set[tuple[int, int]]:
    return set(found.eliminations)


def test_full_house_hidden_and_naked_singles():
    solved = [int(ch) for ch in
              "534678912672195348198342567859761423426853791713924856961537284287419635345286179"]
    board = Board.from_grid(tuple(0 if i == 0 else d for i, d in enumerate(solved)))
    found = singles.full_house(board)
    assert found.placements == ((0, 5),) and found.technique == "Full House"
    board = open_board()
    only(board, 5, [rc(1, 1), rc(4, 4), rc(7, 7), rc(2, 4), rc(3, 7)])
    found = singles.hidden_single(board)
    assert found.placements == ((rc(1, 1), 5),) and found.rating == 1.2
    board = open_board()
    board.cands[rc(3, 3)] = bit(6)
    found = singles.naked_single(board)
    assert found.placements == ((rc(3, 3), 6),) and "can only be 6" in found.text


def test_pointing_and_claiming():
    board = only(open_board(), 3, [rc(1, 1), rc(1, 2)] +
                 [rc(r, c) for r in range(1, 10) for c in range(4, 10)])
    found = intersections.pointing(board)
    assert found.technique == "Pointing"
    assert gone(found) == {(rc(1, c), 3) for c in range(4, 10)}
    board = only(open_board(), 4, [rc(2, 1), rc(2, 3)] +
                 [rc(r, c) for r in (1, 3) for c in range(1, 10)])
    found = intersections.claiming(board)
    assert found.technique == "Claiming"
    assert gone(found) == {(rc(r, c), 4) for r in (1, 3) for c in (1, 2, 3)}


def test_naked_and_hidden_pairs():
    board = open_board()
    board.cands[rc(1, 1)] = board.cands[rc(1, 5)] = bit(4) | bit(7)
    found = subsets.naked(2)(board)
    assert found.technique == "Naked Pair"
    assert gone(found) == {(rc(1, c), d) for c in (2, 3, 4, 6, 7, 8, 9) for d in (4, 7)}
    board = open_board()
    for digit in (2, 8):
        only(board, digit, [rc(5, 1), rc(5, 9)] + [rc(r, c) for r in range(1, 10)
                                                   for c in range(1, 10) if r != 5])
    found = subsets.hidden(2)(board)
    assert found.technique == "Hidden Pair"
    assert gone(found) == {(c, d) for c in (rc(5, 1), rc(5, 9))
                           for d in (1, 3, 4, 5, 6, 7, 9)}


def test_naked_triple():
    board = open_board()
    board.cands[rc(1, 1)] = bit(1) | bit(2)
    board.cands[rc(1, 4)] = bit(2) | bit(3)
    board.cands[rc(1, 7)] = bit(1) | bit(3)
    found = subsets.naked(3)(board)
    assert found.technique == "Naked Triple"
    assert (rc(1, 2), 1) in gone(found) and (rc(1, 9), 3) in gone(found)


def test_x_wing_and_swordfish():
    board = only(open_board(), 3, [rc(5, 2), rc(5, 7), rc(8, 2), rc(8, 7)] +
                 [rc(r, c) for r in (1, 2, 3, 4, 6, 7, 9) for c in range(1, 10)])
    found = fish.basic(2)(board)
    assert found.technique == "X-Wing"
    assert found.text.startswith("Follow the 3s in rows 5 and 8: each has exactly two spots")
    assert gone(found) == {(rc(r, c), 3) for r in (1, 2, 3, 4, 6, 7, 9) for c in (2, 7)}
    spots = [rc(1, 1), rc(1, 5), rc(4, 5), rc(4, 9), rc(7, 1), rc(7, 9)]
    board = only(open_board(), 6, spots + [rc(r, c) for r in (2, 3, 5, 6, 8, 9)
                                           for c in range(1, 10)])
    found = fish.basic(3)(board)
    assert found.technique == "Swordfish"
    assert gone(found) == {(rc(r, c), 6) for r in (2, 3, 5, 6, 8, 9) for c in (1, 5, 9)}


def test_finned_x_wing():
    spots = [rc(2, 2), rc(2, 7), rc(6, 2), rc(6, 7), rc(6, 8)]  # fin at R6C8, box 6
    board = only(open_board(), 5, spots + [rc(r, c) for r in (1, 3, 4, 5, 7, 8, 9)
                                           for c in range(1, 10)])
    assert fish.basic(2)(board) is None
    found = fish.finned(2)(board)
    assert found.technique == "Finned X-Wing"
    assert gone(found) == {(rc(4, 7), 5), (rc(5, 7), 5)}


def test_xy_and_xyz_wings():
    board = open_board()
    board.cands[rc(1, 1)] = bit(1) | bit(2)
    board.cands[rc(1, 5)] = bit(1) | bit(3)
    board.cands[rc(3, 2)] = bit(2) | bit(3)
    found = wings.xy_wing(board)
    assert found.technique == "XY-Wing"
    assert gone(found) == {(rc(1, 2), 3), (rc(1, 3), 3), (rc(3, 4), 3), (rc(3, 5), 3),
                           (rc(3, 6), 3)}
    board = open_board()
    board.cands[rc(1, 1)] = bit(1) | bit(2) | bit(3)
    board.cands[rc(1, 5)] = bit(1) | bit(3)
    board.cands[rc(2, 2)] = bit(2) | bit(3)
    found = wings.xyz_wing(board)
    assert found.technique == "XYZ-Wing"
    assert gone(found) == {(rc(1, 2), 3), (rc(1, 3), 3)}


def test_w_wing():
    board = only(open_board(), 1, [rc(9, 1), rc(9, 9)] + [rc(r, c) for r in range(1, 9)
                                                          for c in range(1, 10)])
    board.cands[rc(1, 1)] = board.cands[rc(5, 9)] = bit(1) | bit(2)
    found = wings.w_wing(board)
    assert found.technique == "W-Wing"
    assert gone(found) == {(rc(1, 9), 2), (rc(5, 1), 2)}


def test_skyscraper_and_two_string_kite():
    board = only(open_board(), 7, [rc(1, 1), rc(1, 5), rc(6, 1), rc(6, 6)] +
                 [rc(r, c) for r in (2, 3, 4, 5, 7, 8, 9) for c in range(1, 10)])
    found = single_digit.skyscraper(board)
    assert found.technique == "Skyscraper"
    assert gone(found) == {(rc(2, 6), 7), (rc(3, 6), 7), (rc(4, 5), 7), (rc(5, 5), 7)}
    row = [rc(1, 2), rc(1, 7)]
    col = [rc(3, 1), rc(8, 1)]
    rest = [rc(r, c) for r in range(2, 10) for c in range(2, 10)]
    board = only(open_board(), 9, row + col + rest)
    found = single_digit.two_string_kite(board)
    assert found.technique == "2-String Kite"
    assert gone(found) == {(rc(8, 7), 9)}


def test_empty_rectangle():
    box = [rc(1, 1), rc(1, 2), rc(3, 3)]  # box 1: row 1 and column 3
    link = [rc(7, 3), rc(7, 8)]  # row 7's two spots, one in column 3
    rest = [rc(r, c) for r in (2, 4, 5, 6, 8, 9) for c in range(4, 10)] + [rc(1, 8)]
    board = only(open_board(), 4, box + link + rest)
    found = single_digit.empty_rectangle(board)
    assert found.technique == "Empty Rectangle"
    assert gone(found) == {(rc(1, 8), 4)}


def test_simple_colouring_trap():
    """Rows 1, 4, 8 and columns 5, 8 have two spots each: a chain coloured R1C1, R4C5,
    R8C8 against R1C5, R4C8, R8C2; R2C2 and R3C2 see R1C1 and R8C2, both colours."""
    chain = [rc(1, 1), rc(1, 5), rc(4, 5), rc(4, 8), rc(8, 8), rc(8, 2)]
    board = only(open_board(), 2, chain + [rc(2, 2), rc(3, 2)])
    found = single_digit.simple_colouring(board)
    assert found.technique == "Simple Colouring"
    assert gone(found) == {(rc(2, 2), 2), (rc(3, 2), 2)}


def test_unique_rectangle_and_bug():
    board = open_board()
    corners = [rc(1, 1), rc(1, 5), rc(2, 1), rc(2, 5)]
    for cell in corners[:3]:
        board.cands[cell] = bit(3) | bit(8)
    board.cands[corners[3]] = bit(3) | bit(8) | bit(9)
    found = uniqueness.unique_rectangle(board)
    assert found.technique == "Unique Rectangle"
    assert gone(found) == {(rc(2, 5), 3), (rc(2, 5), 8)}
    board = Board([9] * 81, [0] * 81)  # every cell filled but three of row 1
    for cell, digits in ((rc(1, 1), (1, 2)), (rc(1, 2), (1, 3)), (rc(1, 3), (1, 2, 3))):
        board.values[cell] = 0
        board.cands[cell] = sum(bit(d) for d in digits)
    found = uniqueness.bug_plus_one(board)
    assert found.technique == "BUG+1" and found.placements == ((rc(1, 3), 1),)


@lru_cache(maxsize=1)
def inkala_path():
    """Inkala's whole path, the slowest here (a second of CPU): computed once."""
    return hint_path(grid(INKALA))


def test_chains_and_forcing_steps_never_remove_a_solution_value():
    """The chains, forcing chains and nets on the hardest puzzles: every step found is
    checked against the solution."""
    path = inkala_path()
    assert path.complete
    used = {s.technique for s in path.steps}
    assert {"Forcing Net", "Forcing Chain"} <= used
    _agrees(path)


def test_x_chain_and_xy_chain_on_boards():
    board = open_board()
    board.cands[rc(1, 1)] = bit(1) | bit(2)
    board.cands[rc(1, 6)] = bit(2) | bit(3)
    board.cands[rc(5, 6)] = bit(3) | bit(4)
    board.cands[rc(5, 9)] = bit(4) | bit(1)
    found = chains.xy_chain(board)
    assert found.technique == "XY-Chain"
    assert (rc(5, 1), 1) in gone(found) and (rc(1, 9), 1) in gone(found)
    links = [rc(1, 1), rc(1, 4), rc(5, 4), rc(5, 8), rc(9, 8), rc(9, 2)]
    board = only(open_board(), 8, links + [rc(2, 1), rc(2, 2), rc(3, 2)])
    found = chains.x_chain(board)
    assert found.technique == "X-Chain"
    assert all(c not in links for c, _ in found.eliminations)


def test_forcing_chain_finds_a_contradiction():
    board = open_board()
    board.cands[rc(1, 1)] = bit(1) | bit(2)
    board.cands[rc(1, 2)] = bit(1) | bit(3)
    board.cands[rc(2, 1)] = bit(1) | bit(3)
    board.cands[rc(2, 2)] = bit(3) | bit(4)
    found = forcing.forcing_chain(board)
    assert found.technique == "Forcing Chain"
    assert found.eliminations == ((rc(1, 1), 1),)


def _agrees(path) -> None:
    solution = path.solution
    for step in path.steps:
        for cell, digit in step.placements:
            assert solution[cell] == digit, step
        for cell, digit in step.eliminations:
            assert solution[cell] != digit, step


@given(seed=st.integers(0, 2**32 - 1), difficulty=st.sampled_from(DIFFICULTIES))
def test_paths_of_generated_puzzles_reach_the_solution(seed, difficulty):
    text = generate(random.Random(seed), difficulty)
    puzzle = SUDOKU.parse(text)
    path = hint_path(puzzle.givens)
    assert path.complete and not path.mistake
    _agrees(path)
    filled = list(puzzle.givens)
    for step in path.steps:
        for cell, digit in step.placements:
            assert not filled[cell]
            filled[cell] = digit
    assert tuple(filled) == path.solution


def test_every_hard_puzzle_path_agrees_with_its_solution():
    lines = [x for x in HARD.read_text().splitlines() if x and not x.startswith("#")]
    for line in lines[:40:8]:
        path = hint_path(grid(line))
        assert path.complete
        _agrees(path)


def test_the_kind_declares_hints_and_rates_puzzles():
    assert SUDOKU.hints
    assert {k.name for k in KINDS if k.hints and k.listed} == {
        "sudoku", "gogen", "nw", "seki", "pencil"}
    assert all(k.hints for k in KINDS if not k.listed)  # every pencil genre
    figure, hardest = rating(inkala_path().steps)
    assert level_of(figure) == "Extreme" and figure >= 7.5 and hardest
    easy = SUDOKU.parse(generate(random.Random(1), "easy"))
    assert SUDOKU.difficulty(easy).level == "Easy"


def test_the_next_hint_comes_alone_and_pictures_it():
    puzzle = SUDOKU.parse(f"#sudoku Inkala\n{INKALA}")
    path = SUDOKU.hint_steps(puzzle, limit=1)
    assert len(path.steps) == 1 and not path.complete
    step = path.steps[0]
    assert step.where and step.technique and step.text.endswith(".")
    image = SUDOKU.hint_picture(puzzle, step)
    assert image.width > 500
    row, col = step.cells[0]
    assert 1 <= row <= 9 and 1 <= col <= 9


def test_a_wrong_entry_is_a_mistake_named_by_row_then_cell():
    puzzle = SUDOKU.parse(f"#sudoku Inkala\n{INKALA}")
    solution = hint_path(puzzle.givens, limit=0).solution
    entries = [0] * 81
    entries[rc(4, 1)] = solution[rc(4, 1)] % 9 + 1  # wrong
    entries[rc(2, 1)] = solution[rc(2, 1)]  # right
    path = SUDOKU.hint_steps(puzzle, tuple(entries))
    assert path.mistake.text == "There is a mistake in row 4."
    assert path.mistake.cell == (4, 1) and "row 4, column 1" in path.mistake.cell_text
    assert not path.steps
    good = [0] * 81
    good[rc(2, 1)] = solution[rc(2, 1)]
    assert SUDOKU.hint_steps(SUDOKU.parse(INKALA), tuple(good), limit=1).steps


def test_a_filled_in_grid_with_a_mistake_names_it():
    """Givens and entries sent as one grid: the wrong one is the cell whose removal
    leaves exactly one solution."""
    puzzle = SUDOKU.parse(INKALA)
    solution = hint_path(puzzle.givens, limit=0).solution
    mixed = list(puzzle.givens)
    for cell in (rc(1, 2), rc(1, 3), rc(2, 1)):
        mixed[cell] = solution[cell]
    mixed[rc(9, 9)] = next(d for d in range(1, 10) if d != solution[rc(9, 9)]
                           and d not in mixed[72:81] and d not in mixed[8::9])
    path = SUDOKU.hint_steps(SUDOKU.parse("".join(str(d or ".") for d in mixed)))
    assert path.mistake.text == "There is a mistake in row 9."
    assert path.mistake.cell == (9, 9) and not path.steps


def test_hints_refuse_a_puzzle_without_one_solution():
    with pytest.raises(PuzzleError, match="more than one solution"):
        SUDOKU.hint_steps(SUDOKU.parse("#sudoku\n" + "1" + "." * 80))


def test_kinds_without_hints_say_so():
    queens = next(k for k in KINDS if k.name == "queens")
    assert not queens.hints
    with pytest.raises(PuzzleError, match="no hints"):
        queens.hint_steps(None)


@pytest.mark.parametrize("name", ["gogen_pb01.txt", "gogen_pb03.txt", "gogen_dm_older02.txt"])
def test_gogen_hints_place_every_letter_of_the_solution(name):
    gogen = next(k for k in KINDS if k.name == "gogen")
    puzzle = gogen.parse((PUZZLES / name).read_text())
    solution = gogen.solve(puzzle, gogen_limits()).found[0]
    path = gogen.hint_steps(puzzle)
    assert path.complete and path.steps
    grid = list(puzzle.grid)
    for step in path.steps:
        assert step.text.endswith(".") and step.where
        for row, col, letter in step.placements:
            grid[(row - 1) * puzzle.size + col - 1] = letter.lower()
        for row, col, letter in step.eliminations:
            assert solution[(row - 1) * puzzle.size + col - 1] != letter.lower()
    assert "".join(grid) == solution
    assert gogen.hint_picture(puzzle, path.steps[0]).width > 500
    first = path.steps[0]
    assert first.technique == "Linked Letters" and "must touch" in first.text


def test_gogen_entries_with_a_wrong_letter_are_a_mistake():
    gogen = next(k for k in KINDS if k.name == "gogen")
    puzzle = gogen.parse((PUZZLES / "gogen_pb01.txt").read_text())
    solution = gogen.solve(puzzle, gogen_limits()).found[0]
    cell = puzzle.grid.index(".")
    wrong = next(x for x in puzzle.letters if x != solution[cell])
    entries = "." * cell + wrong + "." * (len(puzzle.grid) - cell - 1)
    path = gogen.hint_steps(puzzle, entries)
    assert path.mistake and path.mistake.text.startswith("There is a mistake in row")


def test_hint_command_prints_the_path_as_json(tmp_path, capsys):
    path = tmp_path / "easy.txt"
    path.write_text(generate(random.Random(3), "medium"))
    assert solvers_main(["hint", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["kind"] == "sudoku" and out["level"] in ("Easy", "Medium")
    first = out["steps"][0]
    assert set(first) >= {"technique", "placements", "eliminations", "cells", "text"}
    assert all(1 <= x <= 9 for p in first["placements"] for x in p)
    assert solvers_main(["hint", str(path), "--steps", "2"]) == 0
    assert "Difficulty: rated" in capsys.readouterr().out


def test_one_scale_gives_every_kind_the_same_band_for_a_rating():
    """A rating always names one band, whatever the kind or technique (a 3.2 X-Wing is
    not Hard beside a 3.4 Hidden Pair that is Medium)."""
    assert [level_of(r) for r in (1.0, 2.4, 2.5, 3.2, 3.4, 3.7, 3.8, 5.6, 5.7, 7.4, 7.5, 11)] \
        == ["Easy", "Easy", "Medium", "Medium", "Medium", "Medium", "Hard", "Hard",
            "Fiendish", "Fiendish", "Extreme", "Extreme"]
    x_wing, hidden_pair = (Difficulty.of(TECHNIQUES[t], t) for t in ("X-Wing", "Hidden Pair"))
    assert x_wing.level == hidden_pair.level == "Medium"
    assert x_wing.text() == "rated 3.2 (Medium: X-Wing)"


def test_a_full_grid_is_not_rated():
    full = SUDOKU.solve(SUDOKU.parse(generate(random.Random(3), "easy")), Limits()).found[0]
    text = "\n".join("".join(map(str, full[r * 9:r * 9 + 9])) for r in range(9))
    result = run(text, "sudoku", render=False)
    assert result.ok and result.difficulty == "" and "rated" not in result.caption
