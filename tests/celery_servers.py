"""Real servers for the Celery backend's tests, started once per test session:

- `redis_server`: Debian's `redis-server` on a free loopback port, nothing saved to disk
  (a restart loses every queued job and result, as a crashed Redis would);
- `celery_workers`: two `python -m bot.worker` processes (one quick and one count
  process each) reading that Redis; `backend_settings(...)` are the bot's settings for it.

Both are stopped at the end of the session. The tests that use them import them.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from botchat import free_port

from bot.work.celery_app import QUEUES, make_app

ROOT = Path(__file__).resolve().parent.parent
#: seconds a server or the workers get to start
START_TIMEOUT = 90.0


@dataclass
class RedisServer:
    """One redis-server process on 127.0.0.1; `restart` keeps its port."""

    folder: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        log = (self.folder / "redis.log").open("ab")
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
             "--save", "", "--appendonly", "no", "--dir", str(self.folder)],
            stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_TIMEOUT
        while subprocess.run(["redis-cli", "-p", str(self.port), "ping"], capture_output=True,
                             text=True).stdout.strip() != "PONG":
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError(f"redis-server did not start: see {self.folder}/redis.log")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None

    def restart(self) -> None:
        """Stop and start again: every job queued and every result is lost."""
        self.stop()
        self.start()


@dataclass
class CeleryWorkers:
    """`python -m bot.worker` processes serving both lanes."""

    broker_url: str
    folder: Path
    processes: list[subprocess.Popen] = field(default_factory=list)
    #: each process's queues, one entry per queue served
    served: list[str] = field(default_factory=list)

    def start(self, count: int = 2, queues: str = "quick,counts") -> None:
        """Start `count` more worker processes serving these queues; wait until both
        lanes have as many processes as there are workers."""
        env = {**os.environ, "PUZZLEBOT_BROKER_URL": self.broker_url,
               "PUZZLEBOT_WORKERS": "1", "PUZZLEBOT_COUNT_WORKERS": "1"}
        env.pop("C_FORCE_ROOT", None)  # as root too: no pickle, so Celery needs no force
        for _ in range(count):
            log = (self.folder / f"worker{len(self.processes)}.log").open("ab")
            self.processes.append(subprocess.Popen(
                [sys.executable, "-m", "bot.worker", "--queues", queues], cwd=ROOT, env=env,
                stdout=log, stderr=subprocess.STDOUT, start_new_session=True))
            self.served += queues.split(",")
        self.wait_seen()

    def wait_seen(self) -> None:
        """Wait until every queue has as many Celery workers answering a ping as were
        started for it (after a fault: once they are back)."""
        app = make_app(self.broker_url)
        deadline = time.monotonic() + START_TIMEOUT
        try:
            while time.monotonic() < deadline:
                stats = app.control.inspect(timeout=1.0).stats() or {}
                ready = [node.split("@")[0] for node, figures in stats.items()
                         if figures.get("pool", {}).get("processes")]
                if all(ready.count(queue) >= self.served.count(queue)
                       for queue in QUEUES.values()):
                    return
                time.sleep(0.2)
        finally:
            app.close()
        raise RuntimeError(f"the workers did not start: see {self.folder}/worker*.log")

    def stop(self) -> None:
        for process in self.processes:
            with_group(process, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                with_group(process, signal.SIGKILL)
                process.wait(5)
        self.processes, self.served = [], []


def with_group(process: subprocess.Popen, number: int) -> None:
    """Send a signal to a worker and every process it started."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, number)


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory):
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def celery_workers(redis_server, tmp_path_factory):
    workers = CeleryWorkers(redis_server.url, tmp_path_factory.mktemp("workers"))
    try:
        workers.start()
        yield workers
    finally:
        workers.stop()


def backend_settings(workers: CeleryWorkers | None) -> dict:
    """The bot's settings for a backend: the local pool (None), or these workers."""
    return {} if workers is None else {"broker_url": workers.broker_url}
