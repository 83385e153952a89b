"""Load run: the real bot against its sandbox, driven by hundreds of simulated chats.

    .venv/bin/python bench/load.py                  # 200 chats, 2 slow jobs, 3 workers
    .venv/bin/python bench/load.py --chats 20       # a quick look
    .venv/bin/python bench/load.py --celery 2       # jobs on 2 Celery worker processes

Starts `python -m bot` as a subprocess (no token, so it serves the sandbox on a free
127.0.0.1 port, with a fresh SQLite file in a temporary folder), then drives it over HTTP
through the sandbox's client API. Each simulated chat is one person in a private chat
(chat id = user id) who sends a few requests, one after another, waiting for each answer:

- *new*: a Seki or Sudoku puzzle just made by the kind's `generate()` (a cache miss);
- *cached*: that same puzzle again, once it was answered (a cache hit);
- *anagram*: letters of one or two topic words, shuffled;
- *bad*: a broken puzzle (too few rotors, a 10^9-cell box, 40 letters...);
- *slow*: `bedlam`, a long count: its first picture comes from the quick lane and its
  count runs on in the count lane (bot/lanes.py); only a few chats send it, at the start.

A request is answered when its picture arrives (then its check report, also waited for)
or, for bad input, its error message; progress notes are passed over. A request with no
answer within `--timeout` seconds is lost. The report gives replies received, lost
replies, p50/p95/max latency per request type, and the same for the requests sent while
the slow jobs were running against those sent after, which shows what the slow jobs cost
the others: at most their share of the workers. Loopback only, bounded in count and time.

`--celery N`: the bot sends its jobs through a fresh `redis-server` (free loopback port)
to N `python -m bot.worker` processes (one quick and one count process each), started
and stopped by the run (tests/celery_servers.py), instead of its local pool.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from sandbox.client import SandboxClient  # noqa: E402
from solvers import registry  # noqa: E402

#: first user id of the simulated people (each has the private chat of the same id)
FIRST_USER = 500_000
#: a bot text that is a progress note ("Bedlam cube: searching... (4 s)"), not an answer
PROGRESS = re.compile(r": (searching\.\.\.|[\d,]+ found so far\.\.\.|done: [^\n]*|stopped)"
                      r" \(\d+ s")
#: broken puzzles: each is refused by its kind's parser with a line-numbered message
BAD_INPUTS = (
    "#seki\noo+ooaoo",
    "#seki\noo+ooaoo-x",
    "#sudoku\n8........\n..36.....\n.7..9.2..",
    "#boxer huge\n5 100 100 100 100 10\n0\na\na 1  0 0 0 0 0",
    "#boxer\n3 3 3 3\n0\nVL\nV 3  0 0 0  0 1 0",
    "queens 99",
    "anagram " + "abcdefghij" * 4,
    "#gogen\nabcdef\n",
    "#nw\n501\n04000005",
    "1 120 3328 3322 3328 99999",
    "#burr6\n0,1,Key\n1,120,Cup",
    "nuts\n1 2 3 4 5 6\n1 2 3",
)
TYPES = ("new", "cached", "anagram", "bad", "slow")


@dataclass
class Request:
    """One request of one chat and what became of it."""

    type: str
    chat: int
    text: str
    sent: float = 0.0  # seconds since the run started
    answered: float | None = None
    outcome: str = ""  # photo, text or lost
    expected: bool = True  # the answer was of the kind this request asks for
    report: bool = False  # a puzzle's check report arrived too

    @property
    def latency(self) -> float | None:
        return None if self.answered is None else self.answered - self.sent


@dataclass
class Plan:
    """What every chat will send, made before the clock starts."""

    chats: dict[int, list[Request]] = field(default_factory=dict)


def make_plan(chats: int, slow: int, requests: int, rng: random.Random) -> Plan:
    """`slow` chats send `bedlam` once; the others send new, cached, anagram and bad ones.

    Each ordinary chat's own new puzzle comes back as its cached request, after it.
    """
    words = topic_words()
    seki, sudoku = registry.get("seki"), registry.get("sudoku")
    plan = Plan()
    for number in range(chats):
        chat = FIRST_USER + number
        if number < slow:
            plan.chats[chat] = [Request("slow", chat, "bedlam")]
            continue
        maker = seki if number % 2 else sudoku
        puzzle = maker.generate(rng, rng.choice(("easy", "medium", "hard")))
        letters = list("".join(rng.sample(words, rng.choice((1, 2)))))
        rng.shuffle(letters)
        extra = [Request("anagram", chat, "anagram " + "".join(letters)),
                 Request("bad", chat, rng.choice(BAD_INPUTS))]
        rng.shuffle(extra)
        order = [Request("new", chat, puzzle), Request("cached", chat, puzzle), *extra]
        if rng.random() < 0.5:  # half the chats ask for the anagram or bad one first
            order.insert(0, order.pop(2))
        plan.chats[chat] = order[:requests]
    return plan


def topic_words() -> list[str]:
    """Plain words (letters only, 4-9 of them) from the anagram topic lists."""
    words = []
    for path in sorted((ROOT / "assets" / "topics").glob("*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            word = line.strip().lower()
            if word.isalpha() and word.isascii() and 4 <= len(word) <= 9:
                words.append(word)
    return words


# The bot under load --------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_bot(folder: Path, port: int, workers: int, budget: float,
              **settings: str) -> subprocess.Popen:
    """`python -m bot` on the sandbox, its log in the folder; `settings`: more of its
    environment (PUZZLEBOT_COUNT_WORKERS=...)."""
    env = {key: value for key, value in os.environ.items() if key != "TELEGRAM_BOT_TOKEN"}
    env.update(PUZZLEBOT_SANDBOX_PORT=str(port), PUZZLEBOT_DB=str(folder / "load.sqlite3"),
               PUZZLEBOT_WORKERS=str(workers), PUZZLEBOT_SOLVE_TIMEOUT=str(budget), **settings)
    log = (folder / "bot.log").open("w")
    return subprocess.Popen([sys.executable, "-m", "bot"], cwd=ROOT, env=env, stdout=log,
                            stderr=subprocess.STDOUT, start_new_session=True)


def stop_bot(process: subprocess.Popen) -> None:
    """SIGINT first (python-telegram-bot stops cleanly on it), then kill it."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def celery_workers(folder: Path, count: int) -> Iterator[dict[str, str]]:
    """Redis and `count` worker processes for the bot (nothing when 0); its settings."""
    if not count:
        yield {}
        return
    from celery_servers import CeleryWorkers, RedisServer

    redis = RedisServer(folder)
    redis.start()
    workers = CeleryWorkers(redis.url, folder)
    try:
        workers.start(count)
        yield {"PUZZLEBOT_BROKER_URL": redis.url}
    finally:
        workers.stop()
        redis.stop()


class LoadClient(SandboxClient):
    """The sandbox client with no cap on open connections: every chat long-polls at once."""

    def __init__(self, url: str):
        super().__init__(url)
        self.http = httpx.AsyncClient(base_url=self.url, timeout=70.0,
                                      limits=httpx.Limits(max_connections=None,
                                                          max_keepalive_connections=50))


async def wait_until_ready(client: SandboxClient, process: subprocess.Popen,
                           timeout: float = 90) -> None:
    """The sandbox answers and the bot replies to /start (its workers are warm)."""
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"the bot exited with status {process.returncode}")
        try:
            sent = await client.send(FIRST_USER - 1, "/start")
            await client.wait_for(FIRST_USER - 1, after=sent["message_id"], timeout=30)
            return
        except (httpx.HTTPError, TimeoutError):
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.5)


# The chats -----------------------------------------------------------------------------


async def run_chat(client: SandboxClient, requests: list[Request], start: float,
                   delay: float, timeout: float) -> None:
    """One person: the requests in order, each after the last one's answer."""
    await asyncio.sleep(delay)
    for request in requests:
        await ask(client, request, start, timeout)
        if request.outcome == "lost":
            return  # the rest would be read as this one's late answer


async def ask(client: SandboxClient, request: Request, start: float, timeout: float) -> None:
    """Send one request; wait for its answer (and a puzzle's report)."""
    request.sent = time.monotonic() - start
    sent = await client.send(request.chat, request.text)
    after, deadline = sent["message_id"], time.monotonic() + timeout
    wants_photo = request.type != "bad"
    while time.monotonic() < deadline:
        wait = min(25.0, deadline - time.monotonic())
        page = await client.messages(request.chat, after=after, wait=max(0.0, wait))
        for message in page["messages"]:
            after = message["message_id"]
            if not message["from"]["is_bot"] or is_progress(message):
                continue
            if request.answered is None:
                request.answered = time.monotonic() - start
                request.outcome = message["sent_as"]
                request.expected = (message["sent_as"] == "photo") == wants_photo
                if not (wants_photo and request.expected):
                    return
            elif message["sent_as"] in ("text", "document"):
                request.report = True
                return
    request.outcome = request.outcome or "lost"


def is_progress(message: dict) -> bool:
    return message["sent_as"] == "text" and bool(PROGRESS.search(message.get("text") or ""))


# Report --------------------------------------------------------------------------------


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def latency_row(label: str, requests: list[Request]) -> str:
    answered = [r.latency for r in requests if r.latency is not None]
    lost = sum(r.outcome == "lost" for r in requests)
    if not answered:
        return f"| {label} | {len(requests)} | 0 | {lost} | - | - | - |"
    return (f"| {label} | {len(requests)} | {len(answered)} | {lost} "
            f"| {statistics.median(answered):.2f} | {percentile(answered, 0.95):.2f} "
            f"| {max(answered):.2f} |")


def report(requests: list[Request], seconds: float, args: argparse.Namespace,
           log_path: Path) -> str:
    header = ("| requests | sent | answered | lost | p50 s | p95 s | max s |\n"
              "|---|---:|---:|---:|---:|---:|---:|")
    rows = [latency_row(kind, [r for r in requests if r.type == kind]) for kind in TYPES]
    rows.append(latency_row("all", requests))
    slow = [r for r in requests if r.type == "slow"]
    slow_end = max((r.answered or seconds for r in slow), default=0.0)
    phases = []
    for label, types in (("solved in the pool (new, anagram)", ("new", "anagram")),
                         ("answered without the pool (cached, bad)", ("cached", "bad"))):
        chosen = [r for r in requests if r.type in types]
        phases += [latency_row(f"{label}, sent while the slow jobs ran (0-{slow_end:.0f} s)",
                               [r for r in chosen if r.sent < slow_end]),
                   latency_row(f"{label}, sent after",
                               [r for r in chosen if r.sent >= slow_end])]
    unexpected = [r for r in requests if r.answered is not None and not r.expected]
    reports = [r for r in requests if r.type != "bad" and r.outcome == "photo"]
    lost = sum(r.outcome == "lost" for r in requests)
    log = log_path.read_text(errors="replace")
    bot_messages = sum(1 + r.report if r.answered is not None else 0 for r in requests)
    lines = [
        f"{args.chats} chats ({args.slow} sending a slow job), {len(requests)} requests, "
        + (f"{args.celery} Celery worker processes" if args.celery
           else f"{args.workers} solver workers")
        + f", job budget {args.budget:g} s; run took {seconds:.0f} s.",
        f"Replies received: {bot_messages:,} bot messages answering "
        f"{len(requests) - lost} of {len(requests)} requests; lost replies: {lost}; "
        f"check reports after pictures: {sum(r.report for r in reports)} of {len(reports)}; "
        f"answers of the wrong sort: {len(unexpected)}"
        + (f" ({', '.join(f'{r.type}: {r.text[:30]!r}' for r in unexpected[:5])})"
           if unexpected else "") + ".",
        f"Bot log: {log.count(' ERROR ')} ERROR lines, {log.count('Traceback')} tracebacks.",
        "", header, *rows,
    ]
    if slow:
        lines += ["", "The same requests, by when they were sent:", "", header, *phases]
    return "\n".join(lines)


async def drive(args: argparse.Namespace, plan: Plan, url: str,
                process: subprocess.Popen) -> tuple[list[Request], float, str]:
    async with LoadClient(url) as client:
        await wait_until_ready(client, process)
        rng = random.Random(args.seed)
        start = time.monotonic()
        chats = []
        for requests in plan.chats.values():
            delay = 0.0 if requests[0].type == "slow" else rng.uniform(0.5, args.ramp)
            chats.append(run_chat(client, requests, start, delay, args.timeout))
        await asyncio.gather(*chats)
        seconds = time.monotonic() - start
        pace = call_pace(await client.calls())
    return [r for requests in plan.chats.values() for r in requests], seconds, pace


def call_pace(calls: list[dict]) -> str:
    """How fast the bot was calling the Bot API (the sandbox keeps the last 1,000 calls):
    python-telegram-bot's rate limiter holds it to Telegram's 30 a second."""
    sending = [c["time"] for c in calls if c["method"] != "getUpdates"]
    if len(sending) < 2:
        return "too few Bot API calls to time"
    per_second = (len(sending) - 1) / (sending[-1] - sending[0])
    return (f"the bot's last {len(sending)} Bot API calls other than getUpdates came at "
            f"{per_second:.1f} a second")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chats", type=int, default=200)
    parser.add_argument("--slow", type=int, default=2, help="chats sending a slow job")
    parser.add_argument("--requests", type=int, default=4, help="requests per chat, up to 4")
    parser.add_argument("--workers", type=int, default=3, help="PUZZLEBOT_WORKERS")
    parser.add_argument("--budget", type=float, default=30.0, help="PUZZLEBOT_SOLVE_TIMEOUT")
    parser.add_argument("--ramp", type=float, default=20.0,
                        help="seconds over which the ordinary chats start")
    parser.add_argument("--timeout", type=float, default=150.0,
                        help="seconds a request may wait for its answer before it is lost")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--celery", type=int, default=0,
                        help="Celery worker processes through Redis (0: the local pool)")
    args = parser.parse_args(argv)

    made = time.monotonic()
    plan = make_plan(args.chats, args.slow, args.requests, random.Random(args.seed))
    print(f"plan made in {time.monotonic() - made:.1f} s", file=sys.stderr)
    with (tempfile.TemporaryDirectory(prefix="puzzlebot-load-") as folder,
          celery_workers(Path(folder), args.celery) as settings):
        port = free_port()
        process = start_bot(Path(folder), port, args.workers, args.budget, **settings)
        try:
            requests, seconds, pace = asyncio.run(
                drive(args, plan, f"http://127.0.0.1:{port}", process))
        finally:
            stop_bot(process)
        print(report(requests, seconds, args, Path(folder) / "bot.log"))
        print(f"\nPace: {pace}.")
    return 0 if all(r.outcome != "lost" for r in requests) else 1


if __name__ == "__main__":
    sys.exit(main())
