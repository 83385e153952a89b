"""The work package (bot/work/): what crosses to a worker is plain data naming a job of the
allow-list, on both backends; a message on Redis naming anything else runs nothing; the
lane workers under `python -m bot.worker` are supervised; with no worker serving a lane, a
request is answered at once; and a worker loads neither Telegram nor the handlers."""

from __future__ import annotations

import asyncio
import os
import pickle
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from botchat import ask, bot_config

from bot.__main__ import running_in_sandbox
from bot.work import codec, jobs
from bot.work.celery_app import QUEUES, make_app
from bot.work.errors import NO_WORKER_TEXT
from bot.work.lanes import Lanes
from sandbox.client import SandboxClient
from solvers.pipeline import Later, Result, run
from solvers.values import PuzzleError

ROOT = Path(__file__).resolve().parent.parent
SEKI = "#seki sk_6018.txt\noo+ooaoo-"
ALICE = 601


class Touch:
    """An object whose unpickling runs a shell command (what an attacker would send)."""

    def __init__(self, path: Path):
        self.path = path

    def __reduce__(self):
        return (os.system, (f"touch {self.path}",))


# The codec -----------------------------------------------------------------------------

def test_a_result_with_its_pictures_crosses_whole():
    result = run(SEKI)
    result.later = Later("burr", "text", 2.0)
    back = codec.unpack(codec.pack(result))
    assert isinstance(back, Result) and back == result
    assert isinstance(back.media[0].data, bytes)
    assert codec.unpack(codec.pack((1, [2, (3,)]))) == (1, [2, (3,)])


def test_anything_but_plain_data_and_listed_records_is_refused():
    with pytest.raises(TypeError, match="not plain data"):
        codec.pack(Touch(Path("/tmp/x")))
    with pytest.raises(TypeError, match="not plain data"):
        codec.pack({1, 2})
    with pytest.raises(codec.Unpackable):
        codec.unpack(pickle.dumps(Touch(Path("/tmp/x"))))
    record = codec.pack(Later("seki", "x"))
    with pytest.raises(codec.Unpackable, match="no record 'Other'"):
        codec.unpack(record.replace(b"Later", b"Other"))


def test_only_jobs_of_the_allow_list_are_named():
    assert jobs.name_of(jobs.solve) == "solve"
    with pytest.raises(ValueError, match="not a job"):
        jobs.name_of(os.system)
    with pytest.raises(KeyError):
        jobs.outcome("system", ["true"])
    assert jobs.outcome("smt", ["no puzzle"]) == {
        "error": "/smt: this does not look like a puzzle I know; send /help for the formats"}
    with pytest.raises(PuzzleError):
        jobs.settled(jobs.outcome("smt", ["no puzzle"]))


async def test_the_local_pool_takes_only_allow_listed_jobs(tmp_path):
    async with running_in_sandbox(bot_config(tmp_path)) as bot:
        lanes: Lanes = bot.application.bot_data.services.pool
        with pytest.raises(ValueError, match="not a job"):
            await lanes.submit(os.system, f"touch {tmp_path / 'ran'}")
        made = await lanes.submit(jobs.smt, SEKI)
        assert made.kind_name == "seki" and "(check-sat)" in made.smtlib
    assert not (tmp_path / "ran").exists()


def test_a_worker_loads_neither_telegram_nor_the_handlers():
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, bot.worker, bot.work.pool, bot.work.lanes; "
         "print(' '.join(sorted(sys.modules)))"],
        cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    assert "bot.work.celery_app" in loaded and "solvers.pipeline" in loaded
    assert [m for m in loaded if m.split(".")[0] in ("telegram", "sandbox")] == []
    assert [m for m in loaded if m.startswith("bot.") and not m.startswith("bot.work")
            and m not in ("bot.worker", "bot.config", "bot.i18n")] == []


# Celery ------------------------------------------------------------------------------

def worker_logs(folder: Path) -> str:
    return "".join(path.read_text(errors="replace") for path in folder.glob("worker*.log"))


async def test_a_message_on_redis_naming_anything_else_runs_nothing(tmp_path, celery_workers):
    """A pickled object, and JSON messages naming `os.system` and the old run-anything
    task, to every queue: none runs, each is logged, and the workers go on answering."""
    client = make_app(celery_workers.broker_url)
    marks = []
    try:
        for queue in QUEUES.values():
            mark = tmp_path / f"ran-{queue}"
            marks.append(mark)
            evil = Touch(mark)
            client.send_task("puzzlebot.solve", args=[evil], serializer="pickle", queue=queue)
            client.send_task("puzzlebot.run", args=["os", "system", [f"touch {mark}"]],
                             serializer="json", queue=queue)
            client.send_task("os.system", args=[f"touch {mark}"], serializer="json",
                             queue=queue)
        config = bot_config(tmp_path, broker_url=celery_workers.broker_url)
        async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as chat:
            answer = await ask(chat, ALICE, SEKI, sent_as="photo", timeout=60)
            assert "Checked: all" in answer["caption"]
            counting = await ask(chat, ALICE, "queens 11", sent_as="photo", timeout=60)
            assert "queens" in counting["caption"].lower()
    finally:
        client.close()
    logs = worker_logs(celery_workers.folder)
    assert "Received unregistered task of type 'os.system'" in logs
    assert "Received unregistered task of type 'puzzlebot.run'" in logs
    assert "application/x-python-serialize" in logs  # the pickled one: refused unread
    assert not any(mark.exists() for mark in marks)


async def test_with_no_worker_a_request_is_answered_at_once(tmp_path, redis_server):
    """A broker nobody serves (another Redis database): the bot says so at once, counts
    it, and /healthz names both lanes."""
    url = redis_server.url.rsplit("/", 1)[0] + "/7"
    config = bot_config(tmp_path, broker_url=url, metrics_port=0)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as chat:
        lanes: Lanes = bot.application.bot_data.services.pool
        assert lanes.broker is not None
        while lanes.broker.reachable != "ok":  # the first ping has found nobody
            await asyncio.sleep(0.1)
        answer = await ask(chat, ALICE, SEKI, timeout=10)
        assert answer["text"] == NO_WORKER_TEXT
        assert lanes.quick.refused == 1 and not lanes.quick.pending
        async with httpx.AsyncClient() as http:
            health = (await http.get(f"{bot.ops_url}/healthz")).json()
            metrics = (await http.get(f"{bot.ops_url}/metrics")).text
        assert health["checks"]["workers"] == "no worker running in the quick and count lane"
        assert 'puzzlebot_no_worker_refusals_total{lane="quick"} 1.0' in metrics


def ping_workers(url: str, queue: str) -> set[str]:
    """The Celery workers of `queue` answering a ping now."""
    app = make_app(url)
    try:
        stats = app.control.inspect(timeout=1.0).stats() or {}
    finally:
        app.close()
    return {node for node in stats if node.startswith(queue + "@")}


def wait_for_workers(url: str, queue: str, not_these: set[str] = frozenset(),
                     timeout: float = 90) -> set[str]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        seen = ping_workers(url, queue)
        if seen and not seen & not_these:
            return seen
        time.sleep(0.3)
    raise TimeoutError(f"no new {queue} worker answered")


def test_lane_workers_are_started_again_and_given_up_on_when_they_keep_dying(
        tmp_path, redis_server):
    """As root and without C_FORCE_ROOT: a quick worker killed is started again (said in
    the log); killed again soon after, with --restarts 1, the supervisor stops the other
    lane and exits non-zero."""
    url = redis_server.url.rsplit("/", 1)[0] + "/8"
    env = {key: value for key, value in os.environ.items() if key != "C_FORCE_ROOT"}
    env.update(PUZZLEBOT_BROKER_URL=url, PUZZLEBOT_WORKERS="1", PUZZLEBOT_COUNT_WORKERS="1")
    log = (tmp_path / "worker.log").open("wb")
    supervisor = subprocess.Popen([sys.executable, "-m", "bot.worker", "--restarts", "1"],
                                  cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                  start_new_session=True)
    try:
        first = wait_for_workers(url, "quick")
        wait_for_workers(url, "counts")
        os.kill(int(next(iter(first)).rsplit("-", 1)[1]), signal.SIGKILL)  # quick@HOST-PID
        second = wait_for_workers(url, "quick", not_these=first)
        assert "the quick lane's worker ended (exit code -9)" in (tmp_path / "worker.log"
                                                                   ).read_text()
        os.kill(int(next(iter(second)).rsplit("-", 1)[1]), signal.SIGKILL)
        assert supervisor.wait(60) == 1
        said = (tmp_path / "worker.log").read_text()
        assert "the quick lane's worker died 2 times in a row" in said and "giving up" in said
        assert not ping_workers(url, "counts"), "the other lane's worker outlived the giving up"
    finally:
        if supervisor.poll() is None:
            os.killpg(supervisor.pid, signal.SIGKILL)
            supervisor.wait()


def test_a_worker_that_cannot_start_says_why():
    env = {key: value for key, value in os.environ.items()
           if key not in ("PUZZLEBOT_BROKER_URL", "C_FORCE_ROOT")}
    done = subprocess.run([sys.executable, "-m", "bot.worker", "--queues", "quick"], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "PUZZLEBOT_BROKER_URL is not set" in done.stderr
    assert "Traceback" not in done.stderr
