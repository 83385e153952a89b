"""The store: migrations, the cache round trip and its file_ids, and one write
transaction at a time; each test on SQLite and on PostgreSQL (`store_location`)."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest
from botchat import free_port

from bot.database import StoreUnavailable
from bot.games.store import GameStore
from bot.store.facade import Store
from bot.store.migrations import SCHEMA_VERSION
from solvers.pipeline import run


async def open_store(location: str) -> Store:
    store = Store(location)
    await store.open()
    assert store.db is not None, f"{location} did not open"
    return store


async def test_a_new_file_gets_every_migration_and_a_result_round_trips(store_location):
    store = await open_store(store_location)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        result = run("oo+ooaoo-")
        await store.put_result("key", result)
        again = await store.get_result("key")
        assert again == result
        assert await store.get_result("other") is None
    finally:
        await store.close()


async def test_a_failing_writer_does_not_take_another_writers_work_with_it(store_location):
    store = await open_store(store_location)
    try:
        async def failing_writer():
            async with store.transaction() as db:
                await db.execute("INSERT INTO hint_sessions (chat_id, user_id, clue, step, "
                                 "updated) VALUES (1, 1, 'lost', 1, 0)")
                await asyncio.sleep(0.05)  # another writer comes along meanwhile
                raise RuntimeError("this transaction fails")

        failing = asyncio.create_task(failing_writer())
        await asyncio.sleep(0.01)
        kept = await store.start_hint_session(2, 2, "kept")
        with pytest.raises(RuntimeError):
            await failing
        clues = [row[0] for row in await store.read(
            "SELECT clue FROM hint_sessions ORDER BY id")]
        assert clues == ["kept"]
        assert (await store.hint_session(kept)).clue == "kept"
    finally:
        await store.close()


async def test_file_ids_are_kept_per_bot_and_dropped_with_new_bytes(store_location):
    store = await open_store(store_location)
    try:
        await store.put_result("key", run("oo+ooaoo-"))
        await store.put_file_ids("key", 42, {0: "first bot's id"})
        await store.put_file_ids("key", 43, {0: "second bot's id"})
        await store.put_file_ids("key", 42, {0: "first bot's new id"})
        assert await store.file_ids("key", 42) == {0: "first bot's new id"}
        assert await store.file_ids("key", 43) == {0: "second bot's id"}
        assert await store.file_ids("other", 42) == {}
        await store.put_result("key", run("oo+ooaoo-"))  # new bytes: the old ids are stale
        assert await store.file_ids("key", 42) == {}
        await store.put_file_ids("missing", 42, {0: "no such answer"})  # logged, not kept
        assert await store.file_ids("missing", 42) == {}
    finally:
        await store.close()


async def test_a_version_3_file_keeps_its_cached_answers_and_gains_file_ids(tmp_path):
    path = tmp_path / "store.sqlite3"
    result = run("oo+ooaoo-")
    old = Store(str(path))
    await old.open()
    await old.put_result("key", result)
    await old.close()
    db = sqlite3.connect(path)  # back to the schema before file_ids
    db.executescript("DROP INDEX games_by_number; ALTER TABLE games DROP COLUMN number; "
                     "ALTER TABLE games DROP COLUMN series; "
                     "DROP TABLE cache_file_ids; DROP TABLE shared_puzzles; "
                     "DROP TABLE grid_ladders; "
                     "DROP TABLE chat_languages; "
                     "DROP TABLE daily_schedules; "
                     "DROP TABLE user_settings; ALTER TABLE games RENAME COLUMN game TO kind; "
                     "ALTER TABLE cache_media RENAME COLUMN sent_as TO kind; "
                     "PRAGMA user_version = 3;")
    db.close()
    store = Store(str(path))
    await store.open()
    try:
        assert await store.schema_version() == SCHEMA_VERSION == 11
        assert await store.get_result("key") == result
        assert await store.file_ids("key", 42) == {}
        await store.put_file_ids("key", 42, {0: "kept"})
        assert await store.file_ids("key", 42) == {0: "kept"}
    finally:
        await store.close()


async def test_a_version_4_database_has_its_games_column_renamed_and_keeps_games(
        store_location):
    old = await open_store(store_location)
    version = ("UPDATE schema_version SET version = 4" if store_location.startswith("postgres")
               else "PRAGMA user_version = 4")
    async with old.transaction() as db:  # back to the schema whose games column was `kind`
        await db.execute("DROP INDEX games_by_number")  # columns of later versions
        await db.execute("ALTER TABLE games DROP COLUMN number")
        await db.execute("ALTER TABLE games DROP COLUMN series")
        await db.execute("DROP TABLE shared_puzzles")  # tables of later versions
        await db.execute("DROP TABLE daily_schedules")
        await db.execute("DROP TABLE user_settings")
        await db.execute("DROP TABLE grid_ladders")
        await db.execute("DROP TABLE chat_languages")
        await db.execute("ALTER TABLE games RENAME COLUMN game TO kind")
        await db.execute("ALTER TABLE cache_media RENAME COLUMN sent_as TO kind")
        await db.execute("INSERT INTO games (chat_id, kind, starter_id, settings, started) "
                         "VALUES (-1, 'quiz', 7, '{}', 0)")
        await db.execute(version)
    await old.close()
    store = await open_store(store_location)
    try:
        assert await store.schema_version() == SCHEMA_VERSION == 11
        games = GameStore(store)
        old_quiz = await games.running_game(-1, "quiz")
        assert old_quiz.starter_id == 7
        # its id is its number; a new quiz counts on from it, a first race from 1
        assert old_quiz.number == old_quiz.id
        race = await games.create_game(-1, "race", 7, {}, series="submit")
        quiz = await games.create_game(-1, "quiz", 7, {})
        assert (race.number, quiz.number) == (1, old_quiz.number + 1)
        for table in ("games", "cache_media"):
            with pytest.raises(StoreUnavailable):
                await store.read(f"SELECT kind FROM {table}")
    finally:
        await store.close()


async def test_an_unreachable_postgresql_means_no_cache_and_its_password_is_not_logged(
        caplog):
    store = Store(f"postgresql://bot:pa55word@127.0.0.1:{free_port()}/puzzlebot")
    await store.open()  # nobody listens there
    try:
        assert store.db is None and await store.schema_version() == 0
        assert await store.get_result("key") is None
        logged = " ".join(record.getMessage() for record in caplog.records)
        assert "running without cache" in logged and "127.0.0.1" in logged
        assert "pa55word" not in logged
    finally:
        await store.close()


def test_every_table_a_store_module_queries_is_made_by_a_migration():
    """Each per-feature store module reads and writes only tables the migrations create."""
    import re
    from pathlib import Path

    import bot.store
    from bot.store.migrations import MIGRATIONS

    made = set(re.findall(r"CREATE TABLE (\w+)", "\n".join(MIGRATIONS)))
    named = r"(?:FROM|INTO|(?<!DO )UPDATE|JOIN)\s+(\w+)"
    folder = Path(bot.store.__file__).parent
    queried = {path.stem: set(re.findall(named, path.read_text()))
               for path in folder.glob("*.py") if path.stem != "migrations"}
    assert queried["cache"] == {"cache", "cache_media", "cache_file_ids"}
    assert queried["shared"] == {"shared_puzzles"}
    assert queried["people"] == {"user_settings"}
    assert all(tables <= made for tables in queried.values()), queried
