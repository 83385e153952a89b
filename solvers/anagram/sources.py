"""Where the anagram lexicon's words come from: the Debian word lists, wordfreq's
frequencies, the language model's vocabulary, the census names and the topic files, with
the rules that keep a real word or a well-known name and leave out abbreviations and junk
(see `lexicon`'s docstring), and a digest of them all that names the cache file.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from ..draw import ASSETS
from ..wordlists import DICTIONARY_FILES, LARGE_DICTIONARY_FILES
from .letters import Entry, letters_of

#: bumped when the build rules change, so old cache files are ignored
LEXICON_VERSION = "5"
TOPICS_DIR = ASSETS / "topics"
#: words found only in the larger lists are kept when rarer than this (see the docstring)
RARE_ZIPF = 3.0
#: zipf given to a dictionary word that wordfreq has never seen
UNSEEN_ZIPF = 1.0
#: the least zipf of a capitalised dictionary entry kept as a name (4: about 500 of the
#: word lists' 10,000 names; at 3 or 3.5 people's names crowd better answers out)
NAME_ZIPF = 4.0
#: the least zipf of a name that is nobody's given name or surname (`satan` 3.9,
#: `voldemort` 3.0, `presbyterians` 2.7)
FIGURE_ZIPF = 2.5
#: capitalised entries common enough that are abbreviations or pieces of names, not names
NOT_NAMES = frozenset("apr aug ave bros com dec del feb jan jul jun las los mar nov oct san "
                      "sen sep sept".split())
#: the two-letter dictionary entries that are real words, not abbreviations
TWO_LETTER_WORDS = frozenset(
    "ad ah am an as at aw ax ay be by do eh em ex go ha he hi ho id if in is it la lo ma me "
    "mi mo mu my no nu of oh on or ow ox pa pi re so to uh um up us we ye yo".split())
ONE_LETTER_WORDS = frozenset("ai")
#: vowel-less words that are still words
NO_VOWEL_WORDS = frozenset("hmm shh nth psst brr tsk pfft crwth cwm".split())
#: the language model's unigram log probability (its units) of a word it has never seen
#: is about -5.4e8; the rarest word it knows gets about -2.2e5
UNKNOWN_TO_MODEL = -1e7
ROMAN = re.compile(r"^m{0,4}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")


def is_real_word(word: str, zipf: float) -> bool:
    """Keep dictionary words; drop abbreviations, Roman numerals and letter runs."""
    if not word.isascii() or not word.isalpha() or not word.islower():
        return False
    if len(word) == 1:
        return word in ONE_LETTER_WORDS
    if len(word) == 2:
        return word in TWO_LETTER_WORDS
    if not re.search("[aeiouy]", word) and word not in NO_VOWEL_WORDS:
        return False
    return not (ROMAN.match(word) and zipf < 4)


def read_topic(path: Path) -> list[str]:
    """One name per line, lower case; blank lines and `#` comments skipped."""
    names = []
    for line in path.read_text(encoding="utf-8").splitlines():
        name = " ".join(line.split("#", 1)[0].lower().split())
        if letters_of(name):
            names.append(name)
    return names


def topic_files() -> list[Path]:
    return sorted(TOPICS_DIR.glob("*.txt"))


def is_name(word: str) -> bool:
    """A capitalised word-list entry (`Hitler`), not an abbreviation (`NATO`, `McCoy`)."""
    return word.isascii() and word.isalpha() and word[:1].isupper() and word[1:].islower()


def known_to_model(words: list[str]) -> set[str]:
    """The words the language model has seen (unknown ones get a log probability far
    under any known word's)."""
    from .fluency import model

    lm = model()
    return {word for word in words if lm.prob([word]) > UNKNOWN_TO_MODEL}


def word_entries(words: set[str], large: set[str]) -> dict[str, Entry]:
    """Dictionary words: the word lists' lower-case entries, and the larger lists' rare
    words."""
    from wordfreq import zipf_frequency

    entries: dict[str, Entry] = {}
    for word in words:
        zipf = zipf_frequency(word, "en") if word.isascii() else 0.0
        if is_real_word(word, zipf):
            entries[word] = Entry.make(word, zipf or UNSEEN_ZIPF, True)
    for word in large - words:
        zipf = zipf_frequency(word, "en") if word.isascii() else 0.0
        if zipf < RARE_ZIPF and is_real_word(word, zipf):
            entries[word] = Entry.make(word, zipf or UNSEEN_ZIPF, True)
    return entries


def people_names() -> set[str]:
    """Given names and surnames of the US 1990 census (the `names` package's lists, about
    94,000), lower case."""
    import names

    found: set[str] = set()
    for path in sorted(Path(names.__file__).parent.glob("dist.*")):
        found.update(line.split(None, 1)[0].lower()
                     for line in path.read_text(encoding="ascii").splitlines() if line.strip())
    return found


def name_entries(words: set[str], taken: dict[str, Entry]) -> dict[str, Entry]:
    """Well-known names, known to the language model and not already words: capitalised
    entries at least `NAME_ZIPF` common (`hitler`, `david`), and those at least
    `FIGURE_ZIPF` common that are nobody's given name or surname (`satan`, `voldemort`,
    `bhutan`): between the two thresholds people's names (`angus`, `walcott`) crowd
    answers out (see `bench/README.md`)."""
    from wordfreq import zipf_frequency

    people = people_names()
    names = {}
    for word in sorted(filter(is_name, words)):
        name = word.lower()
        zipf = zipf_frequency(name, "en")
        if (name not in taken and name not in NOT_NAMES and is_real_word(name, zipf)
                and (zipf >= NAME_ZIPF or (zipf >= FIGURE_ZIPF and name not in people))):
            names[name] = Entry.make(name, zipf, False, is_name=True)
    known = known_to_model(sorted(names))
    return {name: entry for name, entry in names.items() if name in known}


@dataclass(frozen=True)
class WordList:
    """A language's Debian word list, and whether its words wordfreq has never seen are
    kept (Spanish's 86,000 entries, half of them unseen, are mostly real words; German's
    356,000 are mostly inflected forms and long compounds: its 162,000 seen ones are
    plenty)."""

    path: Path
    keep_unseen: bool


WORD_LISTS = {"de": WordList(Path("/usr/share/dict/ngerman"), False),
              "es": WordList(Path("/usr/share/dict/spanish"), True)}
#: the least zipf of a word of two letters or fewer in a list of `WORD_LISTS` (the lists
#: hold many abbreviations and letter names that short)
FOREIGN_SHORT_ZIPF = 4.0


def foreign_word(word: str, zipf: float, keep_unseen: bool) -> bool:
    """Whether a lower-cased entry of a `WORD_LISTS` list is a word for anagrams: letters
    only, a vowel, common enough when it is short or unseen."""
    letters = letters_of(word)
    if not word.isalpha() or not re.search("[aeiouy]", letters):
        return False
    if len(letters) <= 2:
        return zipf >= FOREIGN_SHORT_ZIPF
    return keep_unseen or zipf > 0




def source_digest(lang: str = "en") -> str:
    """A digest of everything the lexicon is built from: a change means a rebuild."""
    digest = hashlib.sha256(LEXICON_VERSION.encode())
    if lang == "en":
        for path in topic_files():
            digest.update(path.name.encode() + path.read_bytes())
        lists: tuple[Path, ...] = DICTIONARY_FILES + LARGE_DICTIONARY_FILES
        packages: tuple[str, ...] = ("wordfreq", "pocketsphinx", "names")
    else:  # frequencies only
        lists, packages = (WORD_LISTS[lang].path,), ("wordfreq",)
        digest.update(lang.encode())
    for path in lists:
        digest.update(f"{path}:{path.stat().st_size if path.exists() else -1}".encode())
    for package in packages:  # frequencies, vocabulary, census
        try:
            from importlib.metadata import version
            digest.update(version(package).encode())
        except Exception:  # noqa: BLE001 - any metadata trouble just means "unknown version"
            digest.update(f"{package}?".encode())
    return digest.hexdigest()[:16]

