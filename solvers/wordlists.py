"""The installed Debian word lists, shared by the kinds that read them (the anagram
lexicon and Gogen's vocabulary): a shared source outside the kinds, so that no kind
imports another."""

from __future__ import annotations

from pathlib import Path

DICTIONARY_FILES = (Path("/usr/share/dict/american-english"),
                    Path("/usr/share/dict/british-english"))
#: the larger lists (SCOWL size 70): rare words and more names
LARGE_DICTIONARY_FILES = (Path("/usr/share/dict/american-english-large"),
                          Path("/usr/share/dict/british-english-large"))


def dictionary_words(paths: tuple[Path, ...] = DICTIONARY_FILES) -> set[str]:
    """The entries of the installed Debian word lists (empty when none is installed)."""
    words: set[str] = set()
    for path in paths:
        if path.exists():
            words.update(line.strip() for line in path.read_text(encoding="utf-8",
                                                                 errors="ignore").splitlines())
    return words
