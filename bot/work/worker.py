"""`python -m bot.worker`: a solver machine's Celery workers (see `bot.work.celery_app`).

Reads the bot's environment (`PUZZLEBOT_BROKER_URL`, `PUZZLEBOT_WORKERS`,
`PUZZLEBOT_COUNT_WORKERS`). Each lane gets a Celery worker of its own, so that counts
run at a lower CPU priority and never take a quick job's process: `--queues
quick,counts` (the default) starts one per queue as child processes and supervises them
(`run_all`); `--queues quick` runs that one worker here. `--concurrency N`: the quick
lane's processes (default `PUZZLEBOT_WORKERS`); the count lane has
`PUZZLEBOT_COUNT_WORKERS`, or N with `--queues counts` alone.

Each worker process is warmed up like a local pool's (`warm_up`: every kind's heavy parts
loaded, the count lane's niceness) before it takes a job, and dies with its worker. The
heavy parts are loaded once in the Celery worker before its pool forks
(`preload_for_workers`), so its processes share their pages.
"""

from __future__ import annotations

import argparse
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass

from celery.signals import worker_process_init

from ..config import Config
from .celery_app import QUEUES, TaskProgress, make_app
from .lane import COUNT_NICENESS
from .process import preload_for_workers, warm_up

log = logging.getLogger("bot.worker")

#: how often the supervisor looks at its children (seconds)
POLL_EVERY = 0.5
#: a child that ran this long before it died is restarted as if for the first time
STABLE_AFTER = 60.0
#: the longest wait before a restart (seconds)
BACKOFF_MAX = 30.0


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot.worker", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("--queues", default=",".join(QUEUES.values()),
                        help="the lanes' queues to serve, comma-separated: quick,counts")
    parser.add_argument("--concurrency", type=int, default=None,
                        help="worker processes of the quick lane (or of the only queue)")
    parser.add_argument("--restarts", type=int, default=5,
                        help="restarts in a row of a lane's dying worker before giving up "
                             "and exiting non-zero (with two or more queues)")
    options = parser.parse_args(argv)
    options.queues = [name.strip() for name in options.queues.split(",") if name.strip()]
    unknown = set(options.queues) - set(QUEUES.values())
    if unknown or not options.queues:
        parser.error(f"--queues: among {', '.join(QUEUES.values())}, not {options.queues}")
    return options


def concurrency(queue: str, config: Config, asked: int | None, alone: bool) -> int:
    """Worker processes for a queue: as asked, else the bot's settings for that lane."""
    if asked is not None and (alone or queue == QUEUES["quick"]):
        return max(1, asked)
    return config.count_workers if queue == QUEUES["count"] else config.workers


def run_worker(queue: str, processes: int, config: Config) -> None:
    """One Celery worker serving one queue, here, until it is stopped."""
    if config.broker_url is None:
        raise SystemExit("PuzzleBot worker: PUZZLEBOT_BROKER_URL is not set: the workers "
                         "need the broker (redis://HOST:6379/0)")
    niceness = COUNT_NICENESS if queue == QUEUES["count"] else 0

    @worker_process_init.connect(weak=False)
    def warm(**_: object) -> None:
        warm_up(TaskProgress(), niceness, config.plugin_kinds, config.test_extra_locale_dir)

    preload_for_workers()
    app = make_app(config.broker_url)
    app.worker_main(["worker", "--queues", queue, "--concurrency", str(processes),
                     "--hostname", f"{queue}@{socket.gethostname()}-{os.getpid()}",
                     "--pool", "prefork", "--loglevel", "INFO", "--without-gossip",
                     "--without-mingle"])


@dataclass
class Lane:
    """One queue's worker child, as the supervisor keeps it: the command that starts
    it, the process, when it started and how many restarts in a row it has had."""

    queue: str
    command: list[str]
    process: subprocess.Popen[bytes] | None = None
    started: float = 0.0
    restarts: int = 0

    def start(self) -> None:
        self.process = subprocess.Popen(self.command)
        self.started = time.monotonic()


def child_command(queue: str, options: argparse.Namespace) -> list[str]:
    """The command of one queue's worker child."""
    asked = options.concurrency and queue == QUEUES["quick"]
    return ([sys.executable, "-m", "bot.worker", "--queues", queue]
            + (["--concurrency", str(options.concurrency)] if asked else []))


def run_all(options: argparse.Namespace) -> int:
    """One child process per queue, supervised: a child that dies is started again after
    a back-off (1 s, doubling, at most `BACKOFF_MAX`), and said so in the log; one that
    dies `--restarts` times in a row, each within `STABLE_AFTER` of its start, is given
    up on: the others are stopped and this exits non-zero, so whatever supervises the
    machine sees a dead worker rather than a parent that looks alive. SIGTERM and SIGINT
    are passed on; a stop asked that way ends with the children's own exit code."""
    lanes = [Lane(queue, child_command(queue, options)) for queue in options.queues]
    stopping = False

    def pass_on(number: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True
        for lane in lanes:
            if lane.process is not None and lane.process.poll() is None:
                lane.process.send_signal(number)

    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, pass_on)
    for lane in lanes:
        lane.start()
    while not stopping:
        time.sleep(POLL_EVERY)
        for lane in lanes:
            code = lane.process.poll() if lane.process is not None else None
            if code is None or stopping:
                continue
            if not restart(lane, code, options.restarts):
                pass_on(signal.SIGTERM, None)
                for other in lanes:
                    if other.process is not None:
                        other.process.wait()
                return 1
    codes = [lane.process.wait() for lane in lanes if lane.process is not None]
    return max(codes, key=abs)


def restart(lane: Lane, code: int, restarts: int) -> bool:
    """Start a lane's dead worker again after its back-off; False once it has died
    `restarts` times in a row soon after starting (then it is not started again)."""
    lived = time.monotonic() - lane.started
    lane.restarts = 0 if lived >= STABLE_AFTER else lane.restarts + 1
    if lane.restarts > restarts:
        log.error("the %s lane's worker died %d times in a row (last exit code %s); "
                  "giving up", lane.queue, lane.restarts, code)
        return False
    delay = min(BACKOFF_MAX, 2.0 ** max(0, lane.restarts - 1))
    log.warning("the %s lane's worker ended (exit code %s) after %.0f s; starting it "
                "again in %.0f s", lane.queue, code, lived, delay)
    time.sleep(delay)
    lane.start()
    return True


def main(argv: list[str] | None = None) -> int:
    options = arguments(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    try:
        config = Config.from_env()
    except ValueError as error:  # a setting that cannot work: say which, no traceback
        print(f"PuzzleBot worker: {error}", file=sys.stderr, flush=True)
        return 2
    if len(options.queues) > 1:
        return run_all(options)
    queue = options.queues[0]
    run_worker(queue, concurrency(queue, config, options.concurrency, True), config)
    return 0


if __name__ == "__main__":
    sys.exit(main())
