"""`python -m bot.sandbox.screenshot OUT.png [--private]`: a picture of the page for the docs.

Starts the sandbox with the echo bot, plays a short conversation through the client API and
photographs the page in headless Chromium (/usr/bin/chromium) at a phone's size.
"""

from __future__ import annotations

import argparse
import asyncio

from .client import SandboxClient
from .echo import build_echo_app
from .server import Sandbox

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
GROUP = -100200300


async def conversation(client: SandboxClient, private: bool) -> None:
    if private:
        sent = await client.send(101, "/start")
        menu = await client.wait_for(101, after=sent["message_id"])
        await client.press(101, 101, menu["message_id"], "count:0")
        sent = await client.send(101, "#seki 3x3\n1 . 2\n. 3 .\n2 . 1")
        await client.wait_for(101, after=sent["message_id"], kind="photo")
        sent = await client.send(101, "/doc")
        await client.wait_for(101, after=sent["message_id"], kind="document")
        return
    sent = await client.send(GROUP, "/start", user_id=101)
    await client.wait_for(GROUP, after=sent["message_id"])
    sent = await client.send(GROUP, "RACECAR\nLEVEL", user_id=102)
    await client.wait_for(GROUP, after=sent["message_id"], kind="photo")
    sent = await client.send(GROUP, "/gif", user_id=103)
    await client.wait_for(GROUP, after=sent["message_id"], kind="animation")


async def main(out: str, private: bool, width: int, height: int) -> None:
    from playwright.async_api import async_playwright

    async with Sandbox() as sandbox:
        app = build_echo_app(sandbox.url, sandbox.token)
        async with app, SandboxClient(sandbox.url) as client:
            await app.start()
            await app.updater.start_polling(poll_interval=0, timeout=1)
            await app.bot.set_my_commands([("start", "Greeting and buttons"),
                                           ("doc", "The last text as a file"),
                                           ("gif", "An animation")])
            await conversation(client, private)
            await asyncio.sleep(0.5)
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path="/usr/bin/chromium",
                                                   args=CHROMIUM_ARGS)
                page = await browser.new_page(viewport={"width": width, "height": height})
                chat = "private" if private else "group"
                user = "alice" if private else "carol"
                await page.goto(f"{sandbox.url}/?chat={chat}&user={user}")
                await page.wait_for_selector("body[data-ready='true']")
                await page.wait_for_function(
                    "[...document.images].every(i => i.complete && i.naturalWidth > 0)")
                await page.wait_for_timeout(300)
                await page.screenshot(path=out)
                await browser.close()
            await app.updater.stop()
            await app.stop()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out")
    parser.add_argument("--private", action="store_true")
    parser.add_argument("--size", default="400x820")
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    asyncio.run(main(args.out, args.private, w, h))
