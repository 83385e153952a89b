"""solvers.pipeline.judge: a typed solution checked by the kind's own check, as /check and
the race's /submit use it."""

from __future__ import annotations

import io
import pickle
from pathlib import Path

import pytest
from PIL import Image

from solvers import draw, i18n, registry
from solvers.pipeline import Judgement, judge
from solvers.values import Limits, PuzzleError

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
SEKI = (PUZZLES / "sk_6018.txt").read_text()
SEKI_SOLUTION = "1010\n0100\n1011\n0101"
SUDOKU = (PUZZLES / "sudoku_inkala.txt").read_text()
SUDOKU_SOLUTION = """812753649
943682175
675491283
154237896
369845721
287169534
521974368
438526917
796318452"""
GOGEN = (PUZZLES / "gogen_dm_older02.txt").read_text()
GOGEN_SOLUTION = "Y F X U Q\nP M O A D\nC J R V K\nH T I E G\nS B L W N"
#: examples whose solve takes tens of seconds are left out of the round trip
SLOW_EXAMPLES = {"bedlam", "y25"}


def failing(judgement: Judgement) -> list[str]:
    """The report lines of the rules a judged solution breaks."""
    return [rule.line() for rule in judgement.broken]


@pytest.mark.parametrize("text, solution, kind_name", [
    (SEKI, SEKI_SOLUTION, "seki"),
    (SUDOKU, SUDOKU_SOLUTION, "sudoku"),
    (GOGEN, GOGEN_SOLUTION, "gogen"),
])
def test_a_right_solution_is_right_and_drawn_when_asked(text, solution, kind_name):
    judgement = judge(text, solution, None, True)
    assert judgement.kind == kind_name
    assert judgement.ok and judgement.readable
    assert judgement.verdict == "Puzzle OK Solution successful."
    assert failing(judgement) == []
    assert judgement.report.endswith("\n\nPuzzle OK Solution successful.")
    picture = Image.open(io.BytesIO(judgement.picture))
    assert picture.format == "PNG" and picture.width >= 300
    assert judge(text, solution).picture == b""  # drawn only when asked


def test_a_wrong_seki_names_the_failing_rotor_group_only():
    judgement = judge(SEKI, "1010\n0100\n1011\n0110", "seki", True)
    assert not judgement.ok and judgement.readable
    assert judgement.verdict == "Puzzle has ** ERROR ** Solution failed by difference = 1."
    assert failing(judgement) == ["RotorGroup 7 ch=o Value=2 [9,10,13,14] gives Sum = 3 FAIL"]
    assert judgement.broken[0].cells == ((3, 2), (3, 3), (4, 2), (4, 3))  # rotor 8's cells
    kind = registry.get("seki")
    puzzle = kind.parse(SEKI)
    marked = kind.render_marked(puzzle, kind.parse_solution(puzzle, "1010\n0100\n1011\n0110"),
                                [(3, 2), (3, 3), (4, 2), (4, 3)])
    assert Image.open(io.BytesIO(judgement.picture)).tobytes() == marked.tobytes()


def test_a_wrong_sudoku_lists_its_failing_units_and_cuts_the_list_short():
    wrong = SUDOKU_SOLUTION.replace("943682175", "943682157")
    judgement = judge(SUDOKU, wrong, "sudoku")
    assert not judgement.ok
    assert failing(judgement) == ["Column 8: 5 more than once; missing 7 FAIL",
                                 "Column 9: 7 more than once; missing 5 FAIL"]
    assert judgement.failures_text(1) == (
        "Checked: 2 of 28 rules broken.\n"
        "Column 8: 5 more than once; missing 7 FAIL\n... and 1 more")
    assert judgement.failures_text(8).count("\n") == 2


def test_a_wrong_gogen_lists_the_changed_given_that_has_no_fail_mark():
    wrong = GOGEN_SOLUTION.replace("W N", "N W")
    judgement = judge(GOGEN, wrong)
    assert not judgement.ok
    assert judgement.verdict == "Puzzle has ** ERROR ** 1 word(s) fail, 1 letter problem(s)."
    assert failing(judgement) == [
        "given N at row 5 column 5 was changed to W",
        "witch **Fail** at W-I: W at row 5 column 5, I at row 4 column 3, not neighbours"]
    assert judgement.picture == b""  # drawn only when asked
    kind = registry.get("gogen")
    puzzle = kind.parse(GOGEN)
    drawn = judge(GOGEN, wrong, "gogen", True).picture
    # the changed given (row 5 column 5, now W), and the broken word's W and I outlined
    marked = kind.render_marked(puzzle, kind.parse_solution(puzzle, wrong), [(4, 3), (5, 5)])
    assert Image.open(io.BytesIO(drawn)).tobytes() == marked.tobytes()


def test_a_wrong_sudoku_is_drawn_as_typed_with_its_broken_cells_outlined():
    wrong = SUDOKU_SOLUTION.replace("943682175", "943682157")
    judgement = judge(SUDOKU, wrong, "sudoku", True)
    assert [rule.cells for rule in judgement.broken] == [((2, 8), (9, 8)), ((2, 9), (8, 9))]
    kind = registry.get("sudoku")
    puzzle = kind.parse(SUDOKU)
    marked = kind.render_marked(puzzle, kind.parse_solution(puzzle, wrong),
                                [(2, 8), (2, 9), (8, 9), (9, 8)])
    picture = Image.open(io.BytesIO(judgement.picture))
    assert picture.tobytes() == marked.tobytes()
    rgb = picture.convert("RGB")
    pixels = rgb.load()
    red = [x for x in range(rgb.width) for y in range(rgb.height)
           if pixels[x, y] == (220, 30, 30)]
    assert red and all(x > 24 + 7 * 64 for x in red)  # only in columns 8 and 9


@pytest.mark.parametrize(("name", "text", "typed", "legend"), [
    ("sudoku", SUDOKU, SUDOKU_SOLUTION, "bold on grey: given   blue: yours   red: breaks a rule"),
    ("nw", (PUZZLES / "nw_003.txt").read_text(), None, "blue: clue   black: yours   red: "
     "breaks a rule")])
def test_a_wrong_checks_picture_calls_the_digits_the_persons_own(name, text, typed, legend):
    """The legend of a marked picture says whose the digits are: the person's, not found."""
    kind = registry.get(name)
    puzzle = kind.parse(text)
    solution = (kind.parse_solution(puzzle, typed) if typed
                else kind.solve(puzzle, Limits.within(20)).found[0])
    with draw.watching_texts() as seen:
        kind.render_marked(puzzle, solution, [(1, 1)])
    texts = [drawn.text for drawn in seen]
    assert legend in texts and not any("found" in text for text in texts)
    for language in ("de", "es"):  # translated, and whole at the picture's width
        with i18n.language(language), draw.watching_texts() as seen:
            kind.render_marked(puzzle, solution, [(1, 1)])
        assert legend not in [drawn.text for drawn in seen]
        assert all(drawn.text == drawn.asked for drawn in seen), language


def test_number_workout_section_headings_are_not_failures():
    text = (PUZZLES / "nw_003.txt").read_text()
    kind = registry.get("nw")
    puzzle = kind.parse(text)
    right = kind.format_solution(puzzle, kind.solve(puzzle, Limits.within(20)).found[0])
    swapped = right.translate(str.maketrans("12", "21"))
    judgement = judge(text, swapped, "nw")
    assert not judgement.ok and failing(judgement)
    assert not any(line.startswith("Checking") for line in failing(judgement))
    assert all("** ERROR **" in line for line in failing(judgement))


def test_a_wrong_number_workout_segment_is_outlined_where_its_hexagon_repeats():
    text = (PUZZLES / "nw_003.txt").read_text()
    kind = registry.get("nw")
    puzzle = kind.parse(text)
    lines = kind.format_solution(puzzle, kind.solve(puzzle, Limits.within(20)).found[0])
    wrong = lines.splitlines()
    wrong[4] = "6" + wrong[4][1:]  # line 5's first segment: a second 6 in hexagon 5
    judgement = judge(text, "\n".join(wrong), "nw", True)
    assert [rule.cells for rule in judgement.broken] == [((4, 2), (5, 1))]
    marked = kind.render_marked(puzzle, kind.parse_solution(puzzle, "\n".join(wrong)),
                                [(4, 2), (5, 1)])
    assert Image.open(io.BytesIO(judgement.picture)).tobytes() == marked.tobytes()


@pytest.mark.parametrize("solution, verdict", [
    ("1010\n010\n1011\n0101",
     "I could not read that solution: Your solution, line 2: expected 4 cells, got 3"),
    ("1010\n0100\n1021\n0101",
     "I could not read that solution: Your solution, line 3, column 3: '2' is not a cell; "
     "use 1 or # for black, 0 or . for white"),
    ("1010\n0100",
     "I could not read that solution: expected 4 rows of 4 cells, got 2 rows"),
    ("101",
     "I could not read that solution: expected 4 rows of 4 cells, got 1 row"),
])
def test_an_unreadable_solution_names_its_own_line(solution, verdict):
    judgement = judge(SEKI, solution, "seki", True)
    assert not judgement.ok and not judgement.readable
    assert judgement.verdict == verdict and failing(judgement) == []
    assert judgement.failures_text(8) == verdict
    assert judgement.picture == b""


def test_an_unreadable_sudoku_and_gogen_name_the_solutions_line():
    short = SUDOKU_SOLUTION.replace("369845721", "36984572")
    assert judge(SUDOKU, short).verdict == (
        "I could not read that solution: Your solution, line 5: expected 9 digits in this "
        "row, got 8")
    foreign = GOGEN_SOLUTION.replace("W N", "W Z")
    assert judge(GOGEN, foreign).verdict == (
        "I could not read that solution: Your solution, line 5, column 5: 'z' is not one of "
        "the puzzle's letters")


def test_an_oversized_solution_is_refused_unread():
    judgement = judge(SEKI, "1" * 20_001, "seki")
    assert not judgement.readable
    assert judgement.verdict == ("I could not read that solution: input is 20,001 "
                                 "characters; the limit is 20,000")


def test_a_bad_puzzle_raises_with_the_puzzles_line():
    with pytest.raises(PuzzleError) as raised:
        judge("#sudoku\n123", SUDOKU_SOLUTION, "sudoku")
    assert str(raised.value).startswith("Line 2:")
    with pytest.raises(PuzzleError, match="unknown puzzle kind 'chess'"):
        judge(SEKI, SEKI_SOLUTION, "chess")


def test_a_judgement_crosses_a_process_boundary():
    judgement = judge(SEKI, SEKI_SOLUTION, "seki", True)
    copy = pickle.loads(pickle.dumps(judgement))
    assert isinstance(copy, Judgement) and copy == judgement


@pytest.mark.parametrize("kind", [k for k in registry.KINDS
                                  if k.example and k.name not in SLOW_EXAMPLES],
                         ids=lambda k: k.name)
def test_the_solution_text_the_bot_writes_is_read_back_as_right(kind):
    """What a player copies from the bot's answer is what /check reads."""
    text = (PUZZLES / kind.example).read_text()
    puzzle = kind.parse(text)
    found = kind.solve(puzzle, Limits.within(30, max_solutions=1)).found[0]
    judgement = judge(text, kind.format_solution(puzzle, found), kind.name)
    assert judgement.ok, judgement.verdict


def test_the_topic_note_of_an_anagram_is_information_not_a_broken_rule():
    right = judge("anagram pains topic=countries", "pains")
    assert right.ok and failing(right) == []
    assert "Topic countries: not on the list (still a valid anagram)" in right.report
    wrong = judge("anagram pains topic=countries", "pians")
    assert failing(wrong) == ["Words: pians: FAIL, not in the word list: pians"]
