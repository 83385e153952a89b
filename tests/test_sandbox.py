"""The sandbox driven by python-telegram-bot itself: the Bot API as PTB speaks it."""

from __future__ import annotations

import asyncio
import io
import time

import httpx
import pytest
import telegram
from PIL import Image
from telegram.error import BadRequest, NetworkError, RetryAfter

from sandbox import Sandbox
from sandbox.client import SandboxClient
from sandbox.echo import spinner_gif

ALICE, BOB = 101, 102
GROUP = -100200300
#: seconds a long poll may wait: a poll answered by a message returns long before
LONG_POLL = 60
# PTB 22.2+ warns that retry_after and duration will become timedelta objects
TIMEDELTA_WARNING = pytest.mark.filterwarnings(
    "ignore:.*will be of type `datetime.timedelta`.*:telegram.warnings.PTBDeprecationWarning")


def png(width: int, height: int, color: str = "red") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (width, height), color).save(out, "PNG")
    return out.getvalue()


async def test_get_updates_offsets_and_long_polling(sandbox, sandbox_client, tg_bot):
    sent = [await sandbox_client.send(ALICE, f"hello {n}") for n in range(3)]
    assert [s["update_id"] for s in sent] == [1, 2, 3]

    first = await tg_bot.get_updates(limit=1)
    assert [u.update_id for u in first] == [1]
    updates = await tg_bot.get_updates()
    assert [u.message.text for u in updates] == ["hello 0", "hello 1", "hello 2"]
    assert updates[0].message.from_user.first_name == "Alice"
    assert updates[0].message.chat.type == "private"

    # confirming (offset = last + 1) forgets them; asking for offset 0 again gives nothing
    assert await tg_bot.get_updates(offset=4) == ()
    assert await tg_bot.get_updates() == ()

    # long polling: a message arriving during the wait is answered at once
    async def later():
        await asyncio.sleep(0.3)
        await sandbox_client.send(BOB, "late")

    task = asyncio.create_task(later())
    started = time.monotonic()
    updates = await tg_bot.get_updates(offset=4, timeout=LONG_POLL)
    await task
    assert [u.message.text for u in updates] == ["late"]  # it waited for the message
    assert time.monotonic() - started < LONG_POLL  # returned on it, not at its own timeout

    # allowed_updates: an inline query is not delivered to a bot that only wants messages
    await sandbox_client.inline(BOB, "abc")
    await sandbox_client.send(ALICE, "x")
    updates = await tg_bot.get_updates(offset=5, allowed_updates=["message"])
    assert [(u.update_id, u.message.text) for u in updates] == [(6, "x")]


async def test_command_entities_reach_command_handler(sandbox, sandbox_client, echo_app):
    sent = await sandbox_client.send(GROUP, "/start@PuzzleBot", user_id=BOB)
    reply = await sandbox_client.wait_for(GROUP, after=sent["message_id"], timeout=10)
    assert reply["text"].startswith("Echo bot: send any text")
    assert reply["entities"][0] == {"type": "bold", "offset": 0, "length": 8}
    assert [b["text"] for b in reply["reply_markup"]["inline_keyboard"][0]] == ["Ping", "Count 0"]
    update = sandbox.state.chats[GROUP].messages[sent["message_id"]].message
    assert update["entities"] == [{"type": "bot_command", "offset": 0, "length": 16}]


async def test_echo_text_and_photo(sandbox_client, echo_app):
    sent = await sandbox_client.send(ALICE, "1 2\n3 <4>")
    text = await sandbox_client.wait_for(ALICE, after=sent["message_id"], sent_as="text")
    assert text["text"] == "1 2\n3 <4>"  # <pre> with an escaped '<' parsed into an entity
    assert text["entities"] == [{"type": "pre", "offset": 0, "length": 9}]
    photo = await sandbox_client.wait_for(ALICE, after=text["message_id"], sent_as="photo")
    assert photo["caption"] == "9 chars"
    data = await sandbox_client.file(photo["file_url"])
    with Image.open(io.BytesIO(data)) as image:
        assert image.size == (photo["width"], photo["height"])
    actions = await sandbox_client.calls("sendChatAction")
    assert actions[0]["params"]["action"] == "upload_photo"


async def test_photo_upload_get_file_round_trip(tg_bot, sandbox):
    data = png(300, 120)
    keyboard = telegram.InlineKeyboardMarkup(
        [[telegram.InlineKeyboardButton("Again", callback_data="again")]])
    message = await tg_bot.send_photo(ALICE, data, caption="<b>solved</b> in 2 ms",
                                      parse_mode="HTML", reply_markup=keyboard)
    size = message.photo[-1]
    assert (size.width, size.height, size.file_size) == (300, 120, len(data))
    assert message.caption == "solved in 2 ms"
    assert message.caption_entities[0].type == "bold"
    assert message.reply_markup == keyboard  # a JSON string inside the multipart form
    file = await tg_bot.get_file(size.file_id)
    assert file.file_path.startswith(f"{sandbox.url}/file/bot")
    assert bytes(await file.download_as_bytearray()) == data

    again = await tg_bot.send_photo(GROUP, size.file_id)  # a cached file_id, no upload
    assert again.photo[-1].file_id == size.file_id
    with pytest.raises(BadRequest, match="(?i)wrong file identifier"):
        await tg_bot.send_photo(ALICE, "no-such-file-id")
    with pytest.raises(BadRequest, match="(?i)photo_invalid_dimensions"):
        await tg_bot.send_photo(ALICE, png(2100, 100))
    with pytest.raises(BadRequest, match="(?i)image_process_failed"):
        await tg_bot.send_photo(ALICE, b"not a picture", filename="x.png")


@TIMEDELTA_WARNING
async def test_document_and_animation(tg_bot, sandbox_client):
    doc = await tg_bot.send_document(ALICE, b"line 1\nline 2\n", filename="report.txt",
                                     caption="the check report")
    assert (doc.document.file_name, doc.document.mime_type) == ("report.txt", "text/plain")
    assert doc.document.file_size == 14
    gif = await tg_bot.send_animation(ALICE, spinner_gif(), filename="spin.gif")
    assert (gif.animation.width, gif.animation.height, gif.animation.duration) == (64, 64, 1)
    assert gif.animation.mime_type == "image/gif"
    page = await sandbox_client.messages(ALICE)
    assert [m["sent_as"] for m in page["messages"]] == ["document", "animation"]
    assert page["messages"][0]["file_name"] == "report.txt"
    assert await sandbox_client.file(page["messages"][0]["file_url"]) == b"line 1\nline 2\n"
    with pytest.raises(BadRequest, match="(?i)can't use file of type document as photo"):
        await tg_bot.send_photo(ALICE, doc.document.file_id)


async def test_inline_keyboard_callback_and_edit(sandbox_client, echo_app):
    sent = await sandbox_client.send(ALICE, "/start")
    menu = await sandbox_client.wait_for(ALICE, after=sent["message_id"])
    cursor = (await sandbox_client.messages(ALICE))["revision"]

    pressed = await sandbox_client.press(ALICE, ALICE, menu["message_id"], "ping")
    answer = await sandbox_client.callback_answer(pressed["callback_query_id"])
    assert (answer["answered"], answer["text"]) == (True, "pong")

    pressed = await sandbox_client.press(ALICE, ALICE, menu["message_id"], "count:0")
    page = await sandbox_client.messages(ALICE, since=cursor, wait=10)
    (edited,) = page["messages"]
    assert edited["message_id"] == menu["message_id"] and edited["edited"] is True
    assert edited["edit_hidden"] is True  # new buttons only: no "edited" shown (edit_hide)
    assert edited["reply_markup"]["inline_keyboard"][0][1]["text"] == "Count 1"
    assert (await sandbox_client.callback_answer(pressed["callback_query_id"]))["answered"]

    with pytest.raises(httpx.HTTPStatusError):  # no such button any more
        await sandbox_client.press(ALICE, ALICE, menu["message_id"], "count:0")


async def test_edit_and_delete_messages(tg_bot, sandbox_client):
    message = await tg_bot.send_message(ALICE, "solving...")
    cursor = (await sandbox_client.messages(ALICE))["revision"]
    edited = await message.edit_text("<i>solved</i>", parse_mode="HTML")
    assert edited.text == "solved" and edited.edit_date is not None
    with pytest.raises(BadRequest, match="(?i)not modified"):
        await edited.edit_text("<i>solved</i>", parse_mode="HTML")
    with pytest.raises(BadRequest, match="(?i)can't parse entities"):
        await tg_bot.send_message(ALICE, "a < b", parse_mode="HTML")
    with pytest.raises(BadRequest, match="(?i)message is too long"):
        await tg_bot.send_message(ALICE, "x" * 4097)
    page = await sandbox_client.messages(ALICE, since=cursor)
    assert [(m["text"], m["edited"], m["edit_hidden"]) for m in page["messages"]] \
        == [("solved", True, False)]
    assert await message.delete()
    page = await sandbox_client.messages(ALICE, since=page["revision"])
    assert page["messages"] == [{"message_id": message.message_id, "chat_id": ALICE,
                                 "revision": page["revision"], "deleted": True}]
    assert (await sandbox_client.messages(ALICE))["messages"] == []


async def test_a_user_edits_only_the_text_of_their_own_messages(tg_bot, sandbox_client):
    """The bot gets the edit as Telegram sends it: `edited_message`, with an edit date."""
    sent = await sandbox_client.send(ALICE, "hello")
    edit = await sandbox_client.edit(ALICE, sent["message_id"], "hello *there*")
    first, update = await tg_bot.get_updates(timeout=0)
    assert first.message.text == "hello" and update.update_id == edit["update_id"]
    assert update.message is None and update.edited_message.message_id == sent["message_id"]
    assert update.edited_message.text == "hello *there*"
    assert update.edited_message.edit_date is not None
    bots = await tg_bot.send_message(ALICE, "a bot's message")
    for user, message_id in ((ALICE, bots.message_id), (BOB, sent["message_id"])):
        with pytest.raises(httpx.HTTPStatusError):  # not theirs to edit
            await sandbox_client.edit(ALICE, message_id, "changed", user_id=user)


async def test_inline_query_answer(sandbox_client, echo_app):
    asked = await sandbox_client.inline(BOB, "7 letters")
    answer = await sandbox_client.inline_answer(asked["update_id"])
    assert answer["answered"] is True
    (result,) = answer["results"]
    assert (result["type"], result["title"]) == ("article", "Echo: 7 letters")
    assert result["input_message_content"]["message_text"] == "7 letters"

    # Bob picks the result in the group: it is sent as his message, via the bot
    sent = await sandbox_client.inline_choose(asked["update_id"], GROUP, "echo")
    page = await sandbox_client.messages(GROUP)
    (message,) = page["messages"]
    assert (message["message_id"], message["from"]["first_name"]) == (sent["message_id"], "Bob")
    assert (message["text"], message["via_bot"]) == ("7 letters", "PuzzleBot")
    echoed = await sandbox_client.wait_for(GROUP, after=sent["message_id"], sent_as="photo")
    assert echoed["caption"] == "9 chars"


@TIMEDELTA_WARNING
async def test_faults_429_then_success(tg_bot, sandbox_client):
    await sandbox_client.fault("sendMessage", count=2, error_code=429, retry_after=1)
    for _ in range(2):
        with pytest.raises(RetryAfter) as caught:
            await tg_bot.send_message(ALICE, "hi")
        assert caught.value.retry_after in (1, __import__("datetime").timedelta(seconds=1))
    assert (await tg_bot.send_message(ALICE, "hi")).text == "hi"

    await sandbox_client.fault("sendPhoto", count=1, error_code=502)
    with pytest.raises(NetworkError, match="Bad Gateway"):
        await tg_bot.send_photo(ALICE, png(10, 10))
    assert (await tg_bot.send_photo(ALICE, png(10, 10))).photo
    calls = await sandbox_client.calls("sendMessage")
    assert [c["ok"] for c in calls] == [False, False, True]


@TIMEDELTA_WARNING
async def test_rate_limiter_retries_a_429(sandbox, sandbox_client):
    from telegram.ext import AIORateLimiter, ApplicationBuilder

    app = (ApplicationBuilder().token(sandbox.token).base_url(f"{sandbox.url}/bot")
           .rate_limiter(AIORateLimiter(max_retries=2)).build())
    await sandbox_client.fault("sendMessage", count=1, error_code=429, retry_after=1)
    async with app:
        started = time.monotonic()
        message = await app.bot.send_message(ALICE, "after a retry")
    assert message.text == "after a retry"
    assert time.monotonic() - started >= 1.0


async def test_client_wait(sandbox_client, tg_bot):
    started = time.monotonic()
    page = await sandbox_client.messages(ALICE, after=0, wait=0.4)
    assert page["messages"] == [] and time.monotonic() - started >= 0.35

    async def reply_later():
        await asyncio.sleep(0.3)
        await tg_bot.send_message(ALICE, "done")

    task = asyncio.create_task(reply_later())
    started = time.monotonic()
    page = await sandbox_client.messages(ALICE, after=0, wait=LONG_POLL)
    await task
    assert [m["text"] for m in page["messages"]] == ["done"]
    assert page["messages"][0]["from"]["is_bot"] is True
    assert time.monotonic() - started < LONG_POLL  # returned on it, not at its own wait


async def test_groups_members_and_chats(tg_bot, sandbox_client):
    await sandbox_client.send(-555, "hi", user_id=201, first_name="Dan", chat_title="Quiz")
    await sandbox_client.send(-555, "me too", user_id=202, first_name="Eve")
    admins = await tg_bot.get_chat_administrators(-555)
    assert [(a.status, a.user.first_name) for a in admins] == [("creator", "Dan")]
    assert (await tg_bot.get_chat_member(-555, 202)).status == "member"
    assert (await tg_bot.get_chat_member(GROUP, ALICE)).status == "creator"
    chat = await tg_bot.get_chat(-555)
    assert (chat.type, chat.title) == ("group", "Quiz")
    await tg_bot.set_my_commands([("help", "What I do")])
    assert [c.command for c in await tg_bot.get_my_commands()] == ["help"]
    listing = (await sandbox_client.http.get("/sandbox/chats")).json()
    assert {c["id"] for c in listing["chats"]} >= {GROUP, -555}
    assert listing["commands"] == [{"command": "help", "description": "What I do"}]


async def test_guards(sandbox):
    with pytest.raises(ValueError, match="loopback"):
        Sandbox(host="0.0.0.0")
    async with httpx.AsyncClient(base_url=sandbox.url) as http:
        evil = await http.get("/", headers={"Host": "evil.example:8080"})
        assert evil.status_code == 403
        cross = await http.post("/sandbox/reset", json={},
                                headers={"Origin": "http://evil.example"})
        assert cross.status_code == 403
        form = await http.post("/sandbox/messages", content=b"chat_id=1",
                               headers={"Content-Type": "text/plain"})
        assert form.status_code == 415
        unknown = await http.post(f"/bot{sandbox.token}/sendPigeon")
        assert unknown.status_code == 404
        assert unknown.json() == {"ok": False, "error_code": 404, "description": "Not Found"}
        bad_token = await http.post("/botnot-a-token/getMe")
        assert bad_token.json()["error_code"] == 401
        page = await http.get("/")
        assert page.status_code == 200
        assert "default-src 'self'" in page.headers["Content-Security-Policy"]


async def test_the_client_api_refuses_cross_origin_writes(sandbox):
    """A form on another site, a sandboxed frame or a file (`Origin: null`), or a page on
    another local port cannot write; the sandbox's own page and SandboxClient can."""
    own = sandbox.url  # "http://127.0.0.1:PORT", the Origin its page's fetch sends
    port = int(own.rsplit(":", 1)[1])
    async with httpx.AsyncClient(base_url=own) as http:
        for origin in ("null", "http://evil.example", f"http://127.0.0.1:{port + 1}"):
            wipe = await http.post("/sandbox/reset", json={}, headers={"Origin": origin})
            assert wipe.status_code == 403, origin
        form = await http.post("/sandbox/reset", data={"x": "1"}, headers={"Origin": own})
        assert form.status_code == 415  # a form's urlencoded body
        empty = await http.post("/sandbox/reset", headers={"Origin": "null"})
        assert empty.status_code == 403
        bare = await http.post("/sandbox/reset")  # no body, no JSON type
        assert bare.status_code == 415
        sent = await http.post("/sandbox/messages", json={"chat_id": 7, "user_id": 7, "text": "hi"},
                               headers={"Origin": own})
        assert sent.status_code == 200
        assert (await http.get("/sandbox/chats", headers={"Origin": own})).status_code == 200
    async with SandboxClient(own) as client:
        await client.reset()


async def test_a_user_sends_a_document_the_bot_downloads(sandbox, sandbox_client, tg_bot):
    data = b"#seki\noo+ooaoo-\n"
    sent = await sandbox_client.send_document(ALICE, "puzzle.txt", data, caption="/seki")
    assert sent["file_id"].startswith("SBXDOC")
    (update,) = await tg_bot.get_updates()
    message = update.message
    assert (message.message_id, message.from_user.first_name) == (sent["message_id"], "Alice")
    document = message.document
    assert (document.file_id, document.file_name, document.mime_type, document.file_size) \
        == (sent["file_id"], "puzzle.txt", "text/plain", len(data))
    assert document.file_unique_id
    assert message.caption == "/seki"
    assert [(e.type, e.offset, e.length) for e in message.caption_entities] \
        == [("bot_command", 0, 5)]
    file = await document.get_file()
    assert file.file_path == f"{sandbox.url}/file/bot{sandbox.token}/documents/file_1.txt"
    assert bytes(await file.download_as_bytearray()) == data

    # the sandbox's Bot API takes its own token only (a new one at each start)
    other = telegram.Bot("777:another_bot", base_url=f"{sandbox.url}/bot",
                         base_file_url=f"{sandbox.url}/file/bot")
    with pytest.raises(telegram.error.InvalidToken):
        await other.get_file(document.file_id)

    page = await sandbox_client.messages(ALICE)
    (shown,) = page["messages"]
    assert (shown["sent_as"], shown["file_name"], shown["file_size"], shown["caption"]) \
        == ("document", "puzzle.txt", len(data), "/seki")
    assert shown["from"]["is_bot"] is False
    assert await sandbox_client.file(shown["file_url"]) == data


async def test_a_user_sends_a_photo_in_telegrams_sizes(sandbox, sandbox_client, tg_bot):
    sent = await sandbox_client.send_photo(ALICE, png(2000, 1000, "blue"), caption="/sudoku")
    assert sent["file_id"].startswith("SBXPHO")
    (update,) = await tg_bot.get_updates()
    message = update.message
    assert message.caption == "/sudoku" and message.document is None
    # as Telegram keeps a photo: JPEGs of 90, 320, 800 and 1280 pixels, smallest first
    assert [(size.width, size.height) for size in message.photo] \
        == [(90, 45), (320, 160), (800, 400), (1280, 640)]
    largest = message.photo[-1]
    assert largest.file_id == sent["file_id"]
    data = bytes(await (await largest.get_file()).download_as_bytearray())
    assert len(data) == largest.file_size
    with Image.open(io.BytesIO(data)) as picture:
        assert (picture.format, picture.size) == ("JPEG", (1280, 640))
        assert picture.getpixel((640, 320))[2] > 200  # still blue
    (shown,) = (await sandbox_client.messages(ALICE))["messages"]
    assert (shown["sent_as"], shown["width"], shown["height"]) == ("photo", 1280, 640)

    # a small picture keeps its size and has no larger sizes made up for it
    await sandbox_client.send_photo(ALICE, png(200, 150))
    (update,) = await tg_bot.get_updates(offset=update.update_id + 1)
    assert [(size.width, size.height) for size in update.message.photo] == [(90, 68), (200, 150)]

    response = await sandbox_client.http.post(
        "/sandbox/photos", json={"chat_id": ALICE, "user_id": ALICE, "data": "YWJj"})
    assert (response.status_code, response.json()["error"]) \
        == (400, "data is not a picture (JPEG, PNG, WebP or GIF)")


async def test_user_documents_are_checked(sandbox, sandbox_client, monkeypatch):
    sent = await sandbox_client.send_document(GROUP, "photo.png", png(4, 4), user_id=BOB)
    stored = sandbox.state.chats[GROUP].messages[sent["message_id"]]
    assert stored.message["document"]["mime_type"] == "image/png"  # guessed from the name
    assert "caption" not in stored.message

    async def refused(body: dict) -> tuple[int, str]:
        response = await sandbox_client.http.post("/sandbox/documents", json=body)
        return response.status_code, response.json()["error"]

    good = {"chat_id": ALICE, "user_id": ALICE, "file_name": "a.txt", "data": "YWJj"}
    assert await refused({**good, "data": "not base64!"}) \
        == (400, "data must be the file's bytes in base64")
    assert await refused({**good, "data": ""}) \
        == (400, "the file is empty; Telegram does not send empty files")
    assert await refused({**good, "file_name": ""}) \
        == (400, "file_name must be a non-empty string of at most 255 characters")
    assert await refused({**good, "mime_type": "text"}) \
        == (400, "mime_type looks like type/subtype, e.g. text/plain")
    assert await refused({**good, "chat_id": BOB}) == (400, "a private chat's id is its user's id")
    monkeypatch.setattr("sandbox.client_send.MAX_USER_FILE", 2)
    assert await refused(good) == (413, "the file is 3 bytes; the sandbox takes user files "
                                        "up to 2 (the most a bot may download)")


async def test_a_reply_and_a_forward_carry_what_telegram_sends(sandbox, sandbox_client, tg_bot):
    """A reply's update holds the whole replied-to message (`reply_to_message`); a forward
    holds the forwarded content and `forward_origin` (Bot API 7) naming its first sender."""
    puzzle = await tg_bot.send_message(ALICE, "<b>#seki</b>\noo+ooaoo-", parse_mode="HTML")
    photo = await tg_bot.send_photo(ALICE, png(40, 30), caption="solved")
    reply = await sandbox_client.send(ALICE, "/check\n1010", reply_to_message_id=puzzle.message_id)
    forward = await sandbox_client.forward(ALICE, from_chat_id=ALICE, message_id=puzzle.message_id)
    forward_photo = await sandbox_client.forward(GROUP, from_chat_id=ALICE, user_id=ALICE,
                                                 message_id=photo.message_id)
    again = await sandbox_client.forward(ALICE, from_chat_id=ALICE,
                                         message_id=forward["message_id"])
    updates = {u.message.message_id: u.message for u in await tg_bot.get_updates()}

    replied = updates[reply["message_id"]].reply_to_message
    assert (replied.message_id, replied.text, replied.from_user.id) \
        == (puzzle.message_id, "#seki\noo+ooaoo-", tg_bot.id)
    assert [(e.type, e.offset, e.length) for e in replied.entities] == [("bold", 0, 5)]

    forwarded = updates[forward["message_id"]]
    assert (forwarded.text, forwarded.from_user.first_name) == ("#seki\noo+ooaoo-", "Alice")
    assert forwarded.entities == puzzle.entities
    origin = forwarded.forward_origin
    assert (origin.type, origin.sender_user.id, origin.date) == ("user", tg_bot.id, puzzle.date)
    assert updates[again["message_id"]].forward_origin == origin  # the first sender stays

    in_group = updates[forward_photo["message_id"]]
    assert (in_group.chat.id, in_group.caption) == (GROUP, "solved")
    assert in_group.photo[-1].file_id == photo.photo[-1].file_id
    view = (await sandbox_client.messages(GROUP))["messages"][-1]
    assert (view["sent_as"], view["forward_from"]) == ("photo", "PuzzleBot")

    # Telegram's refusals: a message that is not there, a chat the user cannot see
    with pytest.raises(httpx.HTTPStatusError, match="404"):
        await sandbox_client.forward(ALICE, from_chat_id=ALICE, message_id=999)
    with pytest.raises(httpx.HTTPStatusError, match="404"):
        await sandbox_client.forward(BOB, from_chat_id=ALICE, message_id=puzzle.message_id)


async def test_a_forward_keeps_the_link_buttons_and_t_me_texts_are_links(sandbox_client,
                                                                        tg_bot):
    """As Telegram does: a forward keeps the message's link buttons (a Share link) and drops
    those that call the bot back; a t.me link typed without https:// is a url entity (the
    comma after it is not part of it)."""
    from telegram import InlineKeyboardButton, InlineKeyboardMarkup

    share = "https://t.me/PuzzleBot?start=pS1"
    answer = await tg_bot.send_message(ALICE, "solved", reply_markup=InlineKeyboardMarkup([
        [InlineKeyboardButton("Hint", callback_data="hint"),
         InlineKeyboardButton("Share", url=share)],
        [InlineKeyboardButton("Solution", callback_data="show")]]))
    hints = await tg_bot.send_message(ALICE, "hints", reply_markup=InlineKeyboardMarkup([[
        InlineKeyboardButton("Hint", callback_data="hint")]]))
    forward = await sandbox_client.forward(GROUP, from_chat_id=ALICE, user_id=ALICE,
                                           message_id=answer.message_id)
    bare = await sandbox_client.forward(GROUP, from_chat_id=ALICE, user_id=ALICE,
                                        message_id=hints.message_id)
    typed = await sandbox_client.send(ALICE, "open t.me/PuzzleBot?start=pS1, or /help")
    updates = {u.message.message_id: u.message for u in await tg_bot.get_updates()}

    kept = updates[forward["message_id"]].reply_markup.inline_keyboard
    assert [[(b.text, b.url) for b in row] for row in kept] == [[("Share", share)]]
    assert updates[bare["message_id"]].reply_markup is None
    text = updates[typed["message_id"]]
    assert [(e.type, text.text[e.offset:e.offset + e.length]) for e in text.entities] \
        == [("url", "t.me/PuzzleBot?start=pS1"), ("bot_command", "/help")]


async def test_commands_in_the_bots_text_are_entities_as_telegram_finds_them(tg_bot):
    """Telegram marks /commands and links in every message, the bot's too (so a client
    makes them clickable), but not inside code or pre, nor across the bot's entities."""
    sent = await tg_bot.send_message(
        ALICE, "Try /example seki, <b>then /check</b> or <code>/help</code>\n"
               "<pre>/pre</pre> see https://example.org/x", parse_mode="HTML")
    found = [(e.type, sent.text[e.offset:e.offset + e.length]) for e in sent.entities]
    assert found == [("bot_command", "/example"), ("bold", "then /check"),
                     ("bot_command", "/check"), ("code", "/help"), ("pre", "/pre"),
                     ("url", "https://example.org/x")]
    plain = await tg_bot.send_message(ALICE, "/help: this message")
    assert [(e.type, e.offset, e.length) for e in plain.entities] == [("bot_command", 0, 5)]
