"""The solver workers on Celery (bot/work/broker.py and its lanes) against a real Redis and two real
`python -m bot.worker` processes (tests/celery_servers.py): faults, /cancel of a quick
job (both backends), and what /healthz, /metrics and /admin say about the broker."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import httpx
from botchat import ask, bot_config, long_job, reply_with

from bot.__main__ import running_in_sandbox
from bot.work.lanes import Lanes
from sandbox.client import SandboxClient

ALICE, BOB, CAROL, OWNER = 401, 402, 403, 499
SEKI = "#seki sk_6018.txt\noo+ooaoo-"
#: the puzzle text whose job sleeps in a worker instead of solving (a job that runs long)
SLEEPER = "/seki oooooooo+"
DIED = "the solver process stopped in the middle of this job"


def sleep_on(lanes: Lanes, seconds: float) -> None:
    """Make SLEEPER's job a real job of the quick lane that holds its worker for `seconds`
    (`long_job`)."""
    real_solve = lanes.solve

    async def solve_or_sleep(text: str, kind_name: str | None = None, **options):
        if "oooooooo+" in text:
            return await long_job(lanes.quick, seconds)
        return await real_solve(text, kind_name, **options)

    lanes.solve = solve_or_sleep  # type: ignore[method-assign]


async def running_job(lanes: Lanes, timeout: float = 30) -> dict:
    """The state of the one job in flight once a worker has started it (its pid)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for task_id in list(lanes.broker.waiters):
            meta = await asyncio.to_thread(lambda i=task_id: lanes.broker.app.AsyncResult(i).info)
            if isinstance(meta, dict) and "pid" in meta:
                return meta
        await asyncio.sleep(0.05)
    raise TimeoutError("no job started")


async def test_cancel_stops_your_own_puzzle_being_solved_and_nobody_elses(tmp_path, backend):
    config = bot_config(tmp_path, solve_timeout=60, **backend)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        lanes: Lanes = bot.application.bot_data.services.pool
        sleep_on(lanes, 50)
        sent = await client.send(ALICE, SLEEPER)
        deadline = time.monotonic() + 30
        while not lanes.quick.pending:
            assert time.monotonic() < deadline, "the job did not start"
            await asyncio.sleep(0.05)
        refused = await ask(client, BOB, "/cancel")
        assert refused["text"].startswith("You have no count running.")
        assert lanes.quick.pending == 1, "someone else's /cancel stopped it"
        started = time.monotonic()
        await client.send(ALICE, "/cancel")
        stopped = await reply_with(client, ALICE, sent["message_id"], "stopped;", 30)
        assert stopped["text"] == "Seki: stopped; your puzzle was not solved."
        while lanes.quick.pending:  # the job is revoked (Celery) or its worker killed
            assert time.monotonic() - started < 10, "the job goes on after /cancel"
            await asyncio.sleep(0.05)
        # its worker was freed: both quick workers answer again
        for chat in (ALICE, CAROL):
            answer = await ask(client, chat, SEKI, sent_as="photo", timeout=60)
            assert "Checked: all" in answer["caption"]
        assert time.monotonic() - started < 45, "the cancelled job held its worker"


async def test_cancel_is_sent_after_the_job_started(tmp_path, celery_workers):
    """/cancel reaches a job a Celery worker runs: the job is revoked and its worker
    process killed and replaced (the next job runs on it)."""
    config = bot_config(tmp_path, solve_timeout=60, broker_url=celery_workers.broker_url)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        lanes: Lanes = bot.application.bot_data.services.pool
        sleep_on(lanes, 50)
        await client.send(ALICE, SLEEPER)
        job = await running_job(lanes)
        await ask(client, ALICE, "/cancel")
        deadline = time.monotonic() + 20
        while os.path.exists(f"/proc/{job['pid']}"):
            assert time.monotonic() < deadline, "the revoked job's process still runs"
            await asyncio.sleep(0.1)


async def test_a_worker_killed_mid_job_is_reported_and_the_others_go_on(tmp_path,
                                                                       celery_workers):
    config = bot_config(tmp_path, solve_timeout=60, broker_url=celery_workers.broker_url)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        lanes: Lanes = bot.application.bot_data.services.pool
        sleep_on(lanes, 50)
        sent = await client.send(ALICE, SLEEPER)
        job = await running_job(lanes)
        # the other worker keeps answering while this one is busy
        answer = await ask(client, BOB, SEKI, sent_as="photo", timeout=60)
        assert "Checked: all" in answer["caption"]
        os.kill(job["pid"], signal.SIGKILL)
        told = await reply_with(client, ALICE, sent["message_id"], DIED, 30)
        assert told["text"].startswith("Seki: ")
        for chat in (ALICE, CAROL):  # the next jobs work, on both workers
            again = await ask(client, chat, "#seki again\noo+ooaoo-", sent_as="photo", timeout=60)
            assert "Checked: all" in again["caption"]
        assert bot.application.bot_data.services.metrics.worker_deaths == 1


async def test_redis_restarted_the_jobs_in_flight_are_reported_and_new_ones_work(
        tmp_path, redis_server, celery_workers):
    config = bot_config(tmp_path, solve_timeout=60, broker_url=celery_workers.broker_url)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        lanes: Lanes = bot.application.bot_data.services.pool
        sleep_on(lanes, 8)
        sent = await client.send(ALICE, SLEEPER)
        await running_job(lanes)
        await asyncio.to_thread(redis_server.restart)
        told = await reply_with(client, ALICE, sent["message_id"], DIED, 30)
        assert "please send the puzzle again" in told["text"]
        answer = await ask(client, BOB, SEKI, sent_as="photo", timeout=90)
        assert "Checked: all" in answer["caption"]
    await asyncio.to_thread(celery_workers.wait_seen)  # both back for the next tests


async def test_healthz_metrics_and_admin_report_the_broker_and_the_workers_seen(
        tmp_path, celery_workers):
    config = bot_config(tmp_path, owner_id=OWNER, metrics_port=0,
                        broker_url=celery_workers.broker_url)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        await bot.application.bot_data.services.pool.quick.ready()
        async with httpx.AsyncClient() as http:
            health = (await http.get(f"{bot.ops_url}/healthz")).json()
            metrics = (await http.get(f"{bot.ops_url}/metrics")).text
        assert health["status"] == "ok", health
        assert health["checks"]["broker"] == "ok"
        assert health["checks"]["workers"] == "ok (quick 2, count 2)"
        assert "puzzlebot_broker_up 1.0" in metrics
        assert 'puzzlebot_workers{lane="count"} 2.0' in metrics
        report = await ask(client, OWNER, "/admin")
        assert "Celery broker: ok; quick lane: 2 of 2 workers running" in report["text"]


async def test_a_whole_worker_lost_mid_job_is_reported(tmp_path, celery_workers):
    """The Celery worker itself killed (its machine gone): its job is reported lost once
    the worker misses two pings, and the other worker answers."""
    config = bot_config(tmp_path, solve_timeout=60, broker_url=celery_workers.broker_url)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        lanes: Lanes = bot.application.bot_data.services.pool
        sleep_on(lanes, 50)
        sent = await client.send(ALICE, SLEEPER)
        job = await running_job(lanes)
        worker = int(job["hostname"].rsplit("-", 1)[1])  # quick@HOST-PID
        os.kill(worker, signal.SIGKILL)
        told = await reply_with(client, ALICE, sent["message_id"], DIED, 30)
        assert told["text"].startswith("Seki: ")
        answer = await ask(client, BOB, SEKI, sent_as="photo", timeout=60)
        assert "Checked: all" in answer["caption"]
    celery_workers.served.remove("quick")  # its lane gets a new one
    await asyncio.to_thread(celery_workers.start, 1, "quick")
