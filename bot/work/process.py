"""A worker process's lifetime, the same for a local pool's workers and Celery's: it dies
with its parent, takes its lane's CPU priority, and loads every kind's heavy parts once
before its first job."""

from __future__ import annotations

import ctypes
import faulthandler
import multiprocessing
import os
import signal
import sys
import threading
from pathlib import Path

from solvers import registry
from solvers.pipeline import run

from .jobs import ProgressSink, report_progress_to

#: Linux prctl option: the signal a process gets when its parent ends
PR_SET_PDEATHSIG = 1


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


def warm_up(progress: ProgressSink | None = None, niceness: int = 0,
            plugin_kinds: tuple[str, ...] = ()) -> None:
    """Once per worker: die with the parent, take the lane's CPU priority, send progress
    to `progress`, add the configured kinds kept outside solvers/, load every kind's
    heavy parts."""
    faulthandler.enable(all_threads=True)  # a fatal signal writes the stacks to the log
    die_with_parent()
    if niceness:
        os.nice(niceness)
    report_progress_to(progress)
    for spec in plugin_kinds:
        registry.add(spec)
    for kind in registry.KINDS:
        kind.warm_up()
    run("oo+ooaoo-", render=False)
    if progress is not None:  # tell the pool this worker is ready (no job number)
        progress.put((None, os.getpid(), 0))
