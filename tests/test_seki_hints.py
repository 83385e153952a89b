"""Seki hints: every step sets cells as the solution has them, on the seed puzzle and
on generated ones; the sentences say which rotor forces what; a probe when single
rotors stall; a person's grid with a wrong cell; the step's picture."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solvers.seki import HINT_TECHNIQUES, SIZE, Seki, SekiPuzzle
from solvers.values import DIFFICULTIES, Limits, PuzzleError

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
KIND = Seki()
SEED = SekiPuzzle("oo+ooaoo-")  # the seed document's example


def assert_agrees(puzzle, path, entries=None) -> None:
    """Each step sets unknown cells to the solution's colours; together they fill the
    grid."""
    solution = KIND.solve(puzzle, Limits(max_solutions=2)).found[0]
    known = list(entries or [-1] * SIZE * SIZE)
    for step in path.steps:
        assert step.technique in HINT_TECHNIQUES and step.text.endswith(".") and step.where
        assert step.placements and not step.eliminations
        for row, col, colour in step.placements:
            cell = (row - 1) * SIZE + col - 1
            assert known[cell] == -1 and solution[cell] == colour, step
            known[cell] = colour
    assert path.complete and tuple(known) == solution


@pytest.mark.parametrize("name", ["sk_6018.txt"])
def test_the_seed_puzzle_is_hinted_to_its_solution(name):
    puzzle = KIND.parse((PUZZLES / name).read_text())
    assert_agrees(puzzle, KIND.hint_steps(puzzle))


@given(seed=st.integers(0, 2**32 - 1), difficulty=st.sampled_from(DIFFICULTIES))
def test_generated_puzzles_are_hinted_to_their_solution(seed, difficulty):
    puzzle = KIND.parse(KIND.generate(random.Random(seed), difficulty))
    assert_agrees(puzzle, KIND.hint_steps(puzzle))


def test_the_seed_starts_with_two_rotors_and_names_what_they_force():
    path = KIND.hint_steps(SEED, limit=2)
    first, second = path.steps
    assert first.technique == "Two Rotors" and first.where == "rotors 2 and 3"
    assert first.text == ("Rotors 2 and 3 share C1 and C2: of the ways rotor 2 (o: an "
                          "opposite pair black) and rotor 3 (+: one black) can be turned "
                          "together, every one says D1 and D2 are white.")
    assert first.placements == ((1, 4, 0), (2, 4, 0))
    assert second.text == ("Rotor 6 (a: an adjacent pair black) has D2 white: every way "
                           "it can still be turned says C3 is black.")
    assert KIND.difficulty(SEED).text() == "rated 3.0 (Medium: Two Rotors)"


def test_counting_rotors_say_so():
    last = KIND.hint_steps(SEED).steps[-1]
    assert last.text == ("Rotor 9 (-: three black) already has its 1 white cell (C4), so "
                         "D4 is black.")


def test_a_probe_when_single_and_paired_rotors_stall():
    """No rotor, alone or with another, forces a cell of -aoa-aa-- at first: a probe
    finds that A1 white leaves rotor 3 no way to be turned."""
    puzzle = SekiPuzzle("-aoa-aa--")
    path = KIND.hint_steps(puzzle)
    assert_agrees(puzzle, path)
    first = path.steps[0]
    assert first.technique == "Probe" and first.placements == ((1, 1, 1),)
    assert first.text == ("If A1 were white, setting the cells each rotor then forces would "
                          "leave rotor 3 (o: an opposite pair black) no way to be turned, so "
                          "A1 is black.")
    assert KIND.difficulty(puzzle).level == "Hard"


def test_a_wrong_cell_is_told_by_row_then_named():
    solution = KIND.solve(SEED, Limits()).found[0]
    rows = ["????", "????", "????", "????"]
    wrong = "0" if solution[5] else "1"
    rows[1] = "?" + wrong + "??"
    typed = KIND.hint_entries(SEED, "\n".join(rows))
    path = KIND.hint_steps(SEED, typed)
    assert path.mistake.text == "There is a mistake in row 2."
    assert path.mistake.cell == (2, 2) and path.mistake.cell_text.startswith("B2 is not")
    rows[1] = "?" + "01"[solution[5]] + "??"
    typed = KIND.hint_entries(SEED, "\n".join(rows))
    assert_agrees(SEED, KIND.hint_steps(SEED, typed), typed)
    with pytest.raises(PuzzleError, match="4 lines of 4 cells"):
        KIND.hint_entries(SEED, "01\n10")


def test_puzzles_without_one_solution_get_no_steps():
    with pytest.raises(PuzzleError, match="more than one solution"):
        KIND.hint_steps(KIND.parse((PUZZLES / "sk_several.txt").read_text()))
    with pytest.raises(PuzzleError, match="no solution"):
        KIND.hint_steps(KIND.parse((PUZZLES / "sk_none.txt").read_text()))


def test_the_picture_frames_the_steps_cells():
    step = KIND.hint_steps(SEED, limit=1).steps[0]
    image = KIND.hint_picture(SEED, step).convert("RGB")
    colours = {colour for _, colour in image.getcolors(1 << 20)}
    assert (240, 180, 0) in colours and (0, 150, 70) in colours
