"""Reply time through the sandbox: a Seki solved in the pool against the same one from
the cache, as a person in the web page sees it (message sent -> picture and check report
received), and the bytes of the picture uploaded for it: none when the cached answer's
picture goes by the file_id Telegram returned the first time.

    .venv/bin/python bench/bench_reply.py [--puzzles N]
    .venv/bin/python bench/bench_reply.py --burrs N

Starts the real bot on a fresh sandbox and database, waits for the workers to warm up,
then sends each puzzle twice: the first answer is solved, the second comes from the
SQLite cache. With `--burrs`, each of the three burrs of `puzzles/` is sent N times
under a new name (so each is solved), and the table gives when each part of the reply
arrived: the main picture, the disassembly animation, the pieces sheet, the report.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import statistics
import tempfile
import time
from pathlib import Path

from bot.__main__ import running_in_sandbox
from bot.config import Config
from sandbox.client import SandboxClient
from solvers.seki import Seki

ALICE = 101
PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
BURRS = ("burr_antique.txt", "burr_shop.txt", "burr_eight.txt")
#: a burr reply's parts, in the order they are sent
BURR_PARTS = ("main picture", "animation", "pieces sheet", "check report")


async def reply_seconds(client: SandboxClient, text: str) -> float:
    started = time.perf_counter()
    sent = await client.send(ALICE, text)
    photo = await client.wait_for(ALICE, after=sent["message_id"], sent_as="photo")
    await client.wait_for(ALICE, after=photo["message_id"], sent_as="text")
    return time.perf_counter() - started


async def uploaded_bytes(client: SandboxClient) -> int:
    """The picture bytes in the last sendPhoto the sandbox answered: 0 for a file_id."""
    last = [call for call in await client.calls("sendPhoto") if call["ok"]][-1]
    upload = re.fullmatch(r"<upload .* (\d+) bytes>", last["params"]["photo"])
    return int(upload[1]) if upload else 0


async def reply(client: SandboxClient, text: str) -> tuple[float, int]:
    """Seconds to the check report, and the picture bytes uploaded for it."""
    seconds = await reply_seconds(client, text)
    return seconds, await uploaded_bytes(client)


async def main(count: int) -> None:
    rng = random.Random(2021)
    puzzles = [Seki().generate(rng, "medium") for _ in range(count)]
    with tempfile.TemporaryDirectory() as folder:
        config = Config(db_path=str(Path(folder) / "bench.sqlite3"), workers=2,
                        rate_burst=10 * count)
        async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
            await reply_seconds(client, "/seki oo+ooaoo-")  # wait for warm workers
            solved, cached = [], []
            for text in puzzles:
                solved.append(await reply(client, text))
                cached.append(await reply(client, text))
    print(f"{count} Seki puzzles, reply = picture and check report received")
    print("| path | median s | max s | picture uploaded, median bytes |\n"
          "| --- | ---: | ---: | ---: |")
    for name, replies in (("solved in the pool", solved), ("from the cache", cached)):
        seconds, uploads = zip(*replies, strict=True)
        print(f"| {name} | {statistics.median(seconds):.3f} | {max(seconds):.3f} "
              f"| {statistics.median(uploads):,.0f} |")


async def burr_reply(client: SandboxClient, text: str) -> list[float]:
    """Seconds from the message to each part of a burr reply (`BURR_PARTS`)."""
    started = time.perf_counter()
    after = (await client.send(ALICE, text))["message_id"]
    arrived = []
    while len(arrived) < len(BURR_PARTS):
        message = await client.wait_for(ALICE, after=after, timeout=60)
        after = message["message_id"]
        # a progress note is neither a picture nor the report
        if message["sent_as"] != "text" or "its own shape" in message["text"]:
            arrived.append(time.perf_counter() - started)
    return arrived


async def burrs(count: int) -> None:
    texts = {name: (PUZZLES / name).read_text() for name in BURRS}
    with tempfile.TemporaryDirectory() as folder:
        config = Config(db_path=str(Path(folder) / "bench.sqlite3"), workers=2,
                        rate_burst=10 * count * len(BURRS))
        async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
            await reply_seconds(client, "/seki oo+ooaoo-")  # wait for warm workers
            times: dict[str, list[list[float]]] = {name: [] for name in BURRS}
            for n in range(count):
                for name, text in texts.items():  # a new name: a new cache key
                    head, rest = text.split("\n", 1)
                    times[name].append(await burr_reply(client, f"{head} {n}\n{rest}"))
    print(f"each burr solved {count} times, median seconds from the message to each part")
    print("| burr | " + " | ".join(BURR_PARTS) + " |\n| --- |" + " ---: |" * len(BURR_PARTS))
    for name, replies in times.items():
        medians = [statistics.median(part) for part in zip(*replies, strict=True)]
        print(f"| {name} | " + " | ".join(f"{m:.3f}" for m in medians) + " |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--puzzles", type=int, default=20)
    parser.add_argument("--burrs", type=int, default=0,
                        help="time N burr replies of each puzzle instead of the Seki ones")
    args = parser.parse_args()
    asyncio.run(burrs(args.burrs) if args.burrs else main(args.puzzles))
