"""Race puzzles and submissions, without the chat: every generated puzzle has exactly one
solution (Seki by trying all 2^16 grids with the Seki check, Sudoku by a plain
backtracking count that shares no code with the solver), pool puzzles are unique when
the pool has unique ones, and the check's verdict is what a player is told."""

from __future__ import annotations

import random

import numpy as np
import pytest

from bot.games.puzzles import PUZZLES, pool_files
from bot.games.race import minutes_option
from bot.work.jobs import race_check, race_puzzle
from solvers import registry
from solvers.seki import BLACK_COUNT, rotor_group
from solvers.values import Limits

SEKI = registry.get("seki")
NW = registry.get("nw")
ALL_GRIDS = ((np.arange(1 << 16)[:, None] >> np.arange(16)) & 1).astype(np.int8)


def seki_count_by_brute_force(text: str) -> int:
    """How many of the 2^16 grids the Seki check accepts (grids whose rotor groups
    have the wrong number of blacks, which the check fails first, are set aside in bulk)."""
    puzzle = SEKI.parse(text)
    keep = np.ones(len(ALL_GRIDS), dtype=bool)
    for k, rotor in enumerate(puzzle.rotors):
        keep &= ALL_GRIDS[:, list(rotor_group(k))].sum(axis=1) == BLACK_COUNT[rotor]
    return sum(SEKI.check(puzzle, tuple(int(v) for v in row)).ok for row in ALL_GRIDS[keep])


def sudoku_count(givens: list[int], cap: int = 2) -> int:
    """Solutions of a 9x9 Sudoku up to `cap`, by plain backtracking on the fullest cell."""
    peers = [{j for j in range(81) if j != i and (j // 9 == i // 9 or j % 9 == i % 9 or (
        j // 27 == i // 27 and j % 9 // 3 == i % 9 // 3))} for i in range(81)]
    grid = list(givens)

    def count() -> int:
        empty = [i for i in range(81) if not grid[i]]
        if not empty:
            return 1
        options = {i: set(range(1, 10)) - {grid[j] for j in peers[i]} for i in empty}
        cell = min(empty, key=lambda i: len(options[i]))
        total = 0
        for digit in options[cell]:
            grid[cell] = digit
            total += count()
            grid[cell] = 0
            if total >= cap:
                break
        return total

    return count()


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_generated_seki_races_have_exactly_one_solution_by_brute_force(difficulty):
    for seed in range(3):
        made = race_puzzle(SEKI.name, difficulty, seed, [])
        assert made.solutions == 1 and made.source == f"generated {difficulty}"
        assert made.text.startswith(f"#seki {difficulty}")
        assert seki_count_by_brute_force(made.text) == 1
        assert made.picture.startswith(b"\x89PNG")


@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_generated_sudoku_races_have_exactly_one_solution(difficulty):
    made = race_puzzle("sudoku", difficulty, 11, [])
    assert made.solutions == 1
    puzzle = registry.get("sudoku").parse(made.text)
    assert sudoku_count(list(puzzle.givens)) == 1


def test_an_easy_race_draws_from_the_easy_generator_only(monkeypatch):
    """No generated nurikabe is rated Easy (its steps need a few rules): the race takes
    the closest of its candidates, all drawn as easy 5x5 boards, never the 7x7 ones of
    the hard generator, which come out no easier and take seconds each to make."""
    kind = registry.get("nurikabe")
    asked: list[str] = []
    generate = kind.generate

    def noted(rng: random.Random, difficulty: str) -> str:
        asked.append(difficulty)
        return generate(rng, difficulty)

    monkeypatch.setattr(kind, "generate", noted)
    made = race_puzzle(kind.name, "easy", 7, [])
    assert made.solutions == 1 and "/5/5/" in made.text, made.text
    assert asked == ["easy"] * 12, asked


def test_pool_races_prefer_unique_puzzles_and_fall_back_to_the_first():
    files = {f.name: f for f in PUZZLES.glob("nw_*.txt")}  # a pool, as a kind may declare
    pool = [(name, files[name].read_text()) for name in ("nw_001.txt", "nw_003.txt")]
    made = race_puzzle(NW.name, "medium", 0, pool)
    assert made.source == "nw_003.txt" and made.solutions == 1  # nw_001 has two
    made = race_puzzle(NW.name, "medium", 0, pool[:1])
    assert made.source == "nw_001.txt" and made.solutions == 2
    assert [kind.name for kind in registry.racing()] == [
        "seki", "gogen", "nw", "sudoku",  # then the pencil genres with a generator
        "hitori", "kurodoko", "lightup", "nurikabe", "starbattle", "slither", "fillomino",
        "kakuro"]
    assert all(kind.generates and not pool_files(kind) for kind in registry.racing())


@pytest.mark.parametrize("kind_name", ["gogen", "nw", "seki", "sudoku"])
def test_submissions_are_judged_by_the_kinds_check(kind_name):
    kind = registry.get(kind_name)
    text = kind.generate(random.Random(5), "easy")
    puzzle = kind.parse(text)
    solution = kind.format_solution(puzzle, kind.solve(puzzle, Limits.within(20)).found[0])
    right, verdict = race_check(kind.name, text, solution)
    assert right and verdict.startswith("Checked: all ")
    first = solution[0]
    swapped = next(c for c in solution if c not in (first, "\n", " "))
    wrong_text = swapped + solution[1:]
    right, verdict = race_check(kind.name, text, wrong_text)
    assert not right
    assert "rules broken" in verdict or "could not read" in verdict
    right, verdict = race_check(kind.name, text, "x")
    assert not right and verdict.startswith("I could not read that solution:")


def test_minutes_option():
    assert minutes_option("10") == 10 and minutes_option("2.5") == 2.5
    for bad in ("0", "soon", "100000"):
        with pytest.raises(ValueError, match="minutes must be a number from 1 to 1440"):
            minutes_option(bad)
