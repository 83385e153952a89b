"""One lane's local pool: jobs run in separate processes with a hard time limit.

Solving is CPU-bound and some puzzles are slow, so it never runs in the event loop.
Each job gets the per-job budget twice: the solver is asked to stop by itself a little
before it (so a long count can still report "at least N"), and pebble kills the worker
when the budget is spent, then starts a fresh one. Other chats keep being answered by
the remaining workers and the event loop.

A job crosses to its worker as it would to a Celery worker: an allow-listed job's name
and its arguments as plain data (`bot.work.jobs.perform`), never a function or object.

Workers are forked by a fork server and die with it (`bot.work.process`), and each ends
when the bot does, even in the middle of a job; the fork server then ends at once
(`bot.work.forkserver`), so no worker outlives the bot. When the pool breaks (the fork
server or an idle worker killed, which pebble does not survive), a watchdog notices
within a second and builds a new one; the jobs that were in flight fail with WorkerDied,
the next ones run.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import threading
from asyncio import FIRST_COMPLETED
from collections.abc import Callable
from concurrent.futures import CancelledError, Future
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import ForkServerContext
from multiprocessing.queues import Queue
from typing import Any, TypeAlias

from pebble import ProcessExpired, ProcessPool

from solvers import i18n
from solvers.pipeline import Result

from . import codec, jobs
from .errors import JobTimeout, ShuttingDown, WorkerDied
from .lane import ProgressListener, counted_in
from .process import warm_up

log = logging.getLogger(__name__)

#: what a worker reports: (job, solutions, nodes) while a job runs, (None, its pid, 0) once
#: warmed up
ProgressItem = tuple[int | None, int, int]
#: the local pool's progress queue: the workers' reports, then None to end its reader
ProgressQueue: TypeAlias = "Queue[ProgressItem | None]"

#: how often the watchdog looks whether the pool still works (seconds)
WATCH_EVERY = 1.0


class SolverPool:
    """A pool of worker processes with per-job time limits, that rebuilds itself when
    it breaks. `niceness` lowers its workers' CPU priority (the count lane's);
    `plugin_kinds` are the configured kinds kept outside solvers/ its workers add;
    `extra_locale_dir` a test's folder of extra languages its workers speak."""

    def __init__(self, workers: int, timeout: float, name: str = "solver", niceness: int = 0,
                 plugin_kinds: tuple[str, ...] = (), extra_locale_dir: str | None = None):
        self.workers = max(1, workers)
        self.timeout = timeout
        self.name = name
        self.niceness = niceness
        self.plugin_kinds = plugin_kinds
        self.extra_locale_dir = extra_locale_dir
        self._pool: ProcessPool | None = None
        self._context: ForkServerContext = multiprocessing.get_context("forkserver")
        self.jobs_run = 0
        #: jobs submitted and not finished yet (waiting for a worker, or running)
        self.pending = 0
        self.rebuilds = 0
        #: a local pool rebuilds itself rather than refuse a job
        self.refused = 0
        self._progress_queue: ProgressQueue | None = None
        self._listeners: dict[int, ProgressListener] = {}
        self._next_job = 0
        self._reader: threading.Thread | None = None
        #: workers that have finished warming up (by pid), and set once all of them have
        self._ready_pids: set[int] = set()
        self._all_ready = asyncio.Event()
        self._watchdog: asyncio.Task[None] | None = None
        self._rebuilding = asyncio.Lock()
        #: done when the bot stops: every job still waiting then ends with ShuttingDown
        self._stopping: asyncio.Future[None] | None = None

    def start(self) -> None:
        """Start the workers from a fork server that has the solver library loaded:
        replacing a killed worker then costs a fork, not a fresh interpreter. The jobs
        a worker runs are loaded there too, before `forkserver` freezes what is loaded."""
        self._context.set_forkserver_preload(["bot.work.process", "bot.work.jobs",
                                              "bot.work.forkserver"])
        self._stopping = asyncio.get_running_loop().create_future()
        queue: ProgressQueue = self._context.Queue()
        self._progress_queue = queue
        self._pool = self._new_pool()
        loop = asyncio.get_running_loop()
        self._reader = threading.Thread(target=self._read_progress, args=(loop, queue),
                                        name=f"{self.name}-progress", daemon=True)
        self._reader.start()
        self._watchdog = asyncio.create_task(self._watch(), name=f"{self.name}-watchdog")

    def _new_pool(self) -> ProcessPool:
        pool = ProcessPool(max_workers=self.workers, initializer=warm_up,
                           initargs=(self._progress_queue, self.niceness, self.plugin_kinds,
                                     self.extra_locale_dir),
                           context=self._context)
        # pebble starts its workers at the first job: start (and warm) them now, so the
        # first person to ask does not wait for it
        pool.schedule(os.getpid)
        return pool

    async def _watch(self) -> None:
        """Rebuild the pool whenever it stops working."""
        while True:
            await asyncio.sleep(WATCH_EVERY)
            await self._ensure_working()

    async def _ensure_working(self) -> None:
        """Replace a broken pool by a new one (once, however many ask at the same time);
        the old one's workers are stopped after, so nobody waits for them."""
        async with self._rebuilding:
            if self._pool is None or self._pool.active:
                return
            broken = self._pool
            self.rebuilds += 1
            log.warning("the %s pool stopped working; building a new one", self.name)
            self._pool = await asyncio.to_thread(self._new_pool)
        broken.stop()
        with contextlib.suppress(Exception):
            await asyncio.to_thread(broken.join, 5)

    def _warmed(self, pid: int) -> None:
        self._ready_pids.add(pid)
        if len(self._ready_pids) >= self.workers:
            self._all_ready.set()

    async def ready(self) -> None:
        """Wait until as many workers as the pool has have finished warming up (what a
        test waits for before it measures how fast another chat is answered)."""
        await self._all_ready.wait()

    def alive_workers(self) -> int:
        """Worker processes running now (what /admin reports)."""
        manager = getattr(self._pool, "_pool_manager", None)
        workers = getattr(getattr(manager, "worker_manager", None), "workers", {})
        if self._pool is None or not self._pool.active:
            return 0
        return sum(process.is_alive() for process in list(workers.values()))

    def _read_progress(self, loop: asyncio.AbstractEventLoop,
                       queue: ProgressQueue) -> None:
        """Hand each progress report to its job's listener on the event loop."""
        while True:
            item = queue.get()
            if item is None:
                return
            job, solutions, nodes = item
            if job is None:  # a worker finished warming up; `solutions` is its pid
                loop.call_soon_threadsafe(self._warmed, solutions)
                continue
            listener = self._listeners.get(job)
            if listener is not None:
                loop.call_soon_threadsafe(listener, solutions, nodes)

    async def _schedule(self, name: str, args: tuple[Any, ...], limit: float) -> Future[Any]:
        """Schedule job `name`, building a new pool first if this one is broken. The
        message carries the asker's language (`solvers.i18n.current()`) as plain data:
        the worker runs the job in it."""
        if self._pool is None:
            raise RuntimeError(f"the {self.name} pool is not started")
        language = i18n.current()
        await self._ensure_working()
        return self._pool.schedule(jobs.perform, args=(name, codec.pack(args), language),
                                   timeout=limit)

    async def submit(self, job: Callable[..., Any], *args: Any,
                     timeout: float | None = None) -> Any:
        """Run `job(*args)` in a worker (a job of `jobs.JOBS`, with plain-data arguments);
        raise its PuzzleError, or JobTimeout or WorkerDied on failure. Cancelling the
        awaiting task stops the job: pebble kills its worker."""
        stopping = self._stopping
        if stopping is None:
            raise RuntimeError(f"the {self.name} pool is not started")
        limit = self.timeout if timeout is None else timeout
        name = jobs.name_of(job)
        future = await self._schedule(name, args, limit)
        with counted_in(self, name):
            try:
                finished = asyncio.wrap_future(future)
                await asyncio.wait((finished, stopping), return_when=FIRST_COMPLETED)
                if not finished.done():
                    future.cancel()
                    raise ShuttingDown()
                return jobs.settled(codec.unpack(finished.result()))
            except FutureTimeout as error:
                log.warning("job %s killed after %.1f s", name, limit)
                raise JobTimeout(limit) from error
            except (ProcessExpired, CancelledError, BrokenProcessPool) as error:
                log.warning("worker died during %s: %r", name, error)
                raise WorkerDied(str(error)) from error
            except asyncio.CancelledError:
                future.cancel()  # pebble kills the worker running it
                raise

    async def solve(self, text: str, kind_name: str | None = None,
                    progress: ProgressListener | None = None,
                    hand_back_after: float | None = None,
                    extras_later: bool = False) -> Result:
        """Solve puzzle text in a worker within the configured budget.

        `progress(solutions, nodes)` is called on the event loop as the search goes.
        """
        if progress is None:
            return await self.submit(jobs.solve, text, kind_name, self.timeout, None,
                                     hand_back_after, extras_later)
        self._next_job += 1
        job = self._next_job
        self._listeners[job] = progress
        try:
            return await self.submit(jobs.solve, text, kind_name, self.timeout, job,
                                     hand_back_after, extras_later)
        finally:
            del self._listeners[job]

    def drop_jobs(self) -> None:
        """The bot is stopping: every job running or queued ends now with ShuttingDown
        (its worker is stopped with the pool), so nobody waits for it."""
        if self._stopping is not None and not self._stopping.done():
            self._stopping.set_result(None)

    async def close(self) -> None:
        self.drop_jobs()
        if self._watchdog is not None:
            self._watchdog.cancel()
            self._watchdog = None
        if self._progress_queue is not None:
            self._progress_queue.put(None)
            self._progress_queue = None
        if self._reader is not None:
            await asyncio.to_thread(self._reader.join, 5)
            self._reader = None
        if self._pool is not None:
            self._pool.stop()
            await asyncio.to_thread(self._pool.join, 5)
            self._pool = None
