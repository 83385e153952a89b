"""End to end, a burr: its main picture goes first, then the disassembly animation and the
pieces sheet (drawn in another job while the first picture is sent), then the check
report; the same burr asked again comes from the cache with every picture, by file_id."""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

from PIL import Image

from sandbox.client import SandboxClient
from solvers.pipeline import prepare

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
EIGHT = (PUZZLES / "burr_eight.txt").read_text()
ALICE, BOB = 101, 102


async def reply(client: SandboxClient, chat: int, text: str) -> list[dict]:
    """The bot's pictures for a puzzle, then its check report (a progress note on a loaded
    machine passed over)."""
    sent = await client.send(chat, text)
    after, messages = sent["message_id"], []
    while True:
        message = await client.wait_for(chat, after=after, timeout=60)
        after = message["message_id"]
        if message["sent_as"] != "text":
            messages.append(message)
        elif "its own shape" in message["text"]:
            return [*messages, message]


async def test_a_burr_reply_sends_its_main_picture_then_the_others_then_the_report(
        puzzlebot):
    bot, client = puzzlebot
    first = await reply(client, ALICE, EIGHT)
    assert [m["sent_as"] for m in first] == ["photo", "animation", "photo", "text"]
    picture, animation, pieces, report = first
    assert "40 up to rotation" in picture["caption"]
    assert animation["caption"] == "Taking it apart: level 6.2.1.2.1"
    assert pieces["caption"] == "The pieces"
    gif = Image.open(io.BytesIO(await client.file(animation["file_url"])))
    assert gif.format == "GIF" and gif.n_frames == 13  # assembled + 12 moves
    assert Image.open(io.BytesIO(await client.file(picture["file_url"]))).format == "PNG"
    assert "Burr OK: it assembles and comes apart, level 6.2.1.2.1." in report["text"]

    store = bot.application.bot_data.services.store
    key = prepare(EIGHT)[2]
    for _ in range(250):  # the handler keeps the file_ids just after its reply
        kept = await store.file_ids(key, bot.application.bot.id)
        if len(kept) == 3:
            break
        await asyncio.sleep(0.02)
    assert sorted(kept) == [0, 1, 2]

    again = await reply(client, BOB, EIGHT)
    assert store.hits == 1
    assert [m["sent_as"] for m in again] == ["photo", "animation", "photo", "text"]
    assert [m["caption"] for m in again[:3]] == [m["caption"] for m in first[:3]]
    assert [m["file_url"] for m in again[:3]] == [m["file_url"] for m in first[:3]]
    assert again[3]["text"] == report["text"]
