"""End to end: photos of Sudokus sent to the real bot through the sandbox.

The photos are real phone photos of newspaper puzzles from shared/sudoku_photos
(Baptiste Wicht and Jean Hennebert's dataset, CC-BY-4.0), held out from training.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from bot.answers import kept_answers
from sandbox.client import SandboxClient
from solvers.photo import read_photo
from solvers.photo.grid import CELL
from solvers.photo.train import read_truth

PHOTOS = Path(__file__).resolve().parents[2] / "shared" / "sudoku_photos"
NUMBER = 22  # a held-out 640x480 photo, read exactly

#: one bot for the module, each test in chats of its own (conftest's `alice`, `bob`,
#: `group`); the test that makes the bot forget its kept answers comes last
pytestmark = pytest.mark.asyncio(loop_scope="module")


def photo(number: int = NUMBER) -> bytes:
    return (PHOTOS / f"image{number}.jpg").read_bytes()


def grid_text(grid) -> str:
    return "\n".join("".join(str(d) if d else "." for d in grid[r * 9:r * 9 + 9])
                     for r in range(9))


def png(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


async def bot_messages(client: SandboxClient, chat: int, after: int, count: int) -> list[dict]:
    """The bot's next `count` messages in a chat after a message (the first job of a new
    pool waits for its workers to start, slow on a busy machine)."""
    said: list[dict] = []
    while len(said) < count:
        message = await client.wait_for(chat, after=after, timeout=90)
        said.append(message)
        after = message["message_id"]
    return said


async def test_a_photo_comes_back_read_and_solved(shared_puzzlebot, alice, bob):
    _, client = shared_puzzlebot
    truth = read_truth(PHOTOS / f"image{NUMBER}.dat")
    sent = await client.send_photo(alice, photo())
    read, solved, report, copy = await bot_messages(client, alice, sent["message_id"], 4)
    assert read["sent_as"] == "photo"
    assert read["caption"] == (f"Read from your photo: {sum(1 for d in truth if d)} digits "
                               "(red). Compare them with the paper.")
    with Image.open(io.BytesIO(await client.file(read["file_url"]))) as picture:
        assert picture.size == (540, 540)
    # the answer is the one the same grid typed as text gets
    typed = await client.send(bob, grid_text(truth))
    typed_solved, typed_report = await bot_messages(client, bob, typed["message_id"], 2)
    assert solved["sent_as"] == typed_solved["sent_as"] == "photo"
    assert solved["caption"] == typed_solved["caption"]
    assert "Solutions: exactly 1" in solved["caption"]
    assert report["text"] == typed_report["text"]
    assert copy["text"] == "#sudoku as read from your photo\n" + grid_text(truth)
    assert [e["type"] for e in copy["entities"]] == ["pre"]
    # the grid as read is a puzzle as it stands: forwarded back, it is solved
    forwarded = await client.forward(alice, alice, copy["message_id"])
    again, again_report = await bot_messages(client, alice, forwarded["message_id"], 2)
    assert again["caption"] == solved["caption"].replace(
        "Sudoku\n", "Sudoku as read from your photo\n", 1)
    assert again_report["text"] == report["text"]


async def test_the_same_photo_again_is_answered_from_the_caches(shared_puzzlebot, alice):
    bot, client = shared_puzzlebot
    pool = bot.application.bot_data.services.pool.quick
    first = await client.send_photo(alice, photo())
    await bot_messages(client, alice, first["message_id"], 4)
    jobs = pool.jobs_run
    again = await client.send_photo(alice, photo())
    read, solved, _, _ = await bot_messages(client, alice, again["message_id"], 4)
    assert (read["sent_as"], solved["sent_as"]) == ("photo", "photo")
    assert pool.jobs_run == jobs  # neither read nor solved again


async def test_a_photo_with_digits_missing_asks_for_the_corrected_grid(shared_puzzlebot, alice):
    """The straightened grid with six digits painted over: what is read has several
    solutions, so the bot shows no solution and asks for the text corrected."""
    _, client = shared_puzzlebot
    reading = read_photo(photo())
    board = np.pad(reading.board, 40, constant_values=235)
    hidden = [c for c, d in enumerate(reading.grid) if d][:6]
    for cell in hidden:
        row, column = divmod(cell, 9)
        y, x = 40 + row * CELL, 40 + column * CELL
        board[y + 5:y + CELL - 5, x + 5:x + CELL - 5] = 235
    sent = await client.send_photo(alice, png(Image.fromarray(board)), caption="/sudoku")
    # what the bot reads: the JPEG the sandbox made of the picture, as Telegram does
    (shown,) = (await client.messages(alice, after=sent["message_id"] - 1))["messages"][:1]
    expected = read_photo(await client.file(shown["file_url"]))
    assert expected.solutions == 2 and all(expected.grid[c] == 0 for c in hidden)
    read, why, copy = await bot_messages(client, alice, sent["message_id"], 3)
    assert read["sent_as"] == "photo"
    assert why["sent_as"] == "text"
    assert why["text"].startswith("What I read has more than one solution, so I must have "
                                  "misread a cell or the photo hides one.")
    assert why["text"].endswith("Please correct the grid below and send it back as text.")
    for cell in expected.unsure():  # each named as on the paper, counted from 1
        row, column = divmod(cell, 9)
        assert f"row {row + 1} column {column + 1} ({expected.grid[cell] or 'empty'})" \
            in why["text"]
    assert copy["text"] == "#sudoku as read from your photo\n" + expected.text
    page = await client.messages(alice, after=copy["message_id"], wait=1)
    assert page["messages"] == []  # no solution picture, nothing more


async def test_a_picture_without_a_sudoku_gets_one_sentence(shared_puzzlebot, alice):
    _, client = shared_puzzlebot
    sent = await client.send_photo(alice, png(Image.new("RGB", (640, 480), "white")))
    (reply,) = await bot_messages(client, alice, sent["message_id"], 1)
    assert reply["text"] == "I could not find a Sudoku grid in this picture."


async def test_help_says_a_photo_can_be_sent(shared_puzzlebot, alice):
    _, client = shared_puzzlebot
    sent = await client.send(alice, "/help photos")
    (reply,) = await bot_messages(client, alice, sent["message_id"], 1)
    assert ("A photo of a Sudoku (or a .jpg/.png file): I read the grid, show what I read, "
            "and solve it") in reply["text"]


async def test_a_jpg_file_is_read_like_a_photo(shared_puzzlebot, alice):
    _, client = shared_puzzlebot
    sent = await client.send_document(alice, "sudoku.jpg", photo())
    read, solved, _, _ = await bot_messages(client, alice, sent["message_id"], 4)
    assert read["caption"].startswith("Read from your photo:")
    assert "Solutions: exactly 1" in solved["caption"]
    # /check in reply to the file reads it as a photo too
    rows = [line for line in solved["caption"].splitlines() if line.isdigit()]
    check = await client.send(alice, "/check\n" + "\n".join(rows),
                              reply_to_message_id=sent["message_id"])
    (right,) = await bot_messages(client, alice, check["message_id"], 1)
    assert right["caption"].startswith("✅ Your solution is right.\nChecked: all ")


async def reply_to(client: SandboxClient, chat: int, message_id: int,
                   starts: str = "") -> dict:
    """The bot's first message in reply to a message whose text or caption starts so."""
    after = message_id
    while True:
        message = await client.wait_for(chat, after=after, timeout=90)
        said = message.get("text") or message.get("caption") or ""
        if message.get("reply_to_message_id") == message_id and said.startswith(starts):
            return message
        after = message["message_id"]


async def test_in_a_group_only_photos_named_or_addressed_are_read(shared_puzzlebot, bob, group):
    bot, client = shared_puzzlebot
    quiet = await client.send_photo(group, photo(), user_id=bob)
    named = await client.send_photo(group, photo(), caption="/sudoku", user_id=bob)
    read = await reply_to(client, group, named["message_id"])
    assert read["caption"].startswith("Read from your photo:")
    username = bot.application.bot.username
    addressed = await client.send_photo(group, photo(), caption=f"@{username} please",
                                        user_id=bob)
    read = await reply_to(client, group, addressed["message_id"])
    assert read["caption"].startswith("Read from your photo:")
    await reply_to(client, group, addressed["message_id"], "#sudoku as read from your photo")
    page = await client.messages(group, after=quiet["message_id"])
    assert quiet["message_id"] not in [m.get("reply_to_message_id") for m in page["messages"]]


async def test_a_picture_file_over_the_limit_is_refused_unread(shared_puzzlebot, monkeypatch,
                                                                alice):
    _, client = shared_puzzlebot
    monkeypatch.setattr("bot.photo_reading.MAX_BYTES", 2 * 2**20)
    noise = np.random.default_rng(1).integers(0, 256, (1000, 1200, 3), np.uint8)
    data = png(Image.fromarray(noise))
    assert len(data) > 3 * 2**20
    files = len(await client.calls("getFile"))  # the photos of the module's other tests
    sent = await client.send_document(alice, "noise.png", data)
    (reply,) = await bot_messages(client, alice, sent["message_id"], 1)
    assert reply["text"] == (f"This file is {len(data) / 2**20:.1f} MB; I can fetch pictures "
                             "up to 2 MB.")
    assert len(await client.calls("getFile")) == files  # refused unread


async def test_check_in_reply_to_a_photo_or_to_the_grid_read_from_it(shared_puzzlebot, alice):
    """/check in reply to the photo reads it as a photo sent is read (from the cache
    here); in reply to the bot's grid as read, it checks against that grid."""
    bot, client = shared_puzzlebot
    sent = await client.send_photo(alice, photo())
    _, solved, _, copy = await bot_messages(client, alice, sent["message_id"], 4)
    rows = [line for line in solved["caption"].splitlines() if line.isdigit()]
    assert len(rows) == 9 and all(len(row) == 9 for row in rows)
    jobs = bot.application.bot_data.services.pool.quick.jobs_run
    check = await client.send(alice, "/check\n" + "\n".join(rows),
                              reply_to_message_id=sent["message_id"])
    (right,) = await bot_messages(client, alice, check["message_id"], 1)
    assert right["caption"].startswith("✅ Your solution is right.\nChecked: all ")
    assert bot.application.bot_data.services.pool.quick.jobs_run == jobs + 1  # judged only

    swapped = [rows[0][1] + rows[0][0] + rows[0][2:], *rows[1:]]
    check = await client.send(alice, "/check\n" + "\n".join(swapped),
                              reply_to_message_id=copy["message_id"])
    (wrong,) = await bot_messages(client, alice, check["message_id"], 1)
    assert wrong["caption"].startswith("❌ Not right yet:\nChecked: ")  # over the marked grid
    assert not any(row in wrong["caption"] for row in rows)  # never the answer

    kept_answers(bot.application.bot_data).clear()  # as after a restart: its text still holds it
    check = await client.send(alice, "/check\n" + "\n".join(rows),
                              reply_to_message_id=copy["message_id"])
    (right,) = await bot_messages(client, alice, check["message_id"], 1)
    assert right["caption"].startswith("✅ Your solution is right.\nChecked: all ")
