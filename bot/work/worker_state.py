"""What a worker process keeps between its jobs: where its progress reports go, and the
memory it hands back after each job. Below both `jobs` (which reports and releases) and
`process` (which sets them up when a worker warms up), so neither imports the other."""

from __future__ import annotations

import ctypes
import functools
import gc
import time
from collections.abc import Callable
from typing import Protocol

#: in a worker: at most one progress report per this many seconds
PROGRESS_EVERY = 0.5


class ProgressSink(Protocol):
    """Where a worker puts its progress reports (job, solutions, nodes): the local pool's
    queue, or the running Celery task's state."""

    def put(self, item: tuple[int | None, int, int], /) -> None: ...


#: in a worker: where progress reports go (set once when the worker warms up)
_progress: ProgressSink | None = None


def report_progress_to(sink: ProgressSink | None) -> None:
    """Send this worker's progress reports to `sink` from now on."""
    global _progress
    _progress = sink


def reporter(job: int | None) -> Callable[[int, int], None] | None:
    """The solver's progress callback for a job with a number: throttled, tagged."""
    sink = _progress
    if job is None or sink is None:
        return None
    last = 0.0

    def report(solutions: int, nodes: int) -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= PROGRESS_EVERY:
            last = now
            sink.put((job, solutions, nodes))

    return report


def release_memory() -> None:
    """After a job, in the worker: free its cycles and hand the C heap's free pages back to
    the system (glibc keeps them otherwise: 20 to 30 MB a worker that drew pictures or
    ran a large search, measured in bench/README.md). The objects preloaded by the fork
    server are frozen (`gc.freeze`), so the collection does not touch their pages."""
    gc.collect()
    if (libc := _libc()) is not None:
        libc.malloc_trim(0)


@functools.cache
def _libc() -> ctypes.CDLL | None:
    """The C library the process runs on, when it is glibc (it has `malloc_trim`)."""
    library = ctypes.CDLL(None)
    return library if hasattr(library, "malloc_trim") else None
