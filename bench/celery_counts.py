"""Counts throughput against the number of worker processes: the local pool's count lane
and Celery workers through Redis, side by side in one run.

    .venv/bin/python bench/celery_counts.py                 # 1, 2, 3 workers, 6 counts
    .venv/bin/python bench/celery_counts.py --workers 1,2 --counts 4

For each number of workers N: the local count lane with N processes (`Lanes`, no
broker), then Redis and N `python -m bot.worker` processes (one count process each,
tests/celery_servers.py) behind the same `Lanes`; each gets `--counts` copies of the same
long count (`--puzzle`, run to the end: the lanes do not merge them, `bot/counts.py`
does) at once, and the wall time until all are complete gives counts per minute. A quick
Seki is timed before (the round trip of one small job: the Celery backend's overhead).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from bot.config import Config  # noqa: E402
from bot.work.setup import lanes_for  # noqa: E402

SEKI = "oo+ooaoo-"


@contextmanager
def backend(kind: str, workers: int) -> Iterator[Config]:
    """The bot's settings for N workers, local or on Celery (Redis and workers started)."""
    if kind == "local":
        yield Config(workers=1, count_workers=workers)
        return
    from celery_servers import CeleryWorkers, RedisServer

    with tempfile.TemporaryDirectory(prefix="puzzlebot-counts-") as folder:
        redis = RedisServer(Path(folder))
        redis.start()
        started = CeleryWorkers(redis.url, Path(folder))
        try:
            started.start(workers)
            yield Config(broker_url=redis.url)
        finally:
            started.stop()
            redis.stop()


async def measure(config: Config, counts: int, puzzle: str) -> tuple[float, float]:
    """Median seconds of 10 quick Sekis, and seconds for `counts` counts at once."""
    lanes = lanes_for(config)
    lanes.start()
    try:
        await lanes.quick.ready()
        await lanes.counts.ready()
        quick = []
        for _ in range(10):
            started = time.perf_counter()
            await lanes.solve(SEKI)
            quick.append(time.perf_counter() - started)
        started = time.perf_counter()
        results = await asyncio.gather(*(lanes.count(puzzle) for _ in range(counts)))
        seconds = time.perf_counter() - started
        assert all(result.exhaustive for result in results), "a count did not finish"
        return statistics.median(quick), seconds
    finally:
        lanes.drop_jobs()
        await lanes.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", default="1,2,3")
    parser.add_argument("--counts", type=int, default=6)
    parser.add_argument("--puzzle", default="queens 12")
    args = parser.parse_args(argv)
    print(f"{args.counts} x {args.puzzle!r} at once\n")
    print("| workers | backend | Seki round trip, median s | all counts, s | counts/min |")
    print("|---:|---|---:|---:|---:|")
    for workers in (int(n) for n in args.workers.split(",")):
        for kind in ("local", "celery"):
            with backend(kind, workers) as config:
                quick, seconds = asyncio.run(measure(config, args.counts, args.puzzle))
            print(f"| {workers} | {kind} | {quick:.3f} | {seconds:.1f} "
                  f"| {60 * args.counts / seconds:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
