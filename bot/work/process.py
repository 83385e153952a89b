"""A worker process's lifetime, the same for a local pool's workers and Celery's: it dies
with its parent, takes its lane's CPU priority, and loads every kind's heavy parts once
before its first job."""

from __future__ import annotations

import ctypes
import faulthandler
import gc
import importlib
import logging
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path

from solvers import i18n, registry
from solvers.pipeline import run

from .worker_state import ProgressSink, release_memory, report_progress_to

log = logging.getLogger(__name__)

#: Linux prctl option: the signal a process gets when its parent ends
PR_SET_PDEATHSIG = 1
#: Linux madvise advice: drop the pages of a range from this process (file pages come
#: back from the file if touched again)
MADV_DONTNEED = 4
#: the library whose code only compiling or loading a numba search runs (LLVM)
COMPILER_LIBRARY = "libllvmlite.so"


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


def load_every_kind() -> None:
    """Load every kind's heavy parts (lexicon, language model, word vectors, compiled
    searches and their tables) and run one small puzzle through the pipeline. Each kind
    keeps what it loaded, so a second call costs nothing. OpenCV too, for the photo
    reader, which imports it only where it reads a photo (the bot's process reads none)."""
    for kind in registry.KINDS:
        kind.warm_up()
    importlib.import_module("cv2")
    run("oo+ooaoo-", render=False)


def preload_for_workers() -> None:
    """In the process that forks the workers (the local pool's fork server, a Celery
    worker before its pool forks): load every kind once there, so each worker starts with
    it loaded and its pages stay shared between the workers, copy-on-write, instead of
    each worker holding its own copy (about 200 MB a worker before).

    `gc.freeze()` then moves every object made so far out of the garbage collector's
    reach: a collection in a worker would otherwise write to each object's header and so
    copy every page of them into the worker. Before that, what loading freed goes back
    to the system (`release_memory`: free C heap every worker would otherwise inherit),
    and LLVM's code, which only loading the compiled searches ran, is dropped
    (`drop_code_pages`). A failure here is only logged: each worker loads what is missing
    in `warm_up` anyway."""
    try:
        load_every_kind()
    except Exception:  # noqa: BLE001 - a worker loads it again and reports the failure
        log.exception("preloading the kinds for the workers failed")
    release_memory()
    drop_code_pages(COMPILER_LIBRARY)
    gc.freeze()


def drop_code_pages(library: str) -> None:
    """Unmap from this process the pages of `library`'s code it has read (Linux).

    Loading the compiled searches from numba's cache runs LLVM, which reads about 50 MB
    of its code into the fork server; the fork server never runs it again, and the
    workers it forks inherit the searches already loaded. Only the code segments (never
    written: dropped pages are read again from the file if ever touched) are dropped;
    the pages stay in the page cache, which the kernel frees when memory is short."""
    if not sys.platform.startswith("linux"):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for line in Path("/proc/self/maps").read_text().splitlines():
        fields = line.split()
        if len(fields) >= 6 and fields[1] == "r-xp" and fields[5].endswith("/" + library):
            start, end = (int(address, 16) for address in fields[0].split("-"))
            libc.madvise(ctypes.c_void_p(start), ctypes.c_size_t(end - start), MADV_DONTNEED)


def warm_up(progress: ProgressSink | None = None, niceness: int = 0,
            plugin_kinds: tuple[str, ...] = (), extra_locale_dir: str | None = None) -> None:
    """Once per worker: die with the parent, take the lane's CPU priority, send progress
    to `progress`, add the configured kinds kept outside solvers/ and a test's extra
    languages (`Config.test_extra_locale_dir`), load every kind's heavy parts (already
    loaded when the parent preloaded them: `preload_for_workers`).

    Each step runs even when one before it failed (a worker without its plug-in kinds
    still answers the others, at its lane's priority), and a failed step is logged as an
    error with its traceback: Celery would only note that the warm-up raised."""
    steps: list[tuple[str, Callable[[], object]]] = [
        ("stacks on a fatal signal", enable_faulthandler),
        ("die with the parent", die_with_parent),
        ("CPU priority", lambda: os.nice(niceness) if niceness else None),
        ("progress reports", lambda: report_progress_to(progress)),
        ("plug-in kinds", lambda: [registry.add(spec) for spec in plugin_kinds]),
        ("extra languages",
         lambda: i18n.add_locale_dir(Path(extra_locale_dir)) if extra_locale_dir else None),
        ("loading every kind", load_every_kind),
    ]
    for name, step in steps:
        try:
            step()
        except Exception:  # noqa: BLE001 - logged loudly, and the next steps still run
            log.exception("warm-up step %r failed in worker %d", name, os.getpid())
    if progress is not None:  # tell the pool this worker is ready (no job number)
        progress.put((None, os.getpid(), 0))


def enable_faulthandler() -> None:
    """A fatal signal (a crash in C code) writes every thread's stack to the process's
    standard error, file descriptor 2, by its number: under Celery `sys.stderr` is a
    logging proxy with no file descriptor."""
    faulthandler.enable(file=2, all_threads=True)
