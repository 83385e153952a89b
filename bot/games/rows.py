"""The game tables' rows as the bot reads them (games, quiz rounds, scores, race entries,
daily schedules), and the reads every part of the game store makes through the store.

Words: a *game* is one quiz or one race in one chat (the column `game` says which; a
*kind* is a puzzle kind, as everywhere); its *state* is `running` until it is `finished`
(ran to its end) or `stopped` (by /stop, or by a restart that ended it).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..database import Transactions

# The tables are the games entry of MIGRATIONS in bot/store.py.


@dataclass(frozen=True)
class Game:
    id: int
    chat_id: int
    #: "quiz" or "race"
    game: str
    starter_id: int
    settings: dict[str, Any]
    state: str
    round: int
    started: float
    ended: float | None
    #: the number people see and type (Race #3, /submit 3), counted in the game's series
    #: (`GameStore.create_game`); `id` is the row's, for the bot's own references
    number: int


@dataclass(frozen=True)
class Round:
    game_id: int
    number: int
    letters: str
    answer: str
    started: float
    deadline: float
    state: str
    winner_id: int | None
    winner_name: str | None
    guess: str | None
    points: int


@dataclass(frozen=True)
class Score:
    user_id: int
    name: str
    points: int
    rounds_won: int


@dataclass(frozen=True)
class Entry:
    user_id: int
    name: str
    joined: float
    attempts: int
    finished: float | None
    place: int | None


@dataclass(frozen=True)
class DailySchedule:
    """A group's daily puzzle: posted every day at `at_time` (HH:MM) in the time zone
    `tz`, of `kind` (empty: the racing kinds in turn) and `difficulty`."""

    chat_id: int
    at_time: str
    tz: str
    kind: str
    difficulty: str
    starter_id: int


GAME_COLUMNS = "id, chat_id, game, starter_id, settings, state, round, started, ended, number"
#: a sum of integers as an integer on both databases (PostgreSQL's SUM of a bigint is a
#: numeric), 0 when there are no rows
TOTAL = "COALESCE(CAST(SUM({}) AS BIGINT), 0)"
ROUND_COLUMNS = ("game_id, number, letters, answer, started, deadline, state, winner_id, "
                 "winner_name, guess, points")
ENTRY_COLUMNS = "user_id, name, joined, attempts, finished, place"
def game_of(row: Sequence[Any]) -> Game:
    return Game(row[0], row[1], row[2], row[3], json.loads(row[4]), *row[5:])



def add_win(scores: dict[int, Score], user_id: int, name: str, points: int) -> None:
    """A round won, added to a game's scores by player."""
    before = scores.get(user_id, Score(user_id, name, 0, 0))
    scores[user_id] = Score(user_id, name, before.points + points, before.rounds_won + 1)


def ranking(scores: dict[int, Score]) -> list[Score]:
    """A game's scores, best first."""
    return sorted(scores.values(), key=lambda s: (-s.points, -s.rounds_won, s.name))


def ranked(entries: dict[int, Entry]) -> list[Entry]:
    """Entries in the order `entries` reads them: finishers by place, then by joining."""
    return sorted(entries.values(), key=lambda e: (e.place is None, e.place or 0, e.joined))


class Reads:
    """Reads through the store (`Transactions.read`: the games need only its connection
    and transactions, none of the other rooms' queries), which raise StoreUnavailable when
    the database cannot be read: what each part of the game store starts from."""

    def __init__(self, store: Transactions):
        self.store = store

    async def _one(self, sql: str, args: tuple = ()) -> Any:
        """The first row (an aggregate's one row), None when there is none."""
        rows = await self.store.read(sql, args)
        return rows[0] if rows else None

    async def _all(self, sql: str, args: tuple = ()) -> list[tuple]:
        return await self.store.read(sql, args)
