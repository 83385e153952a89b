"""The quiz game's side of anagrams: pick a *challenge*, judge a *guess*.

A challenge is an answer (a dictionary word or a topic name) with its letters scrambled.
Its *difficulty* comes from length and commonness: easy words are short and common, hard
ones long or rare. A guess is right when it is a valid answer for the letters, not only
the one picked: any word or phrase of the lexicon that uses exactly those letters counts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..i18n import _
from ..values import DIFFICULTIES, PuzzleError
from . import lexicon as lexicon_module
from .kind import AnagramKind, parse_query
from .lexicon import Entry, letters_of

#: (shortest, longest letters, least zipf) of dictionary words at each difficulty
WORD_BANDS = {"easy": (4, 5, 4.5), "medium": (6, 7, 4.0), "hard": (8, 10, 3.3)}


@dataclass(frozen=True)
class Challenge:
    """A word to find: the scrambled letters shown, the answer kept back."""

    letters: str
    answer: str
    topic: str | None
    difficulty: str


def hardness(entry: Entry) -> float:
    """Longer and rarer is harder: letters plus a point per step of zipf below 6."""
    return len(entry.letters) + max(0.0, 6.0 - entry.zipf)


@lru_cache(maxsize=64)
def pool(topic: str | None, difficulty: str, lang: str = "en") -> tuple[Entry, ...]:
    """The entries a challenge of this topic and difficulty is drawn from, filtered once
    per process: a quiz draws from the same pool every round."""
    lexicon = lexicon_module.load(lang)
    if topic:
        names = sorted(lexicon.topics[topic], key=lambda e: (hardness(e), e.text))
        third = max(1, len(names) // 3)
        start = DIFFICULTIES.index(difficulty) * third
        return tuple(names[start:start + third] if difficulty != "hard" else names[start:])
    low, high, least = WORD_BANDS[difficulty]
    lengths = np.repeat(lexicon.counts.sum(axis=1), np.diff(lexicon.starts))  # per entry
    return tuple(lexicon.select(lexicon.in_dictionary & (lengths >= low) & (lengths <= high)
                                & (lexicon.zipf >= least)))


def scramble(letters: str, rng: random.Random, lang: str = "en") -> str:
    """The letters in an order that spells no word of the lexicon (the answer least of
    all), when twenty tries find one; else any order but the answer's."""
    lexicon = lexicon_module.load(lang)
    fallback = letters
    for _attempt in range(20):
        order = "".join(rng.sample(letters, len(letters)))
        if order != letters:
            if lexicon.lookup(order) is None:
                return order
            fallback = order
    return fallback


def pick_challenge(topic: str | None = None, difficulty: str = "medium",
                   rng: random.Random | None = None, lang: str = "en") -> Challenge:
    """A random challenge; `topic` is a topic list name (`countries`), None for any word;
    `lang` the lexicon's language. The same `rng` state gives the same challenge (a
    quiz's seed replays its words)."""
    if difficulty not in DIFFICULTIES:
        raise PuzzleError(_("difficulty '{difficulty}': choose easy, medium or hard").format(
            difficulty=difficulty))
    if topic is not None:
        topic = parse_query(f"anagram x topic={topic}").topic
    rng = rng or random.Random()
    entry = rng.choice(pool(topic, difficulty, lang))
    return Challenge(scramble(entry.letters, rng, lang).upper(), entry.text, topic, difficulty)


def is_valid_answer(letters: str, guess: str, topic: str | None = None,
                    lang: str = "en") -> bool:
    """True when the guess uses exactly the letters and every word is in the lexicon.

    The topic does not restrict it: another real anagram of the letters counts too.
    """
    if not letters_of(guess):
        return False
    query = parse_query(f"anagram {letters}" + (f" topic={topic}" if topic else "")
                        + (f" lang={lang}" if lang != "en" else ""))
    return AnagramKind().check(query, guess).ok
