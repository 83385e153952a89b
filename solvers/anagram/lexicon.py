"""The anagram lexicon: dictionary words and topic names, each with a frequency.

An *entry* is one item an answer can be made of: a dictionary word (`room`) or a topic
name, which may hold spaces or hyphens (`new zealand`, `rolls-royce`). Its *letters* are
its a-z letters only; its *key* is the product of one prime per letter, so two entries are
anagrams when their keys are equal and an entry fits a set of letters when its key divides
theirs. *Zipf* is wordfreq's frequency scale (about 1 for rare words, 7 for `the`).

Words come from the Debian word lists (`wamerican`, `wbritish`): their lower-case entries,
so abbreviations and junk tokens stay out. The larger lists (`wamerican-large`,
`wbritish-large`) add rare words (`indicatory`, `carthorse`), only those under
`RARE_ZIPF`: their commoner entries are mostly names in lower case, abbreviations and slang
(`berlin`, `asap`). Names, which classic anagrams use (`mother in law` -> `woman hitler`,
`santa` -> `satan`), are the lists' capitalised entries that the language model knows
(`fluency.model`, trained on news text) and that are either at least `NAME_ZIPF` common
(`hitler`, `david`) or at least `FIGURE_ZIPF` common and nobody's given name or surname
in the US census (`satan`, `voldemort`; not `angus`, `walcott`). Topic names come from
`assets/topics/*.txt`.

German and Spanish lexicons (`load("de")`, `load("es")`) come from Debian's `wngerman`
and `wspanish` lists, every entry lower-cased (German nouns are capitalised), ranked by
wordfreq's frequency in that language; they have no names and no topics. Letters are
compared as that language's puzzle players do, within the same 26 letters a-z: German
umlauts are spelled out as in a German crossword (`ä` = `ae`, `ö` = `oe`, `ü` = `ue`,
`ß` = `ss`: `Äpfel` has the letters of `paefel`), and other accents are dropped as in a
Spanish crossword (`canción` = `cancion`); `ñ` counts as `n` (a Spanish crossword keeps
it apart, which 26 letters cannot). An English clue with accents reads the same way.
The lexicon is built on first use (about seven seconds) and cached in
`$PUZZLEBOT_CACHE_DIR` (default `.cache`), named by a digest of its sources so a changed
topic file or version rebuilds it. The cache holds only numpy arrays and UTF-8 text in a
`.npz` read with `allow_pickle=False`, so reading it cannot run code, behind a SHA-256 of
its bytes: a damaged file (flipped bytes, cut short) fails the check and is rebuilt,
never half-read.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import overload

import numpy as np

from ..wordlists import LARGE_DICTIONARY_FILES, dictionary_words
from .cachefile import block_texts, cache_dir, lines, pack, text_block, unpack, write_cache
from .letters import PRIMES, Entry, key_letters, key_of, letter_counts, letters_of, words_of
from .sources import (
    UNSEEN_ZIPF,
    WORD_LISTS,
    foreign_word,
    name_entries,
    read_topic,
    source_digest,
    topic_files,
    word_entries,
)

#: the lexicons there are: English (built from several sources), and those of `WORD_LISTS`
LANGUAGES = ("en", "de", "es")


class Lexicon:
    """All entries, grouped by key, kept as arrays: one UTF-8 block of texts and one
    array per attribute, not an object per entry (120,000 `Entry` objects took 49 MB, and
    a worker copied every page of them its search touched). An `Entry` is made when a
    caller asks for one (`entry`, `by_key`, `lookup`, `table.entries`).

    Entries are in key-group order: the entries of row r of `counts` (how many of each
    letter a-z its key has) are `starts[r]` to `starts[r + 1]`; the search finds every
    entry that fits a clue with one vectorised comparison over `counts`.
    """

    def __init__(self, arrays: dict[str, np.ndarray]) -> None:
        """The lexicon of `to_arrays`'s arrays (a cache file's); ValueError when they do
        not fit together."""
        block, zipf, group = arrays["texts"], arrays["zipf"], arrays["group"]
        counts, topics = arrays["counts"], block_texts(arrays["topic_names"])
        sizes, members = arrays["topic_sizes"], arrays["topic_members"]
        breaks = np.flatnonzero(block == ord("\n"))
        count = lines(block)
        if not (count == len(zipf) == len(arrays["in_dictionary"]) == len(group)
                == len(arrays["is_name"]) and counts.ndim == 2 and counts.shape[1] == 26
                and counts.dtype == np.uint8 and len(topics) == len(sizes)
                and int(sizes.sum()) == len(members)
                and lines(arrays["keys"]) == len(counts)):
            raise ValueError("lexicon arrays of mismatched sizes")
        starts = np.searchsorted(group, np.arange(len(counts) + 1)).astype(np.int64)
        if np.any(np.diff(group) < 0) or np.any(np.diff(starts) <= 0) or starts[-1] != count:
            raise ValueError("lexicon entries not grouped by key")
        self.texts = block.tobytes()
        #: entry i is texts[offsets[i]:offsets[i + 1] - 1] (a line break after each)
        self.offsets = np.concatenate([[0], breaks + 1, [len(self.texts) + 1]]).astype(np.int64)
        self.zipf = zipf.astype(np.float64)
        self.in_dictionary = arrays["in_dictionary"].astype(np.bool_)
        self.is_name = arrays["is_name"].astype(np.bool_)
        self.starts, self.counts = starts, counts
        bounds = np.cumsum([0, *sizes.tolist()])
        self.topic_members = {t: members[bounds[n]:bounds[n + 1]].astype(np.int64)
                              for n, t in enumerate(topics)}
        topics_of: dict[int, set[str]] = defaultdict(set)
        for topic, indices in self.topic_members.items():
            for i in indices.tolist():
                topics_of[i].add(topic)
        #: the topics of the entries that have any (about a thousand)
        self.topics_of = {i: frozenset(names) for i, names in topics_of.items()}
        hashes = row_hashes(counts)
        self.hash_order = np.argsort(hashes, kind="stable")
        self.sorted_hashes = hashes[self.hash_order]

    def __len__(self) -> int:
        return len(self.zipf)

    def text(self, i: int) -> str:
        return self.texts[self.offsets[i]:self.offsets[i + 1] - 1].decode("utf-8")

    def entry(self, i: int) -> Entry:
        """Entry i, made from the arrays."""
        return Entry.make(self.text(i), float(self.zipf[i]), bool(self.in_dictionary[i]),
                          self.topics_of.get(i, NO_TOPICS), bool(self.is_name[i]))

    def entries(self) -> list[Entry]:
        return [self.entry(i) for i in range(len(self))]

    def select(self, mask: np.ndarray) -> list[Entry]:
        """The entries where `mask` (one bool per entry) is set, in order."""
        return [self.entry(i) for i in np.flatnonzero(mask).tolist()]

    @cached_property
    def topics(self) -> dict[str, list[Entry]]:
        """Each topic's names, in its file's order."""
        return {t: [self.entry(i) for i in members.tolist()]
                for t, members in self.topic_members.items()}

    @property
    def keys(self) -> list[int]:
        """The key of each row of `counts`."""
        return [self.key(row) for row in range(len(self.counts))]

    def key(self, row: int) -> int:
        key = 1
        for prime, count in zip(PRIMES, self.counts[row].tolist(), strict=True):
            key *= prime ** count
        return key

    @property
    def by_key(self) -> KeyGroups:
        """The entries of each key, as a read-only mapping (made per look-up)."""
        return KeyGroups(self)

    def row_of(self, key: int) -> int | None:
        """The row of `counts` with this key, if any (none for a letter more times than
        a row's count can hold: no word has it)."""
        counted = letter_counts(key_letters(key))
        if max(counted, default=0) > np.iinfo(np.uint8).max:
            return None
        wanted = np.array(counted, dtype=np.uint8)
        at = int(np.searchsorted(self.sorted_hashes, np.uint64(key % 2**64)))
        while at < len(self.sorted_hashes) and self.sorted_hashes[at] == key % 2**64:
            row = int(self.hash_order[at])
            if np.array_equal(self.counts[row], wanted):
                return row
            at += 1
        return None

    def group(self, row: int) -> tuple[Entry, ...]:
        return tuple(self.entry(i) for i in range(self.starts[row], self.starts[row + 1]))

    def lookup(self, text: str) -> Entry | None:
        """The entry spelled exactly `text` (case and spacing normalised), if any."""
        wanted = " ".join(text.lower().split())
        row = self.row_of(key_of(letters_of(wanted)))
        if row is None:
            return None
        for i in range(self.starts[row], self.starts[row + 1]):
            if self.text(i) == wanted:
                return self.entry(i)
        return None

    @cached_property
    def table(self) -> EntryTable:
        """The entries as arrays, for the search's vectorised candidate step."""
        return EntryTable.of(self)

    def fitting_rows(self, have: np.ndarray, blanks: int) -> np.ndarray:
        """The rows of `counts` whose letters fit in `have` (counts a-z) with at most
        `blanks` letters missing: a letter-set and size test first, which rejects most
        rows with one integer operation, then the exact count on the few left."""
        table = self.table
        size = int(have.sum()) + blanks
        if blanks:
            rows = np.flatnonzero(table.sizes <= size)
        else:
            have_mask = int(((have > 0) << np.arange(26)).sum())
            rows = np.flatnonzero(((table.masks & ~have_mask) == 0) & (table.sizes <= size))
        short = np.maximum(self.counts[rows].astype(np.int16) - have, 0).sum(axis=1)
        return rows[short <= blanks]


NO_TOPICS: frozenset[str] = frozenset()


def row_hashes(counts: np.ndarray) -> np.ndarray:
    """Each row's key modulo 2**64 (uint64 arithmetic wraps): equal keys, equal hashes."""
    hashes = np.ones(len(counts), dtype=np.uint64)
    for letter, prime in enumerate(PRIMES):
        hashes *= np.power(np.uint64(prime), counts[:, letter].astype(np.uint64))
    return hashes


class KeyGroups(Mapping[int, tuple[Entry, ...]]):
    """`Lexicon.by_key`: key -> the entries of that key, made from the arrays."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon

    def __getitem__(self, key: int) -> tuple[Entry, ...]:
        row = self.lexicon.row_of(key) if isinstance(key, int) and key > 0 else None
        if row is None:
            raise KeyError(key)
        return self.lexicon.group(row)

    def __iter__(self) -> Iterator[int]:
        return iter(self.lexicon.keys)

    def __len__(self) -> int:
        return len(self.lexicon.counts)


class EntryView(Sequence[Entry]):
    """`EntryTable.entries`: entry i made from the lexicon's arrays when asked for."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon

    @overload
    def __getitem__(self, i: int) -> Entry: ...
    @overload
    def __getitem__(self, i: slice) -> list[Entry]: ...

    def __getitem__(self, i: int | slice) -> Entry | list[Entry]:
        if isinstance(i, slice):
            return [self.lexicon.entry(j) for j in range(len(self))[i]]
        return self.lexicon.entry(range(len(self))[i])

    def __len__(self) -> int:
        return len(self.lexicon)


@dataclass
class EntryTable:
    """The lexicon's entries in key-group order (`Lexicon.entries`), with per-row and
    per-entry arrays: what the search needs to pick and price candidates without a
    Python loop over the lexicon."""

    entries: EntryView
    starts: np.ndarray  # entries of row r: entries[starts[r]:starts[r + 1]]
    masks: np.ndarray  # per row: bit i set when the row has letter i
    sizes: np.ndarray  # per row: number of letters
    zipf: np.ndarray  # per entry, and so on
    word_count: np.ndarray
    short: np.ndarray  # one or two letters
    unlisted: np.ndarray  # neither a dictionary word nor a name (a topic name only)
    any_topic: np.ndarray
    text_rank: np.ndarray  # the entry's place in alphabetical order: a tie-breaker

    @classmethod
    def of(cls, lexicon: Lexicon) -> EntryTable:
        count, counts = len(lexicon), lexicon.counts
        sizes = counts.sum(axis=1, dtype=np.int16)
        per_entry = np.repeat(np.arange(len(counts)), np.diff(lexicon.starts))
        text_rank = np.empty(count, dtype=np.int32)  # small types: 120,000 entries
        # UTF-8 bytes sort as their texts do (code point order); texts are unique
        text_rank[np.argsort(np.array(lexicon.texts.split(b"\n")), kind="stable")] = \
            np.arange(count)
        masks = np.zeros(len(counts), dtype=np.int32)
        for letter in range(26):  # a column at a time: no 26-wide temporary per worker
            masks |= (counts[:, letter] > 0).astype(np.int32) << letter
        any_topic = np.zeros(count, dtype=bool)
        any_topic[list(lexicon.topics_of)] = True
        return cls(EntryView(lexicon), lexicon.starts, masks, sizes, lexicon.zipf,
                   word_counts(lexicon), sizes[per_entry] <= 2,
                   ~(lexicon.in_dictionary | lexicon.is_name), any_topic, text_rank)

    def members(self, rows: np.ndarray) -> np.ndarray:
        """The indices of the entries of these rows, row after row."""
        first, sizes = self.starts[rows], self.starts[rows + 1] - self.starts[rows]
        offsets = np.arange(int(sizes.sum())) - np.repeat(np.cumsum(sizes) - sizes, sizes)
        return np.repeat(first, sizes) + offsets


def word_counts(lexicon: Lexicon) -> np.ndarray:
    """Each entry's number of words: 1 unless its text holds more than letters a-z, and
    those few are counted as `Entry.make` does."""
    block = np.frombuffer(lexicon.texts, dtype=np.uint8)
    other = np.flatnonzero(((block < ord("a")) | (block > ord("z"))) & (block != ord("\n")))
    result = np.ones(len(lexicon), dtype=np.int8)
    for i in np.unique(np.searchsorted(lexicon.offsets, other, side="right") - 1).tolist():
        result[i] = len(words_of(lexicon.text(i)))
    return result



def build_foreign(lang: str) -> Lexicon:
    """The lexicon of a language of `WORD_LISTS`: its words (the all-capital abbreviations
    left out), each with its frequency in that language (seconds)."""
    from wordfreq import zipf_frequency

    source = WORD_LISTS[lang]
    words = {w.lower() for w in dictionary_words((source.path,)) if w and not w.isupper()}
    entries = {}
    for word in sorted(words):
        zipf = zipf_frequency(word, lang)
        if foreign_word(word, zipf, source.keep_unseen):
            entries[word] = Entry.make(word, zipf or UNSEEN_ZIPF, True)
    return grouped(entries, {})


def build(lang: str = "en") -> Lexicon:
    """Build the lexicon from the word lists, wordfreq, the language model's vocabulary
    and the topic files (seconds); another language's from its word list alone."""
    from wordfreq import top_n_list, zipf_frequency

    if lang != "en":
        return build_foreign(lang)

    words = dictionary_words()
    if not words:  # no Debian word list: wordfreq's own common words, stricter threshold
        words = {w for w in top_n_list("en", 60_000) if zipf_frequency(w, "en") >= 3.0}
    large = dictionary_words(LARGE_DICTIONARY_FILES)
    entries = word_entries(words, large)
    entries.update(name_entries(words | large, entries))
    topics: dict[str, list[str]] = {}
    for path in topic_files():
        topics[path.stem] = read_topic(path)
        for name in topics[path.stem]:
            old = entries.get(name)
            if old:
                entries[name] = Entry.make(name, old.zipf, old.in_dictionary,
                                           old.topics | {path.stem}, old.is_name)
            else:
                zipf = zipf_frequency(name, "en") or UNSEEN_ZIPF
                entries[name] = Entry.make(name, zipf, False, frozenset({path.stem}))
    return grouped(entries, topics)


def grouped(entries: dict[str, Entry], topics: dict[str, list[str]]) -> Lexicon:
    """The lexicon of these entries, grouped by key, and of these topics' names."""
    groups: dict[int, list[Entry]] = defaultdict(list)
    for entry in entries.values():
        groups[key_of(entry.letters)].append(entry)
    ordered = [entry for group in groups.values() for entry in group]
    index = {entry.text: i for i, entry in enumerate(ordered)}
    names = sorted(topics)
    return Lexicon({
        "texts": text_block([e.text for e in ordered]),
        "zipf": np.array([e.zipf for e in ordered], dtype=np.float64),
        "in_dictionary": np.array([e.in_dictionary for e in ordered], dtype=np.bool_),
        "is_name": np.array([e.is_name for e in ordered], dtype=np.bool_),
        "group": np.repeat(np.arange(len(groups)),
                           [len(group) for group in groups.values()]).astype(np.int32),
        "keys": text_block([str(k) for k in groups]),
        "counts": np.array([letter_counts(group[0].letters) for group in groups.values()],
                           dtype=np.uint8).reshape(-1, 26),
        "topic_names": text_block(names),
        "topic_sizes": np.array([len(topics[t]) for t in names], dtype=np.int32),
        "topic_members": np.array([index[n] for t in names for n in topics[t]],
                                  dtype=np.int32),
    })



def to_arrays(lexicon: Lexicon) -> dict[str, np.ndarray]:
    """The lexicon as the plain arrays of its cache file (`Lexicon` reads them back)."""
    names = sorted(lexicon.topic_members)
    members = [lexicon.topic_members[t] for t in names]
    return {
        "texts": np.frombuffer(lexicon.texts, dtype=np.uint8),
        "zipf": lexicon.zipf,
        "in_dictionary": lexicon.in_dictionary,
        "is_name": lexicon.is_name,
        "group": np.repeat(np.arange(len(lexicon.counts)),
                           np.diff(lexicon.starts)).astype(np.int32),
        "keys": text_block([str(k) for k in lexicon.keys]),
        "counts": lexicon.counts,
        "topic_names": text_block(names),
        "topic_sizes": np.array([len(m) for m in members], dtype=np.int32),
        "topic_members": np.concatenate([np.zeros(0, np.int64), *members]).astype(np.int32),
    }



def dump(lexicon: Lexicon) -> bytes:
    return pack(to_arrays(lexicon))


def undump(data: bytes) -> Lexicon:
    """The lexicon from the cache file's bytes; ValueError when they are not intact."""
    try:
        return Lexicon(unpack(data))
    except KeyError as error:
        raise ValueError(f"lexicon cache without {error}") from error



def cache_path(lang: str = "en") -> Path:
    prefix = "anagram-lexicon" if lang == "en" else f"anagram-lexicon-{lang}"
    return cache_dir() / f"{prefix}-{source_digest(lang)}.npz"


def load(lang: str = "en") -> Lexicon:
    """The lexicon of a language of `LANGUAGES`, from the cache file when it is current
    and intact, else built and cached. A damaged cache file costs a rebuild, never an
    error. Each language is loaded on its first use only: the workers' fork server
    preloads English alone, so German and Spanish cost memory only in a worker that was
    asked for them."""
    return _loaded(lang)  # one entry per language: `load()` and `load("en")` share it


def forget() -> None:
    """Drop the loaded lexicons, so the next `load` reads the cache file again."""
    _loaded.cache_clear()


@cache
def _loaded(lang: str) -> Lexicon:
    """`load`'s work, kept once per language (a worker's copy is the fork server's)."""
    if lang not in LANGUAGES:
        raise ValueError(f"no anagram lexicon for language {lang!r}")
    path = cache_path(lang)
    try:
        return undump(path.read_bytes())
    except Exception:  # noqa: BLE001 - missing, or whatever a damaged file does: rebuild
        pass
    lexicon = build(lang)
    write_cache(path, dump(lexicon))
    return lexicon


def ensure_cached(lang: str) -> None:
    """Build a language's cache file when it is missing, without keeping the lexicon in
    memory (`python -m solvers warm` for German and Spanish, which `load` on first use)."""
    if not cache_path(lang).exists():
        write_cache(cache_path(lang), dump(build(lang)))
