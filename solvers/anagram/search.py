"""Search: every answer that uses exactly the clue's letters, cheapest first.

A *query* is what the player asked: the *letters* (a-z), the number of *blanks* (`?`,
any letter), and the options (topic, word-length pattern, words the answer must or must
not contain, most words). An *answer* is one or more lexicon entries whose letters
together are exactly the query's letters, each blank standing for one letter.

Single entries are looked up by key. Answers of several entries come from a depth-first
search over the candidate entries (those that fit the letters) in ascending cost, each
entry chosen at or after the previous one so every multiset is met once; the last entry
is looked up by key instead of searched. Because costs are additive and the candidates
sorted, a branch stops as soon as its cost plus the cheapest possible rest cannot beat
the worst answer already kept (branch and bound), which is what makes the top 20 of a
15-letter clue fast where plain enumeration is not.
"""

from __future__ import annotations

import heapq
import itertools
import math
import time
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from ..base import Limits, PuzzleError
from .lexicon import (
    ALPHABET,
    UNSEEN_ZIPF,
    Entry,
    Lexicon,
    key_letters,
    key_of,
    letter_counts,
    letters_of,
)
from .rank import diversify, entry_cost

#: most letters (and blanks) a clue may have
MAX_LETTERS = 30
#: most blanks: each multiplies the work of a search by up to 26
MAX_BLANKS = 4
#: most words an answer may have (`words=N`)
MAX_WORDS = 5
#: how often (in search nodes) the deadline is checked and progress reported
CHECK_EVERY = 128
#: time budget of the several-word search when the caller gives no deadline
DEFAULT_SECONDS = 10.0
#: answers of several words kept before `rank.diversify` picks the ones shown
DIVERSITY_POOL = 60
#: words put first when an answer is shown
ARTICLES = frozenset({"the", "a", "an"})


@dataclass(frozen=True)
class Query:
    """What the player asked; `text` is the clue as sent (its own reading is no answer)."""

    letters: str
    blanks: int = 0
    topic: str | None = None
    pattern: tuple[int, ...] = ()
    with_words: tuple[str, ...] = ()
    without_words: tuple[str, ...] = ()
    max_words: int = 3
    text: str = ""

    @property
    def size(self) -> int:
        return len(self.letters) + self.blanks

    def word_budget(self) -> int:
        return len(self.pattern) or self.max_words


@dataclass(frozen=True)
class Answer:
    """Entries that together use the letters exactly, in display order, with their cost."""

    entries: tuple[Entry, ...]
    cost: float
    on_topic: bool = False

    @property
    def text(self) -> str:
        return " ".join(entry.text for entry in self.entries)

    @property
    def word_count(self) -> int:
        return sum(entry.word_count for entry in self.entries)


@dataclass
class Found:
    """The ranked answers and what the search did to find them."""

    answers: list[Answer]
    count: int
    exhaustive: bool
    nodes: int = 0
    stats: dict[str, float] = field(default_factory=dict)


class _Stopped(Exception):
    """The deadline passed: the search returns what it has."""


def _fill_counts(most: int) -> dict[int, int]:
    """Prime products of 1..most letters (what blanks may stand for) -> how many letters."""
    fills: dict[int, int] = {}
    for count in range(1, most + 1):
        for combo in itertools.combinations_with_replacement(ALPHABET, count):
            fills[key_of("".join(combo))] = count
    return fills


FILL_COUNT = _fill_counts(MAX_BLANKS)
FILLS_OF = {n: [k for k, c in FILL_COUNT.items() if c == n] for n in range(1, MAX_BLANKS + 1)}


def fit(pool: int, blanks: int, key: int) -> tuple[int, int] | None:
    """The pool and blanks left after taking an entry's letters, or None when it does not fit."""
    if pool % key == 0:
        return pool // key, blanks
    if not blanks:
        return None
    common = math.gcd(pool, key)
    used = FILL_COUNT.get(key // common, MAX_BLANKS + 1)
    return (pool // common, blanks - used) if used <= blanks else None


def exact_keys(pool: int, blanks: int) -> list[int]:
    """The keys an entry must have to use the pool and all blanks exactly."""
    return [pool] if not blanks else [pool * fill for fill in FILLS_OF[blanks]]


def lengths_fit(entry: Entry, pattern: Counter[int]) -> bool:
    """True when the entry's word lengths can all be found in the pattern."""
    return not pattern or not Counter(len(letters_of(w)) for w in entry.text.split()) - pattern


def is_echo(entries: tuple[Entry, ...], letters: str) -> bool:
    """True when the answer just re-reads the clue (`school master` for `schoolmaster`)."""
    if len(entries) > 4 or any(e.letters not in letters for e in entries):
        return False
    return any("".join(e.letters for e in order) == letters
               for order in itertools.permutations(entries))


class Search:
    """One query's search state: the candidates, the kept answers, the bound."""

    def __init__(self, query: Query, lexicon: Lexicon, limits: Limits, top: int):
        self.query, self.lexicon, self.limits, self.shown = query, lexicon, limits, top
        self.top = max(top, DIVERSITY_POOL)
        self.topic = query.topic
        self.clue = letters_of(query.text)
        self.pattern = Counter(query.pattern)
        self.required = tuple(self._entry(w) for w in query.with_words)
        self.pool, self.blanks = self._pool_after_required()
        self.kept: list[tuple[float, int, Answer]] = []  # max-heap by cost (negated)
        self.count = 0
        self.nodes = 0
        self.pruned = False

    def _entry(self, text: str) -> Entry:
        return self.lexicon.lookup(text) or Entry.make(" ".join(text.lower().split()),
                                                       UNSEEN_ZIPF, False)

    def _pool_after_required(self) -> tuple[int, int]:
        pool, blanks = key_of(self.query.letters), self.query.blanks
        for entry in self.required:
            after = fit(pool, blanks, key_of(entry.letters))
            if after is None:
                raise PuzzleError(f"'{entry.text}' needs letters the clue does not have")
            pool, blanks = after
        return pool, blanks

    def cost(self, entry: Entry) -> float:
        return entry_cost(entry, self.topic)

    def allowed(self, entry: Entry) -> bool:
        banned = self.query.without_words
        return (entry.word_count <= self.query.word_budget() and lengths_fit(entry, self.pattern)
                and not any(w in banned for w in entry.text.split()) and entry.text not in banned)

    # Answers ---------------------------------------------------------------------------

    def answer(self, entries: tuple[Entry, ...]) -> Answer | None:
        """The answer made of these entries, or None when the options rule it out."""
        entries = self.required + entries
        if is_echo(entries, self.clue):
            return None
        words = [len(letters_of(w)) for e in entries for w in e.text.split()]
        if len(words) > self.query.word_budget() or (self.pattern and Counter(words)
                                                      != self.pattern):
            return None
        on_topic = bool(self.topic) and len(entries) == 1 and self.topic in entries[0].topics
        cost = sum(self.cost(e) for e in entries)
        return Answer(self.display_order(entries), cost, on_topic)

    def display_order(self, entries: tuple[Entry, ...]) -> tuple[Entry, ...]:
        """Pattern order when a pattern was given, else articles, then longer, commoner words.

        (Word order is not part of an anagram; this order reads best most often.)
        """
        ordered = sorted(entries, key=lambda e: (e.text not in ARTICLES, -len(e.letters),
                                                 -e.zipf, e.text))
        if not self.query.pattern or len(entries) == 1:
            return tuple(ordered)
        result, rest = [], list(ordered)
        for length in self.query.pattern:
            match = next((e for e in rest if len(e.letters) == length), None)
            if match is None:  # a multi-word name spans several lengths: keep it as is
                return tuple(ordered)
            result.append(match)
            rest.remove(match)
        return tuple(result + rest)

    def keep(self, answer: Answer) -> None:
        self.count += 1
        item = (-answer.cost, self.count, answer)
        if len(self.kept) < self.top:
            heapq.heappush(self.kept, item)
        elif answer.cost < -self.kept[0][0]:
            heapq.heapreplace(self.kept, item)

    def worst(self) -> float:
        """The cost an answer must beat to be kept."""
        return -self.kept[0][0] if len(self.kept) >= self.top else math.inf

    # Single entries ----------------------------------------------------------------------

    def singles(self) -> list[Answer]:
        """Every single entry (with the required words) that uses the letters exactly."""
        answers = []
        for key in exact_keys(self.pool, self.blanks):
            for entry in self.lexicon.by_key.get(key, ()):
                if self.allowed(entry):
                    answer = self.answer((entry,))
                    if answer:
                        answers.append(answer)
        return answers

    # Several entries -----------------------------------------------------------------------

    def candidates(self) -> list[tuple[float, int, Entry, int]]:
        """Entries that fit the letters, as (cost, key, entry, row of the lexicon's counts),
        cheapest first."""
        have = np.array(letter_counts(key_letters(self.pool)), dtype=np.int16)
        short = np.maximum(self.lexicon.counts.astype(np.int16) - have, 0).sum(axis=1)
        found = []
        for row in np.flatnonzero(short <= self.blanks):
            key = self.lexicon.keys[row]
            found.extend((self.cost(e), key, e, row) for e in self.lexicon.by_key[key]
                         if self.allowed(e))
        found.sort(key=lambda c: (c[0], c[2].text))
        return found

    def several(self) -> None:
        """Keep the cheapest answers of two or more entries (the required words included)."""
        cands = self.candidates()
        self.costs = [c[0] for c in cands]
        self.keys = [c[1] for c in cands]
        self.entries = [c[2] for c in cands]
        self.widths = [c[2].word_count for c in cands]
        self.lengths = np.array([len(c[2].letters) for c in cands], dtype=np.int16)
        self.cost_array = np.array(self.costs)
        rows = np.array([c[3] for c in cands], dtype=np.int64)
        self.matrix = self.lexicon.counts[rows].astype(np.int16)
        self.by_key: dict[int, list[int]] = {}
        for index, key in enumerate(self.keys):
            self.by_key.setdefault(key, []).append(index)
        budget = self.query.word_budget() - sum(e.word_count for e in self.required)
        base = sum(self.cost(e) for e in self.required)
        try:
            have = np.array(letter_counts(key_letters(self.pool)), dtype=np.int16)
            self._extend(self.pool, self.blanks, np.arange(len(cands)), budget, base, (), have)
        except _Stopped:
            self.pruned = True

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0:
            if self.limits.progress:
                self.limits.progress(self.count, self.nodes)
            if self.limits.expired():
                raise _Stopped

    def _fitting(self, have: np.ndarray, blanks: int, options: np.ndarray,
                 cost: float) -> np.ndarray:
        """The options that fit the letters `have` (counts a-z) plus blanks and could still
        beat the worst kept answer. Vectorised: this filter is most of the work."""
        options = options[:np.searchsorted(self.cost_array[options], self.worst() - cost)]
        counts = self.matrix[options]
        if blanks:
            return options[np.maximum(counts - have, 0).sum(axis=1) <= blanks]
        return options[(counts <= have).all(axis=1)]

    def _extend(self, pool: int, blanks: int, options: np.ndarray, words_left: int,
                cost: float, chosen: tuple[int, ...], have: np.ndarray) -> None:
        """Use up the pool with entries from `options` (indices, ascending, all fitting).

        One entry that uses up the pool is looked up by key; longer endings take an entry
        from the options and recurse, offering the child only the options at or after it
        that fit what is left. Options are in ascending cost, so once two more entries at
        the current cost cannot beat the worst kept answer, no later option can either.
        """
        self._tick()
        if chosen or self.required:
            self._complete(pool, blanks, chosen[-1] if chosen else 0, words_left, cost, chosen,
                           have)
        if words_left < 2:
            return
        for position, j in enumerate(options.tolist()):
            step = self.costs[j]
            if cost + 2 * step >= self.worst():
                self.pruned = True
                return
            rest, rest_blanks = fit(pool, blanks, self.keys[j])
            left = words_left - self.widths[j]
            if left < 1 or (rest == 1 and not rest_blanks):
                continue
            if left == 1:
                self._extend(rest, rest_blanks, options[:0], left, cost + step, (*chosen, j),
                             have)
                continue
            rest_have = np.maximum(have - self.matrix[j], 0)
            fitting = self._fitting(rest_have, rest_blanks, options[position:], cost + step)
            self._extend(rest, rest_blanks, fitting, left, cost + step, (*chosen, j), rest_have)

    def _complete(self, pool: int, blanks: int, start: int, words_left: int, cost: float,
                  chosen: tuple[int, ...], have: np.ndarray) -> None:
        """Record each entry (index >= start) that uses up exactly the pool and blanks.

        With at most one blank the few possible keys are looked up; with more, the
        candidates of the right length that hold the pool's letters are filtered at once.
        """
        if blanks < 2:
            matches = [j for key in exact_keys(pool, blanks) for j in self.by_key.get(key, ())]
        else:
            size = int(have.sum()) + blanks
            matches = np.flatnonzero((self.lengths == size)
                                     & (self.matrix >= have).all(axis=1)).tolist()
        for j in matches:
            if j >= start and self.widths[j] <= words_left:
                if cost + self.costs[j] < self.worst():
                    self._record((*chosen, j))
                else:
                    self.pruned = True

    def _record(self, chosen: tuple[int, ...]) -> None:
        answer = self.answer(tuple(self.entries[j] for j in chosen))
        if answer:
            self.keep(answer)

    def run(self) -> Found:
        singles = sorted(self.singles(), key=lambda a: (not a.on_topic, a.cost, a.text))
        if self.query.word_budget() > 1:
            self.several()
        several = diversify([item[2] for item in self.kept])[:self.shown]
        answers = singles + several
        if self.topic:  # a name on the topic asked about is the likely answer
            answers.sort(key=lambda a: not a.on_topic)
        return Found(answers, len(singles) + self.count, not self.pruned, self.nodes)


def search(query: Query, lexicon: Lexicon, limits: Limits | None = None, top: int = 20) -> Found:
    """Every single-entry answer, then the `top` best answers of several entries.

    The best `max(top, DIVERSITY_POOL)` are found, and `rank.diversify` picks `top`.
    """
    if query.size > MAX_LETTERS:
        raise PuzzleError(f"{query.size} letters is too many: the limit is {MAX_LETTERS}")
    if query.blanks > MAX_BLANKS:
        raise PuzzleError(f"{query.blanks} blanks is too many: the limit is {MAX_BLANKS}")
    limits = limits or Limits()
    if limits.deadline is None:  # never an unbounded search: a 30-letter clue has millions
        limits = Limits(limits.max_solutions, time.monotonic() + DEFAULT_SECONDS, limits.progress)
    return Search(query, lexicon, limits, top).run()
