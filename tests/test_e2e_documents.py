"""End to end: puzzles sent as a .txt file (a Telegram document) through the sandbox,
read by the real bot exactly as the same text sent as a message."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from botchat import bot_config
from PIL import Image

from bot.__main__ import running_in_sandbox
from sandbox.client import SandboxClient

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
SEKI = (PUZZLES / "sk_6018.txt").read_text()
SUDOKU = (PUZZLES / "sudoku_inkala.txt").read_text()
#: one bot for the module, not one started per test: each test has people and a group of
#: its own, new to the bot, as with a fresh bot
pytestmark = pytest.mark.asyncio(loop_scope="module")
POLITE = ("I read puzzles as text: paste the puzzle in a message, or send it as a "
          "plain-text .txt file.")


@pytest.fixture
def puzzlebot(shared_puzzlebot):
    return shared_puzzlebot


def png_bytes() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(out, "PNG")
    return out.getvalue()


async def fetched(client: SandboxClient, since: int = 0) -> list[dict]:
    """The bot's getFile calls after the first `since` (the module's tests share one
    sandbox, which logs them all)."""
    return (await client.calls("getFile"))[since:]


async def answer_of(client: SandboxClient, chat: int, sent: dict) -> tuple[dict, dict]:
    """The picture and the check report the bot sent for one message."""
    photo = await client.wait_for(chat, after=sent["message_id"], sent_as="photo")
    report = await client.wait_for(chat, after=photo["message_id"], sent_as="text")
    return photo, report


async def test_a_seki_file_gets_the_answer_the_text_gets(puzzlebot, alice, bob):
    _, client = puzzlebot
    before = len(await fetched(client))
    by_file = await answer_of(client, alice, await client.send_document(
        alice, "sk_6018.txt", SEKI.encode(), mime_type="text/plain"))
    by_text = await answer_of(client, bob, await client.send(bob, SEKI))
    (file_photo, file_report), (text_photo, text_report) = by_file, by_text
    assert file_photo["caption"] == text_photo["caption"]
    assert file_photo["caption"] == ("Seki MOS 01Feb2021 sk_6018.txt\nChecked: all 9 rules "
                                     "hold.\n1010\n0100\n1011\n0101\n"
                                     "Solutions: exactly 1 · Difficulty: rated 3.0 "
                                     "(Medium: Two Rotors)")
    assert file_report["text"] == text_report["text"]
    assert "RotorGroup 8 ch=- Value=3 [10,11,14,15] gives Sum = 3 OK" in file_report["text"]
    assert await client.file(file_photo["file_url"]) == await client.file(text_photo["file_url"])
    (fetch,) = await fetched(client, before)
    assert fetch["ok"]


async def test_a_windows_sudoku_file_named_by_its_caption(puzzlebot, alice, bob):
    """A byte-order mark and CRLF line ends (Notepad) and a caption naming the kind."""
    _, client = puzzlebot
    body = SUDOKU.split("\n", 1)[1]  # no #sudoku header: the caption says what it is
    data = b"\xef\xbb\xbf" + body.replace("\n", "\r\n").encode()
    photo, report = await answer_of(client, alice, await client.send_document(
        alice, "inkala.txt", data, caption="/sudoku"))
    text_photo, text_report = await answer_of(client, bob, await client.send(
        bob, f"/sudoku {body}"))
    assert photo["caption"] == text_photo["caption"]
    assert "Solutions: exactly 1" in photo["caption"]
    assert report["text"] == text_report["text"]


async def test_a_file_over_the_limit_is_refused_unread(puzzlebot, alice):
    _, client = puzzlebot
    before = len(await fetched(client))
    sent = await client.send_document(alice, "huge.txt", b"#seki\n" + b"o" * 20_000)
    reply = await client.wait_for(alice, after=sent["message_id"])
    assert reply["text"] == ("huge.txt is 20,006 bytes; I read puzzle files up to 20,000 "
                             "bytes (the input limit is 20,000 characters).")
    assert await fetched(client, before) == []


async def test_a_file_that_is_not_utf8_is_named_where(puzzlebot, alice):
    _, client = puzzlebot
    sent = await client.send_document(alice, "latin1.txt", "#seki café\noo+ooaoo-\n"
                                      .encode("latin-1"))
    reply = await client.wait_for(alice, after=sent["message_id"])
    assert reply["text"] == ("latin1.txt is not UTF-8 text: line 1, column 10 has byte 0xE9. "
                             "Save it as plain text (UTF-8) and send it again.")


async def test_a_file_neither_text_nor_picture_gets_one_polite_line_unread(puzzlebot, alice):
    """(Pictures are read as photos: tests/test_e2e_photos.py.)"""
    _, client = puzzlebot
    before = len(await fetched(client))
    sent = await client.send_document(alice, "grid.pdf", b"%PDF-1.4 a puzzle book page")
    reply = await client.wait_for(alice, after=sent["message_id"])
    assert reply["text"] == POLITE
    assert await fetched(client, before) == []


async def test_a_text_file_that_is_no_puzzle_gets_the_help_pointer(puzzlebot, alice):
    _, client = puzzlebot
    sent = await client.send_document(alice, "notes.txt", b"shopping: eggs, milk, bread\n")
    reply = await client.wait_for(alice, after=sent["message_id"])
    assert reply["text"].startswith("That does not look like a puzzle I know.")


async def test_in_a_group_only_puzzles_are_answered(puzzlebot, bob, group):
    """Files there are chatter unless they hold a puzzle: a picture gets no reply."""
    _, client = puzzlebot
    picture = await client.send_document(group, "holiday.png", png_bytes(), user_id=bob)
    await client.send_document(group, "seki.txt", SEKI.encode(), user_id=bob)
    photo = await client.wait_for(group, after=picture["message_id"], sent_as="photo")
    assert "Checked: all" in photo["caption"]
    page = await client.messages(group, after=picture["message_id"])
    said = [m for m in page["messages"] if m["from"]["is_bot"] and m["sent_as"] == "text"]
    assert POLITE not in [m["text"] for m in said]


async def test_a_sticker_gets_the_polite_line_in_private_and_nothing_in_a_group(
        puzzlebot, alice, bob, group):
    """A message with nothing the bot reads is not met with silence in a private chat."""
    _, client = puzzlebot
    sent = await client.send_sticker(alice, "🧩")
    reply = await client.wait_for(alice, after=sent["message_id"])
    assert reply["text"] == POLITE
    (shown,) = (await client.messages(alice, after=sent["message_id"] - 1))["messages"][:1]
    assert (shown["sent_as"], shown["caption"]) == ("sticker", "🧩")
    in_group = await client.send_sticker(group, user_id=bob)
    page = await client.messages(group, after=in_group["message_id"], wait=2)
    assert page["messages"] == []


async def test_files_count_against_the_rate_limit_before_download(tmp_path, alice):
    config = bot_config(tmp_path, rate_burst=1, rate_per_minute=1)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        # the limit's clock stands still: a slow first answer refills no token
        bot.application.bot_data.services.limiter.clock = lambda: 0.0
        await answer_of(client, alice, await client.send_document(alice, "one.txt",
                                                                  SEKI.encode()))
        second = await client.send_document(alice, "two.txt", SEKI.encode())
        reply = await client.wait_for(alice, after=second["message_id"], sent_as="text")
        assert reply["text"].startswith("You are sending puzzles faster than I can solve")
        assert len(await client.calls("getFile")) == 1


@pytest.mark.parametrize("name, data", [
    ("zero width space", ("\u200b" + SEKI).encode()),
    ("two byte-order marks", b"\xef\xbb\xbf" + ("\ufeff" + SEKI).encode()),
    ("UTF-16LE without a BOM", SEKI.encode("utf-16-le")),
    ("UTF-16 with its BOM", SEKI.encode("utf-16")),
])
async def test_a_file_in_another_form_of_text_gets_the_answer(puzzlebot, alice, name, data):
    """The same Seki as text with an invisible start, or in UTF-16 as a Windows editor
    saves "Unicode": read as the message would be, answered the same."""
    _, client = puzzlebot
    photo, _ = await answer_of(client, alice, await client.send_document(
        alice, "sk_6018.txt", data, mime_type="text/plain"))
    assert photo["caption"].startswith("Seki MOS 01Feb2021 sk_6018.txt\nChecked: all 9 rules"), \
        name
