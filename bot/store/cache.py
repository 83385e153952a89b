"""The solved-puzzle cache: a result and its pictures by cache key (per language), and the
file ids Telegram gave for those pictures, so a hit is re-sent without uploading again.

The cache is an optimisation, never a dependency: a read that fails is a miss, a write
that cannot have the lock at once is skipped.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import time

from solvers.pipeline import Result, worded_key
from solvers.values import Media

from ..database import Connection, StoreUnavailable, Transactions

log = logging.getLogger(__name__)


class CacheQueries(Transactions):
    """The tables cache, cache_media and cache_file_ids."""

    #: cache reads answered and not (/admin's figures)
    hits = 0
    misses = 0

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


def decoded_result(payload: str, media_rows: list[tuple]) -> Result | None:
    """A cached row back into a Result; None (and a log line) when the row is damaged."""
    try:
        fields = json.loads(payload)
        return Result(**fields, media=[Media(*media) for media in media_rows])
    except (ValueError, TypeError) as error:
        log.warning("damaged cache row skipped, solving again: %s", error)
        return None
