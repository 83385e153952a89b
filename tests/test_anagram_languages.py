"""Anagrams in German and Spanish: their lexicons, letters compared as those players do,
the `lang=` option, quiz rounds in those languages; English as it was."""

from __future__ import annotations

import random

import pytest

from solvers.anagram import lexicon
from solvers.anagram.kind import AnagramKind, parse_query
from solvers.anagram.quiz import is_valid_answer, pick_challenge
from solvers.anagram.search import search
from solvers.values import PuzzleError


def answers(text: str) -> list[str]:
    query = parse_query(text)
    return [a.text for a in search(query, lexicon.load(query.lang), top=10).answers]


def test_german_anagrams_rank_palme_in_the_top_three():
    assert "palme" in answers("anagram lampe lang=de")[:3]
    assert "palme" not in answers("anagram lampe")  # English by default, as before


def test_spanish_anagrams_rank_ramo_or_roma_in_the_top_three():
    assert {"ramo", "roma"} & set(answers("anagram amor lang=es")[:3])


@pytest.mark.parametrize("text, letters", [
    ("Äpfel", "aepfel"), ("Straße", "strasse"), ("Müller", "mueller"), ("canción", "cancion"),
    ("niño", "nino"), ("Clint Eastwood!", "clinteastwood"),
])
def test_letters_are_spelled_as_crosswords_do(text, letters):
    assert lexicon.letters_of(text) == letters
    assert parse_query(f"anagram {text} lang=de").letters == letters


def test_a_german_word_with_an_umlaut_is_an_entry_with_its_letters_spelled_out():
    entry = lexicon.load("de").lookup("bär")
    assert entry is not None and entry.letters == "baer"
    assert is_valid_answer("REAB", "bär", lang="de") and is_valid_answer("REAB", "baer",
                                                                         lang="de") is False


def test_the_lang_option_is_checked():
    with pytest.raises(PuzzleError, match="the languages are en, de, es"):
        parse_query("anagram lampe lang=fr")
    with pytest.raises(PuzzleError, match="topics are lists of English names"):
        parse_query("anagram lampe lang=de topic=countries")
    kind = AnagramKind()
    assert kind.canonical(parse_query("anagram lampe")) != kind.canonical(
        parse_query("anagram lampe lang=de"))


def test_the_asker_s_language_is_added_unless_the_clue_names_one():
    kind = AnagramKind()
    assert kind.in_language("anagram lampe", "de") == "anagram lampe lang=de"
    assert kind.in_language("anagram lampe lang=en", "de") == "anagram lampe lang=en"
    assert kind.in_language("anagram lampe", "en") == "anagram lampe"
    assert kind.in_language("anagram lampe", "fr") == "anagram lampe"


@pytest.mark.parametrize("lang", ["de", "es"])
def test_a_quiz_challenge_comes_from_the_language_s_lexicon(lang):
    challenge = pick_challenge(None, "easy", random.Random(3), lang)
    assert lexicon.load(lang).lookup(challenge.answer) is not None
    assert is_valid_answer(challenge.letters, challenge.answer, lang=lang)


def test_each_language_has_its_own_cache_file():
    paths = {lang: lexicon.cache_path(lang) for lang in lexicon.LANGUAGES}
    assert len(set(paths.values())) == 3
    assert paths["en"].name.startswith("anagram-lexicon-") and "-de-" in paths["de"].name
