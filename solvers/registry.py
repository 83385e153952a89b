"""The list of puzzle kinds. A new kind needs one line here and nothing else."""

from __future__ import annotations

import importlib

from .anagram.kind import AnagramKind
from .assembly import KINDS as ASSEMBLY_KINDS
from .base import PuzzleKind
from .burr import KINDS as BURR_KINDS
from .gogen import Gogen
from .number_workout import NumberWorkout
from .pencil import kinds as pencil_kinds
from .pencil.genres.sudoku import sudoku_text
from .seki import Seki
from .sudoku import Sudoku

#: every kind the bot knows, in the order /help lists them and detection tries them
KINDS: tuple[PuzzleKind, ...] = (
    Seki(),
    Gogen(),
    NumberWorkout(),
    *ASSEMBLY_KINDS,
    Sudoku(link_reader=sudoku_text),  # a 9x9 sudoku link goes to the Sudoku kind
    AnagramKind(),
    *BURR_KINDS,
    *pencil_kinds(),
)


def add(spec: str) -> PuzzleKind:
    """Add the kind class `module:Class` names (a kind kept outside `solvers/`, named by
    the operator's configuration, never by a message), unless a kind of its name is here
    already; the kind. ValueError when `spec` names no kind."""
    module, _, name = spec.partition(":")
    try:
        kind = getattr(importlib.import_module(module), name)()
    except (ImportError, AttributeError, TypeError) as error:
        raise ValueError(f"{spec!r} names no puzzle kind (module:Class): {error}") from None
    if not isinstance(kind, PuzzleKind):
        raise ValueError(f"{spec!r} is not a puzzle kind")
    global KINDS
    known = get(kind.name)
    if known is not None:
        return known
    KINDS = (*KINDS, kind)
    return kind


def get(name: str) -> PuzzleKind | None:
    """The kind called `name` (or one of its aliases), case-insensitive."""
    wanted = name.lower().lstrip("/#")
    for kind in KINDS:
        if wanted == kind.name or wanted in kind.aliases:
            return kind
    return None


def detect(text: str) -> PuzzleKind | None:
    """The first kind whose `detect` accepts the text, or None."""
    for kind in KINDS:
        if kind.detect(text):
            return kind
    return None


def claimant(text: str) -> PuzzleKind | None:
    """The first kind that `claims` text no kind detects (in a private chat), or None."""
    for kind in KINDS:
        if kind.claims(text):
            return kind
    return None


def near_miss(text: str) -> tuple[PuzzleKind, str] | None:
    """The first kind whose shape text misses by one thing, and what is wrong, or None."""
    for kind in KINDS:
        if (wrong := kind.near_miss(text)) is not None:
            return kind, wrong
    return None


def with_example() -> list[PuzzleKind]:
    """The kinds with a ready sample puzzle (/example)."""
    return [kind for kind in KINDS if kind.example]


def listed() -> list[PuzzleKind]:
    """The kinds with a line of their own in lists and menus (`PuzzleKind.listed`)."""
    return [kind for kind in KINDS if kind.listed]


def by_family(unlisted: bool = False) -> dict[str, list[PuzzleKind]]:
    """The kinds (the unlisted ones alone with `unlisted`) by family, in the registry's
    order."""
    out: dict[str, list[PuzzleKind]] = {}
    for kind in KINDS:
        if not (unlisted and kind.listed):
            out.setdefault(kind.family, []).append(kind)
    return out


def racing() -> list[PuzzleKind]:
    """The kinds /race can use."""
    return [kind for kind in KINDS if kind.races]
