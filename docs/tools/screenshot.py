"""`.venv/bin/python docs/tools/screenshot.py SCENE OUT.png`: the web page with the real
bot, for the README and the manual (a documentation tool, not part of the running bot).

Starts PuzzleBot against a fresh sandbox (a throw-away database), plays one short
conversation through the client API, and photographs the page in headless Chromium
(/usr/bin/chromium) at a phone's size. Scenes: seki, hints, sudoku-hints, burr, nuts, file (a Sudoku
sent as a .txt document), menu (a tap on /example's puzzle opens Reply and Forward),
reply (/example seki forwarded back, then /check as a reply to it), welcome (/start),
spoiler (/settings set to hide solutions, then a Seki with its Share button), anagram
(anagram dormitory: the answers with their More button, and the report), german (a user
whose app is in German: a greeting, then a Sudoku answered in German), pencil (a
puzz.link link inside a sentence, answered), pencil-hints (/hint in reply to a Nurikabe
link, up to its first step).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.__main__ import running_in_sandbox  # noqa: E402
from bot.config import Config  # noqa: E402
from sandbox.client import SandboxClient  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PUZZLES = Path(__file__).resolve().parents[2] / "puzzles"
ALICE = 101


async def say(client: SandboxClient, text: str, sent_as: str | None = None,
              **extra) -> dict:
    sent = await client.send(ALICE, text, **extra)
    return await client.wait_for(ALICE, after=sent["message_id"], sent_as=sent_as, timeout=60)


async def scene_seki(client: SandboxClient) -> None:
    photo = await say(client, (PUZZLES / "sk_6018.txt").read_text().strip(), "photo")
    await client.wait_for(ALICE, after=photo["message_id"], sent_as="text")


async def scene_hints(client: SandboxClient) -> None:
    step = await say(client, "/hint dormitory")
    for _ in range(2):
        data = step["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
        await client.press(ALICE, ALICE, step["message_id"], data)
        step = await client.wait_for(ALICE, after=step["message_id"])


#: the newspaper Sudoku of the photo docs/images/photo-sudoku-22.png, as typed
NEWSPAPER = ("6.1.85..4\n...3.....\n.89....2.\n.1.......\n7.2.58..9\n...46.1..\n"
             ".5..2.6..\n......34.\n..79...8.")


async def scene_sudoku_hints(client: SandboxClient) -> None:
    """/hint in reply to a Sudoku, then three presses up its ladder (each rewrites the
    ladder's one message)."""
    sent = await client.send(ALICE, NEWSPAPER)
    await client.wait_for(ALICE, after=sent["message_id"], sent_as="text", timeout=60)
    asked = await client.send(ALICE, "/hint", reply_to_message_id=sent["message_id"])
    step = await client.wait_for(ALICE, after=asked["message_id"], timeout=60)
    while not step.get("reply_markup"):  # the answer's report may come after /hint
        step = await client.wait_for(ALICE, after=step["message_id"], timeout=60)
    for label in ("Where to look", "Which technique", "Show this step"):
        data = next(b["callback_data"] for row in step["reply_markup"]["inline_keyboard"]
                    for b in row if b["text"] == label)
        await client.press(ALICE, ALICE, step["message_id"], data)
        step = await rewritten(client, step)


async def rewritten(client: SandboxClient, message: dict) -> dict:
    """The message once the bot has edited it (its revision moved on)."""
    for _ in range(120):
        page = await client.messages(ALICE, after=message["message_id"] - 1)
        now = page["messages"][0]
        if now["revision"] != message["revision"]:
            return now
        await asyncio.sleep(0.5)
    raise TimeoutError(f"message {message['message_id']} was not edited")


async def scene_burr(client: SandboxClient) -> None:
    photo = await say(client, (PUZZLES / "burr_antique.txt").read_text().strip(), "photo")
    await client.wait_for(ALICE, after=photo["message_id"], sent_as="animation")


async def scene_nuts(client: SandboxClient) -> None:
    photo = await say(client, (PUZZLES / "nuts.txt").read_text().strip(), "photo")
    await client.wait_for(ALICE, after=photo["message_id"], sent_as="text")


async def scene_reply(client: SandboxClient) -> None:
    example = await say(client, "/example seki")
    forwarded = await client.forward(ALICE, from_chat_id=ALICE,
                                     message_id=example["message_id"])
    photo = await client.wait_for(ALICE, after=forwarded["message_id"], sent_as="photo",
                                  timeout=60)
    await client.wait_for(ALICE, after=photo["message_id"], sent_as="text")
    solution = "\n".join(["/check", "1010", "0100", "1011", "0101"])
    sent = await client.send(ALICE, solution, reply_to_message_id=example["message_id"])
    await client.wait_for(ALICE, after=sent["message_id"], sent_as="photo", timeout=60)


async def scene_anagram(client: SandboxClient) -> None:
    photo = await say(client, "anagram dormitory", "photo")
    await client.wait_for(ALICE, after=photo["message_id"], sent_as="text")


async def scene_menu(client: SandboxClient) -> None:
    await say(client, "/example seki")


async def tap_last_bot_message(page) -> None:
    """A tap on the bot's last message: its menu opens (Reply, Forward to ...)."""
    bubble = page.locator("[data-testid=message][data-from=bot]").last
    await bubble.get_by_test_id("message-text").click()
    await page.get_by_test_id("message-menu").wait_for()


async def scene_file(client: SandboxClient) -> None:
    puzzle = PUZZLES / "sudoku_inkala.txt"
    sent = await client.send_document(ALICE, puzzle.name, puzzle.read_bytes())
    photo = await client.wait_for(ALICE, after=sent["message_id"], sent_as="photo", timeout=60)
    await client.wait_for(ALICE, after=photo["message_id"], sent_as="text")


async def scene_welcome(client: SandboxClient) -> None:
    await say(client, "/start")


async def scene_spoiler(client: SandboxClient) -> None:
    """/settings, solutions behind a spoiler, then a Seki: its picture blurred, its
    solution in spoilers, and the Share button."""
    menu = await say(client, "/settings")
    data = menu["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
    await client.press(ALICE, ALICE, menu["message_id"], data)
    photo = await say(client, (PUZZLES / "sk_6018.txt").read_text().strip(), "photo")
    await client.wait_for(ALICE, after=photo["message_id"], sent_as="text")


async def scene_german(client: SandboxClient) -> None:
    """The front page's German answer: the app's language is all the bot goes by."""
    await say(client, "hallo", language_code="de")
    photo = await say(client, (PUZZLES / "sudoku_inkala.txt").read_text().strip(), "photo",
                      language_code="de")
    await client.wait_for(ALICE, after=photo["message_id"], sent_as="text")


async def scene_pencil(client: SandboxClient) -> None:
    """A puzz.link link pasted inside a sentence: the picture, the folded report with the
    player's-file button."""
    link = (PUZZLES / "pencil" / "slither.txt").read_text().strip()
    photo = await say(client, f"Stuck on this one: {link}", "photo")
    await client.wait_for(ALICE, after=photo["message_id"], sent_as="text")


async def scene_pencil_hints(client: SandboxClient) -> None:
    """/hint in reply to a Nurikabe link, then Where to look and Show this step."""
    link = (PUZZLES / "pencil" / "nurikabe.txt").read_text().strip()
    photo = await say(client, link, "photo")
    await client.wait_for(ALICE, after=photo["message_id"], sent_as="text")
    asked = await client.send(ALICE, "/hint", reply_to_message_id=photo["message_id"] - 1)
    step = await client.wait_for(ALICE, after=asked["message_id"], timeout=60)
    for label in ("Where to look", "Show this step"):
        data = next(b["callback_data"] for row in step["reply_markup"]["inline_keyboard"]
                    for b in row if b["text"] == label)
        await client.press(ALICE, ALICE, step["message_id"], data)
        step = await rewritten(client, step)


SCENES = {"pencil": scene_pencil, "pencil-hints": scene_pencil_hints,
          "welcome": scene_welcome, "spoiler": scene_spoiler, "seki": scene_seki,
          "hints": scene_hints, "sudoku-hints": scene_sudoku_hints, "burr": scene_burr,
          "nuts": scene_nuts, "file": scene_file, "reply": scene_reply, "menu": scene_menu,
          "anagram": scene_anagram, "german": scene_german}
async def type_in_german(page) -> None:
    """The page's person picks German, as the one whose app is in German."""
    await page.get_by_test_id("language-select").select_option("de")


#: what a scene does in the page itself before the picture is taken
PAGE_STEPS = {"menu": tap_last_bot_message, "german": type_in_german}


async def main(scene: str, out: str, width: int, height: int) -> None:
    from playwright.async_api import async_playwright

    with tempfile.TemporaryDirectory() as folder:
        config = Config(db_path=str(Path(folder) / "bot.sqlite3"), workers=1)
        async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
            await SCENES[scene](client)
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path="/usr/bin/chromium",
                                                   args=CHROMIUM_ARGS)
                page = await browser.new_page(viewport={"width": width, "height": height})
                await page.goto(f"{bot.url}/?chat=private&user=alice")
                await page.wait_for_selector("body[data-ready='true']")
                await page.wait_for_function(
                    "[...document.images].every(i => i.complete && i.naturalWidth > 0)")
                await page.wait_for_timeout(300)
                if scene in PAGE_STEPS:
                    await PAGE_STEPS[scene](page)
                await page.screenshot(path=out)
                await browser.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("scene", choices=sorted(SCENES))
    parser.add_argument("out")
    parser.add_argument("--size", default="400x820")
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    asyncio.run(main(args.scene, args.out, w, h))
