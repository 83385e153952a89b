"""The solver pool: puzzle jobs run in separate processes with a hard time limit.

Solving is CPU-bound and some puzzles are slow, so it never runs in the event loop.
Each job gets the per-job budget twice: the solver is asked to stop by itself a little
before it (so a long count can still report "at least N"), and pebble kills the worker
when the budget is spent, then starts a fresh one. Other chats keep being answered by
the remaining workers and the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import CancelledError
from concurrent.futures import TimeoutError as FutureTimeout

from pebble import ProcessExpired, ProcessPool

from solvers import registry
from solvers.pipeline import Result, run

log = logging.getLogger(__name__)

#: called with (solutions found so far, search nodes) while a long job runs
ProgressListener = Callable[[int, int], None]

#: share of the hard budget the solver gets to stop by itself and report what it found
SOFT_SHARE = 0.8


class JobTimeout(Exception):
    """The job used its whole time budget and its worker was killed."""


class WorkerDied(Exception):
    """The worker process ended in the middle of the job (killed, or crashed)."""


#: in a worker: where progress reports go (set once by `warm_up`)
_progress_queue = None
#: in a worker: at most one progress report per this many seconds
PROGRESS_EVERY = 0.5


def warm_up(progress_queue=None) -> None:
    """Once per worker: keep the progress queue, load every kind's heavy parts."""
    global _progress_queue
    _progress_queue = progress_queue
    for kind in registry.KINDS:
        kind.warm_up()
    run("oo+ooaoo-", render=False)


def solve_job(text: str, kind_name: str | None, seconds: float, job: int | None = None) -> Result:
    """What a worker runs: the whole pipeline with a soft deadline.

    With a job number, the solver's progress (solutions, nodes) is sent to the parent,
    throttled, tagged with that number.
    """
    report = None
    if job is not None and _progress_queue is not None:
        last = 0.0

        def report(solutions: int, nodes: int) -> None:
            nonlocal last
            now = time.monotonic()
            if now - last >= PROGRESS_EVERY:
                last = now
                _progress_queue.put((job, solutions, nodes))

    return run(text, kind_name, seconds=seconds * SOFT_SHARE, progress=report)


class SolverPool:
    """A pool of worker processes with per-job time limits."""

    def __init__(self, workers: int, timeout: float):
        self.workers = max(1, workers)
        self.timeout = timeout
        self._pool: ProcessPool | None = None
        self.jobs_run = 0
        #: jobs submitted and not finished yet (waiting for a worker, or running)
        self.pending = 0
        self._progress_queue = None
        self._listeners: dict[int, ProgressListener] = {}
        self._next_job = 0
        self._reader: threading.Thread | None = None

    def start(self) -> None:
        """Start the workers from a fork server that has the solver library loaded:
        replacing a killed worker then costs a fork, not a fresh interpreter."""
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["solvers.pipeline"])
        self._progress_queue = context.Queue()
        self._pool = ProcessPool(max_workers=self.workers, initializer=warm_up,
                                 initargs=(self._progress_queue,), context=context)
        # pebble starts its workers at the first job: start (and warm) them now, so the
        # first person to ask does not wait for it
        self._pool.schedule(os.getpid)
        loop = asyncio.get_running_loop()
        self._reader = threading.Thread(target=self._read_progress, args=(loop,),
                                        name="progress-reader", daemon=True)
        self._reader.start()

    def _read_progress(self, loop: asyncio.AbstractEventLoop) -> None:
        """Hand each progress report to its job's listener on the event loop."""
        while True:
            item = self._progress_queue.get()
            if item is None:
                return
            job, solutions, nodes = item
            listener = self._listeners.get(job)
            if listener is not None:
                loop.call_soon_threadsafe(listener, solutions, nodes)

    async def submit(self, function, *args, timeout: float | None = None):
        """Run `function(*args)` in a worker; raise JobTimeout or WorkerDied on failure."""
        if self._pool is None:
            raise RuntimeError("the solver pool is not started")
        limit = self.timeout if timeout is None else timeout
        future = self._pool.schedule(function, args=args, timeout=limit)
        started = time.monotonic()
        self.pending += 1
        try:
            return await asyncio.wrap_future(future)
        except FutureTimeout as error:
            log.warning("job %s killed after %.1f s", function.__name__, limit)
            raise JobTimeout(limit) from error
        except (ProcessExpired, CancelledError) as error:
            log.warning("worker died during %s: %s", function.__name__, error)
            raise WorkerDied(str(error)) from error
        finally:
            self.pending -= 1
            self.jobs_run += 1
            log.debug("job %s took %.3f s", function.__name__, time.monotonic() - started)

    async def solve(self, text: str, kind_name: str | None = None,
                    progress: ProgressListener | None = None) -> Result:
        """Solve puzzle text in a worker within the configured budget.

        `progress(solutions, nodes)` is called on the event loop as the search goes.
        """
        if progress is None:
            return await self.submit(solve_job, text, kind_name, self.timeout)
        self._next_job += 1
        job = self._next_job
        self._listeners[job] = progress
        try:
            return await self.submit(solve_job, text, kind_name, self.timeout, job)
        finally:
            del self._listeners[job]

    @property
    def running(self) -> bool:
        """The pool is started and its manager is looking after the worker processes."""
        return self._pool is not None and self._pool.active

    async def close(self) -> None:
        if self._progress_queue is not None:
            self._progress_queue.put(None)
            await asyncio.to_thread(self._reader.join, 5)
            self._progress_queue = None
        if self._pool is not None:
            self._pool.stop()
            await asyncio.to_thread(self._pool.join, 5)
            self._pool = None
