"""The two databases the store runs on: one SQLite file (the default) or PostgreSQL
(`PUZZLEBOT_DATABASE_URL`, when the bot's state must outlive its machine).

Why asyncpg behind the store's own interface, and not SQLAlchemy 2 async with Alembic:
the store is a few dozen hand-written statements and the reliability rules of issue 14
(a cache read never waits, a game write the database refuses is held and written later)
live in `Store`, above any driver. Keeping them meant keeping that interface, so each
backend here only has to run SQL: SQLite through aiosqlite as before, PostgreSQL through
asyncpg (one dependency, no ORM layer between a reply and the database). The schema and
its history stay the one list of migrations in bot/store.py, so the files people already
have (schema versions 1 to 4 in `PRAGMA user_version`) need no second history; the same
text is run on PostgreSQL with its type names (`postgres_sql`). Every statement is
written in the SQL both understand (`ON CONFLICT`, `RETURNING`, `CASE`), with `?` for
parameters, which becomes `$1`, `$2`... for PostgreSQL.

A backend turns its driver's errors into `StoreUnavailable`; what the store does then
(skip the cache, hold a game write) is the same for both.
"""

from __future__ import annotations

import asyncio
import functools
import os
import re
import sqlite3
import stat
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager, suppress
from typing import TYPE_CHECKING, Any, Protocol

import aiosqlite

if TYPE_CHECKING:  # imported when PostgreSQL is used (`driver`): the bot on SQLite goes
    import asyncpg  # without it, about 2 MB of its own (issue 40)

#: seconds a statement may wait for a lock another connection (or process) holds: a reply
#: is never delayed behind someone else's write for longer than this
BUSY_WAIT = 0.005
#: seconds after PostgreSQL was found unreachable during which nothing is asked of it (the
#: cache is skipped at once instead of each reply waiting for a failing connection)
OFFLINE_PAUSE = 1.0
#: seconds any one PostgreSQL statement may take (a server that hangs instead of failing)
STATEMENT_TIMEOUT = 1.0
#: seconds to connect to PostgreSQL
CONNECT_TIMEOUT = 2.0
#: the most connections the bot holds to PostgreSQL (one writer, the rest read)
POOL_SIZE = 4
#: PostgreSQL error classes that mean "the server is not there" rather than "this
#: statement is wrong": connection exceptions, insufficient resources, operator
#: intervention (shutting down, starting up)
OFFLINE_CLASSES = ("08", "53", "57")


class StoreUnavailable(Exception):
    """The database cannot be read or written just now: locked by another process,
    read-only, damaged, unreachable, or not open. Callers degrade (no cache) or say so."""


class StoreFull(StoreUnavailable):
    """The database's disk (or PostgreSQL's) is full: every write fails until someone
    frees space, so /healthz reports it."""


#: PostgreSQL's SQLSTATE for a full disk
PG_DISK_FULL = "53100"


def sqlite_failure(error: Exception) -> StoreUnavailable:
    """A SQLite error as the store's: StoreFull for SQLITE_FULL ("database or disk is
    full"), else StoreUnavailable."""
    full = getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL
    return (StoreFull if full else StoreUnavailable)(str(error))


class Connection(Protocol):
    """What a write transaction works with, on either database."""

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""

    async def executemany(self, sql: str, rows: list[tuple]) -> None:
        """Run one statement once per row of arguments."""

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[tuple]:
        """The rows of a query (or of an INSERT ... RETURNING)."""


class Database(Protocol):
    """One open database: migrated, read, written one transaction at a time."""

    async def migrate(self, migrations: list[str]) -> int:
        """Run the migrations the database has not had; the version it had."""

    async def version(self) -> int: ...

    def transaction(self) -> Any:
        """An async context manager yielding a `Connection`: committed when the block
        ends, rolled back when it raises."""

    async def read(self, sql: str, args: Sequence[Any] = ()) -> list[tuple]: ...

    async def close(self) -> None: ...


#: one write transaction's work on the connection (run inside the store's `transaction()`)
Write = Callable[[Connection], Awaitable[Any]]


class Transactions(Protocol):
    """What the store's rooms of queries (bot/store/: the cache, hints, shared puzzles,
    people's settings, chat languages; the games' bot/games/store.py) need of the store's
    core (`bot.store.core.StoreCore`): the open database, reads, and writes made at once
    or kept until the database takes them. The rooms are written against this, not the
    core, and `Store` (bot/store/facade.py) puts them all on one core."""

    db: Database | None
    #: writes `keep` could not make yet, oldest first
    backlog: list[Write]

    async def read(self, sql: str, args: tuple = ()) -> list[tuple]:
        """The rows of a query; StoreUnavailable when the database cannot be read."""

    async def attempt(self, write: Write) -> Any:
        """One write transaction now; StoreUnavailable when the database takes none."""

    async def keep(self, write: Write) -> Any:
        """One write transaction now, or held in memory, in order, until it can be made."""


async def connect(location: str) -> Database:
    """The database at a location: a postgresql:// URL, else the path of a SQLite file.
    StoreUnavailable when it cannot be opened."""
    if location.startswith(("postgresql://", "postgres://")):
        return await Postgres.connect(location)
    return await SQLite.connect(location)


# SQLite ---------------------------------------------------------------------------------

class SQLiteConnection:
    """The shared aiosqlite connection inside one transaction."""

    def __init__(self, db: aiosqlite.Connection):
        self.db = db

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        try:
            return (await self.db.execute(sql, tuple(args))).rowcount
        except (sqlite3.Error, ValueError) as error:  # ValueError: a closed connection
            raise sqlite_failure(error) from error

    async def executemany(self, sql: str, rows: list[tuple]) -> None:
        try:
            await self.db.executemany(sql, rows)
        except (sqlite3.Error, ValueError) as error:
            raise sqlite_failure(error) from error

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[tuple]:
        try:
            return [tuple(row) for row in await self.db.execute_fetchall(sql, tuple(args))]
        except (sqlite3.Error, ValueError) as error:
            raise sqlite_failure(error) from error


def check_wal_files(path: str) -> None:
    """StoreUnavailable unless the WAL files a previous run left (`-wal`, `-shm`) are
    regular files this process can read and write: SQLite would map a `-shm` it cannot
    grow, and the first write past its end would kill the bot (SIGBUS)."""
    for suffix in ("-wal", "-shm"):
        name = path + suffix
        try:
            if not stat.S_ISREG(os.stat(name).st_mode):
                raise StoreUnavailable(f"{name} is not a regular file: remove it while "
                                       "the bot is stopped")
            os.close(os.open(name, os.O_RDWR))
        except FileNotFoundError:
            continue
        except OSError as error:
            raise StoreUnavailable(f"{name} cannot be written ({error.strerror}): fix its "
                                   "permissions or attributes (chattr -i)") from error


class SQLite:
    """One SQLite file through aiosqlite, in WAL mode; its schema version is
    `PRAGMA user_version`."""

    def __init__(self, connection: aiosqlite.Connection):
        #: the aiosqlite connection (tests reach it to lock or break the file)
        self.connection = connection
        self._inside = SQLiteConnection(connection)

    @classmethod
    async def connect(cls, path: str) -> SQLite:
        """Open the file after checking its WAL files, with no memory-mapped I/O of the
        database: SQLite maps the WAL index (`-shm`) and, with `mmap_size`, the database
        itself, and a mapped file that cannot be written or grown (read-only, made
        immutable, on a full disk) ends the process with SIGBUS instead of an error."""
        check_wal_files(path)
        connection = None
        try:
            connection = await aiosqlite.connect(path, timeout=BUSY_WAIT)
            await connection.execute("PRAGMA mmap_size=0")
            await connection.execute("PRAGMA journal_mode=WAL")
            await connection.execute("PRAGMA foreign_keys=ON")
        except sqlite3.Error as error:
            if connection is not None:
                await connection.close()
            raise StoreUnavailable(str(error)) from error
        return cls(connection)

    async def migrate(self, migrations: list[str]) -> int:
        before = await self.version()
        for number in range(before, len(migrations)):
            try:
                await self.connection.executescript(
                    f"BEGIN; {migrations[number]} PRAGMA user_version = {number + 1}; "
                    "COMMIT;")
            except sqlite3.Error as error:
                raise StoreUnavailable(str(error)) from error
        return before

    async def version(self) -> int:
        return (await self._inside.fetch("PRAGMA user_version"))[0][0]

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        await self._inside.execute("BEGIN IMMEDIATE")
        try:
            yield self._inside
        except BaseException:
            await self._rollback()
            raise
        try:
            await self.connection.commit()
        except (sqlite3.Error, ValueError) as error:
            await self._rollback()
            raise sqlite_failure(error) from error

    async def _rollback(self) -> None:
        with suppress(sqlite3.Error, ValueError):
            await self.connection.rollback()

    async def read(self, sql: str, args: Sequence[Any] = ()) -> list[tuple]:
        return await self._inside.fetch(sql, args)

    async def close(self) -> None:
        await self.connection.close()


# PostgreSQL -----------------------------------------------------------------------------

@functools.lru_cache(maxsize=256)
def postgres_sql(sql: str) -> str:
    """A statement as PostgreSQL spells it: `?` parameters numbered `$1`, `$2`..., and
    the schema's SQLite type names as PostgreSQL's (64-bit integers, as Telegram's ids
    need; double precision times; bytes; identity keys)."""
    numbers = iter(range(1, sql.count("?") + 1))
    sql = re.sub(r"\?", lambda _: f"${next(numbers)}", sql)
    sql = sql.replace("INTEGER PRIMARY KEY AUTOINCREMENT",
                      "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY")
    for sqlite_type, postgres_type in (("INTEGER", "BIGINT"), ("REAL", "DOUBLE PRECISION"),
                                       ("BLOB", "BYTEA")):
        sql = re.sub(rf"\b{sqlite_type}\b", postgres_type, sql)
    return sql


def changed_rows(status: str) -> int:
    """The row count in a command status such as "UPDATE 1" or "INSERT 0 1"."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def driver() -> Any:
    """The asyncpg module, imported when a PostgreSQL database is first used."""
    import asyncpg

    return asyncpg


def driver_errors() -> tuple[type[BaseException], ...]:
    """What asyncpg raises: the server's errors, the connection's, the network's, time
    limits."""
    return (driver().PostgresError, driver().InterfaceError, OSError, TimeoutError)


def offline(error: BaseException) -> bool:
    """Whether an error says the server is unreachable (not that a statement failed)."""
    if isinstance(error, driver().PostgresError):
        return (error.sqlstate or "")[:2] in OFFLINE_CLASSES  # type: ignore[attr-defined]
    return isinstance(error, (OSError, TimeoutError, driver().InterfaceError))


class PostgresConnection:
    """One pooled asyncpg connection inside one transaction."""

    def __init__(self, connection: asyncpg.Connection):
        self.connection = connection

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        return changed_rows(await self.connection.execute(postgres_sql(sql), *args))

    async def executemany(self, sql: str, rows: list[tuple]) -> None:
        await self.connection.executemany(postgres_sql(sql), rows)

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[tuple]:
        return [tuple(row) for row in await self.connection.fetch(postgres_sql(sql), *args)]


class Postgres:
    """A PostgreSQL database through a small asyncpg pool; its schema version is the one
    row of `schema_version`.

    When the server is unreachable (stopped, restarting, network gone) every call raises
    StoreUnavailable at once for OFFLINE_PAUSE seconds, then the next call tries again on
    fresh connections: the cache costs a reply nothing while the server is away, and is
    used again as soon as it is back. A lock held elsewhere fails a statement after
    BUSY_WAIT (`lock_timeout`), as SQLite's busy wait does.
    """

    def __init__(self, pool: asyncpg.Pool):
        self.pool = pool
        self._offline_until = 0.0

    @classmethod
    async def connect(cls, url: str) -> Postgres:
        try:
            pool = await driver().create_pool(
                url, min_size=1, max_size=POOL_SIZE, timeout=CONNECT_TIMEOUT,
                command_timeout=STATEMENT_TIMEOUT,
                server_settings={"lock_timeout": f"{round(BUSY_WAIT * 1000)}ms"})
        except driver_errors() as error:
            raise StoreUnavailable(f"PostgreSQL: {error}") from error
        return cls(pool)

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[asyncpg.Connection]:
        """A pooled connection; the driver's failures become StoreUnavailable."""
        if time.monotonic() < self._offline_until:
            raise StoreUnavailable("PostgreSQL was unreachable a moment ago")
        try:
            async with self.pool.acquire() as connection:
                yield connection
        except driver_errors() as error:
            if offline(error):
                self._offline_until = time.monotonic() + OFFLINE_PAUSE
                await self.pool.expire_connections()  # the others are as dead as this one
            full = getattr(error, "sqlstate", None) == PG_DISK_FULL
            raise (StoreFull if full else StoreUnavailable)(f"PostgreSQL: {error}") from error

    async def migrate(self, migrations: list[str]) -> int:
        async with self._connection() as connection, connection.transaction():
            # two bots starting at once: the second waits, then finds nothing to do
            await connection.execute("SELECT pg_advisory_xact_lock(16)")
            await connection.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            before = await connection.fetchval(
                "SELECT COALESCE(max(version), 0) FROM schema_version")
            for number in range(before, len(migrations)):
                await connection.execute(postgres_sql(migrations[number]))
            await connection.execute("DELETE FROM schema_version")
            await connection.execute("INSERT INTO schema_version VALUES ($1)",
                                     max(before, len(migrations)))
        return before

    async def version(self) -> int:
        rows = await self.read("SELECT version FROM schema_version")
        return rows[0][0] if rows else 0

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        async with self._connection() as connection, connection.transaction():
            yield PostgresConnection(connection)

    async def read(self, sql: str, args: Sequence[Any] = ()) -> list[tuple]:
        async with self._connection() as connection:
            return await PostgresConnection(connection).fetch(sql, args)

    async def close(self) -> None:
        try:
            await asyncio.wait_for(self.pool.close(), CONNECT_TIMEOUT)
        except driver_errors():
            self.pool.terminate()  # a server that is gone cannot say goodbye
