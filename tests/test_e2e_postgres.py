"""End to end with the store on PostgreSQL (`PUZZLEBOT_DATABASE_URL`): a real server
(`postgres_server`), the real bot through the sandbox. A Seki is cached on the second
ask, /healthz reads the database, and the server stopped and started again while the bot
runs: the bot answers without the cache meanwhile and uses it again after, without a
restart; game writes made meanwhile are held and written when it is back. Games go on
through the outage from what the bot holds in memory (issue 38, point 12): a right
/submit finishes the race with its place, a quiz plays its rounds to the end, and both
are in the database once it is back; so is a daily puzzle's finish after a restart.
(A quiz that survives a restart of the bot on PostgreSQL: test_e2e_quiz.py.)"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import asyncpg
import pytest
from botchat import answered, ask, bot_config
from test_e2e_daily import daily_post, gather_group, submitted
from test_e2e_race import solution_of
from test_faults import bot_text
from test_ops import healthz

from bot.__main__ import running_in_sandbox
from bot.database import OFFLINE_PAUSE, Postgres, StoreUnavailable
from bot.games.quiz.rounds import live_round
from bot.games.store import GameStore
from bot.store.core import RETRY_EVERY
from bot.store.facade import Store
from sandbox.client import SandboxClient

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
SEKI = (PUZZLES / "sk_6018.txt").read_text()
ALICE, BOB = 101, 102
GROUP = -100200300


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


async def pg_rows(url: str, sql: str) -> list[tuple]:
    """Rows read straight from the test's PostgreSQL database, not through the bot."""
    connection = await asyncpg.connect(url)
    try:
        return [tuple(row) for row in await connection.fetch(sql)]
    finally:
        await connection.close()


async def written(url: str, sql: str, expected: list[tuple], seconds: float = 15) -> None:
    """Wait until the database holds `expected` (the bot writes what it held back once
    PostgreSQL is back)."""
    deadline = time.monotonic() + seconds
    while (found := await pg_rows(url, sql)) != expected:
        assert time.monotonic() < deadline, found
        await asyncio.sleep(0.2)


async def test_a_right_submit_while_postgresql_is_stopped_finishes_the_race(
        tmp_path, postgres_server):
    config = postgres_config(tmp_path, postgres_server, solve_timeout=30)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        photo = await ask(client, GROUP, "/race seki easy minutes=5", user=ALICE,
                          sent_as="photo", timeout=40)
        puzzle = (await client.wait_for(GROUP, after=photo["message_id"]))["text"]
        join = photo["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
        await client.press(GROUP, BOB, photo["message_id"], join)
        await written(config.database_url, "SELECT name FROM race_entries", [("Bob",)])
        postgres_server.stop()
        try:
            right = await ask(client, ALICE, f"/submit 1\n{solution_of('seki', puzzle)}",
                              user=ALICE, timeout=40)
            assert right["text"].startswith("✅ Correct! Checked: all ")
            assert "You finished race #1 1st, in " in right["text"]
            seen = await bot_text(client, GROUP, "🏁 Alice", photo["message_id"])
        finally:
            postgres_server.start()
        assert seen["text"].startswith("🏁 Alice finished race #1: 1st, in ")
        await written(config.database_url, "SELECT name, attempts, place FROM race_entries "
                      "WHERE finished IS NOT NULL", [("Alice", 1, 1)])
        again = await ask(client, ALICE, f"/submit 1\n{solution_of('seki', puzzle)}",
                          user=ALICE)
        assert again["text"] == "You finished race #1 already, 1st."


async def test_a_quiz_goes_on_while_postgresql_is_stopped_and_is_written_after(
        tmp_path, postgres_server):
    config = postgres_config(tmp_path, postgres_server)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        await client.send(GROUP, "/quiz rounds=2 seconds=4 difficulty=easy", user_id=ALICE)
        first = await bot_text(client, GROUP, "Round 1 of 2")
        postgres_server.stop()
        try:
            up = await bot_text(client, GROUP, "Time's up for round 1", first["message_id"])
            second = await bot_text(client, GROUP, "Round 2 of 2", up["message_id"])
            live = live_round(bot.application, GROUP)
            assert live is not None
            await client.send(GROUP, live.answer, user_id=BOB)
            await bot_text(client, GROUP, "✅ Bob got it", second["message_id"])
            over = await bot_text(client, GROUP, "Quiz #1 is over!", second["message_id"])
        finally:
            postgres_server.start()
        assert "The winner is Bob!" in over["text"]
        await written(config.database_url, "SELECT state FROM games", [("finished",)])
        assert await pg_rows(config.database_url, "SELECT number, state, winner_name FROM "
                             "game_rounds ORDER BY number") == [(1, "timeout", None),
                                                                (2, "won", "Bob")]
        assert await pg_rows(config.database_url,
                             "SELECT name, rounds_won FROM game_scores") == [("Bob", 1)]


async def test_race_moves_while_postgresql_is_stopped_are_decided_from_memory(
        postgres_server):
    store = Store(postgres_server.new_database())
    await store.open()
    games = GameStore(store)
    try:
        game = await games.create_game(-1, "race", ALICE, {"kind": "seki"})
        assert await games.join_race(game.id, ALICE, "Alice")
        postgres_server.stop()
        try:
            assert await games.game(game.id) == game
            assert await games.running_game(-1, "race") == game
            assert await games.join_race(game.id, BOB, "Bob")
            assert not await games.join_race(game.id, BOB, "Bob")
            await games.count_attempt(game.id, BOB)
            assert await games.finish_race_entry(game.id, BOB) == 1
            assert await games.finish_race_entry(game.id, BOB) is None
            assert await games.finish_race_entry(game.id, ALICE) == 2
            assert [(e.name, e.attempts, e.place) for e in await games.entries(game.id)] == [
                ("Bob", 1, 1), ("Alice", 0, 2)]
            assert await games.end_game(game.id)
            with pytest.raises(StoreUnavailable):
                await games.game(game.id + 1)  # a game the bot does not hold
            with pytest.raises(StoreUnavailable):
                await GameStore(store).entries(game.id)  # entries it does not hold
        finally:
            postgres_server.start()
        deadline = time.monotonic() + 10 * RETRY_EVERY
        while store.backlog and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        assert store.backlog == []
        assert await store.read("SELECT name, attempts, place FROM race_entries "
                                "ORDER BY place") == [("Bob", 1, 1), ("Alice", 0, 2)]
        assert (await games.game(game.id)).state == "finished"
    finally:
        await store.close()


async def test_a_daily_puzzle_takes_a_right_submit_while_postgresql_is_stopped(
        tmp_path, postgres_server):
    """Issue 38, point 12, for the daily puzzle: after a restart (the day's puzzle read
    back, with its entries), a right /submit during the outage finishes it and is
    announced in the group (without a streak: the past days are in the database), and
    the finish is written when PostgreSQL is back."""
    config = postgres_config(tmp_path, postgres_server, solve_timeout=30, rate_burst=100)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        await gather_group(client, ALICE, BOB)
        on = await ask(client, GROUP, "/daily on 07:30 seki easy", user=ALICE)
        photo, puzzle = await daily_post(client, on["message_id"])
        assert photo["caption"].startswith("🗓 Daily puzzle #1: Seki (easy, rated ")
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        await gather_group(client, ALICE, BOB)
        postgres_server.stop()
        try:
            right = await submitted(client, BOB, 1, solution_of("seki", puzzle))
            assert right["text"].startswith("✅ Correct! Checked: all ")
            assert "You finished daily puzzle #1 1st, in " in right["text"]
            seen = await bot_text(client, GROUP, "🗓 Bob solved")  # a new sandbox
        finally:
            postgres_server.start()
        assert seen["text"].startswith("🗓 Bob solved daily puzzle #1: 1st, in ")
        await written(config.database_url, "SELECT name, attempts, place FROM race_entries "
                      "WHERE finished IS NOT NULL", [("Bob", 1, 1)])
        again = await submitted(client, BOB, 1, solution_of("seki", puzzle))
        assert again["text"] == "You finished daily puzzle #1 already, 1st."
