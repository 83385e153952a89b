"""Reply time through the sandbox: a Seki solved in the pool against the same one from
the cache, as a person in the web page sees it (message sent -> picture and check report
received).

    .venv/bin/python bench/bench_reply.py [--puzzles N]

Starts the real bot on a fresh sandbox and database, waits for the workers to warm up,
then sends each puzzle twice: the first answer is solved, the second comes from the
SQLite cache.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.app import running
from bot.config import Config
from bot.sandbox.client import SandboxClient
from solvers.seki import Seki

ALICE = 101


async def reply_seconds(client: SandboxClient, text: str) -> float:
    started = time.perf_counter()
    sent = await client.send(ALICE, text)
    photo = await client.wait_for(ALICE, after=sent["message_id"], kind="photo")
    await client.wait_for(ALICE, after=photo["message_id"], kind="text")
    return time.perf_counter() - started


async def main(count: int) -> None:
    rng = random.Random(2021)
    puzzles = [Seki().generate(rng, "medium") for _ in range(count)]
    with tempfile.TemporaryDirectory() as folder:
        config = Config(db_path=str(Path(folder) / "bench.sqlite3"), workers=2,
                        rate_burst=10 * count)
        async with running(config, sandbox_port=0) as bot, SandboxClient(bot.url) as client:
            await reply_seconds(client, "/seki oo+ooaoo-")  # wait for warm workers
            solved, cached = [], []
            for text in puzzles:
                solved.append(await reply_seconds(client, text))
                cached.append(await reply_seconds(client, text))
    print(f"{count} Seki puzzles, reply = picture and check report received")
    print("| path | median s | max s |\n| --- | ---: | ---: |")
    for name, values in (("solved in the pool", solved), ("from the cache", cached)):
        print(f"| {name} | {statistics.median(values):.3f} | {max(values):.3f} |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--puzzles", type=int, default=20)
    asyncio.run(main(parser.parse_args().puzzles))
