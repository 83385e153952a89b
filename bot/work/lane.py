"""What a lane is, whatever runs its jobs: the `Lane` interface a local pool
(`bot.work.pool`) and a Celery lane (`bot.work.celery_lane`) both offer, the `Hub` a
Celery lane's broker is to `Lanes`, and the figures every lane keeps. Nothing here runs a
job, so `Lanes` and the handlers that hold it depend on this and not on pebble or Celery
(`bot.work.setup` builds the lanes the configuration asks for)."""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from solvers.pipeline import Result

log = logging.getLogger(__name__)

#: how much lower the count lane's CPU priority is (nice)
COUNT_NICENESS = 10
#: called with (solutions found so far, search nodes) while a long job runs
ProgressListener = Callable[[int, int], None]


@contextlib.contextmanager
def counted_in(lane: Any, name: str) -> Iterator[None]:
    """A job in its lane's figures (/admin, /metrics): waiting or running while inside,
    run once out; the same for a local pool and a Celery lane."""
    started = time.monotonic()
    lane.pending += 1
    try:
        yield
    finally:
        lane.pending -= 1
        lane.jobs_run += 1
        log.debug("job %s took %.3f s", name, time.monotonic() - started)


class Lane(Protocol):
    """What the bot needs of one lane, whatever runs its jobs: a local `SolverPool`, or
    Celery workers on other machines (`bot.work.celery_lane.CeleryLane`)."""

    name: str
    timeout: float
    pending: int
    jobs_run: int
    rebuilds: int
    #: jobs refused at once because no worker served the lane
    refused: int

    @property
    def workers(self) -> int: ...
    def start(self) -> None: ...
    async def ready(self) -> None: ...
    def alive_workers(self) -> int: ...
    async def submit(self, job: Callable[..., Any], *args: Any,
                     timeout: float | None = None) -> Any: ...
    async def solve(self, text: str, kind_name: str | None = None,
                    progress: ProgressListener | None = None,
                    hand_back_after: float | None = None,
                    extras_later: bool = False) -> Result: ...
    def drop_jobs(self) -> None: ...
    async def close(self) -> None: ...



class Hub(Protocol):
    """What `Lanes` needs of the broker its Celery lanes share (`bot.work.broker.Broker`):
    started and closed with them, and its health in /admin's report and /metrics."""

    #: "ok" when Redis answered the last ping of the workers, else what is wrong
    reachable: str

    def start(self) -> None: ...
    def health(self) -> str: ...
    async def close(self) -> None: ...
