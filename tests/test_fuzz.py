"""Bad input, every kind: any text gives a model (whose cache key can be made) or a
line-numbered PuzzleError, never another exception, never a hang; and every size limit
is refused before any search, with its own message (the manual's table of size limits,
docs/limits.md).

This is the short run for `make test`; bench/fuzz.py runs the same properties with at
least 10,000 examples per kind. The strategies (tests/fuzz_strategies.py) mutate the real
formats: seed examples from puzzles/, truncated lines, wrong digits, Unicode look-alikes,
huge numbers, very long lines, boxer headers asking for 10^9 cells.
"""

from __future__ import annotations

import io

import pytest
from fuzz_strategies import (
    any_texts,
    big_picture,
    example_puzzle,
    invisible_mark,
    judge,
    parsing,
    puzzle_seeds,
    puzzle_texts,
    script_digits,
    solution_seed,
    solution_texts,
)
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from PIL import Image

from solvers import pipeline, registry
from solvers.draw import fits_photo
from solvers.texts import plain_text
from solvers.values import PuzzleError

#: as many examples per kind and target as the profile says (tests/conftest.py), no
#: deadline: the alarm in judge() stops a hang
FUZZ = settings(
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
KINDS = {kind.name: kind for kind in registry.KINDS}


@pytest.fixture(scope="module", autouse=True)
def lexicon_loaded():
    """Load the anagram word list once, so no example pays for it against the deadline."""
    anagram = KINDS["anagram"]
    anagram.parse_solution(anagram.parse("anagram mupraw"), "warm up")


@pytest.mark.parametrize("name", KINDS)
@FUZZ
@given(data=st.data())
def test_parse_gives_a_model_or_a_line_numbered_error(name, data):
    kind = KINDS[name]
    text = data.draw(puzzle_texts(kind), label="text")
    note(f"{name}.parse({text[:300]!r})")
    judge(parsing(kind), text)


@pytest.mark.parametrize("name", KINDS)
@FUZZ
@given(data=st.data())
def test_parse_solution_gives_a_model_or_a_line_numbered_error(name, data):
    kind = KINDS[name]
    puzzle = example_puzzle(kind)
    text = data.draw(solution_texts(kind), label="text")
    note(f"{name}.parse_solution(example, {text[:300]!r})")
    judge(lambda t: kind.parse_solution(puzzle, t), text)


@FUZZ
@given(text=any_texts())
def test_detection_and_parse_on_any_text(text):
    judge(pipeline.prepare, text)


def test_every_example_solution_reads_back():
    """The solution seeds are real: each kind reads its own text form back."""
    for name, kind in KINDS.items():
        assert solution_seed(name), f"{name}: no solution of the example to mutate"
        kind.parse_solution(example_puzzle(kind), solution_seed(name))


# The bugs the fuzzing found, kept as fixed examples ----------------------------------------

NINES = "9" * 5000


@pytest.mark.parametrize("name, text", [
    ("queens", "queens ²"),  # isdigit() passed ², int() failed
    ("anagram", "anagram schoolmaster pattern=6,²"),
    ("anagram", f"anagram schoolmaster words={NINES}"),  # past int()'s 4,300 digits
    ("burr", f"1 120 3328 3322 3328 {NINES}"),
    ("burr", f"length {NINES}\n1 120 3328 3322 3328 3305"),
    ("piece", f"#piece\n{NINES[:4400]}"),
    ("gogen", f"#gogen\ny.x.q\n.....\nc.r.k\n.....\ns.l.n\n{NINES}"),  # echoed whole
    ("boxer", f"#boxer\n{NINES}"),
    ("boxer", f"#boxer\n{NINES[:400]}"),
])
def test_found_bugs_stay_fixed(name, text):
    error = judge(KINDS[name].parse, text).error
    assert error is not None and len(str(error)) < 200


@pytest.mark.parametrize("value", [
    ",".join(["a"] * 1500), ",".join(["zq"] * 1500), "x" * 3000, "3,3" + ",0" * 1500])
@pytest.mark.parametrize("option", ["with", "topic", "pattern", "words", "x" * 300])
def test_option_values_are_quoted_30_characters_at_most(option, value):
    """Option values were quoted whole (issue 14), past Telegram's 4,096 characters."""
    error = judge(KINDS["anagram"].parse, f"anagram listen {option}={value}").error
    shown = str(error or "")  # `with=3,3,0,...` names no word: no error at all
    assert len(shown) < 300 and value[:31] not in shown and "x" * 31 not in shown


@pytest.mark.parametrize("name, text", [
    ("nuts", "\n".join(["1 6 2 4 5 3"] * 6 + ["1 6 2 4 5 ²"])),
    ("nuts", "\n".join(["1 6 2 4 5 3"] * 6 + [f"1 6 2 4 5 {NINES}"])),
    ("burr", f"x1: piece {NINES[:4301]} turn 0"),
])
def test_found_solution_bugs_stay_fixed(name, text):
    kind = KINDS[name]
    puzzle = example_puzzle(kind)
    error = judge(lambda t: kind.parse_solution(puzzle, t), text).error
    assert error is not None and len(str(error)) < 200


def test_an_anagram_answer_with_a_letter_hundreds_of_times_is_read_without_a_crash():
    """A letter more often than the lexicon's counts hold (uint8) once overflowed its
    look-up; such a word is in no list, so the answer is read and found wrong."""
    kind = KINDS["anagram"]
    answer = judge(lambda t: kind.parse_solution(example_puzzle(kind), t), "e" * 501)
    assert answer.error is None or len(str(answer.error)) < 200


# Size limits, refused at parse time (the manual's table, docs/limits.md) ---------------


def refused(name: str | None, text: str) -> str:
    """The message `prepare` gives for text over a limit (it must give one)."""
    with pytest.raises(PuzzleError) as caught:
        pipeline.prepare(text, name)
    return str(caught.value)


def boxer(lengths: str, shapes: str = "a\na 1  " + "0 " * 6) -> str:
    """A boxer text with these lengths; the default shape is one monomino."""
    dims = len(lengths.split())
    body = shapes.replace("0 " * 6, "0 " * dims)
    return f"#boxer test\n{dims} {lengths}\n0\n{body}\n"


@pytest.mark.parametrize("name, at_limit, over_limit, message", [
    (None, "#seki\noo+ooaoo-" + " " * (20_000 - 15), "#seki\noo+ooaoo-" + " " * 20_000,
     "input is 20,015 characters; the limit is 20,000"),
    ("seki", "oo+ooaoo-", "oo+ooaoo-o", "Line 1: expected 9 rotors in all, got 10 so far"),
    ("gogen", "#gogen\nab\ncd\nabdc", "#gogen\nabcdef\n",
     "Line 2: a grid row has 6 cells; Gogen grids are 2 to 5 cells wide "
     "(a 5x5 grid holds the 25 letters A to Y)"),
    ("gogen", "#gogen\na.\n..\nabcd", "#gogen\na.\n..\nabcde",
     "Line 4: word 'abcde' brings the letters to 5, more than the 4 cells of a 2x2 grid"),
    ("boxer", boxer("1 1 1 1 1 1"), boxer("1 1 1 1 1 1 1"),
     "Line 2, column 1: the number of dimensions is 7; it must be from 1 to 6"),
    ("boxer", boxer("100 1"), boxer("101 1"),
     "Line 2, column 3: the length in dimension 1 is 101; it must be from 1 to 100"),
    # 100,000 locations pass this check, read before the holes, then the free ones' limit
    ("boxer", None, boxer("100 100 11"),
     "Line 2: the box has 100 x 100 x 11 = 110,000 locations; the limit is 100,000"),
    ("boxer", None, boxer("100 100 100 100 10"),  # 10^9 cells
     "Line 2: the box has 100 x 100 x 100 x 100 x 10 = 1,000,000,000 locations; "
     "the limit is 100,000"),
    ("boxer", None, boxer("1000 1000 1000"),
     "Line 2, column 3: the length in dimension 1 is 1000; it must be from 1 to 100"),
    ("boxer", boxer("40 25"), boxer("40 26"),
     "the box has 1,040 free locations; the limit is 1,000"),
    ("boxer", boxer("20 20", "a\n" + "a" * 200 + " 1  0 0"),
     boxer("20 20", "a\n" + "a" * 201 + " 1  0 0"), "the puzzle has 201 parts; the limit is 200"),
    ("boxer", boxer("4 4 4 4"), boxer("2 2 2 2 2 2"),
     "a part may take 46,080 orientations in 6 dimensions at each of 64 free locations; "
     "that many placements (2,949,120) is over the limit of 1,000,000"),
    ("boxer", boxer("2 2", "a\nab 2  0 0  0 1"), boxer("2 2", "a\nabc 2  0 0  0 1"),
     "the parts fill 6 locations but the box has only 4 free ones"),
    ("pent", "pent 3", "pent 7", "Line 1: '7' is not a Pentominoes puzzle; send 'pent', "
     "'pent 3', 'pent 4', 'pent 5', 'pent 6', 'pent scott'"),
    ("soma", "soma" + " " * 196, "soma" + " " * 197, "input is 201 characters; the limit is 200"),
    ("queens", "queens 16", "queens 17",
     "Line 1: a 17x17 board is not offered; N must be from 1 to 16"),
    ("nuts", "nuts", "\n".join(["1 2 3 4 5 6"] * 6),
     "expected 7 nuts (one line of six numbers each), got 6"),
    ("nuts", "\n".join(["1 2 3 4 5 6"] * 7), "\n".join(["1 2 3 4 5 6"] * 7) + " " * 1000,
     "input is 1,083 characters; the limit is 1,000"),
    ("tangram", "tangram", "tangram rabbit",
     "Line 1: the tangram kind solves the square only; send: tangram"),
    ("sudoku", "#sudoku\n" + "." * 81, "#sudoku\n" + "." * 90,
     "Line 2: expected 9 cells in this row, got 90"),
    ("anagram", "anagram " + "a" * 30, "anagram " + "a" * 31,
     "31 letters is too many: the limit is 30"),
    ("anagram", "anagram abc????", "anagram abc?????", "5 blanks is too many: the limit is 4"),
    ("anagram", "anagram abcdef words=6", "anagram abcdef words=7",
     "Line 1: words=7: give a number of words from 1 to 6"),
    ("anagram", "anagram abcdef pattern=3,3", "anagram abcdef pattern=3,4",
     "Line 1: pattern 3,4 adds up to 7 letters, but the clue has 6"),
    ("burr", "1 120 3328 3322 3328 3305", "1 120 3328 3322 3328 3305 5",
     "Line 1: a six-piece burr has 6 pieces; this is piece 7"),
    ("burr", "1 120 3328 3322 3328 4096", "1 120 3328 3322 3328 4097",
     "Line 1: piece ID 4097 is outside 1..4096"),
    ("burr", "1 120 3328 3322 3328 3305 length 8", "1 120 3328 3322 3328 3305 length 7",
     "Line 1: stick length 7 is not supported; use 6 or 8"),
    ("piece", "#piece\n4096", "#piece\n4097", "Line 2: piece ID 4097 is outside 1..4096"),
    ("piece", "#piece\n3322 length 8", "#piece\n3322 length 7",
     "Line 2: stick length must be 6 or 8"),
    ("pencil", "https://puzz.link/p?nurikabe/60/5/g5", "https://puzz.link/p?nurikabe/61/5/g5",
     "The board is 61x5; boards up to 60x60 are solved (see the limits page)."),
])
def test_size_limit(name, at_limit, over_limit, message):
    """Just inside the limit parses (or fails for another reason); just over it is refused
    with this message."""
    try:
        if at_limit is not None:
            pipeline.prepare(at_limit, name)
    except PuzzleError as error:
        assert "limit" not in str(error) and "must be" not in str(error), str(error)
    assert refused(name, over_limit) == message


@pytest.mark.parametrize("name", KINDS)
@settings(max_examples=15, deadline=None)
@given(data=st.data())
def test_invisible_characters_and_other_digits_leave_the_puzzle_as_it_was(name, data):
    """A zero-width space, a BOM, a NUL or a lone surrogate anywhere, or every digit in
    another script, and the puzzle is read as the same one (the same cache key)."""
    seed = data.draw(st.sampled_from(puzzle_seeds()[name]), label="seed")
    changed = data.draw(st.sampled_from((invisible_mark, script_digits)))(data.draw, seed)
    note(f"{changed[:300]!r}")
    assert plain_text(changed) == plain_text(seed)
    try:
        key = pipeline.prepare(seed, name)[2]
    except PuzzleError:
        return
    assert pipeline.prepare(changed, name)[2] == key


@pytest.mark.parametrize("name", ["seki", "gogen", "nw", "burr", "sudoku", "soma"])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_photo_is_one_telegram_takes(name, data):
    """Long titles and thousands of words: every picture sent as a photo is within
    Telegram's limits (the others go as documents)."""
    seed = data.draw(st.sampled_from(puzzle_seeds()[name]), label="seed")
    text = big_picture(data.draw, seed)
    note(f"{text[:300]!r} ({len(text):,} characters)")
    result = pipeline.run(text, name, seconds=5.0)
    for media in result.media:
        if media.sent_as == "photo":
            with Image.open(io.BytesIO(media.data)) as image:
                assert fits_photo(image.width, image.height, len(media.data)), image.size


@pytest.mark.parametrize("text", [
    "https://puzz.link/p?ripple/4/4/9n8rigk14h32k" + "9" * 5000,  # fuzzing found it
    "https://puzz.link/p?nurikabe/v:" + "x" * 5000 + "/5/5/g5",
    "https://puzz.link/p?slither/" + "f" * 5000 + "/5/5/cbcbcddad",
    "https://puzz.link/p?" + "ab-" * 2000 + "/5/5/g5",
])
def test_a_pencil_link_with_a_long_part_is_refused_shortly(text):
    """A refusal quotes a long part of the link cut short, never whole."""
    with pytest.raises(PuzzleError) as error:
        pipeline.prepare(text)
    assert len(str(error.value)) < 300, str(error.value)[:300]
