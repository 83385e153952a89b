"""Generators: every generated puzzle has exactly one solution, proved independently of
the solver that kept it (Seki by trying all 2^16 grids with the Seki check, Sudoku by a
plain Z3 encoding), and each difficulty has the properties it promises."""

from __future__ import annotations

import random

import numpy as np
import pytest
import z3

from solvers import registry
from solvers.base import PuzzleKind
from solvers.gogen import EMPTY, Gogen
from solvers.number_workout import NumberWorkout
from solvers.seki import BLACK_COUNT, Seki, rotor_group
from solvers.sudoku import CELLS, UNITS, Sudoku
from solvers.sudoku.search import count_solutions, solved_by_singles
from solvers.values import Limits, PuzzleError

SEKI = Seki()
SUDOKU = Sudoku()
GOGEN = Gogen()
NW = NumberWorkout()
#: all 2^16 grids, one row each, cell i in column i
ALL_SEKI_GRIDS = ((np.arange(1 << 16)[:, None] >> np.arange(16)) & 1).astype(np.int8)


def seki_solutions_by_brute_force(rotors: str) -> list[tuple[int, ...]]:
    """Every one of the 2^16 grids that the Seki check accepts. Grids with a wrong black
    count in some rotor group (which the check fails first) are set aside in bulk; the
    check itself judges every other grid."""
    puzzle = SEKI.parse(rotors)
    counts_ok = np.ones(len(ALL_SEKI_GRIDS), dtype=bool)
    for k, rotor in enumerate(rotors):
        counts_ok &= ALL_SEKI_GRIDS[:, list(rotor_group(k))].sum(axis=1) == BLACK_COUNT[rotor]
    grids = [tuple(int(v) for v in row) for row in ALL_SEKI_GRIDS[counts_ok]]
    return [grid for grid in grids if SEKI.check(puzzle, grid).ok]


def sudoku_solutions_by_z3(givens: tuple[int, ...], cap: int = 2) -> int:
    """Count solutions up to `cap` with a plain Z3 encoding (no shared code with the
    numba search)."""
    cells = [z3.Int(f"c{i}") for i in range(CELLS)]
    solver = z3.Solver()
    solver.add([z3.And(c >= 1, c <= 9) for c in cells])
    solver.add([z3.Distinct([cells[i] for i in unit]) for unit in UNITS])
    solver.add([cells[i] == d for i, d in enumerate(givens) if d])
    count = 0
    while count < cap and solver.check() == z3.sat:
        model = solver.model()
        count += 1
        solver.add(z3.Or([c != model.eval(c) for c in cells]))
    return count


def test_kinds_without_a_generator_say_so():
    with pytest.raises(PuzzleError, match="no generator for Seki"):
        PuzzleKind.generate(SEKI, random.Random(0), "easy")


@pytest.mark.parametrize("kind", [SEKI, SUDOKU, GOGEN, NW])
def test_unknown_difficulty_is_refused(kind):
    with pytest.raises(PuzzleError, match="unknown difficulty 'extreme'"):
        kind.generate(random.Random(0), "extreme")


@pytest.mark.parametrize("difficulty, o_rotors", [
    ("easy", range(3, 10)), ("medium", range(2, 3)), ("hard", range(0, 2))])
def test_seki_puzzles_have_one_solution_by_brute_force(difficulty, o_rotors):
    for seed in range(3):
        text = SEKI.generate(random.Random(seed), difficulty)
        assert registry.detect(text).name == "seki"
        puzzle = SEKI.parse(text)
        assert puzzle.name == difficulty and puzzle.rotors.count("o") in o_rotors
        assert len(seki_solutions_by_brute_force(puzzle.rotors)) == 1


def test_generators_repeat_for_the_same_seed():
    for kind in (SEKI, SUDOKU, GOGEN, NW):
        assert kind.generate(random.Random(7), "medium") == \
            kind.generate(random.Random(7), "medium")
    assert SUDOKU.generate(random.Random(1), "hard") != SUDOKU.generate(random.Random(2), "hard")


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_sudoku_puzzles_have_one_solution_by_z3(difficulty):
    for seed in range(2):
        text = SUDOKU.generate(random.Random(seed), difficulty)
        assert registry.detect(text).name == "sudoku"
        puzzle = SUDOKU.parse(text)
        assert sudoku_solutions_by_z3(puzzle.givens) == 1


def test_sudoku_difficulties_keep_their_promises():
    easy = SUDOKU.parse(SUDOKU.generate(random.Random(3), "easy")).givens
    assert sum(map(bool, easy)) == 38 and solved_by_singles(easy, hidden=False)
    medium = SUDOKU.parse(SUDOKU.generate(random.Random(3), "medium")).givens
    assert sum(map(bool, medium)) == 30 and solved_by_singles(medium, hidden=True)
    hard_text = SUDOKU.generate(random.Random(3), "hard")
    hard = SUDOKU.parse(hard_text).givens
    assert f"({sum(map(bool, hard))} givens)" in hard_text.splitlines()[0]
    assert sum(map(bool, hard)) < 30 and not solved_by_singles(hard, hidden=True)
    for cell in (i for i, d in enumerate(hard) if d):  # minimal: no given can go
        fewer = tuple(0 if i == cell else d for i, d in enumerate(hard))
        assert count_solutions(fewer) == 2


def gogen_givens(puzzle) -> int:
    return sum(letter != EMPTY for letter in puzzle.grid)


def nw_clues(puzzle) -> int:
    return sum(1 for clue in puzzle.clues if clue)


@pytest.mark.parametrize("kind, givens", [(GOGEN, gogen_givens), (NW, nw_clues)])
def test_generated_puzzles_have_one_solution_counted_by_the_solver(kind, givens):
    """Each difficulty parses, is detected as its kind, says its clue count in the
    header, and the solver counts exactly one solution (searching for two), which the
    kind's check accepts."""
    for seed in range(2):
        for difficulty in ("easy", "medium", "hard"):
            text = kind.generate(random.Random(seed), difficulty)
            assert registry.detect(text).name == kind.name
            puzzle = kind.parse(text)
            assert puzzle.name == f"{difficulty} ({givens(puzzle)} " + \
                ("givens)" if kind is GOGEN else "clues)")
            found = kind.solve(puzzle, Limits(max_solutions=2))
            assert found.exhaustive and found.count == 1
            assert kind.check(puzzle, found.found[0]).ok


@pytest.mark.parametrize("kind, givens, easy, medium", [
    (GOGEN, gogen_givens, 11, 8), (NW, nw_clues, 32, 26)])
def test_generated_difficulties_differ_in_clues(kind, givens, easy, medium):
    """Easy and medium stop at their clue counts; hard takes away every clue it can
    (none can go without a second solution) and has fewer than medium."""
    for seed in range(2):
        made = {d: kind.parse(kind.generate(random.Random(seed), d))
                for d in ("easy", "medium", "hard")}
        assert givens(made["easy"]) == easy and givens(made["medium"]) == medium
        hard = made["hard"]
        assert givens(hard) < medium
        if kind is NW:
            clues = list(hard.clues)
            for cell in [c for c, clue in enumerate(clues) if clue]:
                fewer = NumberWorkout.parse(NW, NW.format_solution(
                    hard, tuple(0 if i == cell else v for i, v in enumerate(clues))))
                assert NW.solve(fewer, Limits(max_solutions=2)).count == 2
        else:
            for cell in [c for c, letter in enumerate(hard.grid) if letter != EMPTY]:
                fewer = type(hard)(hard.size, hard.grid[:cell] + EMPTY + hard.grid[cell + 1:],
                                   hard.words, hard.letters)
                assert GOGEN.solve(fewer, Limits(max_solutions=2)).count == 2
