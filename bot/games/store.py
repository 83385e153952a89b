"""The game tables' queries: games, quiz rounds, scores and race entries.

Every game (a quiz or a race) is a row of `games`; its settings are JSON. A quiz has one
row per round in `game_rounds` and one per player in `game_scores`; a race has one row
per player in `race_entries`. Everything goes through the bot's store (SQLite or
PostgreSQL) and is committed at once, so a restart loses nothing.

A game must not stall when the database does (locked by another process, read-only,
stopped, unreachable): the writes that move a game on (a round begun, won or closed, a
race joined, tried or finished, a game ended) go through `Store.keep`, which holds them
in memory, in order, when the database refuses them, and writes them when it takes
writes again; until then, the reads here show them as if they were (`HeldBack`). The
running games are kept in memory too (`Kept`: the game, and a race's entries), so that a
game whose database cannot even be read goes on from there: a race finish's place is
counted from the entries in memory. A write whose answer is needed at once and is not in
memory (a new game's id, a move in a game the bot does not hold) raises
`StoreUnavailable`, and the command says the database is unavailable.

Words: a *game* is one quiz or one race in one chat (the column `game` says which; a
*kind* is a puzzle kind, as everywhere); its *state* is `running` until it is `finished`
(ran to its end) or `stopped` (by /stop, or by a restart that ended it).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..database import Connection
from ..store import Store, StoreUnavailable, Write

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


GAME_COLUMNS = "id, chat_id, game, starter_id, settings, state, round, started, ended"
#: a sum of integers as an integer on both databases (PostgreSQL's SUM of a bigint is a
#: numeric), 0 when there are no rows
TOTAL = "COALESCE(CAST(SUM({}) AS BIGINT), 0)"
ROUND_COLUMNS = ("game_id, number, letters, answer, started, deadline, state, winner_id, "
                 "winner_name, guess, points")
ENTRY_COLUMNS = "user_id, name, joined, attempts, finished, place"
#: the games whose entries are kept in memory, so their finishes can be made while the
#: database cannot be read (a daily puzzle's finish shows a streak, which comes from the
#: chat's past days in the database: without it, the finish is announced without one)
ENTRIES_IN_MEMORY = frozenset({"race", "daily"})


def _game(row: Sequence[Any]) -> Game:
    return Game(row[0], row[1], row[2], row[3], json.loads(row[4]), *row[5:])


@dataclass
class HeldBack:
    """What the held-back writes will change, for the reads to show meanwhile."""

    #: game id -> (state, ended) of a game ended in memory
    ended: dict[int, tuple[str, float]] = field(default_factory=dict)
    #: game id -> its current round number
    rounds: dict[int, int] = field(default_factory=dict)
    #: game id -> rounds won: (user id, name, points)
    wins: dict[int, list[tuple[int, str, int]]] = field(default_factory=dict)


@dataclass
class Kept:
    """A running game as the bot holds it in memory, for when the database cannot be
    read: the game, its scores by player once they were all made or read here, and, for
    a game of ENTRIES_IN_MEMORY, its entries by player likewise (None: not held)."""

    game: Game
    entries: dict[int, Entry] | None = None
    scores: dict[int, Score] | None = None


def _add_win(scores: dict[int, Score], user_id: int, name: str, points: int) -> None:
    """A round won, added to a game's scores by player."""
    before = scores.get(user_id, Score(user_id, name, 0, 0))
    scores[user_id] = Score(user_id, name, before.points + points, before.rounds_won + 1)


def _ranking(scores: dict[int, Score]) -> list[Score]:
    """A game's scores, best first."""
    return sorted(scores.values(), key=lambda s: (-s.points, -s.rounds_won, s.name))


def _ranked(entries: dict[int, Entry]) -> list[Entry]:
    """Entries in the order `entries` reads them: finishers by place, then by joining."""
    return sorted(entries.values(), key=lambda e: (e.place is None, e.place or 0, e.joined))


class GameStore:
    """Queries over the game tables through the store (`Store.read`, `attempt`, `keep`).

    Every write is one of the store's transactions, which also guard the cache's and the
    hints' writes on the same connection: one at a time, all of it or none of it. Reads
    raise StoreUnavailable when the database cannot be read.
    """

    def __init__(self, store: Store):
        self.store = store
        self._held = HeldBack()
        #: the running games by id (and an ended one until its end is written)
        self._kept: dict[int, Kept] = {}

    def held(self) -> HeldBack:
        """The changes still waiting to be written (none once the backlog is empty)."""
        if not self.store.backlog:
            self._held = HeldBack()
            if any(kept.game.state != "running" for kept in self._kept.values()):
                self._kept = {n: kept for n, kept in self._kept.items()
                              if kept.game.state == "running"}
        return self._held

    def _keep(self, game: Game) -> Game:
        """Hold a game read or made in memory while it runs (its entries stay)."""
        if (kept := self._kept.get(game.id)) is not None:
            kept.game = game
        elif game.state == "running":
            self._kept[game.id] = Kept(game)
        return game

    def _change(self, game_id: int, **changes: Any) -> None:
        """A game's change in memory too (its round, its end)."""
        if (kept := self._kept.get(game_id)) is not None:
            kept.game = replace(kept.game, **changes)

    def _entries_held(self, game_id: int) -> dict[int, Entry] | None:
        """A race's entries as held in memory; None when they are not."""
        kept = self._kept.get(game_id)
        return kept.entries if kept is not None else None

    async def _one(self, sql: str, args: tuple = ()) -> Any:
        """The first row (an aggregate's one row), None when there is none."""
        rows = await self.store.read(sql, args)
        return rows[0] if rows else None

    async def _all(self, sql: str, args: tuple = ()) -> list[tuple]:
        return await self.store.read(sql, args)

    def _shown(self, game: Game) -> Game:
        """A game as its held-back writes will leave it."""
        held = self.held()
        if game.id in held.rounds:
            game = replace(game, round=held.rounds[game.id])
        if game.id in held.ended:
            state, ended = held.ended[game.id]
            game = replace(game, state=state, ended=ended)
        return game

    async def _games(self, sql: str, args: tuple = ()) -> list[Game]:
        return [self._keep(self._shown(_game(row))) for row in await self._all(sql, args)]

    def _kept_games(self, error: StoreUnavailable) -> list[Game]:
        """The games held in memory, newest first, when the database cannot be read;
        the read's error again when none is held."""
        if not self._kept:
            raise error
        return sorted((self._shown(kept.game) for kept in self._kept.values()),
                      key=lambda game: -game.id)

    # Games --------------------------------------------------------------------------

    async def create_game(self, chat_id: int, game: str, starter_id: int,
                          settings: dict[str, Any]) -> Game:
        """A new running game; StoreUnavailable when the database takes no writes."""
        async def create(db: Connection) -> int:
            rows = await db.fetch(
                "INSERT INTO games (chat_id, game, starter_id, settings, started) "
                "VALUES (?, ?, ?, ?, ?) RETURNING id",
                (chat_id, game, starter_id, json.dumps(settings), time.time()))
            return rows[0][0]

        made = await self.game(await self.store.attempt(create))
        if made is None:  # read back in the same store that has just written it
            raise StoreUnavailable("the new game could not be read back")
        self._kept[made.id] = Kept(made, {} if game in ENTRIES_IN_MEMORY else None, {})
        return made

    async def game(self, game_id: int) -> Game | None:
        """A game; one held in memory when the database cannot be read."""
        try:
            games = await self._games(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?",
                                      (game_id,))
        except StoreUnavailable as error:
            if game_id not in self._kept:
                raise
            games = [g for g in self._kept_games(error) if g.id == game_id]
        return games[0] if games else None

    async def running_game(self, chat_id: int, game: str) -> Game | None:
        """The chat's running game of its sort; when the database cannot be read, the
        one held in memory (StoreUnavailable when none is)."""
        try:
            games = await self._games(
                f"SELECT {GAME_COLUMNS} FROM games WHERE chat_id = ? AND game = ? "
                "AND state = 'running' ORDER BY id DESC", (chat_id, game))
        except StoreUnavailable as error:
            games = [g for g in self._kept_games(error)
                     if (g.chat_id, g.game) == (chat_id, game)]
            if not any(g.state == "running" for g in games):
                raise
        return next((game for game in games if game.state == "running"), None)

    async def latest_game(self, chat_id: int, game: str) -> Game | None:
        games = await self._games(
            f"SELECT {GAME_COLUMNS} FROM games WHERE chat_id = ? AND game = ? "
            "ORDER BY id DESC LIMIT 1", (chat_id, game))
        return games[0] if games else None

    async def running_games(self) -> list[Game]:
        games = await self._games(
            f"SELECT {GAME_COLUMNS} FROM games WHERE state = 'running' ORDER BY id")
        return [game for game in games if game.state == "running"]

    async def set_round(self, game_id: int, number: int) -> None:
        async def set_number(db: Connection) -> None:
            await db.execute("UPDATE games SET round = ? WHERE id = ?", (number, game_id))

        self._change(game_id, round=number)
        if await self.store.keep(set_number) is None:
            self.held().rounds[game_id] = number

    async def end_game(self, game_id: int, state: str = "finished") -> bool:
        """Mark a running game ended; False when it had ended already. When the database
        refuses the write, the game is ended in memory and written later."""
        if game_id in self.held().ended:
            return False
        ended = time.time()

        async def end(db: Connection) -> bool:
            return await db.execute(
                "UPDATE games SET state = ?, ended = ? WHERE id = ? AND state = 'running'",
                (state, ended, game_id)) == 1

        done = await self.store.keep(end)
        if done is None:
            self.held().ended[game_id] = (state, ended)
            done = True
        if done:
            self._change(game_id, state=state, ended=ended)
        return done

    # Quiz rounds ----------------------------------------------------------------------

    async def add_round(self, game_id: int, number: int, letters: str, answer: str,
                        started: float, deadline: float) -> None:
        async def add(db: Connection) -> None:
            await db.execute("DELETE FROM game_rounds WHERE game_id = ? AND number = ?",
                             (game_id, number))  # a round begun again begins afresh
            await db.execute(
                "INSERT INTO game_rounds (game_id, number, letters, answer, "
                "started, deadline) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, number, letters, answer, started, deadline))
            await db.execute("UPDATE games SET round = ? WHERE id = ?", (number, game_id))

        self._change(game_id, round=number)
        if await self.store.keep(add) is None:
            self.held().rounds[game_id] = number

    async def round(self, game_id: int, number: int) -> Round | None:
        row = await self._one(f"SELECT {ROUND_COLUMNS} FROM game_rounds "
                              "WHERE game_id = ? AND number = ?", (game_id, number))
        return Round(*row) if row else None

    async def close_round(self, game_id: int, number: int, state: str) -> bool:
        """Close an open round (timeout, skipped, interrupted); False if it was closed.
        A close the database refuses is written later (and counts as done)."""
        async def close(db: Connection) -> bool:
            return await db.execute(
                "UPDATE game_rounds SET state = ? WHERE game_id = ? AND number = ? "
                "AND state = 'open'", (state, game_id, number)) == 1

        return await self.store.keep(close) is not False

    async def win_round(self, game: Game, number: int, user_id: int, name: str, guess: str,
                        points: int, seconds: float) -> bool:
        """The round's winner and their points, in one transaction; False when the round
        was no longer open (someone else was first). A win the database refuses is
        written later; meanwhile `scores` counts it."""
        solved_at = time.time()

        async def win(db: Connection) -> bool:
            if await db.execute(
                    "UPDATE game_rounds SET state = 'won', winner_id = ?, winner_name = ?, "
                    "guess = ?, points = ?, solved_at = ? "
                    "WHERE game_id = ? AND number = ? AND state = 'open'",
                    (user_id, name, guess, points, solved_at, game.id, number)) != 1:
                return False
            await db.execute(
                "INSERT INTO game_scores AS s (game_id, chat_id, user_id, name, points, "
                "rounds_won, best_seconds) VALUES (?, ?, ?, ?, ?, 1, ?) "
                "ON CONFLICT (game_id, user_id) DO UPDATE SET name = excluded.name, "
                "points = s.points + excluded.points, rounds_won = s.rounds_won + 1, "
                "best_seconds = CASE WHEN s.best_seconds < excluded.best_seconds "
                "THEN s.best_seconds ELSE excluded.best_seconds END",
                (game.id, game.chat_id, user_id, name, points, seconds))
            return True

        done = await self.store.keep(win)
        if done is None:
            self.held().wins.setdefault(game.id, []).append((user_id, name, points))
            done = True
        kept = self._kept.get(game.id)
        if done and kept is not None and kept.scores is not None:
            _add_win(kept.scores, user_id, name, points)
        return done

    async def scores(self, game_id: int) -> list[Score]:
        """The game's ranking, counting the wins not written yet: the one held in memory
        while any are, or when the database cannot be read."""
        kept = self._kept.get(game_id)
        if kept is not None and kept.scores is not None and self.store.backlog:
            return _ranking(kept.scores)
        try:
            rows = await self._all(
                "SELECT user_id, name, points, rounds_won FROM game_scores WHERE game_id = ?",
                (game_id,))
        except StoreUnavailable:
            if kept is None or kept.scores is None:
                raise
            return _ranking(kept.scores)
        scores = {row[0]: Score(*row) for row in rows}
        for user_id, name, points in self.held().wins.get(game_id, []):
            _add_win(scores, user_id, name, points)
        if kept is not None:
            kept.scores = scores
        return _ranking(scores)

    async def chat_scores(self, chat_id: int, limit: int = 10) -> list[Score]:
        """All-time quiz scores in a chat (the latest name each player used)."""
        rows = await self._all(
            "SELECT user_id, (SELECT name FROM game_scores s2 WHERE s2.chat_id = ? "
            "AND s2.user_id = s.user_id ORDER BY game_id DESC LIMIT 1), "
            f"{TOTAL.format('points')}, {TOTAL.format('rounds_won')} FROM game_scores s "
            "WHERE chat_id = ? GROUP BY user_id "
            "ORDER BY SUM(points) DESC, SUM(rounds_won) DESC LIMIT ?",
            (chat_id, chat_id, limit))
        return [Score(*row) for row in rows]

    async def player_stats(self, user_id: int, chat_id: int | None = None) -> dict[str, Any]:
        """A player's record: quiz games, rounds won, points, fastest answer, best game,
        and races entered, finished and won; in one chat or (None) everywhere."""
        where, args = ("AND chat_id = ?", (user_id, chat_id)) if chat_id else ("", (user_id,))
        quiz = await self._one(
            f"SELECT COUNT(*), {TOTAL.format('rounds_won')}, {TOTAL.format('points')}, "
            f"MIN(best_seconds), COALESCE(MAX(points), 0) FROM game_scores "
            f"WHERE user_id = ? {where}", args)
        wins = await self._one(
            "SELECT COUNT(*) FROM games g WHERE g.game = 'quiz' AND g.state != 'running' "
            f"{where.replace('chat_id', 'g.chat_id')} AND ? = (SELECT user_id FROM "
            "game_scores s WHERE s.game_id = g.id ORDER BY points DESC, rounds_won DESC "
            "LIMIT 1)", (*args[1:], user_id))
        race = await self._one(
            "SELECT COUNT(*), COUNT(e.finished), COUNT(CASE WHEN e.place = 1 THEN 1 END), "
            "MIN(e.finished - g.started) FROM race_entries e JOIN games g "
            "ON g.id = e.game_id WHERE g.game = 'race' AND e.user_id = ? "
            f"{where.replace('chat_id', 'g.chat_id')}", args)
        return {"quiz_games": quiz[0], "rounds_won": quiz[1], "points": quiz[2],
                "fastest": quiz[3], "best_game": quiz[4], "quiz_wins": wins[0],
                "races": race[0], "races_finished": race[1], "races_won": race[2],
                "best_race": race[3]}

    # Race entries ---------------------------------------------------------------------

    async def _move(self, game_id: int, write: Write) -> Any:
        """A race's move: held back when the database refuses it (None), if the race's
        entries are held in memory to decide from; otherwise made now, or
        StoreUnavailable. Its write answers something other than None."""
        if self._entries_held(game_id) is None:
            return await self.store.attempt(write)
        return await self.store.keep(write)

    async def join_race(self, game_id: int, user_id: int, name: str) -> bool:
        """Enter a player; False when they were in already."""
        joined = time.time()

        async def enter(db: Connection) -> bool:
            return await db.execute(
                "INSERT INTO race_entries (game_id, user_id, name, joined) "
                "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (game_id, user_id, name, joined)) == 1

        fresh = await self._move(game_id, enter)
        entries = self._entries_held(game_id)
        if entries is not None and user_id not in entries:
            entries[user_id] = Entry(user_id, name, joined, 0, None, None)
            fresh = True if fresh is None else fresh
        return bool(fresh)

    async def entry(self, game_id: int, user_id: int) -> Entry | None:
        return next((e for e in await self.entries(game_id) if e.user_id == user_id), None)

    async def entries(self, game_id: int) -> list[Entry]:
        """A race's entries, finishers first; those held in memory while the database
        cannot be read, or while moves made meanwhile are still to be written."""
        held = self._entries_held(game_id)
        if held is not None and self.store.backlog:
            return _ranked(held)
        try:
            rows = await self._all(
                f"SELECT {ENTRY_COLUMNS} FROM race_entries WHERE game_id = ? "
                "ORDER BY place IS NULL, place, joined", (game_id,))
        except StoreUnavailable:
            if held is None:
                raise
            return _ranked(held)
        entries = [Entry(*row) for row in rows]
        kept = self._kept.get(game_id)
        if kept is not None and kept.game.game in ENTRIES_IN_MEMORY:
            kept.entries = {e.user_id: e for e in entries}
        return entries

    async def count_attempt(self, game_id: int, user_id: int) -> None:
        async def count(db: Connection) -> bool:
            await db.execute("UPDATE race_entries SET attempts = attempts + 1 "
                             "WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            return True

        await self._move(game_id, count)
        entries = self._entries_held(game_id)
        if entries is not None and (entry := entries.get(user_id)) is not None:
            entries[user_id] = replace(entry, attempts=entry.attempts + 1)

    async def finish_race_entry(self, game_id: int, user_id: int) -> int | None:
        """Record a finish; its place, or None when the player had finished already. A
        finish the database refuses is written later, in its turn after the moves held
        before it; its place meanwhile is counted from the entries in memory."""
        finished = time.time()

        async def finish(db: Connection) -> int:
            (before,), = await db.fetch("SELECT COUNT(*) FROM race_entries WHERE "
                                        "game_id = ? AND finished IS NOT NULL", (game_id,))
            changed = await db.execute(
                "UPDATE race_entries SET finished = ?, place = ? WHERE game_id = ? "
                "AND user_id = ? AND finished IS NULL",
                (finished, before + 1, game_id, user_id))
            return before + 1 if changed == 1 else 0

        done = await self._move(game_id, finish)
        entries = self._entries_held(game_id)
        entry = entries.get(user_id) if entries is not None else None
        if entries is None or entry is None:
            return done or None
        if done is None:  # held back: the place as the entries in memory give it
            done = 0 if entry.finished is not None else 1 + sum(
                e.finished is not None for e in entries.values())
        if done:
            entries[user_id] = replace(entry, finished=finished, place=done)
        return done or None

    async def race_winners(self, chat_id: int, limit: int = 5) -> list[tuple[str, int]]:
        """(name, races won) in a chat, most wins first (a player who changed their name
        is shown by the last one alphabetically)."""
        return list(await self._all(
            "SELECT MAX(e.name), COUNT(*) FROM race_entries e JOIN games g "
            "ON g.id = e.game_id WHERE g.chat_id = ? AND g.game = 'race' AND e.place = 1 "
            "GROUP BY e.user_id "
            "ORDER BY COUNT(*) DESC, MAX(e.name) LIMIT ?", (chat_id, limit)))

    async def recent_puzzles(self, chat_id: int, kind_name: str, limit: int = 20) -> list[str]:
        """The puzzle files raced (or posted as daily puzzles) lately in a chat, so a pool
        is cycled, not repeated."""
        rows = await self._all(
            "SELECT settings FROM games WHERE chat_id = ? AND game IN ('race', 'daily') "
            "ORDER BY id DESC LIMIT ?", (chat_id, limit * 4))
        settings = [json.loads(row[0]) for row in rows]
        return [s["source"] for s in settings
                if s.get("kind") == kind_name and s.get("source")][:limit]

    # Daily puzzles (bot/games/daily.py) ---------------------------------------------------

    async def set_daily(self, schedule: DailySchedule) -> None:
        """Keep (or replace) a chat's daily schedule; StoreUnavailable when it cannot."""
        async def put(db: Connection) -> None:
            await db.execute(
                "INSERT INTO daily_schedules (chat_id, at_time, tz, kind, difficulty, "
                "starter_id, updated) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (chat_id) "
                "DO UPDATE SET at_time = excluded.at_time, tz = excluded.tz, "
                "kind = excluded.kind, difficulty = excluded.difficulty, "
                "starter_id = excluded.starter_id, updated = excluded.updated",
                (schedule.chat_id, schedule.at_time, schedule.tz, schedule.kind,
                 schedule.difficulty, schedule.starter_id, time.time()))

        await self.store.attempt(put)

    async def daily(self, chat_id: int) -> DailySchedule | None:
        schedules = await self._dailies("WHERE chat_id = ?", (chat_id,))
        return schedules[0] if schedules else None

    async def dailies(self) -> list[DailySchedule]:
        """Every chat's schedule (rescheduled at start)."""
        return await self._dailies()

    async def _dailies(self, where: str = "", args: tuple = ()) -> list[DailySchedule]:
        rows = await self._all("SELECT chat_id, at_time, tz, kind, difficulty, starter_id "
                               f"FROM daily_schedules {where} ORDER BY chat_id", args)
        return [DailySchedule(*row) for row in rows]

    async def drop_daily(self, chat_id: int) -> bool:
        """Forget a chat's schedule; False when it had none."""
        async def drop(db: Connection) -> bool:
            return await db.execute("DELETE FROM daily_schedules WHERE chat_id = ?",
                                    (chat_id,)) == 1

        return await self.store.attempt(drop)

    async def daily_rounds(self, user_id: int, chat_id: int | None = None
                           ) -> dict[int, list[bool]]:
        """By chat, the chat's daily puzzles in order, each with whether the player
        solved it (in one chat, or every chat where they solved one)."""
        where, args = (("g.chat_id = ?", (user_id, chat_id)) if chat_id else (
            "g.chat_id IN (SELECT g2.chat_id FROM race_entries e2 JOIN games g2 ON "
            "g2.id = e2.game_id WHERE g2.game = 'daily' AND e2.user_id = ?)",
            (user_id, user_id)))
        rows = await self._all(
            "SELECT g.chat_id, e.finished FROM games g LEFT JOIN race_entries e "
            "ON e.game_id = g.id AND e.user_id = ? "
            f"WHERE g.game = 'daily' AND {where} ORDER BY g.chat_id, g.id", args)
        rounds: dict[int, list[bool]] = {}
        for chat, finished in rows:
            rounds.setdefault(chat, []).append(finished is not None)
        return rounds
