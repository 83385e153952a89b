"""Ranking: how likely an answer is to be the one a quiz setter meant.

Each entry has a *cost*; an answer's cost is the sum of its entries' costs, and the
cheapest answer ranks first. An entry's cost is its surprise, `9 - zipf` (the negative
log of its frequency, so a phrase of common words is cheap, as a language model would
judge it), plus a fixed price per word (so fewer, longer words win), plus a surcharge for
one- and two-letter words, less a bonus for a topic name (a bigger one for the topic the
clue names). Costs are non-negative and additive, which is what lets the search prune
(see `search.py`).
"""

from __future__ import annotations

from .lexicon import Entry

#: the price of each word of an answer, on top of its surprise
WORD_PRICE = 3.0
#: extra price for words of one or two letters, which fill gaps in junk answers
SHORT_WORD_PRICE = 1.5
#: discount for a name on any topic list (a country, a dog breed...)
TOPIC_BONUS = 1.0
#: discount for a name on the topic the clue names
CHOSEN_TOPIC_BONUS = 4.0
#: cost of a name that is not in the dictionary (topic names only), before its bonus
NAME_PRICE = 0.5


def entry_cost(entry: Entry, topic: str | None = None) -> float:
    """The cost of one entry in an answer; never negative."""
    words = entry.word_count
    cost = max(0.0, 9.0 - entry.zipf) + WORD_PRICE
    if len(entry.letters) <= 2:
        cost += SHORT_WORD_PRICE
    if not entry.in_dictionary:
        cost += NAME_PRICE
    if entry.topics:
        cost -= TOPIC_BONUS
    if topic and topic in entry.topics:
        cost -= CHOSEN_TOPIC_BONUS
    # a multi-word name is one unit: it pays its surprise once, plus a little per extra word
    return max(0.1, cost + 0.5 * (words - 1))
