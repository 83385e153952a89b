"""One lane whose jobs run on Celery workers (`CeleryLane`): the interface of the local
`SolverPool`, its jobs sent and awaited through the bot's one `Broker`
(`bot.work.broker`), which reads their states and watches the workers."""

from __future__ import annotations

import asyncio
import logging
import os
from asyncio import FIRST_COMPLETED
from collections.abc import Callable
from typing import Any

from solvers import i18n
from solvers.pipeline import Result

from . import jobs
from .broker import GRACE, Broker, Waiter
from .celery_app import QUEUES
from .errors import NoWorker, ShuttingDown, WorkerDied
from .lane import ProgressListener, counted_in

log = logging.getLogger(__name__)


class CeleryLane:
    """One lane whose jobs run on Celery workers (the interface of `SolverPool`)."""

    def __init__(self, broker: Broker, timeout: float, name: str):
        self.broker = broker
        self.timeout = timeout
        self.name = name
        self.queue = QUEUES[name]
        self.jobs_run = 0
        self.pending = 0
        #: a Celery worker replaces its processes itself: the bot rebuilds nothing
        self.rebuilds = 0
        #: jobs refused at once because no worker served the lane (`NoWorker`)
        self.refused = 0
        self._stopping: asyncio.Future | None = None

    def start(self) -> None:
        self._stopping = asyncio.get_running_loop().create_future()

    @property
    def workers(self) -> int:
        """The lane has the worker processes the solver machines give it (last seen)."""
        return self.alive_workers()

    async def ready(self) -> None:
        await self.broker.seen_once()

    def alive_workers(self) -> int:
        """Worker processes serving this lane at the last ping."""
        return self.broker.seen.get(self.queue, 0)

    async def submit(self, job: Callable[..., Any], *args: Any,
                     timeout: float | None = None,
                     progress: ProgressListener | None = None) -> Any:
        """Run `job(*args)` on a worker (a job of `jobs.JOBS`, plain-data arguments): its
        result or PuzzleError; JobTimeout, WorkerDied, NoWorker or ShuttingDown on
        failure. Cancelling the awaiting task revokes the job."""
        if self._stopping is None:
            raise RuntimeError(f"the {self.name} lane is not started")
        if self._stopping.done():
            raise ShuttingDown()
        name = jobs.name_of(job)
        await self.broker.first_ping()
        if self.broker.reachable == "ok" and not self.alive_workers():
            self.refused += 1
            log.warning("no worker serves the %s lane: %s refused", self.name, name)
            raise NoWorker(self.name)
        limit = self.timeout if timeout is None else timeout
        task_id = None
        with counted_in(self, name):
            try:
                try:
                    task_id, epoch = await asyncio.to_thread(self.broker.send, self.queue,
                                                             name, args, limit, i18n.current())
                except Exception as error:  # noqa: BLE001 - Redis down: send again later
                    log.warning("could not send %s: %r", name, error)
                    raise WorkerDied(f"the broker is unreachable: {error!r}") from error
                loop = asyncio.get_running_loop()
                finished = loop.create_future()
                self.broker.waiters[task_id] = Waiter(finished, epoch, progress,
                                                      deadline=loop.time() + limit + GRACE,
                                                      limit=limit)
                await asyncio.wait((finished, self._stopping), return_when=FIRST_COMPLETED)
                if not finished.done():
                    raise ShuttingDown()
                return finished.result()
            except (asyncio.CancelledError, ShuttingDown):
                if task_id is not None:
                    self.broker.waiters.pop(task_id, None)
                    await asyncio.shield(asyncio.to_thread(self.broker.revoke, task_id))
                raise

    async def solve(self, text: str, kind_name: str | None = None,
                    progress: ProgressListener | None = None,
                    hand_back_after: float | None = None,
                    extras_later: bool = False) -> Result:
        """Solve puzzle text on a worker within the lane's budget (see SolverPool.solve)."""
        job = os.getpid() if progress is not None else None  # any number: progress on
        return await self.submit(jobs.solve, text, kind_name, self.timeout, job,
                                 hand_back_after, extras_later, progress=progress)

    def drop_jobs(self) -> None:
        if self._stopping is not None and not self._stopping.done():
            self._stopping.set_result(None)

    async def close(self) -> None:
        self.drop_jobs()
