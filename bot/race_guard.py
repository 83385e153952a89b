"""Race integrity: while a race runs, its puzzle is not solved, exported or checked for
anyone, in any chat. The puzzle is recognised by its kind and canonical form (so a
renamed header or other spacing is the same puzzle), not by the text."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from solvers.base import PuzzleError, PuzzleKind
from solvers.pipeline import prepare

if TYPE_CHECKING:
    from .context import BotData, Context


class _Marks(dict[str, int]):
    """The running races' puzzles: the race id by the puzzle's mark (`race_mark`)."""


def race_mark(kind: PuzzleKind, puzzle: Any) -> str:
    """What makes two puzzle texts the same puzzle: the kind and its canonical form."""
    return hashlib.sha256(f"{kind.name}\n{kind.canonical(puzzle)}".encode()).hexdigest()


def text_mark(text: str, kind: PuzzleKind | str | None = None) -> str | None:
    """The mark of a puzzle text (parse only, no search); None when it does not parse."""
    try:
        kind, puzzle, _ = prepare(text, kind)
    except PuzzleError:
        return None
    return race_mark(kind, puzzle)


def refusal(race_id: int) -> str:
    """What anyone asking for help with a running race's puzzle is told."""
    return f"That is race #{race_id}'s puzzle: solve it yourself and send /submit {race_id}."


def guard(bot_data: BotData, race: int, text: str, kind: str) -> None:
    """From now until the race ends, its puzzle is not solved, exported or checked."""
    mark = text_mark(text, kind)
    if mark is not None:
        bot_data.own(_Marks)[mark] = race


def unguard(bot_data: BotData, race: int) -> None:
    """The race is over: its puzzle is an ordinary puzzle again."""
    marks = bot_data.own(_Marks)
    for mark in [mark for mark, number in marks.items() if number == race]:
        del marks[mark]


def race_of(bot_data: BotData, mark: str | None) -> int | None:
    """The running race whose puzzle has this mark, if any."""
    return bot_data.own(_Marks).get(mark) if mark is not None else None


def racing_puzzle(context: Context, text: str,
                  kind: PuzzleKind | str | None = None) -> int | None:
    """The running race whose puzzle this text is; the text is parsed (cheap, no search)
    only while some race runs."""
    if not context.bot_data.own(_Marks):
        return None
    return race_of(context.bot_data, text_mark(text, kind))
