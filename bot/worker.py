"""`python -m bot.worker`: a solver machine's Celery workers (see bot/celery_lane.py).

Reads the bot's environment (`PUZZLEBOT_BROKER_URL`, `PUZZLEBOT_WORKERS`,
`PUZZLEBOT_COUNT_WORKERS`). Each lane gets a Celery worker of its own, so that counts
run at a lower CPU priority and never take a quick job's process: `--queues quick,counts`
(the default) starts one per queue as child processes and ends with them; `--queues
quick` runs that one worker here. `--concurrency N`: the quick lane's processes (default
`PUZZLEBOT_WORKERS`); the count lane has `PUZZLEBOT_COUNT_WORKERS`, or N with
`--queues counts` alone.

Each worker process is warmed up like a local pool's (`warm_up`: every kind's heavy parts
loaded, the count lane's niceness) before it takes a job, and dies with its worker.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys

from celery.signals import worker_process_init

from .celery_lane import QUEUES, TaskProgress, make_app
from .config import Config
from .lanes import COUNT_NICENESS
from .pool import warm_up


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot.worker", description=__doc__.split(
        "\n\n")[0])
    parser.add_argument("--queues", default=",".join(QUEUES.values()),
                        help="the lanes' queues to serve, comma-separated: quick,counts")
    parser.add_argument("--concurrency", type=int, default=None,
                        help="worker processes of the quick lane (or of the only queue)")
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
        raise SystemExit("PUZZLEBOT_BROKER_URL is not set: the workers need the broker")
    niceness = COUNT_NICENESS if queue == QUEUES["count"] else 0

    @worker_process_init.connect(weak=False)
    def warm(**_: object) -> None:
        warm_up(TaskProgress(), niceness)

    app = make_app(config.broker_url)
    app.worker_main(["worker", "--queues", queue, "--concurrency", str(processes),
                     "--hostname", f"{queue}@{socket.gethostname()}-{os.getpid()}",
                     "--pool", "prefork", "--loglevel", "INFO", "--without-gossip",
                     "--without-mingle"])


def run_all(options: argparse.Namespace) -> int:
    """One child process per queue; SIGTERM and SIGINT are passed on; ends with them."""
    children = [subprocess.Popen([sys.executable, "-m", "bot.worker", "--queues", queue]
                                 + (["--concurrency", str(options.concurrency)]
                                    if options.concurrency and queue == QUEUES["quick"]
                                    else []))
                for queue in options.queues]

    def pass_on(number: int, _frame: object) -> None:
        for child in children:
            child.send_signal(number)

    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, pass_on)
    codes = [child.wait() for child in children]
    return max(codes, key=abs)


def main(argv: list[str] | None = None) -> int:
    options = arguments(argv)
    config = Config.from_env()
    if len(options.queues) > 1:
        return run_all(options)
    queue = options.queues[0]
    run_worker(queue, concurrency(queue, config, options.concurrency, True), config)
    return 0


if __name__ == "__main__":
    sys.exit(main())
