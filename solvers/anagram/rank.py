"""Ranking: how likely an answer is to be the one a quiz setter meant.

Answers of several words are ranked in two passes. The search first keeps the
`FLUENCY_POOL` cheapest answers under a *recall cost* (`recall_cost`: surprise plus a flat
price per word, so short words are not held back); `by_fluency` then orders them by how
natural they read to a trigram language model (`fluency.py`) and how close their meaning
is to the clue's (`relatedness.py`), each shown in its most fluent word order. Classic
anagrams are short sentences (`here come dots`), which unigram frequencies alone rank
below a pair of fairly common words (`escorted home`).

The *cost* below is the ranking of old (`ranking="cost"` in `search`, kept as the
benchmark's baseline): each entry has a cost; an answer's cost is the sum of its entries'
costs, and the cheapest answer ranks first. An entry's cost is its surprise, `9 - zipf`
(the negative log of its frequency), plus a fixed price per word (so fewer, longer words
win), plus a surcharge for one- and two-letter words, less a bonus for a topic name (a
bigger one for the topic the clue names). Costs are non-negative and additive, which is
what lets the search prune (see `search.py`); the recall cost is built the same way.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import relatedness
from .answer import Answer
from .fluency import Scorer
from .lexicon import Entry

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


#: what an entry's cost depends on: zipf, words, short (one or two letters), unlisted (a
#: topic name only), on any topic, on the chosen topic; each a number or an array of them
Features = tuple[Any, Any, Any, Any, Any, Any]


def features(entry: Entry, topic: str | None = None) -> Features:
    """One entry's cost features (`EntryTable` holds them as arrays for the search)."""
    return (entry.zipf, entry.word_count, len(entry.letters) <= 2,
            not (entry.in_dictionary or entry.is_name), bool(entry.topics),
            topic is not None and topic in entry.topics)


def entry_costs(zipf: Any, words: Any, short: Any, unlisted: Any, any_topic: Any,
                on_topic: Any) -> Any:
    """The cost of entries in an answer (arrays of features, or one entry's); never
    negative. A multi-word name is one unit: it pays its surprise once, plus a little per
    extra word."""
    cost = (np.maximum(0.0, 9.0 - zipf - FREE_SURPRISE) + WORD_PRICE + SHORT_WORD_PRICE * short
            + NAME_PRICE * unlisted - TOPIC_BONUS * any_topic - CHOSEN_TOPIC_BONUS * on_topic)
    return np.maximum(0.1, cost + 0.5 * (words - 1))


def entry_cost(entry: Entry, topic: str | None = None) -> float:
    """The cost of one entry in an answer (`entry_costs`)."""
    return float(entry_costs(*features(entry, topic)))


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


#: answers of several words the search keeps for `by_fluency` to order (100 ranks the tuning
#: list as 200, 300 and 500 do, in about two thirds of 200's time)
FLUENCY_POOL = 100
#: what a relatedness of 1 (same meaning as the clue) takes off a score, in log units
RELATEDNESS_WEIGHT = 14.0
#: the recall cost's flat price per word (no surcharge for short words: `is no meal`)
RECALL_WORD_PRICE = 1.0


def recall_costs(zipf: Any, words: Any, short: Any, unlisted: Any, any_topic: Any,
                 on_topic: Any) -> Any:
    """The cost under which the search gathers the pool `by_fluency` ranks (arrays of
    features, or one entry's; short and unlisted entries pay nothing more); never negative."""
    cost = (np.maximum(0.0, 9.0 - zipf) + RECALL_WORD_PRICE - TOPIC_BONUS * any_topic
            - CHOSEN_TOPIC_BONUS * on_topic)
    return np.maximum(0.1, cost + 0.5 * (words - 1))


def recall_cost(entry: Entry, topic: str | None = None) -> float:
    """The recall cost of one entry (`recall_costs`)."""
    return float(recall_costs(*features(entry, topic)))


def topic_bonus(answer: Answer, topic: str | None) -> float:
    """What a topic name takes off an answer's score (more for the topic asked about)."""
    return sum(TOPIC_BONUS * bool(e.topics) + CHOSEN_TOPIC_BONUS * (topic in e.topics)
               for e in answer.entries)


def by_fluency(answers: list[Answer], topic: str | None = None, clue: str = "",
               keep_order: bool = False) -> list[Answer]:
    """The answers, likeliest first, each in its most fluent word order (`keep_order`: in
    the order given, as when a pattern fixes it).

    An answer's score, which becomes its `cost`, is minus its log probability as a
    sentence, less `RELATEDNESS_WEIGHT` times its relatedness to the clue's words, less
    the topic bonus.
    """
    scorer, vectors = Scorer(), relatedness.load()
    clue_words = set(clue.lower().split())
    near = vectors.mean(clue_words)
    scored, words = [], []
    for answer in answers:
        groups = [tuple(e.text.replace("-", " ").split()) for e in answer.entries]
        if keep_order:
            fluency, order = scorer.words([w for g in groups for w in g]), tuple(range(len(groups)))
        else:
            fluency, order = scorer.best_order(groups)
        scored.append((answer, fluency, order))
        # the clue's own words are no sign of meaning (`thatcher great arm`)
        words.append([w for g in groups for w in g if w not in clue_words])
    meanings = vectors.relatedness(words, near).tolist()
    ranked = [Answer(tuple(answer.entries[i] for i in order),
                     -fluency - RELATEDNESS_WEIGHT * meaning - topic_bonus(answer, topic),
                     answer.on_topic)
              for (answer, fluency, order), meaning in zip(scored, meanings, strict=True)]
    return sorted(ranked, key=lambda a: (a.cost, a.text))
