"""Do long counts hold anyone else up? Light replies with and without a heavy mix, one run.

    .venv/bin/python bench/lanes.py                      # the issue's mix
    .venv/bin/python bench/lanes.py --light 60 --heavy 6 # a scaled run

Starts `python -m bot` on its sandbox (as bench/load.py does), warms it, then runs two
phases against the same bot:

1. *light alone*: `--light` chats at once, each sending one light request (a new Seki or
   Sudoku made by the kind's generator, anagram letters, or a puzzle answered before, so a
   cached one), waiting for its picture;
2. *light with the heavy mix*: `--heavy` counts (bedlam, y25, queens 15 in turn) from
   `--heavy / 2` people, two each (the second, sent once the first's picture is in,
   waits in its owner's queue), sent first;
   a second later as many light chats as in phase 1, with new puzzles of the same mix.

It reports p50/p95/max of the light replies in each phase, lost replies, and for the
counts: how long their first picture took, and how each ended (its final line: complete,
or stopped with "at least" in every figure). Counts still running at the end of the
phase are left to the bot's stop. Loopback only, bounded in count and time.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import re
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import (  # noqa: E402
    LoadClient,
    free_port,
    percentile,
    start_bot,
    stop_bot,
    topic_words,
    wait_until_ready,
)

from solvers import registry  # noqa: E402

HEAVY = ("bedlam", "y25", "queens 15")
#: the line a count ends with (a text reply to its picture)
FINAL = re.compile(r"\((complete|stopped at the time limit|cancelled|stopped: [^)]*), "
                   r"[\d,]+ s\)$")
FIRST_LIGHT, FIRST_HEAVY = 700_000, 800_000


@dataclass
class Asked:
    """One request and when its answer came (seconds after it was sent)."""

    chat: int
    text: str
    first: float | None = None
    final: str = ""

    @property
    def title(self) -> str:
        """The kind's title, which starts the count's final line."""
        return registry.detect(self.text).title


def light_texts(count: int, rng: random.Random, cached: list[str]) -> list[str]:
    """`count` light requests: new Seki and Sudoku, anagram letters, cached puzzles."""
    words = topic_words()
    seki, sudoku = registry.get("seki"), registry.get("sudoku")
    texts = []
    for number in range(count):
        pick = number % 4
        if pick == 0:
            texts.append(seki.generate(rng, rng.choice(("easy", "medium"))))
        elif pick == 1:
            texts.append(sudoku.generate(rng, rng.choice(("easy", "medium", "hard"))))
        elif pick == 2:
            letters = list("".join(rng.sample(words, 2)))
            rng.shuffle(letters)
            texts.append("anagram " + "".join(letters))
        else:
            texts.append(cached[number % len(cached)])
    return texts


async def first_picture(client, asked: Asked, start: float, timeout: float,
                        final: bool = False) -> None:
    """Wait for the first picture; with `final`, also for the count's final line."""
    sent = await client.send(asked.chat, asked.text)
    after, deadline = sent["message_id"], time.monotonic() + timeout
    while time.monotonic() < deadline:
        page = await client.messages(asked.chat, after=after,
                                     wait=max(0.0, min(25.0, deadline - time.monotonic())))
        for message in page["messages"]:
            after = message["message_id"]
            if not message["from"]["is_bot"]:
                continue
            if message["sent_as"] == "photo" and asked.first is None:
                asked.first = time.monotonic() - start
                if not final:
                    return
            text = message.get("text") or ""
            if final and FINAL.search(text) and text.startswith(f"{asked.title}:"):
                asked.final = text
                return


async def light_phase(client, texts: list[str], first_chat: int,
                      timeout: float) -> list[Asked]:
    """One chat per text, all at once; each answer timed from the phase's start."""
    asked = [Asked(first_chat + n, text) for n, text in enumerate(texts)]
    start = time.monotonic()
    await asyncio.gather(*(first_picture(client, a, start, timeout) for a in asked))
    return asked


async def heavy_person(client, asked: list[Asked], start: float, wait: float) -> None:
    """One person's counts: the second sent once the first's picture is in (so each
    picture is told apart), both followed to their final line."""
    following = []
    for count in asked:
        following.append(asyncio.create_task(first_picture(client, count, start, wait, True)))
        while count.first is None and not following[-1].done():
            await asyncio.sleep(0.05)
    await asyncio.gather(*following)


async def drive(args, url: str, process) -> dict:
    rng = random.Random(args.seed)
    async with LoadClient(url) as client:
        await wait_until_ready(client, process)
        cached = light_texts(8, rng, ["anagram listen"])[:2]
        for n, text in enumerate(cached):  # answered once, so cached in both phases
            await light_phase(client, [text], FIRST_LIGHT - 10 - n, args.timeout)
        alone = await light_phase(client, light_texts(args.light, rng, cached),
                                  FIRST_LIGHT, args.timeout)
        heavy = [Asked(FIRST_HEAVY + n // 2, HEAVY[n % len(HEAVY)])
                 for n in range(args.heavy)]
        start = time.monotonic()
        counts = asyncio.gather(*(heavy_person(client, heavy[n:n + 2], start, args.count_wait)
                                  for n in range(0, len(heavy), 2)))
        await asyncio.sleep(1.0)
        mixed = await light_phase(client, light_texts(args.light, rng, cached),
                                  FIRST_LIGHT + args.light, args.timeout)
        await counts
    return {"alone": alone, "mixed": mixed, "heavy": heavy}


def row(label: str, asked: list[Asked]) -> str:
    times = [a.first for a in asked if a.first is not None]
    lost = len(asked) - len(times)
    if not times:
        return f"| {label} | {len(asked)} | {lost} | - | - | - |"
    return (f"| {label} | {len(asked)} | {lost} | {percentile(times, 0.5):.2f} "
            f"| {percentile(times, 0.95):.2f} | {max(times):.2f} |")


def report(found: dict, args, seconds: float) -> str:
    alone, mixed, heavy = found["alone"], found["mixed"], found["heavy"]
    p95 = [percentile([a.first for a in g if a.first is not None] or [0], 0.95)
           for g in (alone, mixed)]
    firsts = [a.first for a in heavy if a.first is not None] or [0.0]
    ended = [a.final for a in heavy if a.final]
    complete = sum("(complete," in line for line in ended)
    stopped = [line for line in ended if "(stopped at the time limit" in line]
    honest = sum(all(part.strip().startswith("at least") for part in
                     line.split(": ", 1)[1].split(" (")[0].split(", ")) for line in stopped)
    lines = [
        f"{args.light} light chats per phase, {args.heavy} counts from {args.heavy // 2} "
        f"people; {args.workers} workers, count lane {args.count_workers}, count limit "
        f"{args.count_timeout:g} s; run took {seconds:.0f} s.",
        "",
        "| light replies | sent | lost | p50 s | p95 s | max s |",
        "|---|---:|---:|---:|---:|---:|",
        row("alone", alone),
        row("with the heavy mix", mixed),
        "",
        f"Light p95 with the heavy mix / without: {p95[1] / p95[0]:.2f}x." if p95[0] else "",
        f"Counts: first picture p50 {percentile(firsts, 0.5):.2f} s, max {max(firsts):.2f} s "
        f"({sum(a.first is not None for a in heavy)} of {len(heavy)}); ended within "
        f"{args.count_wait:g} s: {len(ended)} ({complete} complete, {len(stopped)} stopped at "
        f"the limit, of which {honest} say \"at least\" in every figure).",
    ]
    lines += [f"  {a.text}: {a.final}" for a in heavy if a.final][:6]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--light", type=int, default=200)
    parser.add_argument("--heavy", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2, help="PUZZLEBOT_WORKERS")
    parser.add_argument("--count-workers", type=int, default=1)
    parser.add_argument("--count-timeout", type=float, default=120.0)
    parser.add_argument("--count-wait", type=float, default=300.0,
                        help="seconds the run waits for the counts to end")
    parser.add_argument("--timeout", type=float, default=150.0)
    parser.add_argument("--seed", type=int, default=13)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="puzzlebot-lanes-") as folder:
        port = free_port()
        process = start_bot(Path(folder), port, args.workers, 60.0,
                            PUZZLEBOT_COUNT_WORKERS=str(args.count_workers),
                            PUZZLEBOT_COUNT_TIMEOUT=str(args.count_timeout))
        started = time.monotonic()
        try:
            found = asyncio.run(drive(args, f"http://127.0.0.1:{port}", process))
        finally:
            stop_bot(process)
        print(report(found, args, time.monotonic() - started))
    lost = [a for g in (found["alone"], found["mixed"]) for a in g if a.first is None]
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
