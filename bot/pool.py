"""One lane's solver pool: puzzle jobs run in separate processes with a hard time limit.

Solving is CPU-bound and some puzzles are slow, so it never runs in the event loop.
Each job gets the per-job budget twice: the solver is asked to stop by itself a little
before it (so a long count can still report "at least N"), and pebble kills the worker
when the budget is spent, then starts a fresh one. Other chats keep being answered by
the remaining workers and the event loop.

Workers are forked by a fork server and die with it (Linux's parent-death signal), and
each ends when the bot does, even in the middle of a job (`end_with_the_bot`); the fork
server then ends at once (`bot.forkserver`), so no worker outlives the bot. When the pool
breaks (the fork server or an idle worker killed, which pebble does not survive), a
watchdog notices within a second and builds a new one; the jobs that were in flight
fail with WorkerDied, the next ones run.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from asyncio import FIRST_COMPLETED
from collections.abc import Callable, Iterator
from concurrent.futures import CancelledError, Future
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import ForkServerContext
from multiprocessing.queues import Queue
from pathlib import Path
from typing import Any, Protocol, TypeAlias

from pebble import ProcessExpired, ProcessPool

from solvers import registry
from solvers.pipeline import Result, run

log = logging.getLogger(__name__)

#: called with (solutions found so far, search nodes) while a long job runs
ProgressListener = Callable[[int, int], None]
#: what a worker reports: (job, solutions, nodes) while a job runs, (None, its pid, 0) once
#: warmed up
ProgressItem = tuple[int | None, int, int]


class ProgressSink(Protocol):
    """Where a worker puts its progress reports: the local pool's queue, or the running
    Celery task's state (`celery_lane.TaskProgress`)."""

    def put(self, item: ProgressItem, /) -> None: ...


#: the local pool's progress queue: the workers' reports, then None to end its reader
ProgressQueue: TypeAlias = "Queue[ProgressItem | None]"

#: share of the hard budget the solver gets to stop by itself and report what it found
SOFT_SHARE = 0.8


class JobTimeout(Exception):
    """The job used its whole time budget and its worker was killed."""


class WorkerDied(Exception):
    """The worker process ended in the middle of the job (killed, or crashed)."""


class ShuttingDown(Exception):
    """The bot is stopping: the job was dropped, running or queued."""


#: Linux prctl option: the signal a process gets when its parent ends
PR_SET_PDEATHSIG = 1
#: how often the watchdog looks whether the pool still works (seconds)
WATCH_EVERY = 1.0


#: in a worker: where progress reports go (set once by `warm_up`)
_progress_queue: ProgressSink | None = None
#: in a worker: at most one progress report per this many seconds
PROGRESS_EVERY = 0.5


def die_with_parent() -> None:
    """Ask Linux to kill this process when its parent (the fork server) ends, so a killed
    fork server or bot leaves no worker behind; elsewhere, nothing to do.

    A worker makes the request only after it has loaded the bot's modules, seconds after
    it was forked on a loaded machine; if the bot or the fork server ended meanwhile, the
    request comes too late, so the worker ends itself."""
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if not forked_for_a_living_bot():
        os._exit(1)
    end_with_the_bot()


def end_with_the_bot() -> None:
    """End this worker when the bot ends, even in the middle of a long count.

    The parent-death signal alone does not do it: every process the fork server forks
    keeps the fork server's "clients still alive" pipe open, and the fork server ends only
    once that pipe is closed by all of them; an idle worker ends when the bot's end closes
    its job channel, but a worker busy with a count would keep the fork server, and itself,
    running until the count's limit (15 minutes). So a thread waits for the bot (the
    parent process multiprocessing knows, whose end it sees as end of file)."""
    bot = multiprocessing.parent_process()
    if bot is None:
        return

    def watch() -> None:
        bot.join()
        os._exit(1)

    threading.Thread(target=watch, name="end-with-the-bot", daemon=True).start()


def forked_for_a_living_bot() -> bool:
    """Whether this worker's parent is still the fork server of the bot that asked for it:
    the parent's parent is the bot (multiprocessing's parent process). Outside a fork
    server (no such parent known), whether the parent is not init."""
    bot = multiprocessing.parent_process()
    if bot is None:
        return os.getppid() != 1
    try:
        stat = Path(f"/proc/{os.getppid()}/stat").read_text()
    except OSError:
        return False
    return int(stat.rsplit(")", 1)[1].split()[1]) == bot.pid


def warm_up(progress_queue: ProgressSink | None = None, niceness: int = 0) -> None:
    """Once per worker: die with the parent, take the lane's CPU priority, keep the
    progress queue, load every kind's heavy parts."""
    global _progress_queue
    die_with_parent()
    if niceness:
        os.nice(niceness)
    _progress_queue = progress_queue
    for kind in registry.KINDS:
        kind.warm_up()
    run("oo+ooaoo-", render=False)
    if progress_queue is not None:  # tell the pool this worker is ready (no job number)
        progress_queue.put((None, os.getpid(), 0))


def solve_job(text: str, kind_name: str | None, seconds: float, job: int | None = None,
              hand_back_after: float | None = None, extras_later: bool = False) -> Result:
    """What a worker runs: the whole pipeline with a soft deadline.

    With a job number, the solver's progress (solutions, nodes) is sent to the parent,
    throttled, tagged with that number. `hand_back_after`, `extras_later`: see
    `solvers.pipeline.run`.
    """
    report: ProgressListener | None = None
    if job is not None and (queue := _progress_queue) is not None:
        last = 0.0

        def report(solutions: int, nodes: int) -> None:
            nonlocal last
            now = time.monotonic()
            if now - last >= PROGRESS_EVERY:
                last = now
                queue.put((job, solutions, nodes))

    return run(text, kind_name, seconds=seconds * SOFT_SHARE, progress=report,
               hand_back_after=hand_back_after, extras_later=extras_later)


@contextlib.contextmanager
def counted_in(lane: Any, function: Callable[..., Any]) -> Iterator[None]:
    """A job in its lane's figures (/admin, /metrics): waiting or running while inside,
    run once out; the same for a local pool and a Celery lane."""
    started = time.monotonic()
    lane.pending += 1
    try:
        yield
    finally:
        lane.pending -= 1
        lane.jobs_run += 1
        log.debug("job %s took %.3f s", function.__name__, time.monotonic() - started)


class SolverPool:
    """A pool of worker processes with per-job time limits, that rebuilds itself when
    it breaks. `niceness` lowers its workers' CPU priority (the count lane's)."""

    def __init__(self, workers: int, timeout: float, name: str = "solver", niceness: int = 0):
        self.workers = max(1, workers)
        self.timeout = timeout
        self.name = name
        self.niceness = niceness
        self._pool: ProcessPool | None = None
        self._context: ForkServerContext = multiprocessing.get_context("forkserver")
        self.jobs_run = 0
        #: jobs submitted and not finished yet (waiting for a worker, or running)
        self.pending = 0
        self.rebuilds = 0
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
        replacing a killed worker then costs a fork, not a fresh interpreter."""
        self._context.set_forkserver_preload(["solvers.pipeline", "bot.forkserver"])
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
                           initargs=(self._progress_queue, self.niceness),
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

    async def _schedule(self, function: Callable[..., Any], args: tuple[Any, ...],
                        limit: float) -> Future[Any]:
        """Schedule a job, building a new pool first if this one is broken."""
        if self._pool is None:
            raise RuntimeError(f"the {self.name} pool is not started")
        await self._ensure_working()
        return self._pool.schedule(function, args=args, timeout=limit)

    async def submit(self, function: Callable[..., Any], *args: Any,
                     timeout: float | None = None) -> Any:
        """Run `function(*args)` in a worker; raise JobTimeout or WorkerDied on failure.
        Cancelling the awaiting task stops the job: pebble kills its worker."""
        stopping = self._stopping
        if stopping is None:
            raise RuntimeError(f"the {self.name} pool is not started")
        limit = self.timeout if timeout is None else timeout
        future = await self._schedule(function, args, limit)
        with counted_in(self, function):
            try:
                finished = asyncio.wrap_future(future)
                await asyncio.wait((finished, stopping), return_when=FIRST_COMPLETED)
                if not finished.done():
                    future.cancel()
                    raise ShuttingDown()
                return finished.result()
            except FutureTimeout as error:
                log.warning("job %s killed after %.1f s", function.__name__, limit)
                raise JobTimeout(limit) from error
            except (ProcessExpired, CancelledError, BrokenProcessPool) as error:
                log.warning("worker died during %s: %r", function.__name__, error)
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
            return await self.submit(solve_job, text, kind_name, self.timeout, None,
                                     hand_back_after, extras_later)
        self._next_job += 1
        job = self._next_job
        self._listeners[job] = progress
        try:
            return await self.submit(solve_job, text, kind_name, self.timeout, job,
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
