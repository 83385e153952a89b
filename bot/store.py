"""The store: the solved-puzzle cache, its file ids, hint steps and games.

One SQLite file (`PUZZLEBOT_DB`) by default, or a PostgreSQL database
(`PUZZLEBOT_DATABASE_URL`) when the bot's state must live on another machine; both
through async drivers so the event loop never waits on them (bot/database.py says why
asyncpg and not an ORM). The schema carries a version number and is brought up to date
by the ordered list of migrations below, the same list for both databases; a change is a
new entry at the end, never an edit.

The cache is an optimisation, never a dependency: when the database is locked,
unreachable or unreadable the bot keeps answering without it and says so in its log. No
write ever waits for a lock another process holds: the busy wait is a few milliseconds,
a cache write that cannot have the lock at once is skipped, and a write that must not be
lost (a game's progress, `keep`) is held in memory, in order, and written as soon as the
database takes writes again.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from solvers.pipeline import Result, worded_key
from solvers.values import Media

from .database import Connection, Database, StoreFull, StoreUnavailable, connect

log = logging.getLogger(__name__)

#: each entry moves the schema one version up; the version is the list's length
MIGRATIONS: list[str] = [
    """
    CREATE TABLE cache (
        key TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        created REAL NOT NULL,
        hits INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE cache_media (
        key TEXT NOT NULL REFERENCES cache(key) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        filename TEXT NOT NULL,
        kind TEXT NOT NULL,
        caption TEXT NOT NULL,
        data BLOB NOT NULL,
        PRIMARY KEY (key, position)
    );
    """,
    """
    CREATE TABLE hint_sessions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        chat_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        clue TEXT NOT NULL,
        step INTEGER NOT NULL,
        updated REAL NOT NULL
    );
    CREATE INDEX hint_sessions_by_user ON hint_sessions (chat_id, user_id);
    """,
    # group games (bot/games/store.py): quizzes and races, rounds, scores, race entries
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        chat_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        starter_id INTEGER NOT NULL,
        settings TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'running',
        round INTEGER NOT NULL DEFAULT 0,
        started REAL NOT NULL,
        ended REAL
    );
    CREATE INDEX games_by_chat ON games (chat_id, kind, state);
    CREATE TABLE game_rounds (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        letters TEXT NOT NULL,
        answer TEXT NOT NULL,
        started REAL NOT NULL,
        deadline REAL NOT NULL,
        state TEXT NOT NULL DEFAULT 'open',
        winner_id INTEGER,
        winner_name TEXT,
        guess TEXT,
        points INTEGER NOT NULL DEFAULT 0,
        solved_at REAL,
        PRIMARY KEY (game_id, number)
    );
    CREATE TABLE game_scores (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        chat_id INTEGER NOT NULL,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        points INTEGER NOT NULL DEFAULT 0,
        rounds_won INTEGER NOT NULL DEFAULT 0,
        best_seconds REAL,
        PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX game_scores_by_chat ON game_scores (chat_id, user_id);
    CREATE TABLE race_entries (
        game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        joined REAL NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        finished REAL,
        place INTEGER,
        PRIMARY KEY (game_id, user_id)
    );
    """,
    # file_ids Telegram returned for a cached answer's media: a cache hit is re-sent by id
    # instead of uploading the bytes again. Telegram's file_ids are valid for one bot
    # only, hence bot_id; new bytes for a key (put_result) drop its ids by the cascade.
    """
    CREATE TABLE cache_file_ids (
        key TEXT NOT NULL,
        position INTEGER NOT NULL,
        bot_id INTEGER NOT NULL,
        file_id TEXT NOT NULL,
        PRIMARY KEY (key, position, bot_id),
        FOREIGN KEY (key, position) REFERENCES cache_media(key, position) ON DELETE CASCADE
    );
    """,
    # a game is a quiz or a race: `kind` means a puzzle kind everywhere else
    "ALTER TABLE games RENAME COLUMN kind TO game;",
    # how a picture is sent (photo, animation, document), by the name `Media` gives it
    "ALTER TABLE cache_media RENAME COLUMN kind TO sent_as;",
    # shared puzzles by their links' payloads (bot/share.py), each person's /settings
    # (bot/settings.py)
    """
    CREATE TABLE shared_puzzles (
        payload TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        text TEXT NOT NULL,
        created REAL NOT NULL
    );
    CREATE TABLE user_settings (
        user_id INTEGER PRIMARY KEY,
        settings TEXT NOT NULL,
        updated REAL NOT NULL
    );
    """,
    # the /hint ladders of grid puzzles (bot/grid_hints.py) by their buttons' key, so a
    # press after a restart climbs on; rows not pressed for days are cleaned away
    """
    CREATE TABLE grid_ladders (
        key TEXT PRIMARY KEY,
        owner INTEGER NOT NULL,
        chat_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        text TEXT NOT NULL,
        entries TEXT NOT NULL,
        step INTEGER NOT NULL,
        rung TEXT NOT NULL,
        updated REAL NOT NULL
    );
    CREATE INDEX grid_ladders_by_updated ON grid_ladders (updated);
    """,
    # the language a group's admin chose with /language (bot/language.py)
    """
    CREATE TABLE chat_languages (
        chat_id INTEGER PRIMARY KEY,
        language TEXT NOT NULL,
        updated REAL NOT NULL
    );
    """,
    # a group's daily puzzle (bot/games/daily.py): its schedule, one row per chat; the
    # day's puzzles are games (`game` 'daily') with race entries. A shared puzzle's last
    # use (shared again or opened), from which it expires (bot/share.py)
    """
    CREATE TABLE daily_schedules (
        chat_id INTEGER PRIMARY KEY,
        at_time TEXT NOT NULL,
        tz TEXT NOT NULL,
        kind TEXT NOT NULL,
        difficulty TEXT NOT NULL,
        starter_id INTEGER NOT NULL,
        updated REAL NOT NULL
    );
    ALTER TABLE shared_puzzles ADD COLUMN used REAL;
    """,
]
SCHEMA_VERSION = len(MIGRATIONS)

#: seconds between attempts at writing what `keep` holds back
RETRY_EVERY = 1.0
#: writes held back at most; past that the oldest are dropped (and logged)
BACKLOG_LIMIT = 10_000

#: one write transaction's work on the connection (run inside `transaction()`)
Write = Callable[[Connection], Awaitable[Any]]

__all__ = ["SCHEMA_VERSION", "HintSession", "Store", "StoreUnavailable"]


@dataclass(frozen=True)
class HintSession:
    """One person's walk through the hint steps of one clue in one chat."""

    id: int
    chat_id: int
    user_id: int
    clue: str
    step: int


class Store:
    """Async access to the database; every failure degrades to "no cache"."""

    def __init__(self, location: str):
        #: a postgresql:// URL, or the path of a SQLite file
        self.location = location
        self.db: Database | None = None
        self.hits = 0
        self.misses = 0
        #: ids for sessions that could not be stored (negative: never found again)
        self._offline_ids = itertools.count(1)
        #: one write transaction at a time on the shared connection
        self._writing = asyncio.Lock()
        #: writes `keep` could not make yet, oldest first
        self.backlog: list[Write] = []
        self._retrying: asyncio.Task | None = None
        self._flushing = asyncio.Lock()
        #: what the last write said when it failed for a full disk (None: the last write
        #: went through, or failed otherwise): /healthz reports it
        self.full: str | None = None

    async def open(self) -> None:
        try:
            self.db = await connect(self.location)
            await self._migrate()
        except StoreUnavailable as error:
            log.error("store %s unusable, running without cache: %s", self.where(), error)
            await self.close()

    def where(self) -> str:
        """The location for the log, without a URL's password."""
        head, at, host = self.location.rpartition("@")
        return f"{head.split(':', 1)[0]}://…@{host}" if at else self.location

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """A write transaction: committed when the block ends, rolled back if it raises.

        Every writer (cache, hints, games) shares one connection, so without this lock
        one coroutine's commit could publish, or its rollback undo, another's half-done
        writes.
        """
        if self.db is None:
            raise StoreUnavailable("the store is not open")
        async with self._writing, self.db.transaction() as connection:
            yield connection

    async def attempt(self, write: Write) -> Any:
        """Run one write transaction now, or raise StoreUnavailable at once: when the
        database is locked elsewhere, read-only or failing, or when earlier writes held
        back by `keep` cannot be made first (the order of writes is kept)."""
        await self.flush()
        if self.backlog:
            raise StoreUnavailable("earlier writes are still waiting for the database")
        return await self._run(write)

    async def keep(self, write: Write) -> Any:
        """A write that must not be lost: made now when the database takes it (its
        result), else held in memory and retried every RETRY_EVERY seconds until it is
        made (None)."""
        try:
            return await self.attempt(write)
        except StoreUnavailable as error:
            if len(self.backlog) >= BACKLOG_LIMIT:
                log.error("store backlog full: the oldest held-back write is dropped")
                del self.backlog[0]
            self.backlog.append(write)
            log.warning("store write held back (%d waiting): %s", len(self.backlog), error)
            if self._retrying is None or self._retrying.done():
                self._retrying = asyncio.create_task(self._retry())
            return None

    async def flush(self) -> None:
        """Make the held-back writes, oldest first, until one fails."""
        if not self.backlog:
            return
        async with self._flushing:  # each held-back write is made once
            while self.backlog:
                try:
                    await self._run(self.backlog[0])
                except StoreUnavailable:
                    return
                del self.backlog[0]
            log.info("store writes held back are all written now")

    async def _retry(self) -> None:
        while self.backlog and self.db is not None:
            await asyncio.sleep(RETRY_EVERY)
            await self.flush()

    async def _run(self, write: Write) -> Any:
        """One write transaction; a full disk is remembered (and logged once) until a
        write goes through again."""
        try:
            async with self.transaction() as db:
                done = await write(db)
        except StoreFull as error:
            if self.full is None:
                log.error("store %s: the disk is full, every write fails: %s", self.where(),
                          error)
            self.full = str(error)
            raise
        if self.full is not None:
            log.info("store %s takes writes again", self.where())
            self.full = None
        return done

    async def read(self, sql: str, args: tuple = ()) -> list[tuple]:
        """Rows of a query; StoreUnavailable when the database cannot be read."""
        if self.db is None:
            raise StoreUnavailable("the store is not open")
        return await self.db.read(sql, args)

    async def _migrate(self) -> None:
        assert self.db is not None
        before = await self.db.migrate(MIGRATIONS)
        if before < SCHEMA_VERSION:
            log.info("store schema migrated from version %d to %d", before, SCHEMA_VERSION)

    async def schema_version(self) -> int:
        """The schema's version (0: not open); StoreUnavailable when it cannot be read."""
        if self.db is None:
            return 0
        return await self.db.version()

    async def close(self) -> None:
        if self._retrying is not None:
            self._retrying.cancel()
        if self.backlog and self.db is not None:
            await self.flush()
            if self.backlog:
                log.error("%d held-back store writes are lost at close", len(self.backlog))
        if self.db is not None:
            try:
                await self.db.close()
            finally:
                self.db = None

    async def get_result(self, key: str) -> Result | None:
        """The cached result for a cache key, or None: not cached, the file failing, or
        a damaged row (a truncated payload), which is then solved again and overwritten.
        Answers are kept per language (`worded_key`): the current one's is read."""
        if self.db is None:
            return None
        key = worded_key(key)
        try:
            rows = await self.read("SELECT payload FROM cache WHERE key = ?", (key,))
            media_rows = await self.read(
                "SELECT filename, data, sent_as, caption FROM cache_media WHERE key = ? "
                "ORDER BY position", (key,)) if rows else []
        except StoreUnavailable as error:
            log.warning("cache read failed, answering without it: %s", error)
            return None
        result = decoded_result(rows[0][0], media_rows) if rows else None
        if result is None:
            self.misses += 1
            return None
        self.hits += 1
        await self._count_hit(key)
        return result

    async def _count_hit(self, key: str) -> None:
        """The hit counter is statistics: when it cannot be written, it is not."""
        async def count(db: Connection) -> None:
            await db.execute("UPDATE cache SET hits = hits + 1 WHERE key = ?", (key,))

        try:
            await self.attempt(count)
        except StoreUnavailable as error:
            log.info("cache hit not counted: %s", error)

    async def put_result(self, key: str, result: Result) -> None:
        """Store a result in one transaction: all of it or none of it (under the current
        language's key: its captions are in that language)."""
        if self.db is None:
            return
        key = worded_key(key)
        fields = dataclasses.asdict(result)
        fields.pop("media")

        async def put(db: Connection) -> None:
            await db.execute("DELETE FROM cache WHERE key = ?", (key,))  # media cascade
            await db.execute(
                "INSERT INTO cache (key, kind, payload, created) VALUES (?, ?, ?, ?)",
                (key, result.kind, json.dumps(fields), time.time()))
            await db.executemany(
                "INSERT INTO cache_media (key, position, filename, sent_as, caption, data) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(key, n, m.filename, m.sent_as, m.caption, m.data)
                 for n, m in enumerate(result.media)])

        try:
            await self.attempt(put)
        except StoreUnavailable as error:
            log.warning("cache write failed, result not kept: %s", error)

    async def file_ids(self, key: str, bot_id: int) -> dict[int, str]:
        """This bot's file_ids for the media of a cached answer, by media position."""
        if self.db is None:
            return {}
        key = worded_key(key)
        try:
            rows = await self.read(
                "SELECT position, file_id FROM cache_file_ids WHERE key = ? AND bot_id = ?",
                (key, bot_id))
        except StoreUnavailable as error:
            log.warning("file_ids unreadable, uploading instead: %s", error)
            return {}
        return dict(rows)

    async def put_file_ids(self, key: str, bot_id: int, file_ids: dict[int, str]) -> None:
        """Remember (or replace) the file_ids this bot got for a cached answer's media."""
        if self.db is None or not file_ids:
            return
        key = worded_key(key)

        async def put(db: Connection) -> None:
            await db.executemany(
                "INSERT INTO cache_file_ids (key, position, bot_id, file_id) "
                "VALUES (?, ?, ?, ?) ON CONFLICT (key, position, bot_id) "
                "DO UPDATE SET file_id = excluded.file_id",
                [(key, position, bot_id, file_id) for position, file_id in file_ids.items()])

        try:
            await self.attempt(put)
        except StoreUnavailable as error:
            log.warning("file_ids not kept: %s", error)

    # Hint sessions ----------------------------------------------------------------------

    async def start_hint_session(self, chat_id: int, user_id: int, clue: str) -> int:
        """A new session at step 1; its id goes into the buttons' callback data."""
        if self.db is None:
            return -next(self._offline_ids)

        async def start(db: Connection) -> int:
            rows = await db.fetch(
                "INSERT INTO hint_sessions (chat_id, user_id, clue, step, updated) "
                "VALUES (?, ?, ?, 1, ?) RETURNING id", (chat_id, user_id, clue, time.time()))
            return rows[0][0]

        try:
            return await self.attempt(start)
        except StoreUnavailable as error:
            log.warning("hint session not kept: %s", error)
            return -next(self._offline_ids)

    async def hint_session(self, session_id: int) -> HintSession | None:
        if self.db is None or session_id < 0:
            return None
        try:
            rows = await self.read(
                "SELECT id, chat_id, user_id, clue, step FROM hint_sessions WHERE id = ?",
                (session_id,))
        except StoreUnavailable as error:
            log.warning("hint session unreadable: %s", error)
            return None
        return HintSession(*rows[0]) if rows else None

    async def advance_hint_session(self, session_id: int, step: int) -> None:
        if self.db is None:
            return

        async def advance(db: Connection) -> None:
            await db.execute("UPDATE hint_sessions SET step = ?, updated = ? WHERE id = ?",
                             (step, time.time(), session_id))

        try:
            await self.attempt(advance)
        except StoreUnavailable as error:
            log.warning("hint step not kept: %s", error)


    # Chat languages --------------------------------------------------------------------

    async def chat_language(self, chat_id: int) -> str | None:
        """The language a group chose with /language, if any (None when unreadable)."""
        if self.db is None:
            return None
        try:
            rows = await self.read("SELECT language FROM chat_languages WHERE chat_id = ?",
                                   (chat_id,))
        except StoreUnavailable as error:
            log.warning("chat language unreadable: %s", error)
            return None
        return rows[0][0] if rows else None

    async def keep_chat_language(self, chat_id: int, language: str) -> None:
        """Keep a group's language (StoreUnavailable when the store takes no write)."""
        async def put(db: Connection) -> None:
            await db.execute(
                "INSERT INTO chat_languages (chat_id, language, updated) VALUES (?, ?, ?) "
                "ON CONFLICT (chat_id) DO UPDATE SET language = excluded.language, "
                "updated = excluded.updated", (chat_id, language, time.time()))

        await self.attempt(put)


def decoded_result(payload: str, media_rows: list[tuple]) -> Result | None:
    """A cached row back into a Result; None (and a log line) when the row is damaged."""
    try:
        fields = json.loads(payload)
        return Result(**fields, media=[Media(*media) for media in media_rows])
    except (ValueError, TypeError) as error:
        log.warning("damaged cache row skipped, solving again: %s", error)
        return None
