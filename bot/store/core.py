"""The store's connection: open and migrate, one write transaction at a time, and the
writes held back while the database takes none (bot/store/__init__.py says why).

The per-feature modules of this package (cache, hints, shared puzzles, people's settings,
chat languages) write their queries against what a core offers (`bot.database.Transactions`),
without importing this; `Store` (facade.py) is this core with all of them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from ..database import Connection, Database, StoreFull, StoreUnavailable, Write, connect
from .migrations import MIGRATIONS, SCHEMA_VERSION

log = logging.getLogger(__name__)

#: seconds between attempts at writing what `keep` holds back
RETRY_EVERY = 1.0
#: writes held back at most; past that the oldest are dropped (and logged)
BACKLOG_LIMIT = 10_000

__all__ = ["RETRY_EVERY", "StoreCore", "Write"]


class StoreCore:
    """Async access to the database; every failure degrades to "no cache"."""

    def __init__(self, location: str):
        #: a postgresql:// URL, or the path of a SQLite file
        self.location = location
        self.db: Database | None = None
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
