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
import time
from concurrent.futures import CancelledError
from concurrent.futures import TimeoutError as FutureTimeout

from pebble import ProcessExpired, ProcessPool

from solvers.pipeline import Result, run

log = logging.getLogger(__name__)

#: share of the hard budget the solver gets to stop by itself and report what it found
SOFT_SHARE = 0.8


class JobTimeout(Exception):
    """The job used its whole time budget and its worker was killed."""


class WorkerDied(Exception):
    """The worker process ended in the middle of the job (killed, or crashed)."""


def warm_up() -> None:
    """Import the heavy libraries once per worker, not once per reply."""
    import solvers.registry  # noqa: F401  (loads every kind, Z3 and Pillow)

    run("oo+ooaoo-", render=False)


def solve_job(text: str, kind_name: str | None, seconds: float) -> Result:
    """What a worker runs: the whole pipeline with a soft deadline."""
    return run(text, kind_name, seconds=seconds * SOFT_SHARE)


class SolverPool:
    """A pool of worker processes with per-job time limits."""

    def __init__(self, workers: int, timeout: float):
        self.workers = max(1, workers)
        self.timeout = timeout
        self._pool: ProcessPool | None = None
        self.jobs_run = 0

    def start(self) -> None:
        """Start the workers from a fork server that has the solver library loaded:
        replacing a killed worker then costs a fork, not a fresh interpreter."""
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(["solvers.pipeline"])
        self._pool = ProcessPool(max_workers=self.workers, initializer=warm_up,
                                 context=context)

    async def submit(self, function, *args, timeout: float | None = None):
        """Run `function(*args)` in a worker; raise JobTimeout or WorkerDied on failure."""
        if self._pool is None:
            raise RuntimeError("the solver pool is not started")
        limit = self.timeout if timeout is None else timeout
        future = self._pool.schedule(function, args=args, timeout=limit)
        started = time.monotonic()
        try:
            return await asyncio.wrap_future(future)
        except FutureTimeout as error:
            log.warning("job %s killed after %.1f s", function.__name__, limit)
            raise JobTimeout(limit) from error
        except (ProcessExpired, CancelledError) as error:
            log.warning("worker died during %s: %s", function.__name__, error)
            raise WorkerDied(str(error)) from error
        finally:
            self.jobs_run += 1
            log.debug("job %s took %.3f s", function.__name__, time.monotonic() - started)

    async def solve(self, text: str, kind_name: str | None = None) -> Result:
        """Solve puzzle text in a worker within the configured budget."""
        return await self.submit(solve_job, text, kind_name, self.timeout)

    async def close(self) -> None:
        if self._pool is not None:
            self._pool.stop()
            await asyncio.to_thread(self._pool.join, 5)
            self._pool = None
