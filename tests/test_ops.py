"""Operations end to end: /metrics scraped around real solves, /healthz with the parts
named, /admin printing the same figures."""

from __future__ import annotations

from pathlib import Path

import aiohttp
from botchat import answered, ask, bot_config
from prometheus_client.parser import text_string_to_metric_families

from bot.__main__ import running_in_sandbox
from sandbox.client import SandboxClient

SEED_PUZZLE = (Path(__file__).resolve().parent.parent / "puzzles" / "sk_6018.txt").read_text()
ALICE, BOB = 101, 102


async def scrape(url: str) -> dict[tuple[str, tuple], float]:
    """Every sample of /metrics: (name, sorted labels) -> value."""
    async with aiohttp.ClientSession() as session, session.get(f"{url}/metrics") as response:
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/plain")
        text = await response.text()
    return {(sample.name, tuple(sorted(sample.labels.items()))): sample.value
            for family in text_string_to_metric_families(text) for sample in family.samples}


async def healthz(url: str) -> tuple[int, dict]:
    async with aiohttp.ClientSession() as session, session.get(f"{url}/healthz") as response:
        return response.status, await response.json()


async def test_metrics_move_with_a_solve_a_cache_hit_and_a_429(tmp_path):
    config = bot_config(tmp_path, metrics_port=0, owner_id=ALICE)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        before = await scrape(bot.ops_url)
        await answered(client, ALICE, SEED_PUZZLE)  # kept in the cache before its report
        await ask(client, BOB, SEED_PUZZLE, sent_as="photo", timeout=60)  # from the cache
        await client.fault("sendMessage", count=1, error_code=429, retry_after=1)
        await ask(client, ALICE, "/help")
        after = await scrape(bot.ops_url)
        admin = await ask(client, ALICE, "/admin")
    seki = (("kind", "seki"),)
    assert ("puzzlebot_solve_seconds_count", seki) not in before
    assert after["puzzlebot_solve_seconds_count", seki] == 1
    assert after["puzzlebot_solve_seconds_bucket", (*seki, ("le", "+Inf"))] == 1
    assert after["puzzlebot_solve_seconds_sum", seki] > 0
    assert before["puzzlebot_cache_hits_total", ()] == 0
    assert after["puzzlebot_cache_hits_total", ()] == 1
    assert before["puzzlebot_telegram_429_total", ()] == 0
    assert after["puzzlebot_telegram_429_total", ()] == 1
    assert after["puzzlebot_replies_total", (("method", "sendPhoto"),)] == 2
    assert after["puzzlebot_replies_total", (("method", "sendMessage"),)] >= 3
    assert after["puzzlebot_timeouts_total", ()] == 0
    quick, count = (("lane", "quick"),), (("lane", "count"),)
    assert (after["puzzlebot_queue_depth", quick], after["puzzlebot_queue_depth", count]) == (0, 0)
    assert (after["puzzlebot_workers", quick], after["puzzlebot_workers", count]) == (2, 1)
    replies = sum(value for (name, _), value in after.items()
                  if name == "puzzlebot_replies_total")
    assert "Jobs run: 1; answered from the cache: 1 (50%)" in admin["text"]
    assert f"Replies sent: {int(replies)}; Telegram 429 answers: 1" in admin["text"]
    assert "quick lane: 2 of 2 workers running, 0 jobs waiting or running" in admin["text"]


async def test_healthz_is_200_when_every_part_works(tmp_path):
    async with running_in_sandbox(bot_config(tmp_path, metrics_port=0)) as bot:
        status, body = await healthz(bot.ops_url)
    assert status == 200
    assert body == {"status": "ok", "failing": [],
                    "checks": {"bot": "ok", "workers": "ok (quick 2, count 1)",
                                                "database": "ok"}}


async def test_healthz_names_the_database_when_it_is_unusable(tmp_path):
    config = bot_config(tmp_path, metrics_port=0, db_path=str(tmp_path))  # a folder
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        status, body = await healthz(bot.ops_url)
        photo = await ask(client, ALICE, SEED_PUZZLE, sent_as="photo", timeout=60)  # answering
    assert status == 503
    assert body["failing"] == ["database"]
    assert body["checks"]["database"].startswith("unavailable")
    assert body["checks"]["bot"] == "ok"
    assert "Checked: all" in photo["caption"]


async def test_healthz_names_the_bot_when_it_stops_receiving_updates(tmp_path):
    async with running_in_sandbox(bot_config(tmp_path, metrics_port=0)) as bot:
        await bot.application.updater.stop()
        status, body = await healthz(bot.ops_url)
        await bot.application.updater.start_polling(poll_interval=0, timeout=1)
    assert (status, body["failing"], body["checks"]["bot"]) == (
        503, ["bot"], "not receiving updates")
