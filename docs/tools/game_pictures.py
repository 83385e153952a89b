"""`.venv/bin/python docs/tools/game_pictures.py OUTDIR`: the group-game pictures of the
manual, made by the code (a documentation tool, not part of the running bot).

- games-round.png: a quiz round's letters ring, as posted;
- games-race-seki.png: a race's unsolved Seki puzzle, as posted;
- games-quiz-chat.png, games-race-chat.png, games-race-private.png: the sandbox's web
  page with the real bot at a phone's size (headless Chromium at /usr/bin/chromium),
  after a short quiz and a race played through the client API.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.__main__ import running_in_sandbox  # noqa: E402
from bot.config import Config  # noqa: E402
from bot.games.quiz.rules import round_seed  # noqa: E402
from bot.work.anagram_jobs import quiz_round  # noqa: E402
from bot.work.jobs import race_puzzle  # noqa: E402
from sandbox.client import SandboxClient  # noqa: E402
from solvers import registry  # noqa: E402
from solvers.base import Limits  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
ALICE, BOB, CAROL = 101, 102, 103
GROUP = -100200300


def still_pictures(out: Path) -> None:
    (out / "games-round.png").write_bytes(quiz_round(None, "medium", round_seed(4, 1)).picture)
    made = race_puzzle("seki", "medium", 3, [])
    (out / "games-race-seki.png").write_bytes(made.picture)


async def wait_text(client: SandboxClient, chat: int, after: int, starts: str) -> dict:
    while True:
        message = await client.wait_for(chat, after=after, timeout=60)
        if (message.get("text") or message.get("caption") or "").startswith(starts):
            return message
        after = message["message_id"]


async def play_quiz(client: SandboxClient, db: str) -> None:
    sent = await client.send(GROUP, "/quiz rounds=2 seconds=6 difficulty=easy", user_id=ALICE)
    photo = await client.wait_for(GROUP, after=sent["message_id"], sent_as="photo", timeout=60)
    await client.send(GROUP, "tops", user_id=CAROL)  # a wrong guess: no reply
    with sqlite3.connect(db) as conn:
        answer = conn.execute("SELECT answer FROM game_rounds WHERE number = 1").fetchone()[0]
    sent = await client.send(GROUP, answer, user_id=BOB)
    await client.wait_for(GROUP, after=sent["message_id"], timeout=30)
    await wait_text(client, GROUP, photo["message_id"], "Quiz #1 is over!")


async def play_race(client: SandboxClient) -> None:
    sent = await client.send(GROUP, "/race seki easy minutes=10", user_id=ALICE)
    photo = await client.wait_for(GROUP, after=sent["message_id"], sent_as="photo", timeout=60)
    text = (await client.wait_for(GROUP, after=photo["message_id"], timeout=30))["text"]
    join = photo["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
    for user in (ALICE, BOB):
        await client.press(GROUP, user, photo["message_id"], join)
    kind = registry.get("seki")
    puzzle = kind.parse(text)
    solution = kind.format_solution(puzzle, kind.solve(puzzle, Limits.within(10)).found[0])
    for pause, user, grid in ((3, BOB, "1100\n0000\n0011\n0000"), (1, ALICE, solution),
                              (2, BOB, solution)):
        await asyncio.sleep(pause)  # people take a moment to solve
        sent = await client.send(user, f"/submit 1\n{grid}", user_id=user)
        await client.wait_for(user, after=sent["message_id"], timeout=30)
    await wait_text(client, GROUP, photo["message_id"], "Race #1 is over")


async def page_shots(out: Path, width: int, height: int) -> None:
    from playwright.async_api import async_playwright

    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "bot.sqlite3")
        async with running_in_sandbox(Config(db_path=db, workers=2)) as bot, \
                SandboxClient(bot.url) as client, async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path="/usr/bin/chromium",
                                               args=CHROMIUM_ARGS)
            page = await browser.new_page(viewport={"width": width, "height": height})

            async def shoot(query: str, name: str) -> None:
                await page.goto(f"{bot.url}/?{query}")
                await page.wait_for_selector("body[data-ready='true']")
                await page.wait_for_function(
                    "[...document.images].every(i => i.complete && i.naturalWidth > 0)")
                await page.wait_for_timeout(400)
                await page.screenshot(path=str(out / name))

            await play_quiz(client, db)
            await shoot("chat=group&user=bob", "games-quiz-chat.png")
            await play_race(client)
            await shoot("chat=group&user=alice", "games-race-chat.png")
            await shoot("chat=private&user=bob", "games-race-private.png")
            await browser.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", default="400x820")
    args = parser.parse_args()
    random.seed(1)
    still_pictures(args.out)
    w, h = (int(v) for v in args.size.split("x"))
    asyncio.run(page_shots(args.out, w, h))
