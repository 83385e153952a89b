"""The work transport under attack and strain (issue 38, points 1-6), against a real Redis
and real `python -m bot.worker` processes (tests/celery_servers.py): messages nested to
crash a C unpacker, forged and malformed results, JSON task messages, missed pings, a bot
started with no worker, and the workers' warm-up under Celery."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from botchat import ask, bot_config, long_job, reply_with
from celery_servers import RedisServer
from test_celery import SLEEPER, sleep_on

from bot.__main__ import running_in_sandbox
from bot.work import codec, jobs
from bot.work.broker import PING_TIMEOUT, WATCH_EVERY
from bot.work.celery_app import make_app
from bot.work.errors import JobTimeout
from bot.work.lane import COUNT_NICENESS
from bot.work.lanes import Lanes
from sandbox.client import SandboxClient

ROOT = Path(__file__).resolve().parent.parent
ALICE, BOB = 3801, 3802
SEKI = "#seki sk_6018.txt\noo+ooaoo-"
DIED = "the solver process stopped in the middle of this job"
NO_WORKER = "No solver is running right now"


def nested(depth: int) -> tuple:
    """A tuple nested `depth` deep: under 1 KB packed, one C unpacker call a level."""
    value: tuple = ()
    for _ in range(depth):
        value = (value,)
    return value


def test_a_deeply_nested_message_is_refused_without_recursing():
    """A subprocess: the C stack's overflow would kill it with SIGSEGV."""
    code = ("from bot.work import codec\n"
            "value = ()\n"
            "for _ in range(200):\n    value = (value,)\n"
            "data = codec.pack(value)\n"
            "assert len(data) < 1024, len(data)\n"
            "try:\n    codec.unpack(data)\nexcept codec.Unpackable as error:\n"
            "    print('refused:', error)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("refused: nested deeper than")


def test_a_record_with_fields_of_the_wrong_type_is_refused():
    good = jobs.RacePuzzle("text", "source", b"png", 1)
    assert codec.unpack(codec.pack(good)) == good
    with pytest.raises(codec.Unpackable, match="RacePuzzle.text"):
        codec.unpack(codec.pack(jobs.RacePuzzle([["1"]], "source", b"png", 1)))  # type: ignore[arg-type]
    with pytest.raises(codec.Unpackable, match="RacePuzzle.solutions"):
        codec.unpack(codec.pack(jobs.RacePuzzle("text", "source", b"png", "1")))  # type: ignore[arg-type]


def quick_nodes(app) -> dict[str, list[int]]:
    """The quick lane's Celery workers answering a ping: their pool processes, by node."""
    stats = app.control.inspect(timeout=3.0).stats() or {}
    return {node: sorted(figures["pool"]["processes"]) for node, figures in stats.items()
            if node.startswith("quick@")}


def queue_length(port: int, queue: str) -> int:
    done = subprocess.run(["redis-cli", "-p", str(port), "llen", queue], capture_output=True,
                          text=True, check=True)
    return int(done.stdout.strip())


async def test_a_nested_message_on_the_quick_queue_kills_no_worker(redis_server,
                                                                   celery_workers):
    app = make_app(celery_workers.broker_url)
    try:
        before = await asyncio.to_thread(quick_nodes, app)
        assert len(before) == 2, before
        for _ in before:  # one for each worker
            app.send_task("puzzlebot.solve", args=(nested(200),), queue="quick")
        deadline = time.monotonic() + 60
        while queue_length(redis_server.port, "quick"):
            assert time.monotonic() < deadline, "the workers took nothing"
            await asyncio.sleep(0.1)
        answers = [app.send_task("puzzlebot.solve", args=(SEKI, None, 20.0), queue="quick")
                   for _ in before]
        for answer in answers:
            outcome = await asyncio.to_thread(answer.get, timeout=60)
            assert outcome["value"].ok
        after: dict[str, list[int]] = {}
        deadline = time.monotonic() + 30
        while after != before and time.monotonic() < deadline:
            after = await asyncio.to_thread(quick_nodes, app)
        assert after == before, "a quick worker or one of its processes died"
    finally:
        app.close()
        await asyncio.to_thread(celery_workers.wait_seen)


async def started_job(lanes: Lanes, timeout: float = 30) -> str:
    """The id of the one job in flight once a worker has started it."""
    backend = lanes.broker.app.backend
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for task_id in list(lanes.broker.waiters):
            meta = await asyncio.to_thread(backend.get_task_meta, task_id)
            if meta.get("status") in ("STARTED", "PROGRESS"):
                return task_id
        await asyncio.sleep(0.05)
    raise TimeoutError("no job started")


def forge(lanes: Lanes, task_id: str, meta: dict) -> None:
    """Write a job's stored state as someone with access to Redis would."""
    backend = lanes.broker.app.backend
    backend.client.set(backend.get_key_for_task(task_id), codec.pack(meta))


@pytest.mark.parametrize("meta", [
    {"status": "SUCCESS", "result": nested(200)},
    {"status": "STARTED", "result": [1, 2, 3]},
    {"status": "PROGRESS", "result": {"solutions": "x"}},
    {"status": "SUCCESS", "result": {"value": jobs.RacePuzzle([["1"]], "", b"", 1)}},
], ids=["nested", "started-list", "progress-junk", "wrong-field-type"])
async def test_a_forged_result_ends_its_job_only_and_solving_goes_on(tmp_path, celery_workers,
                                                                     meta):
    config = bot_config(tmp_path, solve_timeout=60, broker_url=celery_workers.broker_url)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        lanes: Lanes = bot.application.bot_data.services.pool
        sleep_on(lanes, 50)
        sent = await client.send(ALICE, SLEEPER)
        task_id = await started_job(lanes)
        await asyncio.to_thread(forge, lanes, task_id, {**meta, "task_id": task_id})
        told = await reply_with(client, ALICE, sent["message_id"], DIED, 30)
        assert told["text"].startswith("Seki: ")
        for chat in (ALICE, BOB):  # the poll goes on: later puzzles are answered
            answer = await ask(client, chat, SEKI, sent_as="photo", timeout=60)
            assert "Checked: all" in answer["caption"]
    await asyncio.to_thread(celery_workers.wait_seen)


async def test_a_job_whose_result_never_comes_ends_at_its_limit(tmp_path, redis_server,
                                                               celery_workers):
    """Both quick workers held, a third job queued and its message lost from Redis: its
    wait ends (JobTimeout) instead of lasting for ever."""
    config = bot_config(tmp_path, solve_timeout=60, broker_url=celery_workers.broker_url)
    async with running_in_sandbox(config) as bot:
        lanes: Lanes = bot.application.bot_data.services.pool
        await lanes.quick.ready()
        holders = [asyncio.create_task(long_job(lanes.quick, 60)) for _ in range(2)]
        try:
            deadline = time.monotonic() + 30
            while sum(1 for w in lanes.broker.waiters.values() if w.worker) < 2:
                assert time.monotonic() < deadline, "the holding jobs did not start"
                await asyncio.sleep(0.1)
            lost = asyncio.create_task(lanes.quick.submit(jobs.solve, SEKI, None, 2.0,
                                                          timeout=2.0))
            while not queue_length(redis_server.port, "quick"):
                await asyncio.sleep(0.02)
            subprocess.run(["redis-cli", "-p", str(redis_server.port), "del", "quick"],
                           check=True, capture_output=True)
            with pytest.raises(JobTimeout):
                await asyncio.wait_for(lost, 120)
        finally:
            for holder in holders:
                holder.cancel()
            for holder in holders:
                with contextlib.suppress(asyncio.CancelledError):
                    await holder
    await asyncio.to_thread(celery_workers.wait_seen)


async def test_healthz_fails_when_the_poll_of_jobs_is_not_running(tmp_path, celery_workers):
    config = bot_config(tmp_path, metrics_port=0, broker_url=celery_workers.broker_url)
    async with running_in_sandbox(config) as bot:
        lanes: Lanes = bot.application.bot_data.services.pool
        await lanes.quick.ready()
        async with httpx.AsyncClient() as http:
            assert (await http.get(f"{bot.ops_url}/healthz")).status_code == 200
            poll = next(t for t in lanes.broker._tasks if t.get_name() == "broker-poll")  # noqa: SLF001
            poll.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await poll
            answer = await http.get(f"{bot.ops_url}/healthz")
        assert answer.status_code == 503
        body = answer.json()
        assert "broker" in body["failing"]
        assert body["checks"]["broker"] == "failing: the poll of the jobs in flight has stopped"


def worker_pids(app, queue: str) -> list[int]:
    """The main process of each Celery worker of a queue (named QUEUE@HOST-PID)."""
    stats = app.control.inspect(timeout=3.0).stats() or {}
    return [int(node.rsplit("-", 1)[1]) for node in stats if node.startswith(f"{queue}@")]


async def test_a_ping_missed_by_stopped_workers_refuses_nobody(tmp_path, celery_workers):
    """Both quick workers stopped (SIGSTOP) for two pings: the lane is not taken for empty
    on a miss or two; the puzzle sent meanwhile is answered once they go on."""
    config = bot_config(tmp_path, broker_url=celery_workers.broker_url)
    app = make_app(celery_workers.broker_url)
    pids = await asyncio.to_thread(worker_pids, app, "quick")
    app.close()
    assert len(pids) == 2
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        await bot.application.bot_data.services.pool.quick.ready()
        for pid in pids:
            os.kill(pid, signal.SIGSTOP)
        try:
            await asyncio.sleep(2 * (WATCH_EVERY + PING_TIMEOUT))
            sent = await client.send(ALICE, SEKI)
            await asyncio.sleep(0.5)
        finally:
            for pid in pids:
                os.kill(pid, signal.SIGCONT)
        first = await client.wait_for(ALICE, after=sent["message_id"], timeout=60)
        assert NO_WORKER not in (first.get("text") or ""), first
        if first.get("photo") is None:
            first = await client.wait_for(ALICE, after=sent["message_id"], sent_as="photo",
                                          timeout=60)
        assert "Checked: all" in first["caption"]


async def test_no_worker_at_start_refuses_the_first_puzzle_at_once(tmp_path):
    """A broker with no worker at all: the puzzle sent as the bot starts is told there is
    no solver, not left "searching"."""
    empty = RedisServer(tmp_path / "redis")
    empty.folder.mkdir()
    empty.start()
    try:
        config = bot_config(tmp_path, broker_url=empty.url)
        async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
            answer = await ask(client, ALICE, SEKI, timeout=30)
            assert NO_WORKER in answer["text"], answer["text"]
    finally:
        empty.stop()


def worker_log(celery_workers) -> str:
    return "".join(path.read_text(errors="replace")
                   for path in sorted(celery_workers.folder.glob("worker*.log")))


async def test_a_json_task_message_runs_no_job(celery_workers):
    app = make_app(celery_workers.broker_url)
    try:
        marked = SEKI.replace("sk_6018", "sent-as-json-38")
        json_job = app.send_task("puzzlebot.solve", args=(marked, None, 20.0), queue="quick",
                                 serializer="json")
        for answer in [app.send_task("puzzlebot.solve", args=(SEKI, None, 20.0),
                                     queue="quick") for _ in range(3)]:
            assert (await asyncio.to_thread(answer.get, timeout=60))["value"].ok
        deadline = time.monotonic() + 30
        refused = "Refusing to deserialize untrusted content of type json"
        while not any(refused in part and "sent-as-json-38" in part
                      for part in worker_log(celery_workers).split(" celery.")):
            assert time.monotonic() < deadline, "the JSON message was not refused"
            await asyncio.sleep(0.2)
        assert json_job.state == "PENDING"
    finally:
        app.close()


def niceness(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[16])


def test_celery_worker_processes_are_warmed_up(celery_workers):
    """Under Celery too: the count lane's processes at its lower priority, and no warm-up
    step failing (faulthandler with Celery's stderr, which has no file number)."""
    app = make_app(celery_workers.broker_url)
    try:
        stats = app.control.inspect(timeout=3.0).stats() or {}
    finally:
        app.close()
    counts = [pid for node, figures in stats.items() if node.startswith("counts@")
              for pid in figures["pool"]["processes"]]
    assert counts
    assert [niceness(pid) for pid in counts] == [COUNT_NICENESS] * len(counts)
    log = worker_log(celery_workers)
    assert "fileno" not in log
    assert "warm-up step" not in log


def test_a_failing_warm_up_step_is_logged_and_the_others_still_run(tmp_path):
    """A plug-in kind that cannot be loaded: the error is logged with its step, and the
    steps after it still run (the worker says it is ready)."""
    code = ("import logging, sys\n"
            "logging.basicConfig(level=logging.INFO)\n"
            "from bot.work.process import warm_up\n"
            "class Sink:\n"
            "    def put(self, item):\n"
            "        print('ready', item[0], flush=True)\n"
            "warm_up(Sink(), 0, ('no_such_module_38:Kind',))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "ready None\n"
    assert "warm-up step 'plug-in kinds' failed" in done.stderr
    assert "no_such_module_38" in done.stderr
