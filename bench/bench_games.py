"""Load run: many groups playing anagram quiz rounds at once, through the sandbox.

    .venv/bin/python bench/bench_games.py [--groups 1,10,40] [--rounds 3] [--workers 2]

For each group count, the real bot is started against its sandbox with a fresh database;
every group gets `/quiz rounds=R seconds=S difficulty=easy` (S = 10 by default, so
the pause between rounds is 1 s) from its own player, who
answers each round as soon as its picture arrives (the simulated player reads the answer
from the bot's database, so the bench spends no CPU solving). A round's cost is the whole
loop the bot runs: judge the message, store the win, acknowledge it, pick the next
challenge and its hints in a worker, draw the ring picture, post it and set its timers.

Reported per group count: rounds played, wall seconds, rounds per second across all
groups, and the median and 95th percentile of "answer sent -> acknowledgement" and
"acknowledgement -> next round's picture", and the bot's messages per second (Bot API
sends). The bot keeps its rate limiter here as on Telegram (python-telegram-bot's
AIORateLimiter, 30 messages per second overall), which is what caps the figure; the bot,
its sandbox and the simulated players share one process. Every loop is bounded in count
and time.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.__main__ import running_in_sandbox  # noqa: E402
from bot.config import Config  # noqa: E402
from bot.games.quiz import pause_for  # noqa: E402
from sandbox.client import SandboxClient  # noqa: E402

#: no group may take longer than this (seconds); the run stops with an error
GROUP_LIMIT = 300.0
FIRST_GROUP = -100500000
PLAYER = 2000


def answer_of(db_path: str, chat_id: int, number: int) -> str:
    with sqlite3.connect(db_path, timeout=5) as db:
        row = db.execute(
            "SELECT r.answer FROM game_rounds r JOIN games g ON g.id = r.game_id "
            "WHERE g.chat_id = ? AND g.state = 'running' AND r.number = ?",
            (chat_id, number)).fetchone()
    if row is None:
        raise RuntimeError(f"no round {number} in chat {chat_id}")
    return row[0]


async def play(client: SandboxClient, db_path: str, chat_id: int, rounds: int, seconds: int,
               acks: list[float], gaps: list[float]) -> int:
    """One group's whole quiz; the rounds it played."""
    player = PLAYER + abs(chat_id) % 1000
    sent = await client.send(chat_id, f"/quiz rounds={rounds} seconds={seconds} difficulty=easy",
                             user_id=player, chat_type="group", chat_title=f"Bench {chat_id}",
                             first_name=f"P{player}")
    after = sent["message_id"]
    played = 0
    acked_at = None
    while played < rounds:
        photo = await client.wait_for(chat_id, after=after, sent_as="photo", timeout=60)
        if acked_at is not None:
            gaps.append(time.perf_counter() - acked_at)
        number = int(photo["caption"].split()[1])
        answer = answer_of(db_path, chat_id, number)
        started = time.perf_counter()
        sent = await client.send(chat_id, answer, user_id=player, chat_type="group")
        ack = await client.wait_for(chat_id, after=sent["message_id"], timeout=60)
        while ack["text"].startswith("Hint"):  # hints may pass the answer under load
            ack = await client.wait_for(chat_id, after=ack["message_id"], timeout=60)
        if not ack["text"].startswith("✅"):
            raise RuntimeError(f"chat {chat_id}: unexpected {ack['text'][:60]!r}")
        acked_at = time.perf_counter()
        acks.append(acked_at - started)
        played += 1
        after = ack["message_id"]
    end = await client.wait_for(chat_id, after=after, timeout=60)
    if "is over!" not in end["text"]:
        raise RuntimeError(f"chat {chat_id}: no closing ranking: {end['text'][:60]!r}")
    return played


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


async def run_groups(groups: int, rounds: int, seconds: int, workers: int) -> dict:
    with tempfile.TemporaryDirectory() as folder:
        db_path = os.path.join(folder, "bench.sqlite3")
        config = Config(db_path=db_path, workers=workers, solve_timeout=30)
        async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
            # one untimed round first: the workers are up and their word pools filtered
            await play(client, db_path, FIRST_GROUP + 1, 1, seconds, [], [])
            acks: list[float] = []
            gaps: list[float] = []
            started = time.perf_counter()
            played = await asyncio.wait_for(asyncio.gather(*[
                play(client, db_path, FIRST_GROUP - n, rounds, seconds, acks, gaps)
                for n in range(groups)]), GROUP_LIMIT)
            wall = time.perf_counter() - started
            sent = 0
            for n in range(groups):
                page = await client.messages(FIRST_GROUP - n, after=0)
                sent += sum(m["from"]["is_bot"] for m in page["messages"])
    total = sum(played)
    return {"groups": groups, "rounds": total, "wall": wall, "rate": total / wall,
            "messages": sent / wall,
            "ack50": statistics.median(acks), "ack95": quantile(acks, 0.95),
            "gap50": statistics.median(gaps) if gaps else float("nan"),
            "gap95": quantile(gaps, 0.95)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--groups", default="1,10,40")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"(workers={args.workers}, {os.cpu_count()} CPUs, seconds={args.seconds}: "
          f"{pause_for(args.seconds):g} s pause between rounds)")
    print("| groups | rounds | wall s | rounds/s | bot messages/s | answer->ack p50 / p95 s | "
          "ack->next round p50 / p95 s |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for groups in (int(g) for g in args.groups.split(",")):
        r = asyncio.run(run_groups(groups, args.rounds, args.seconds, args.workers))
        print(f"| {r['groups']} | {r['rounds']} | {r['wall']:.1f} | {r['rate']:.2f} | "
              f"{r['messages']:.1f} | "
              f"{r['ack50']:.3f} / {r['ack95']:.3f} | {r['gap50']:.2f} / {r['gap95']:.2f} |",
              flush=True)


if __name__ == "__main__":
    main()
