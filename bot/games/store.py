"""The game tables' queries: games, quiz rounds, scores and race entries.

Every game (a quiz or a race) is a row of `games`; its settings are JSON. A quiz has one
row per round in `game_rounds` and one per player in `game_scores`; a race (and a daily
puzzle) has one row per player in `race_entries`. Everything goes through the bot's store
(SQLite or PostgreSQL) and is committed at once, so a restart loses nothing.

A game must not stall when the database does: the writes that move a game on (a round
begun, won or closed, a race joined, tried or finished, a game ended) go through
`Store.keep`, held in memory while the database refuses them, and the running games are
held in memory to go on from (bot/games/kept.py). A write whose answer is needed at once
and is not in memory (a new game's id, a move in a game the bot does not hold) raises
`StoreUnavailable`, and the command says the database is unavailable.

The rows are in bot/games/rows.py, the past games' records in bot/games/past.py, the
daily schedules in bot/games/schedules.py: `GameStore` answers all of them.
"""

from __future__ import annotations

import json
import time
from collections.abc import Collection
from dataclasses import replace
from typing import Any

from ..database import Connection, StoreUnavailable, Write
from .kept import ENTRIES_IN_MEMORY, Kept, KeptGames
from .past import PastGames
from .rows import (
    ENTRY_COLUMNS,
    GAME_COLUMNS,
    ROUND_COLUMNS,
    DailySchedule,
    Entry,
    Game,
    Round,
    Score,
    add_win,
    ranked,
    ranking,
)
from .schedules import Schedules

__all__ = ["DailySchedule", "Game", "GameStore"]  # what the game modes import from here


class GameStore(KeptGames, PastGames, Schedules):
    """Queries over the game tables through the store (`Store.read`, `attempt`, `keep`).

    Every write is one of the store's transactions, which also guard the cache's and the
    hints' writes on the same connection: one at a time, all of it or none of it. Reads
    raise StoreUnavailable when the database cannot be read.
    """

    # Games --------------------------------------------------------------------------

    async def create_game(self, chat_id: int, game: str, starter_id: int,
                          settings: dict[str, Any], series: str = "") -> Game:
        """A new running game, numbered next in its `series` (the game's own numbering
        unless games that must not share a number share one: those /submit takes);
        StoreUnavailable when the database takes no writes."""
        series = series or game

        async def create(db: Connection) -> int:
            (number,), = await db.fetch(
                "SELECT COALESCE(MAX(number), 0) + 1 FROM games WHERE series = ?", (series,))
            rows = await db.fetch(
                "INSERT INTO games (chat_id, game, starter_id, settings, started, series, "
                "number) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (chat_id, game, starter_id, json.dumps(settings), time.time(), series, number))
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

    async def numbered(self, number: int, games: Collection[str]) -> Game | None:
        """The game numbered `number` among those of `games` (their series' number, as
        people type it: /submit 3); one held in memory when the database cannot be read."""
        names = sorted(games)
        if not names:
            return None
        try:
            found = await self._games(
                f"SELECT {GAME_COLUMNS} FROM games WHERE number = ? AND game IN "
                f"({', '.join('?' * len(names))}) ORDER BY id DESC", (number, *names))
        except StoreUnavailable as error:
            found = [g for g in self._kept_games(error)
                     if g.number == number and g.game in names]
            if not found:
                raise
        return found[0] if found else None

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
            add_win(kept.scores, user_id, name, points)
        return done

    async def scores(self, game_id: int) -> list[Score]:
        """The game's ranking, counting the wins not written yet: the one held in memory
        while any are, or when the database cannot be read."""
        kept = self._kept.get(game_id)
        if kept is not None and kept.scores is not None and self.store.backlog:
            return ranking(kept.scores)
        try:
            rows = await self._all(
                "SELECT user_id, name, points, rounds_won FROM game_scores WHERE game_id = ?",
                (game_id,))
        except StoreUnavailable:
            if kept is None or kept.scores is None:
                raise
            return ranking(kept.scores)
        scores = {row[0]: Score(*row) for row in rows}
        for user_id, name, points in self.held().wins.get(game_id, []):
            add_win(scores, user_id, name, points)
        if kept is not None:
            kept.scores = scores
        return ranking(scores)

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
            return ranked(held)
        try:
            rows = await self._all(
                f"SELECT {ENTRY_COLUMNS} FROM race_entries WHERE game_id = ? "
                "ORDER BY place IS NULL, place, joined", (game_id,))
        except StoreUnavailable:
            if held is None:
                raise
            return ranked(held)
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
