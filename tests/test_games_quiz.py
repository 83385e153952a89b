"""The quiz's rules without the chat: options, points by speed, pauses, seeds, and which
guesses win a round (any real word of those letters; as many words as the answer; on the
topic's list in a topic quiz)."""

from __future__ import annotations

import random

import pytest

from bot.games.common import duration, ordinal
from bot.games.options import parse_options
from bot.games.quiz.rules import parse_settings, pause_for, points_for, round_seed, same_letters
from bot.work.anagram_jobs import quiz_guess, quiz_round, reveal_text
from solvers.anagram.quiz import pick_challenge


def test_settings_from_the_command():
    settings = parse_settings(["rounds=5", "seconds=30", "topic=country", "hard", "seed=4"])
    assert settings == {"rounds": 5, "seconds": 30, "topic": "countries",
                        "difficulty": "hard", "seed": 4, "lang": "en"}
    defaults = parse_settings([])
    assert (defaults["rounds"], defaults["seconds"], defaults["topic"],
            defaults["difficulty"]) == (10, 45, None, "medium")


@pytest.mark.parametrize("args, message", [
    (["rounds=31"], "rounds must be a whole number from 1 to 30, not '31'"),
    (["seconds=2"], "seconds must be a whole number from 3 to 600, not '2'"),
    (["seconds=x"], "seconds must be a whole number from 3 to 600, not 'x'"),
    (["rounds=\u00b2"], "rounds must be a whole number from 1 to 30, not '\u00b2'"),
    (["rounds=" + "9" * 5000],
     "rounds must be a whole number from 1 to 30, not '" + "9" * 30 + "\u2026'"),
    (["difficulty=extreme"], "difficulty must be easy, medium or hard, not 'extreme'"),
    (["topic=dinosaurs"], "topic 'dinosaurs' is not a topic I know; topics: "),
    (["loud"], "'loud' is not an option I know"),
    (["rounds=3", "rounds=4"], "'rounds' is given twice"),
])
def test_bad_options_are_named(args, message):
    with pytest.raises(ValueError) as caught:
        parse_settings(args)
    assert str(caught.value).startswith(message)


def test_points_fall_with_time_and_never_reach_zero():
    assert [points_for(t, 30) for t in (0, 3, 15, 27, 29.9, 31)] == [10, 9, 5, 1, 1, 1]
    assert pause_for(3) == 0.5 and pause_for(45) == 3.0
    assert round_seed(7, 1) == round_seed(7, 1) != round_seed(7, 2)


def test_which_guesses_win():
    assert same_letters("TSILEN", "Silent") and not same_letters("TSILEN", "silence")
    assert quiz_guess("TSILEN", "silent", None, 1)
    assert quiz_guess("TSILEN", "enlist", None, 1)
    assert not quiz_guess("TSILEN", "tsilen", None, 1)  # the letters, but no word
    assert not quiz_guess("TSILEN", "lines t", None, 1)  # two words for a one-word answer
    assert quiz_guess("LANEP", "nepal", "countries", 1)
    assert quiz_guess("LANEP", "panel", None, 1)
    assert not quiz_guess("LANEP", "panel", "countries", 1)  # a word, but no country


def test_a_round_is_made_with_its_hints():
    made = quiz_round(None, "easy", round_seed(3, 1))
    assert same_letters(made.letters, made.answer) and made.letters.isupper()
    assert made.picture.startswith(b"\x89PNG")
    assert f"{len(made.letters)} letters" in made.first_hint
    assert made.second_hint.startswith(f"It starts with {made.answer[0].upper()}")
    assert made.reveal.startswith(f"The answer: {made.answer.upper()}")
    assert quiz_round(None, "easy", round_seed(3, 1)) == made  # the same seed, the same round
    drawn = pick_challenge(None, "easy", random.Random(round_seed(3, 1)))
    assert (made.letters, made.answer) == (drawn.letters, drawn.answer)  # the library's draw
    for topic, difficulty, seed in ((None, "hard", 1), ("countries", "easy", 2)):
        made = quiz_round(topic, difficulty, seed)
        drawn = pick_challenge(topic, difficulty, random.Random(seed))
        assert (made.letters, made.answer) == (drawn.letters, drawn.answer)


def test_the_reveal_lists_only_answers_that_would_have_won():
    assert reveal_text("horse", ["shore", "her so", "heros"]) == (
        "The answer: HORSE\nAlso right: shore, heros")
    assert reveal_text("bond", []) == "The answer: BOND"
    assert reveal_text("new zealand", ["x", "a b"]) == (
        "The answer: NEW ZEALAND\nAlso right: a b")


def test_small_helpers():
    assert parse_options(["hard"], ("difficulty",), {"hard": "difficulty"}) == {
        "difficulty": "hard"}
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]
    assert [duration(s) for s in (4.25, 65, 3723)] == ["4.2 s", "1:05", "1:02:03"]
