"""Fault run: the load of bench/load.py while random faults are injected (issue 14).

    .venv/bin/python bench/faults.py                   # 2 + 2 minutes, 60 chats a wave
    .venv/bin/python bench/faults.py --minutes 1 --chats 20

Two runs of the same length, one after the other: the baseline without faults, then
the same load with them, each with a fresh bot.

The bot runs in this process (its own thread and event loop, a fresh SQLite file in a
temporary folder, its sandbox on a free 127.0.0.1 port), so that faults can reach it
from outside its loop. Simulated chats send what bench/load.py sends (new and cached
puzzles, anagrams, broken puzzles), wave after wave, and a quiz runs in a group all
along (5-second rounds, a new game when one ends). Every few seconds one fault, drawn
at random, is injected:

- *locked*: another connection holds `BEGIN EXCLUSIVE` on the database for 5-15 s;
- *read-only*: the bot's connection is made read-only (`PRAGMA query_only`) for 5-15 s;
- *truncated*: a cached answer's payload is cut to 40 characters;
- *forged*: 20 button presses with forged callback data (each must be answered);
- *long*: commands with 3,000-character option values (each answered within 4,096
  characters, never "Sorry");
- *worker*: a solver worker process is killed with SIGKILL.

The report gives the requests sent, answered and lost (must be 0), "Sorry" replies, the
longest wait for a reply that needs no worker (cached, broken, forged, long: the stall
the faults could cause), the longest gap between quiz rounds, and the bot's own count
of unexpected errors.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import signal
import sqlite3
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from load import LoadClient, Request, ask, make_plan  # noqa: E402

from bot.__main__ import running_in_sandbox  # noqa: E402
from bot.app import Running  # noqa: E402
from bot.config import Config  # noqa: E402

GROUP = -100777
LONG = "x" * 3000
LONG_OPTIONS = (f"anagram listen with={','.join(['a'] * 1500)}", f"anagram listen topic={LONG}",
                f"/hint listen topic={LONG}", f"/quiz difficulty={LONG}",
                f"/race seki minutes={'9' * 3000}", f"/smt #seki {LONG}")
FORGED = ("hint:abc:next", "hint:1:2:3", "hint:", "hint:" + "9" * 20 + ":next",
          "race:" + "9" * 20 + ":join", "race:٣:join", "quiz:1", "x", "hint:-5:answer")
#: request types answered without a worker: their wait is the stall a fault can cause
NO_WORKER = ("cached", "bad", "long")
FAULTS = ("locked", "read-only", "truncated", "forged", "long", "worker")


@dataclass
class Run:
    """What happened, as the run goes."""

    requests: list[Request] = field(default_factory=list)
    faults: Counter = field(default_factory=Counter)
    sorry: int = 0
    presses: int = 0
    unanswered_presses: int = 0
    press_waits: list[float] = field(default_factory=list)
    round_times: list[float] = field(default_factory=list)
    quiz_ends: Counter = field(default_factory=Counter)
    too_long: int = 0


class BotThread:
    """The bot on an event loop of its own; `call(coroutine)` runs one there."""

    def __init__(self, config: Config):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.stack = contextlib.AsyncExitStack()
        self.config = config
        self.bot: Running | None = None

    def call(self, coroutine, timeout: float = 60):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def __enter__(self) -> BotThread:
        self.thread.start()
        self.bot = self.call(self.stack.enter_async_context(
            running_in_sandbox(self.config)))
        return self

    def __exit__(self, *exc) -> None:
        self.call(self.stack.aclose(), timeout=120)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


# Faults --------------------------------------------------------------------------------

async def hold_lock(db_path: str, seconds: float) -> None:
    blocker = sqlite3.connect(db_path, timeout=1)
    try:
        blocker.execute("BEGIN EXCLUSIVE")
        await asyncio.sleep(seconds)
    except sqlite3.OperationalError:
        pass  # the bot held it at that moment: no fault this time
    finally:
        blocker.rollback()
        blocker.close()


async def read_only(bot: BotThread, seconds: float) -> None:
    db = bot.bot.application.bot_data.services.store.db.connection

    async def query_only(on: bool) -> None:
        await db.execute(f"PRAGMA query_only = {'ON' if on else 'OFF'}")

    await asyncio.to_thread(bot.call, query_only(True))
    await asyncio.sleep(seconds)
    await asyncio.to_thread(bot.call, query_only(False))


def truncate_a_row(db_path: str) -> None:
    with contextlib.suppress(sqlite3.OperationalError), sqlite3.connect(db_path,
                                                                        timeout=1) as db:
        db.execute("UPDATE cache SET payload = substr(payload, 1, 40) WHERE key = "
                   "(SELECT key FROM cache ORDER BY random() LIMIT 1)")


def worker_pids() -> list[int]:
    """Processes below this one that have no children of their own (solver workers)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                stat = (entry / "stat").read_text()
                parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    mine = {os.getpid()}
    changed = True
    while changed:
        found = {pid for pid, parent in parents.items() if parent in mine} - mine
        changed = bool(found)
        mine |= found
    mine.discard(os.getpid())
    return [pid for pid in mine if pid not in parents.values() and is_worker(pid)]


def is_worker(pid: int) -> bool:
    """Not multiprocessing's helpers (the resource tracker, a fork server)."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
    return b"resource_tracker" not in command and b"forkserver" not in command


async def press_forged(client: LoadClient, run: Run) -> None:
    chatter = await client.send(GROUP, "hello", user_id=900_001)
    for data in random.choices(FORGED, k=20):
        started = time.monotonic()
        pressed = await client.press(GROUP, 900_002, chatter["message_id"], data, forged=True)
        answer = await client.callback_answer(pressed["callback_query_id"], wait=30)
        run.presses += 1
        run.press_waits.append(time.monotonic() - started)
        run.unanswered_presses += not answer["answered"]


async def send_long(client: LoadClient, run: Run, start: float) -> None:
    for number, text in enumerate(LONG_OPTIONS):
        chat = GROUP if text.startswith(("/quiz", "/race")) else 910_000 + number
        request = Request("long", chat, text)
        request.sent = time.monotonic() - start
        sent = await client.send(chat, text, user_id=910_000 + number)
        try:
            reply = await client.wait_for(chat, after=sent["message_id"], timeout=60)
        except TimeoutError:
            request.outcome = "lost"
        else:
            request.answered = time.monotonic() - start
            request.outcome = reply["sent_as"]
            body = reply.get("text") or reply.get("caption") or ""
            run.too_long += len(body) > 4096
            run.sorry += body.startswith("Sorry")
        run.requests.append(request)


async def inject(kind: str, bot: BotThread, client: LoadClient, run: Run, start: float) -> None:
    seconds = random.uniform(5, 15)
    db_path = bot.config.db_path
    if kind == "locked":
        await hold_lock(db_path, seconds)
    elif kind == "read-only":
        await read_only(bot, seconds)
    elif kind == "truncated":
        await asyncio.to_thread(truncate_a_row, db_path)
    elif kind == "forged":
        await press_forged(client, run)
    elif kind == "long":
        await send_long(client, run, start)
    elif kind == "worker" and (pids := worker_pids()):
        with contextlib.suppress(ProcessLookupError):
            os.kill(random.choice(pids), signal.SIGKILL)


async def faults(bot: BotThread, client: LoadClient, run: Run, start: float,
                 until: float, every: float) -> None:
    while time.monotonic() < until:
        await asyncio.sleep(random.uniform(0.5, 1.5) * every)
        kind = random.choice(FAULTS)
        run.faults[kind] += 1
        await inject(kind, bot, client, run, start)


# The load ------------------------------------------------------------------------------

async def waves(client: LoadClient, run: Run, args: argparse.Namespace, start: float,
                until: float) -> None:
    """Waves of bench/load.py's chats (no slow jobs), each wave with new puzzles."""
    wave = 0
    while time.monotonic() < until:
        plan = make_plan(args.chats, 0, 4, random.Random(args.seed + wave))
        for chat, requests in plan.chats.items():
            for request in requests:
                request.chat = chat + wave * 10_000
        chats = [chase(client, requests, run, start, random.uniform(0, args.ramp), args)
                 for requests in plan.chats.values()]
        await asyncio.gather(*chats)
        wave += 1


async def chase(client: LoadClient, requests: list[Request], run: Run, start: float,
                delay: float, args: argparse.Namespace) -> None:
    await asyncio.sleep(delay)
    for request in requests:
        await ask(client, request, start, args.timeout)
        run.requests.append(request)
        if request.outcome == "lost":
            return


async def quiz(client: LoadClient, run: Run, until: float) -> None:
    """A quiz in a group all along; the time of every round posted."""
    after = 0
    await client.send(GROUP, "/quiz rounds=30 seconds=5 difficulty=easy", user_id=900_000)
    while time.monotonic() < until:
        with contextlib.suppress(TimeoutError):
            message = await client.wait_for(GROUP, after=after, timeout=5)
            after = message["message_id"]
            body = message.get("text") or message.get("caption") or ""
            run.sorry += body.startswith("Sorry")
            if body.startswith("Round "):
                run.round_times.append(time.monotonic())
            elif body.startswith("Games keep their state"):  # no game: try again
                await asyncio.sleep(3)
                await client.send(GROUP, "/quiz rounds=30 seconds=5 difficulty=easy",
                                  user_id=900_000)
            elif "is over" in body or "ends here" in body:  # also "could not make"
                run.quiz_ends[body.split("\n")[0][:60]] += 1
                await client.send(GROUP, "/quiz rounds=30 seconds=5 difficulty=easy",
                                  user_id=900_000)


# Report --------------------------------------------------------------------------------

def report(run: Run, seconds: float, errors: int, args: argparse.Namespace) -> str:
    sent = len(run.requests)
    lost = sum(r.outcome == "lost" for r in run.requests)
    waits = [r.latency for r in run.requests if r.latency is not None]
    still = [r.latency for r in run.requests if r.type in NO_WORKER and r.latency is not None]
    gaps = [b - a for a, b in zip(run.round_times, run.round_times[1:], strict=False)]
    faults = ", ".join(f"{kind} {run.faults[kind]}" for kind in FAULTS) if run.faults \
        else "none"
    return "\n".join([
        f"{seconds:.0f} s, waves of {args.chats} chats, {args.workers} workers; "
        f"faults injected: {faults}.",
        f"Requests sent: {sent}; answered: {sent - lost}; lost: {lost}; "
        f"'Sorry' replies: {run.sorry}; replies over 4,096 characters: {run.too_long}.",
        f"Forged button presses: {run.presses}, unanswered: {run.unanswered_presses}, "
        f"longest wait for the toast {max(run.press_waits, default=0):.2f} s.",
        f"Longest wait for any reply: {max(waits, default=0):.2f} s; longest stall (a "
        f"reply that needs no worker: cached, broken, long options): "
        f"{max(still, default=0):.2f} s.",
        f"Quiz rounds posted: {len(run.round_times)}; longest gap between rounds "
        f"{max(gaps, default=0):.1f} s (a round lasts 5 s, then a 0.5 s pause); games "
        f"ended by: {dict(run.quiz_ends) or 'none'}.",
        f"Unexpected errors the bot logged: {errors}.",
    ])


async def drive(bot: BotThread, args: argparse.Namespace, inject_faults: bool
                ) -> tuple[Run, float]:
    run = Run()
    async with LoadClient(bot.bot.url) as client:
        start = time.monotonic()
        until = start + args.minutes * 60
        tasks = [waves(client, run, args, start, until), quiz(client, run, until)]
        if inject_faults:
            tasks.append(faults(bot, client, run, start, until, args.every))
        await asyncio.gather(*tasks)
        return run, time.monotonic() - start


def one_run(args: argparse.Namespace, inject_faults: bool) -> Run:
    """A fresh bot under the load, with or without faults; its report printed."""
    random.seed(args.seed)
    with tempfile.TemporaryDirectory(prefix="puzzlebot-faults-") as folder:
        config = Config(db_path=str(Path(folder) / "faults.sqlite3"), workers=args.workers,
                        solve_timeout=30.0)
        with BotThread(config) as bot:
            run, seconds = asyncio.run(drive(bot, args, inject_faults))
            errors = bot.bot.application.bot_data.services.metrics.errors
    print(("With faults" if inject_faults else "Baseline, no faults") + ":", flush=True)
    print(report(run, seconds, errors, args) + "\n", flush=True)
    return run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=2.0, help="of each of the two runs")
    parser.add_argument("--chats", type=int, default=60, help="chats in each wave")
    parser.add_argument("--ramp", type=float, default=10.0,
                        help="seconds over which a wave's chats start")
    parser.add_argument("--every", type=float, default=8.0, help="seconds between faults")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=150.0,
                        help="seconds a request may wait for its answer before it is lost")
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args(argv)
    runs = [one_run(args, inject_faults=False), one_run(args, inject_faults=True)]
    lost = sum(r.outcome == "lost" for run in runs for r in run.requests)
    return 0 if lost == 0 and runs[1].unanswered_presses == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
