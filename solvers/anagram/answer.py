"""An answer: lexicon entries that together use a clue's letters exactly.

Its own module because both the search (which finds answers) and the ranking (which
orders them) build answers; neither has to import the other for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .lexicon import Entry


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
