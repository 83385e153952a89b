"""Fluency: how natural a phrase reads in English, by a trigram language model.

Unigram frequencies alone rank a pair of fairly common words (`escorted home`) above the
short sentences classic anagrams are (`here come dots`); a language model that knows
which words follow which tells them apart. The model is CMU Sphinx's US English trigram
model, `en-us.lm.bin` (72k words, 2.05M word pairs, 1.67M triples, BSD licence), which
ships inside the `pocketsphinx` wheel: it is read from the installed package, never
downloaded, in about 0.1 s and 35 MB per worker.

A phrase's *fluency* is the natural log of its probability as a whole sentence (sentence
start and end included) in its best word order; an answer's words may be said in any
order, so each order of its entries is tried (a multi-word name keeps its own order).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

#: the model's scores are in units of log(1.0001); this turns them into natural logs
UNIT = math.log(1.0001)
#: the least log probability a word may get: unknown words come back far lower
FLOOR = -18.0
#: entries whose orders are all tried; longer answers are ordered by a beam search
ALL_ORDERS_UP_TO = 4
#: orders kept at each step of that beam search
BEAM = 12
#: orders (the best by word pairs) that are scored again by word triples
RESCORED = 2
START, END = "<s>", "</s>"


def model_path() -> Path:
    """The trigram model file inside the installed `pocketsphinx` package."""
    import pocketsphinx

    return Path(pocketsphinx.get_model_path()) / "en-us" / "en-us.lm.bin"


@lru_cache(maxsize=1)
def model() -> Any:
    """The language model, read once per process (a worker reads it when it warms up)."""
    from pocketsphinx import NGramModel

    return NGramModel.readfile(str(model_path()))


class Scorer:
    """Fluency of phrases for one query; word triples are memoised, since the answers of
    one clue share most of their words."""

    def __init__(self) -> None:
        self.lm = model()
        self.memo: dict[tuple[str, ...], float] = {}

    def word(self, word: str, before: str, before2: str | None) -> float:
        """Log probability of `word` after `before2 before` (None: at the sentence start)."""
        key = (word, before, before2) if before2 else (word, before)
        value = self.memo.get(key)
        if value is None:
            value = max(FLOOR, self.lm.prob(list(key)) * UNIT)
            self.memo[key] = value
        return value

    def words(self, words: Sequence[str]) -> float:
        """Log probability of the words as one sentence."""
        total, h2, h1 = 0.0, None, START
        for word in (*words, END):
            total += self.word(word, h1, h2)
            h2, h1 = h1, word
        return total

    def best_order(self, groups: Sequence[tuple[str, ...]]) -> tuple[float, tuple[int, ...]]:
        """The fluency of the best order of the groups (each a tuple of words said
        together), and that order as indices of `groups`.

        Every order is first scored by word pairs only, which take few look-ups (each
        group's start, end and links to the others); the `RESCORED` best are then scored
        by word triples.
        """
        if len(groups) > ALL_ORDERS_UP_TO:
            return self._beam(groups)
        orders = list(itertools.permutations(range(len(groups))))
        if len(orders) > RESCORED:
            orders = sorted(orders, key=self._pair_scores(groups), reverse=True)[:RESCORED]
        return max((self.words([w for i in order for w in groups[i]]), order)
                   for order in orders)

    def _pair_scores(self, groups: Sequence[tuple[str, ...]]) -> Callable[[tuple[int, ...]],
                                                                         float]:
        """A function giving an order of the groups its log probability by word pairs."""
        n = len(groups)
        inside = sum(self.word(g[k], g[k - 1], None) for g in groups for k in range(1, len(g)))
        start = [self.word(g[0], START, None) for g in groups]
        end = [self.word(END, g[-1], None) for g in groups]
        link = [[self.word(groups[j][0], groups[i][-1], None) if i != j else 0.0
                 for j in range(n)] for i in range(n)]

        def score(order: tuple[int, ...]) -> float:
            return (inside + start[order[0]] + end[order[-1]]
                    + sum(link[a][b] for a, b in itertools.pairwise(order)))
        return score

    def _beam(self, groups: Sequence[tuple[str, ...]]) -> tuple[float, tuple[int, ...]]:
        """Build the order left to right, keeping the BEAM likeliest beginnings."""
        beams: list[tuple[float, tuple[int, ...], str | None, str]] = [(0.0, (), None, START)]
        for _ in groups:
            grown = []
            for score, order, h2, h1 in beams:
                for i in set(range(len(groups))) - set(order):
                    total, a, b = score, h2, h1
                    for word in groups[i]:
                        total += self.word(word, b, a)
                        a, b = b, word
                    grown.append((total, (*order, i), a, b))
            beams = sorted(grown, reverse=True)[:BEAM]
        return max((score + self.word(END, h1, h2), order) for score, order, h2, h1 in beams)
