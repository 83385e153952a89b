"""Anagram letters and keys: what an answer is made of, reduced to what anagrams compare.

An entry's *letters* are its a-z letters only (umlauts spelled out, accents dropped, as
crossword players of that language do); its *key* is the product of one prime per letter,
so two entries are anagrams when their keys are equal and an entry fits a set of letters
when its key divides theirs.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73,
          79, 83, 89, 97, 101)
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
#: the letters a German crossword spells out (see the docstring); other accents are dropped
SPELLED_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "AE",
                             "Ö": "OE", "Ü": "UE", "ẞ": "SS"})
PRIME_OF = dict(zip(ALPHABET, PRIMES, strict=True))


def letters_of(text: str) -> str:
    """The a-z letters of a text, lower case, in order (`Clint Eastwood!` -> `clinteastwood`),
    umlauts spelled out and accents dropped (`Äpfel` -> `aepfel`, `canción` -> `cancion`)."""
    if not text.isascii():
        text = "".join(ch for ch in unicodedata.normalize("NFKD", text.translate(SPELLED_OUT))
                       if not unicodedata.combining(ch))
    return "".join(ch for ch in text.lower() if "a" <= ch <= "z")


def key_of(letters: str) -> int:
    """The prime product of the letters: equal for anagrams, divisible for sub-anagrams."""
    key = 1
    for ch in letters:
        key *= PRIME_OF[ch]
    return key


def key_letters(key: int) -> str:
    """The letters of a key, in alphabetical order (the inverse of `key_of`)."""
    letters = []
    for ch, prime in PRIME_OF.items():
        while key % prime == 0:
            letters.append(ch)
            key //= prime
    return "".join(letters)


def words_of(text: str) -> list[str]:
    """The words of an entry (`rolls-royce` counts as two)."""
    return [w for w in re.split(r"[\s\-]+", text) if letters_of(w)]


@dataclass(frozen=True, slots=True)
class Entry:
    """One word or topic name, with what ranking needs to know about it.

    `letters` and `word_count` follow from `text`; they are stored because the search
    reads them millions of times. `in_dictionary` is for the word lists' words (the quiz
    draws from those at least `quiz.WORD_BANDS` common, which rare words never are);
    `is_name` for well-known names, valid in answers but never a quiz word.
    """

    text: str
    zipf: float
    in_dictionary: bool
    topics: frozenset[str] = frozenset()
    letters: str = ""
    word_count: int = 1
    is_name: bool = False

    @classmethod
    def make(cls, text: str, zipf: float, in_dictionary: bool,
             topics: frozenset[str] = frozenset(), is_name: bool = False) -> Entry:
        if text.isascii() and text.isalpha() and text.islower():  # most entries: one word
            return cls(text, zipf, in_dictionary, topics, text, 1, is_name)
        return cls(text, zipf, in_dictionary, topics, letters_of(text), len(words_of(text)),
                   is_name)



def letter_counts(letters: str) -> list[int]:
    """How many of each letter a-z."""
    return [letters.count(ch) for ch in ALPHABET]
