"""The anagram lexicon cache: verified by a checksum, rebuilt when damaged, never code.

Issue 14's attack flipped bytes in the old pickle cache and every worker failed at start;
here each kind of damage must be caught by `undump` (ValueError, nothing else) and cost
`load` a rebuild, after which the file is intact again and puzzles are solved.
"""

from __future__ import annotations

import hashlib
import io
import pickle
import random

import numpy as np
import pytest

from solvers.anagram import lexicon as lexicon_module
from solvers.anagram import relatedness
from solvers.anagram.cachefile import MAGIC, pack, unpack
from solvers.anagram.lexicon import dump, undump
from solvers.pipeline import run


@pytest.fixture(scope="module")
def good() -> bytes:
    """An intact cache file's bytes, from the lexicon as the bot loads it."""
    return dump(lexicon_module.load())


def with_checksum(payload: bytes) -> bytes:
    """A file whose header matches its payload: damage only a checksum cannot see."""
    return MAGIC + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload


def npz(**arrays) -> bytes:
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    return buffer.getvalue()


def test_an_intact_file_reads_back_the_same_lexicon(good):
    lexicon, again = lexicon_module.load(), undump(good)
    assert again.keys == lexicon.keys and np.array_equal(again.counts, lexicon.counts)
    assert again.by_key == lexicon.by_key
    assert {t: [e.text for e in names] for t, names in again.topics.items()} == {
        t: [e.text for e in names] for t, names in lexicon.topics.items()}
    assert again.lookup("new zealand").topics == frozenset({"countries"})


def flipped(data: bytes, rng: random.Random, count: int) -> bytes:
    damaged = bytearray(data)
    for at in rng.sample(range(len(damaged)), count):
        damaged[at] ^= 1 << rng.randrange(8)
    return bytes(damaged)


def test_flipped_bytes_anywhere_are_caught(good):
    """150 random corruptions of 1 to 3 flipped bits (issue 14: 17 crashed, 20 loaded
    wrong data): every one is refused with ValueError."""
    rng = random.Random(14)
    for trial in range(150):
        damaged = flipped(good, rng, 1 + trial % 3)
        with pytest.raises(ValueError):
            undump(damaged)


@pytest.mark.parametrize("cut", [0, 1, len(MAGIC), len(MAGIC) + 40, len(MAGIC) + 65, 1000,
                                 -100_000, -1])
def test_a_file_cut_short_is_caught(good, cut):
    with pytest.raises(ValueError):
        undump(good[:cut])


def test_foreign_and_forged_files_are_caught(good):
    """A pickle (the old format, which could run code when read), a bare `.npz`, garbage,
    and files whose checksum matches but whose arrays are wrong or hold Python objects."""
    header_end = len(MAGIC) + 65
    payload = good[header_end:]
    forged = [
        pickle.dumps(lexicon_module.load().topics),
        payload,
        bytes(random.Random(1).randbytes(5000)),
        good + b"trailing",
        with_checksum(b"not an npz at all"),
        with_checksum(npz(texts=np.frombuffer(b"a\nb", np.uint8))),  # arrays missing
        with_checksum(npz(objects=np.array([{"a": 1}], dtype=object))),  # needs pickle
    ]
    with np.load(io.BytesIO(payload), allow_pickle=False) as arrays:
        short = {name: arrays[name] for name in arrays.files}
    short["zipf"] = short["zipf"][:-1]  # one entry's frequency lost
    forged.append(with_checksum(npz(**short)))
    for data in forged:
        with pytest.raises(ValueError):
            undump(data)


@pytest.mark.parametrize("damage", ["flip", "truncate"])
def test_a_damaged_cache_is_rebuilt_and_puzzles_still_solve(tmp_path, monkeypatch, good, damage):
    monkeypatch.setenv("PUZZLEBOT_CACHE_DIR", str(tmp_path))
    path = lexicon_module.cache_path()
    path.write_bytes(flipped(good, random.Random(3), 3) if damage == "flip"
                     else good[:len(good) // 2])
    lexicon_module.forget()
    try:
        lexicon = lexicon_module.load()
        assert lexicon.lookup("dormitory") is not None
        assert undump(path.read_bytes()).by_key == lexicon.by_key  # rewritten intact
        result = run("anagram dormitory")
        assert result.ok and "dirty room" in result.caption
    finally:
        lexicon_module.forget()


def test_a_damaged_word_vector_cache_is_rebuilt(tmp_path, monkeypatch):
    """The GloVe table is cached the same way: a flipped byte costs a rebuild."""
    good_vectors = relatedness.load()
    monkeypatch.setenv("PUZZLEBOT_CACHE_DIR", str(tmp_path))
    path = relatedness.cache_path()
    path.write_bytes(flipped(pack({"words": np.frombuffer(b"a\nb", np.uint8),
                                   "table": np.zeros((2, 50), np.float16)}),
                             random.Random(5), 3))
    relatedness.load.cache_clear()
    try:
        vectors = relatedness.load()
        assert vectors.rows == good_vectors.rows
        assert np.array_equal(vectors.table, good_vectors.table)
        assert np.array_equal(unpack(path.read_bytes())["table"], good_vectors.table)
    finally:
        relatedness.load.cache_clear()
