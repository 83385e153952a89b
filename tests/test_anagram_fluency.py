"""The language-model ranking of anagram answers (issue 17): exact expectations on classics,
the order each answer is shown in, and the places the ranking shows (hints, the quiz)."""

from __future__ import annotations

import pytest

from solvers.anagram import hints_for, parse_query
from solvers.anagram import lexicon as lexicon_module
from solvers.anagram.fluency import FLOOR, Scorer
from solvers.anagram.search import search


def answers(text: str, ranking: str = "fluency") -> list[str]:
    found = search(parse_query(text), lexicon_module.load(), top=20, ranking=ranking)
    return [a.text for a in found.answers]


def test_a_sentence_reads_better_in_its_own_order():
    scorer = Scorer()
    assert scorer.words(["fairy", "tales"]) > scorer.words(["tales", "fairy"])
    assert scorer.best_order([("tales",), ("fairy",)])[1] == (1, 0)
    assert scorer.words(["no", "more", "stars"]) > scorer.words(["reason", "storm"])


def test_an_unknown_word_gets_the_floor_not_minus_infinity():
    assert Scorer().word("zzqxv", "<s>", None) == FLOOR


@pytest.mark.parametrize("clue, first", [
    ("astronomers", "no more stars"), ("forty five", "over fifty"),
    ("eleven plus two", "twelve plus one"), ("old england", "golden land"),
    ("dormitory", "dirty room"), ("debit card", "bad credit"), ("the eyes", "they see"),
])
def test_classic_answers_come_first_in_their_own_word_order(clue, first):
    assert answers(f"anagram {clue}")[0] == first


@pytest.mark.parametrize("clue, intended", [
    ("postmaster", "stamp store"), ("contradiction words=4", "accord not in it"),
    ("revolution", "love to ruin"), ("sweetheart", "there we sat"),
])
def test_classic_answers_reach_the_top_three(clue, intended):
    """Answers the ranking of word frequencies had past the top 20 (any word order)."""
    assert sorted(intended.split()) in [sorted(a.split()) for a in answers(f"anagram {clue}")[:3]]


def test_the_clue_words_are_no_sign_of_meaning():
    """Relatedness counts only words the clue does not have: `lace guinness` re-reads
    `alec guinness`; `genuine class` is about it."""
    assert answers("anagram alec guinness")[0] == "genuine class"


def test_the_cost_ranking_is_still_there_as_the_baseline():
    """The ranking of old put `reason storm` first for `astronomers`."""
    assert answers("anagram astronomers", ranking="cost")[0] == "reason storm"
    assert "no more stars" not in answers("anagram astronomers", ranking="cost")[:10]


def test_a_pattern_keeps_its_word_order():
    assert answers("anagram astronomers pattern=2,4,5")[0] == "no more stars"
    for text in answers("anagram astronomers pattern=5,2,4"):
        assert [len(w) for w in text.split()] == [5, 2, 4], text


def test_hint_step_six_offers_the_fluent_answers():
    last = hints_for("anagram astronomers")[5].text
    assert last.startswith("The answer: NO MORE STARS")
    also = last.split("Also possible: ")[1].split(", ")
    assert also == answers("anagram astronomers")[1:5]
