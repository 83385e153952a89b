"""Search: every answer that uses exactly the clue's letters, cheapest first.

A *query* is what the player asked: the *letters* (a-z), the number of *blanks* (`?`,
any letter), and the options (topic, word-length pattern, words the answer must or must
not contain, most words). An *answer* is one or more lexicon entries whose letters
together are exactly the query's letters, each blank standing for one letter.

Single entries are looked up by key. Answers of several entries come from a depth-first
search over the *candidates* (the entries that fit the letters) in ascending cost, each
chosen at or after the previous one so every multiset is met once; the last one is
looked up instead of searched. Because costs are additive and the candidates sorted, a
branch stops as soon as its cost plus the cheapest possible rest cannot beat the worst
answer already kept (branch and bound), which is what makes the top 20 of a 15-letter
clue fast where plain enumeration is not. That search is compiled (`combine.py`); this
module finds the candidates and turns what it keeps into answers, which `rank.by_fluency`
orders (the language-model ranking; `ranking="cost"` keeps the ranking of old, by cost
then `rank.diversify`, which the benchmark measures beside it).
"""

from __future__ import annotations

import itertools
import math
import time
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from ..texts import clip
from ..values import Limits, PuzzleError, Solutions
from .answer import Answer
from .letters import ALPHABET, Entry, key_letters, key_of, letter_counts, letters_of, words_of
from .lexicon import Lexicon
from .offensive import polite
from .rank import FLUENCY_POOL, by_fluency, diversify, entry_costs, features, recall_costs
from .sources import UNSEEN_ZIPF

#: most letters (and blanks) a clue may have
MAX_LETTERS = 30
#: most blanks: each multiplies the work of a search by up to 26
MAX_BLANKS = 4
#: most words an answer may have (`words=N`)
MAX_WORDS = 6
#: search nodes between two deadline checks and progress reports (some 30 ms)
SLICE_NODES = 20_000
#: time budget of the several-word search when the caller gives no deadline
DEFAULT_SECONDS = 10.0
#: answers of several words kept before `rank.diversify` picks the ones shown (cost ranking)
DIVERSITY_POOL = 60
#: extra combinations kept in case some just re-read the clue (see `is_echo`)
ECHO_MARGIN = 8
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
    #: the lexicon's language (`lexicon.LANGUAGES`)
    lang: str = "en"

    @property
    def size(self) -> int:
        return len(self.letters) + self.blanks

    def word_budget(self) -> int:
        return len(self.pattern) or self.max_words


@dataclass
class Found:
    """The ranked answers and what the search did to find them."""

    answers: list[Answer]
    count: int
    exhaustive: bool
    nodes: int = 0
    stats: dict[str, float] = field(default_factory=dict)
    #: the search stopped early with its best answers so far (`Limits.early`), to go on
    #: elsewhere (the count lane)
    counting: bool = False


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


def entry_words(entry: Entry) -> list[int]:
    """The number of letters of each word of the entry (`rolls-royce`: 5 and 5)."""
    if entry.word_count == 1:  # nearly every entry: no need to split the text
        return [len(entry.letters)]
    return [len(letters_of(word)) for word in words_of(entry.text)]


def lengths_fit(entry: Entry, pattern: Counter[int]) -> bool:
    """True when the entry's word lengths can all be found in the pattern."""
    return not pattern or not Counter(entry_words(entry)) - pattern


def is_echo(entries: tuple[Entry, ...], letters: str) -> bool:
    """True when the answer just re-reads the clue (`school master` for `schoolmaster`)."""
    if len(entries) > 4 or any(e.letters not in letters for e in entries):
        return False
    return any("".join(e.letters for e in order) == letters
               for order in itertools.permutations(entries))


class Search:
    """One query's search state: the candidates, the kept answers, the bound."""

    def __init__(self, query: Query, lexicon: Lexicon, limits: Limits, top: int,
                 ranking: str = "fluency"):
        self.query, self.lexicon, self.limits, self.shown = query, lexicon, limits, top
        self.ranking = ranking
        self.top = max(top, FLUENCY_POOL if ranking == "fluency" else DIVERSITY_POOL)
        self.entry_costs = recall_costs if ranking == "fluency" else entry_costs
        self.topic = query.topic
        self.clue = letters_of(query.text)
        self.pattern = Counter(query.pattern)
        self.required = tuple(self._entry(w) for w in query.with_words)
        self.pool, self.blanks = self._pool_after_required()
        self.kept: list[Answer] = []  # the cheapest answers of several entries
        self.count = 0
        self.nodes = 0
        self.pruned = False
        self.counting = False

    def _entry(self, text: str) -> Entry:
        return self.lexicon.lookup(text) or Entry.make(" ".join(text.lower().split()),
                                                       UNSEEN_ZIPF, False)

    def _pool_after_required(self) -> tuple[int, int]:
        pool, blanks = key_of(self.query.letters), self.query.blanks
        for entry in self.required:
            after = fit(pool, blanks, key_of(entry.letters))
            if after is None:
                raise PuzzleError(f"'{clip(entry.text)}' needs letters the clue does not have")
            pool, blanks = after
        return pool, blanks

    def cost(self, entry: Entry) -> float:
        return float(self.entry_costs(*features(entry, self.topic)))

    def allowed(self, entry: Entry) -> bool:
        """Whether an answer may use the entry: within the word budget and the options,
        and a name on the topic when the clue names one (`/hint planets topic=planets`
        offers planets or nothing, never `platens`)."""
        banned = self.query.without_words
        if entry.word_count > self.query.word_budget():
            return False
        if self.topic and self.topic not in entry.topics:
            return False
        if not (self.pattern or banned):  # most clues: nothing more to check
            return True
        return (lengths_fit(entry, self.pattern) and entry.text not in banned
                and not any(w in banned for w in entry.text.split()))

    # Answers ---------------------------------------------------------------------------

    def answer(self, entries: tuple[Entry, ...], cost: float | None = None) -> Answer | None:
        """The answer made of these entries (with the required words), or None when the
        options rule it out; `cost` is their total when the caller has it."""
        entries = self.required + entries
        if is_echo(entries, self.clue):
            return None
        words = [length for e in entries for length in entry_words(e)]
        if len(words) > self.query.word_budget() or (self.pattern and Counter(words)
                                                      != self.pattern):
            return None
        on_topic = bool(self.topic) and len(entries) == 1 and self.topic in entries[0].topics
        if cost is None:
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
        cheapest first, then by text. Found and priced on the lexicon's arrays: a loop
        over them in Python took a quarter of a 15-letter clue's time."""
        table = self.lexicon.table
        rows = self.lexicon.fitting_rows(
            np.array(letter_counts(key_letters(self.pool)), dtype=np.int16), self.blanks)
        index = table.members(rows)
        rows = np.repeat(rows, table.starts[rows + 1] - table.starts[rows])
        keep = table.word_count[index] <= self.query.word_budget()
        if self.topic or self.pattern or self.query.without_words:  # options read the text
            keep &= np.array([self.allowed(table.entries[i]) for i in index.tolist()], dtype=bool)
        index, rows = index[keep], rows[keep]
        on_topic = np.array([self.topic in table.entries[i].topics for i in index.tolist()],
                            dtype=bool) if self.topic else False
        costs = self.entry_costs(table.zipf[index], table.word_count[index], table.short[index],
                                 table.unlisted[index], table.any_topic[index], on_topic)
        order = np.lexsort((table.text_rank[index], costs))
        found = [(cost, table.entries[i], row) for cost, i, row in
                 zip(costs[order].tolist(), index[order].tolist(), rows[order].tolist(),
                     strict=True)]
        return [(cost, key_of(entry.letters), entry, row) for cost, entry, row in found]

    def several(self) -> None:
        """Keep the cheapest answers of two or more entries besides the required words
        (`singles` has those with one).

        The compiled kernel (`combine.py`) keeps the cheapest combinations of candidates, a
        few more than wanted in case some re-read the clue; Python turns them into answers.
        It is imported here, in the worker: numba stays out of the bot's process.
        """
        from .combine import Combiner

        cands = self.candidates()
        entries = [c[2] for c in cands]
        rows = np.array([c[3] for c in cands], dtype=np.int64)
        need = None
        if self.pattern:
            wanted = self.pattern - Counter(n for e in self.required for n in entry_words(e))
            need = [wanted[length] for length in range(max(self.pattern) + 1)]
        combiner = Combiner(self.lexicon.counts[rows], [c[0] for c in cands],
                            [entry_words(e) for e in entries],
                            letter_counts(key_letters(self.pool)), self.blanks,
                            self.query.word_budget() - sum(e.word_count for e in self.required),
                            sum(self.cost(e) for e in self.required), need,
                            self.top + ECHO_MARGIN)
        while not combiner.step(SLICE_NODES):
            if self.limits.progress:
                self.limits.progress(combiner.met, combiner.nodes)
            if self.limits.expired():
                self.pruned = True
                break
            if self.hands_back(combiner.met):
                self.counting = True
                break
        self.nodes, self.count = combiner.nodes, combiner.met
        self.pruned = self.pruned or combiner.pruned
        answers = (self.answer(tuple(entries[j] for j in chosen), cost)
                   for cost, chosen in combiner.kept())
        self.kept = [a for a in answers if a][:self.top]

    def hands_back(self, met: int) -> bool:
        """Whether the search stops here with its best answers so far, even none: the
        quick lane's short budget is spent (`Limits.early`), and the whole search goes on
        in the count lane, so a 27-letter clue with `words=6` (no answer before 30 s, all
        of them in 48) never holds a quick worker for long."""
        early = self.limits.early
        return early is not None and early(Solutions([], met, False))

    def run(self) -> Found:
        singles = sorted(self.singles(), key=lambda a: (not a.on_topic, a.cost, a.text))
        if self.query.word_budget() > 1:
            self.several()
        if self.ranking == "fluency":
            several = by_fluency(self.kept, self.topic, self.query.text,
                                 keep_order=bool(self.query.pattern))
        else:
            several = diversify(self.kept)
        several = several[:self.shown]
        answers = polite(singles + several)
        if self.topic:  # a name on the topic asked about is the likely answer
            answers.sort(key=lambda a: not a.on_topic)
        return Found(answers, len(singles) + self.count, not (self.pruned or self.counting),
                     self.nodes, counting=self.counting)


def search(query: Query, lexicon: Lexicon, limits: Limits | None = None, top: int = 20,
           ranking: str = "fluency") -> Found:
    """Every single-entry answer, then the `top` best answers of several entries.

    By fluency (the default): the `FLUENCY_POOL` cheapest by recall cost are found and
    `rank.by_fluency` orders them. By cost: the best `max(top, DIVERSITY_POOL)` are found
    and `rank.diversify` picks `top`; always so for a clue in another language than
    English, which the language model does not know.
    """
    if query.size > MAX_LETTERS:
        raise PuzzleError(f"{query.size} letters is too many: the limit is {MAX_LETTERS}")
    if query.blanks > MAX_BLANKS:
        raise PuzzleError(f"{query.blanks} blanks is too many: the limit is {MAX_BLANKS}")
    if query.lang != "en":  # the language model and the word vectors know English only
        ranking = "cost"
    limits = limits or Limits()
    if limits.deadline is None:  # never an unbounded search: a 30-letter clue has millions
        limits = Limits(limits.max_solutions, time.monotonic() + DEFAULT_SECONDS, limits.progress,
                        limits.early)
    return Search(query, lexicon, limits, top, ranking).run()
