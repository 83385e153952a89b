"""The words and letter grids of generated Gogens: common English words a 5x5 grid can
hold, a random grid nudged until words reach its rare letters, and the words chosen for
a puzzle."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .grid import CLASSIC_LETTERS, CLASSIC_SIZE, neighbours

#: words a generated puzzle lists: enough links to pin letters down, few enough to read
WORD_COUNT = 10
#: the most frequent English words looked at (wordfreq's ranking), so the clues are words
#: people know
COMMON_WORDS = 40_000
WORD_LENGTHS = range(4, 9)

#: words never put in a puzzle: common in text, unwelcome in a group chat
UNWELCOME = frozenset(
    "anal anus arse milf bastard bitch bitches bitchy boob boobs butt clit cock cocks crap cunt "
    "damn dick dicks dildo dyke fags fuck fucked fucker fucking gook homo horny jerk kike "
    "nazi nigga pedo penis piss pissed porn porno prick pussy rape raped rapist semen sexy "
    "shit shits slut sluts spic tits turd twat vagina whore wank".split())
#: grid swaps tried to bring every letter into some word (each costs one vector test)
GRID_SWAPS = 400


@dataclass(frozen=True)
class Vocabulary:
    """The words a generated 5x5 Gogen may use, with what the grid search reads.

    `links[i]` holds word i's links as `25*a + b` (letter indices), padded with 625, a
    slot that always reads as neighbouring; `letters[i]` is its letters as a bit mask.
    """

    words: tuple[str, ...]
    links: np.ndarray
    letters: np.ndarray


@lru_cache(maxsize=1)
def gogen_words() -> Vocabulary:
    """Common words a 5x5 Gogen can use, most frequent first: in Debian's word lists
    (the anagram lexicon's sources, lower-case entries only, so no names), 4 to 8 letters
    from A to Y, no letter twice in a row (a letter cannot neighbour itself), none
    unwelcome."""
    import wordfreq

    from ..wordlists import dictionary_words

    known = dictionary_words()
    words = tuple(word for word in wordfreq.top_n_list("en", COMMON_WORDS)
                  if word in known and len(word) in WORD_LENGTHS and word not in UNWELCOME
                  and set(word) <= set(CLASSIC_LETTERS)
                  and all(a != b for a, b in zip(word, word[1:], strict=False)))
    pad = len(CLASSIC_LETTERS) ** 2
    links = np.full((len(words), max(WORD_LENGTHS) - 1), pad, dtype=np.int16)
    letters = np.zeros(len(words), dtype=np.int64)
    for i, word in enumerate(words):
        index = [CLASSIC_LETTERS.index(x) for x in word]
        links[i, :len(word) - 1] = [25 * a + b for a, b in zip(index, index[1:], strict=False)]
        letters[i] = sum(1 << k for k in set(index))
    return Vocabulary(words, links, letters)


def traceable(grid: str, vocabulary: Vocabulary) -> np.ndarray:
    """Which words (a bool per word) have every link on neighbouring cells of a full grid."""
    cell = np.array([grid.index(x) for x in CLASSIC_LETTERS])
    touching = np.append(_near_matrix()[cell[:, None], cell[None, :]].ravel(), True)
    return touching[vocabulary.links].all(axis=1)


@lru_cache(maxsize=1)
def _near_matrix() -> np.ndarray:
    """`[p, q]` is True when cells p and q of a 5x5 grid are neighbours."""
    near = np.zeros((CLASSIC_SIZE ** 2, CLASSIC_SIZE ** 2), dtype=bool)
    for p, cells in enumerate(neighbours(CLASSIC_SIZE)):
        near[p, list(cells)] = True
    return near


def grid_score(grid: str, vocabulary: Vocabulary) -> tuple[int, int]:
    """(letters some traceable word uses, traceable words): what the grid search raises."""
    fits = traceable(grid, vocabulary)
    covered = int(np.bitwise_or.reduce(vocabulary.letters[fits])) if fits.any() else 0
    return covered.bit_count(), int(fits.sum())


def letter_grid(rng: random.Random, vocabulary: Vocabulary) -> str:
    """A random grid, then random swaps of two letters kept when no fewer letters (and no
    fewer words) can be traced, until words reach every letter or the swaps run out: a
    plain random grid leaves rare letters (J, Q, X) in no word."""
    cells = rng.sample(CLASSIC_LETTERS, len(CLASSIC_LETTERS))
    score = grid_score("".join(cells), vocabulary)
    for _ in range(GRID_SWAPS):
        if score[0] == len(CLASSIC_LETTERS):
            break
        i, j = rng.sample(range(len(cells)), 2)
        cells[i], cells[j] = cells[j], cells[i]
        trial = grid_score("".join(cells), vocabulary)
        if trial >= score:
            score = trial
        else:
            cells[i], cells[j] = cells[j], cells[i]
    return "".join(cells)


def choose_words(rng: random.Random, traceable: list[str]) -> list[str]:
    """About `WORD_COUNT` words covering as many letters as the traceable words can. Each
    pick is the word bringing the most new letters (ties broken at random), then the most
    new links. A letter no word uses can only be a given, so digging keeps it."""
    pool = traceable[:]
    rng.shuffle(pool)
    chosen: list[str] = []
    letters: set[str] = set()
    links: set[frozenset[str]] = set()

    def gain(word: str) -> tuple[int, int]:
        pairs = {frozenset(p) for p in zip(word, word[1:], strict=False)}
        return len(set(word) - letters), len(pairs - links)

    while pool and (len(chosen) < WORD_COUNT or any(set(w) - letters for w in pool)):
        word = max(pool, key=gain)
        if gain(word) == (0, 0):
            break
        pool.remove(word)
        chosen.append(word)
        letters |= set(word)
        links |= {frozenset(p) for p in zip(word, word[1:], strict=False)}
    return sorted(chosen)
