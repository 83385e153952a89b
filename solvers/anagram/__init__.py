"""Anagrams: scrambled letters in, the likely quiz answers and graded hints out.

The modules, in the order they build on each other: `letters` (letters and prime keys),
`sources` (where the words come from), `cachefile` (the caches' files), `lexicon` (words
and topic names with frequencies, as arrays), `answer` (entries that use the letters),
`rank` (the order of answers), `search` (answers using exactly the letters), `hints` (six
graded steps), `kind` (the `anagram` puzzle kind), `quiz` (picking a word for a game and
judging guesses). What the bot needs is re-exported here.
"""

from .answer import Answer
from .hints import Hint
from .kind import AnagramKind, hints_for, parse_query
from .quiz import Challenge, is_valid_answer, pick_challenge
from .search import Query

__all__ = ["AnagramKind", "Answer", "Challenge", "Hint", "Query", "hints_for",
           "is_valid_answer", "parse_query", "pick_challenge"]
