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

from typing import TYPE_CHECKING

from .lexicon import Entry

if TYPE_CHECKING:
    from .search import Answer

#: surprise that costs nothing: words at least this common (zipf >= 9 - it) are all alike
FREE_SURPRISE = 0.0
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
    cost = max(0.0, 9.0 - entry.zipf - FREE_SURPRISE) + WORD_PRICE
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


#: added to an answer's cost for each better-ranked answer it shares a word with
REPEAT_PRICE = 2.0


def diversify(answers: list[Answer]) -> list[Answer]:
    """Re-rank so that answers reusing the words of better ones sink.

    Junk answers come in families around one long word (`dislocate town`, `dislocate
    wont`...); a player scans for a new idea in each line. Greedy: each time, take the
    answer whose cost plus `REPEAT_PRICE` per earlier answer sharing a word is lowest.
    """
    left = sorted(answers, key=lambda a: (a.cost, a.text))
    words = [frozenset(e.text for e in a.entries) for a in left]
    price = [a.cost for a in left]
    ranked: list[Answer] = []
    remaining = set(range(len(left)))
    while remaining:
        best = min(remaining, key=lambda i: (price[i], i))
        remaining.remove(best)
        ranked.append(left[best])
        for i in remaining:
            if words[i] & words[best]:
                price[i] += REPEAT_PRICE
    return ranked
