"""Number Workout hints: every step agrees with the solution, on the seed puzzles and on
generated ones; the sentences name what the picture shows; a person's grid with a
wrong number is told by hexagon, then by segment; the step's picture."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solvers.number_workout import CELLS, NumberWorkout
from solvers.number_workout.hints import TECHNIQUES, line_position, segment_name
from solvers.number_workout.parse import lines_text
from solvers.values import DIFFICULTIES, Limits, PuzzleError

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
KIND = NumberWorkout()
SEEDS = ["nw_003.txt", "nw_pb01.txt", "nw_pb02.txt", "nw_pb03.txt", "nw_pb04.txt"]
#: (line, position) -> segment, as the solution text places them
SEGMENT_AT = {line_position(cell): cell for cell in range(CELLS)}


def solved(puzzle):
    return KIND.solve(puzzle, Limits(max_solutions=2)).found[0]


def assert_agrees(puzzle, path) -> None:
    """Placements are the solution's numbers, eliminations never are, and applying the
    placements in order fills every segment (each once)."""
    solution = solved(puzzle)
    filled = list(puzzle.clues)
    for step in path.steps:
        assert step.technique in TECHNIQUES and step.text.endswith(".") and step.where
        for line, position, value in step.eliminations:
            assert solution[SEGMENT_AT[line, position]] != value, step
        for line, position, value in step.placements:
            cell = SEGMENT_AT[line, position]
            assert solution[cell] == value and not filled[cell], step
            filled[cell] = value
    assert path.complete and tuple(filled) == solution


@pytest.mark.parametrize("name", SEEDS)
def test_seed_puzzles_are_hinted_to_their_solution(name):
    puzzle = KIND.parse((PUZZLES / name).read_text())
    path = KIND.hint_steps(puzzle)
    assert_agrees(puzzle, path)
    assert path.difficulty.hardest in TECHNIQUES


@given(seed=st.integers(0, 2**32 - 1), difficulty=st.sampled_from(DIFFICULTIES))
def test_generated_puzzles_are_hinted_to_their_solution(seed, difficulty):
    puzzle = KIND.parse(KIND.generate(random.Random(seed), difficulty))
    assert_agrees(puzzle, KIND.hint_steps(puzzle))


def test_the_first_step_of_the_seed_says_why_in_the_pictures_words():
    puzzle = KIND.parse((PUZZLES / "nw_003.txt").read_text())
    path = KIND.hint_steps(puzzle, limit=2)
    copied, step = path.steps
    assert copied.technique == "Touching Pairs" and copied.text.startswith(
        "Where two hexagons touch, the two segments hold the same number")
    assert not path.complete and step.technique == "Only Place"
    assert step.text.startswith("Hexagon 8 still needs a 2, and only the lower left "
                                "segment of hexagon 8 can take it")
    assert step.where == "hexagon 8" and step.placements == ((7, 1, 2),)
    image = KIND.hint_picture(puzzle, step)
    assert image.width > 400 and image.height > 600


def test_a_probe_rules_numbers_out_of_a_touching_pair_and_the_picture_marks_them():
    puzzle = KIND.parse((PUZZLES / "nw_pb03.txt").read_text())
    probe = next(s for s in KIND.hint_steps(puzzle).steps if s.technique == "Probe")
    assert probe.text.startswith("If the segment where hexagons 6 and 9 touch held 5")
    assert {(line, pos) for line, pos, _ in probe.eliminations} == {(5, 8), (6, 8)}
    red = KIND.hint_picture(puzzle, probe).convert("RGB").getcolors(1 << 20)
    assert any(colour == (205, 40, 40) for _, colour in red)


def test_a_probe_names_the_hexagon_and_number_that_fail():
    puzzle = KIND.parse((PUZZLES / "nw_pb03.txt").read_text())
    probe = next(s for s in KIND.hint_steps(puzzle).steps if s.technique == "Probe")
    assert "(with 5, hexagon 10 would have no place for its 1)" in probe.text
    assert probe.text.endswith("so it is not 5.")


def test_segments_are_named_as_the_picture_shows_them():
    assert segment_name(5) == "the segment where hexagons 1 and 2 touch"
    assert segment_name(1) == "the top segment of hexagon 1"


def test_a_wrong_number_is_told_by_hexagon_then_by_segment():
    puzzle = KIND.parse((PUZZLES / "nw_003.txt").read_text())
    solution = solved(puzzle)
    cell = next(c for c in range(CELLS) if not puzzle.clues[c])
    entries = [0] * CELLS
    entries[cell] = solution[cell] % 6 + 1
    typed = KIND.hint_entries(puzzle, lines_text(tuple(entries)))
    path = KIND.hint_steps(puzzle, typed)
    assert not path.steps and path.mistake.text.startswith("There is a mistake in hexagon")
    assert segment_name(cell) in path.mistake.cell_text
    right = [solution[c] if c == cell else 0 for c in range(CELLS)]
    assert KIND.hint_steps(puzzle, tuple(right), limit=1).steps


def test_puzzles_without_one_solution_get_no_steps():
    several = KIND.parse((PUZZLES / "nw_001.txt").read_text())
    with pytest.raises(PuzzleError, match="more than one solution"):
        KIND.hint_steps(several)


def test_difficulty_is_the_hardest_step():
    puzzle = KIND.parse((PUZZLES / "nw_pb01.txt").read_text())
    rated = KIND.difficulty(puzzle)
    assert rated.text() == "rated 4.0 (Hard: Probe)"
