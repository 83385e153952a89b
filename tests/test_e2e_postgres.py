"""End to end with the store on PostgreSQL (`PUZZLEBOT_DATABASE_URL`): a real server
(`postgres_server`), the real bot through the sandbox. A Seki is cached on the second
ask, /healthz reads the database, and the server stopped and started again while the bot
runs: the bot answers without the cache meanwhile and uses it again after, without a
restart; game writes made meanwhile are held and written when it is back. (A quiz that
survives a restart of the bot on PostgreSQL: test_e2e_quiz.py.)"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from botchat import answered, ask, bot_config
from test_ops import healthz

from bot.__main__ import running_in_sandbox
from bot.database import OFFLINE_PAUSE, Postgres
from bot.games.store import GameStore
from bot.store import RETRY_EVERY, Store, StoreUnavailable
from sandbox.client import SandboxClient

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
SEKI = (PUZZLES / "sk_6018.txt").read_text()
ALICE, BOB = 101, 202


def postgres_config(tmp_path, server, **changes):
    return bot_config(tmp_path, database_url=server.new_database(), **changes)


async def test_a_seki_is_cached_in_postgresql_and_healthz_reads_it(tmp_path, postgres_server):
    config = postgres_config(tmp_path, postgres_server, metrics_port=0)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        store = bot.application.bot_data.services.store
        assert isinstance(store.db, Postgres)
        first = await ask(client, ALICE, SEKI, sent_as="photo")
        second = await ask(client, BOB, SEKI, sent_as="photo")
        status, body = await healthz(bot.ops_url)
    assert "Checked: all" in first["caption"] and second["caption"] == first["caption"]
    assert store.hits == 1
    assert not (tmp_path / "bot.sqlite3").exists()
    assert (status, body["checks"]["database"]) == (200, "ok")


async def test_postgresql_stopped_and_started_while_the_bot_runs(tmp_path, postgres_server):
    config = postgres_config(tmp_path, postgres_server, metrics_port=0)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        services = bot.application.bot_data.services
        started = time.perf_counter()
        await answered(client, ALICE, SEKI)  # now in the cache
        solving = time.perf_counter() - started  # the baseline: an answer without the cache
        postgres_server.stop()
        try:
            reads = []
            for _ in range(2):  # the server refusing, then the offline pause
                started = time.perf_counter()
                assert await services.store.get_result("any key") is None
                reads.append(time.perf_counter() - started)
            photo = await ask(client, BOB, SEKI, sent_as="photo")  # solved again
            status, body = await healthz(bot.ops_url)
        finally:
            postgres_server.start()
        assert max(reads) < solving, (reads, solving)  # never dearer than no cache
        assert "Checked: all" in photo["caption"] and services.metrics.cache_hits == 0
        assert status == 503 and body["checks"]["database"].startswith("failing")

        await asyncio.sleep(OFFLINE_PAUSE)
        again = await ask(client, ALICE + 1000, SEKI, sent_as="photo")  # the cache, back
        assert again["caption"] == photo["caption"] and services.metrics.cache_hits == 1
        status, body = await healthz(bot.ops_url)
        assert (status, body["checks"]["database"]) == (200, "ok")


async def test_game_writes_while_postgresql_is_stopped_are_written_when_it_is_back(
        postgres_server):
    store = Store(postgres_server.new_database())
    await store.open()
    games = GameStore(store)
    try:
        game = await games.create_game(-1, "quiz", ALICE, {"rounds": 1})
        await games.add_round(game.id, 1, "TSOP", "stop", 0.0, 30.0)
        postgres_server.stop()
        try:
            assert await games.win_round(game, 1, BOB, "Bob", "pots", 10, 1.0)  # held
            assert await games.end_game(game.id)
            assert len(store.backlog) == 2
            with pytest.raises(StoreUnavailable):
                await games.create_game(-1, "quiz", ALICE, {})  # needs its id now
        finally:
            postgres_server.start()
        deadline = time.monotonic() + 10 * RETRY_EVERY
        while store.backlog and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        assert store.backlog == []
        assert await store.read("SELECT state, winner_name FROM game_rounds") == [
            ("won", "Bob")]
        assert (await games.game(game.id)).state == "finished"
        assert [(s.name, s.points) for s in await games.scores(game.id)] == [("Bob", 10)]
    finally:
        await store.close()
