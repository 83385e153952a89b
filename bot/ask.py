"""One request, one parse: the value every step of answering a puzzle takes.

Intake (a typed puzzle, a file, a photo's reading, a reply, an inline query, a deep link)
reads the puzzle once into an `Ask`; the race guard and the games' holds, hints first,
the cache, counts and the lanes take that value and read nothing again. Past intake no
kind is looked up by name, except across the worker boundary, where the kind's name and
the text travel as plain data and the worker parses them once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from solvers.base import PuzzleKind
from solvers.pipeline import prepare


@dataclass(frozen=True)
class Ask:
    """A puzzle someone asked about, read: its kind (the object), the text as sent (what
    a worker parses again on its side), the parsed puzzle and its cache key."""

    kind: PuzzleKind
    text: str
    puzzle: Any
    key: str


def ask_for(text: str, kind: PuzzleKind | str | None = None) -> Ask:
    """The request read once (`solvers.pipeline.prepare`: the kind given, by name, or
    detected); a PuzzleError for text that is not a puzzle of it."""
    chosen, puzzle, key = prepare(text, kind)
    return Ask(chosen, text, puzzle, key)
