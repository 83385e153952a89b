"""End to end: a cached answer's picture goes by the file_id Telegram gave the first time,
not as a new upload; a file_id Telegram no longer takes falls back to uploading the bytes.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
import telegram
from telegram.error import BadRequest

from bot.store.facade import Store
from sandbox.client import SandboxClient
from sandbox.echo import spinner_gif
from solvers.pipeline import prepare

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
SEED_PUZZLE = (PUZZLES / "sk_6018.txt").read_text()
CACHE_KEY = prepare(SEED_PUZZLE)[2]
ALICE, BOB = 101, 102
WRONG_FILE_ID = "Bad Request: wrong file identifier/HTTP URL specified"


async def answer(client: SandboxClient, chat: int, text: str) -> tuple[dict, dict]:
    """The picture and the check report the bot sends for a puzzle."""
    sent = await client.send(chat, text)
    photo = await client.wait_for(chat, after=sent["message_id"], sent_as="photo")
    report = await client.wait_for(chat, after=photo["message_id"], sent_as="text")
    return photo, report


async def kept_file_ids(store: Store, bot_id: int, other_than: dict | None = None) -> dict:
    """The file_ids kept for the seed puzzle, once they differ from `other_than`: the
    handler writes them just after its reply, so the client may see the reply first."""
    for _ in range(250):
        file_ids = await store.file_ids(CACHE_KEY, bot_id)
        if file_ids != (other_than or {}):
            return file_ids
        await asyncio.sleep(0.02)
    return file_ids


def file_id_of(view: dict) -> str:
    """The sandbox page addresses a picture by its file_id: /sandbox/files/<file_id>."""
    return view["file_url"].rsplit("/", 1)[1]


async def test_a_cached_answer_is_sent_by_file_id_and_shows_the_same_picture(puzzlebot):
    bot, client = puzzlebot
    store = bot.application.bot_data.services.store
    bot_id = bot.application.bot.id
    first, first_report = await answer(client, ALICE, SEED_PUZZLE)
    assert await kept_file_ids(store, bot_id) == {0: file_id_of(first)}

    second, second_report = await answer(client, BOB, SEED_PUZZLE)
    assert store.hits == 1
    uploaded, reused = await client.calls("sendPhoto")
    assert uploaded["ok"] and uploaded["params"]["photo"].startswith("<upload ")
    assert reused["ok"] and reused["params"]["photo"] == file_id_of(first)
    assert reused["params"]["chat_id"] == str(BOB)
    assert second["file_url"] == first["file_url"]
    assert await client.file(second["file_url"]) == await client.file(first["file_url"])
    assert second["caption"] == first["caption"]
    assert second_report["text"] == first_report["text"]
    assert await kept_file_ids(store, bot_id) == {0: file_id_of(first)}


async def test_a_file_id_telegram_refuses_falls_back_to_an_upload(puzzlebot):
    bot, client = puzzlebot
    store = bot.application.bot_data.services.store
    bot_id = bot.application.bot.id
    first, _ = await answer(client, ALICE, SEED_PUZZLE)
    assert await kept_file_ids(store, bot_id) == {0: file_id_of(first)}
    forgotten = {0: "AgACAgQAAxkBAAIBforgotten"}  # as after a wiped sandbox or a new token
    await store.put_file_ids(CACHE_KEY, bot_id, forgotten)

    second, report = await answer(client, BOB, SEED_PUZZLE)
    _, refused, uploaded = await client.calls("sendPhoto")
    assert refused["params"]["photo"] == "AgACAgQAAxkBAAIBforgotten"
    assert (refused["ok"], refused["error"]) == (False, WRONG_FILE_ID)
    assert uploaded["ok"] and uploaded["params"]["photo"].startswith("<upload ")
    assert second["caption"] == first["caption"] and "Puzzle OK" in report["text"]
    assert await client.file(second["file_url"]) == await client.file(first["file_url"])
    assert file_id_of(second) != file_id_of(first)  # a new upload, a new file_id, kept
    assert await kept_file_ids(store, bot_id, forgotten) == {0: file_id_of(second)}


# PTB 22.2+ warns that an animation's duration will become a timedelta
@pytest.mark.filterwarnings(
    "ignore:.*will be of type `datetime.timedelta`.*:telegram.warnings.PTBDeprecationWarning")
async def test_the_sandbox_takes_a_file_id_from_its_uploader_only(sandbox, sandbox_client,
                                                                 tg_bot):
    gif = await tg_bot.send_animation(ALICE, spinner_gif(), filename="spin.gif")
    again = await tg_bot.send_animation(BOB, gif.animation.file_id, caption="again")
    assert again.animation.file_id == gif.animation.file_id
    page = await sandbox_client.messages(BOB)
    assert [m["sent_as"] for m in page["messages"]] == ["animation"]
    assert await sandbox_client.file(page["messages"][0]["file_url"]) == spinner_gif()

    # the sandbox takes one token: another bot is the sandbox given another token
    sandbox.token = "5151515151:another_bot_token"
    other = telegram.Bot(sandbox.token, base_url=f"{sandbox.url}/bot",
                         base_file_url=f"{sandbox.url}/file/bot")
    async with other:
        with pytest.raises(BadRequest, match="(?i)wrong file identifier"):
            await other.send_animation(ALICE, gif.animation.file_id)
        with pytest.raises(BadRequest, match="(?i)invalid file_id"):
            await other.get_file(gif.animation.file_id)
        own = await other.send_animation(ALICE, spinner_gif(), filename="spin.gif")
    assert own.animation.file_id != gif.animation.file_id
