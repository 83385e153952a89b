"""End to end: anagram answers, graded hints with buttons, and inline mode, through the
sandbox with the real bot."""

from __future__ import annotations

import io

import pytest
from botchat import ask
from PIL import Image

ALICE, BOB = 101, 102

#: the tests that only chat share one bot, each in chats of its own (conftest's `alice`,
#: `group`); those of both update modes start their own
pytestmark = pytest.mark.asyncio(loop_scope="module")
OWN_BOT = pytest.mark.asyncio(loop_scope="function")


async def test_anagram_command_and_bare_letters_rank_the_quiz_answer_first(
        shared_puzzlebot, alice):
    _, client = shared_puzzlebot
    photo = await ask(client, alice, "/anagram dormitory", sent_as="photo")
    assert photo["caption"].startswith("Anagrams of DORMITORY (9 letters)")
    assert "1. dormitory" not in photo["caption"]  # the clue itself is no answer
    top3 = photo["caption"].splitlines()[1:4]
    assert any("dirty room" in line for line in top3), photo["caption"]
    ring = Image.open(io.BytesIO(await client.file(photo["file_url"])))
    assert ring.format == "PNG" and ring.width >= 300
    photo = await ask(client, alice, "schoolmaster", sent_as="photo")
    assert "the classroom" in photo["caption"]


async def test_bad_letters_get_a_clear_message(shared_puzzlebot, alice):
    _, client = shared_puzzlebot
    reply = await ask(client, alice, "/anagram abc123")
    assert reply["text"].startswith("Anagram: Line 1")
    assert "'1' is not a letter" in reply["text"]
    reply = await ask(client, alice, "/anagram " + "abcdefghij" * 20)
    assert "too many" in reply["text"] and "limit" in reply["text"]


@OWN_BOT
@pytest.mark.parametrize("puzzlebot", ["polling", "webhook"], indirect=True)
async def test_hints_come_in_steps_with_buttons(puzzlebot):
    _, client = puzzlebot
    first = await ask(client, ALICE, "/hint dormitory")
    assert first["text"].startswith("Hint 1 of 6")
    assert "9 letters" in first["text"]
    labels = [b["text"] for row in first["reply_markup"]["inline_keyboard"] for b in row]
    assert labels == ["Another hint", "Show answer"]
    next_data = first["reply_markup"]["inline_keyboard"][0][0]["callback_data"]

    # someone else's press is refused politely and changes nothing
    pressed = await client.press(ALICE, BOB, first["message_id"], next_data)
    answer = await client.callback_answer(pressed["callback_query_id"])
    assert "someone else's hints" in answer["text"]

    await client.press(ALICE, ALICE, first["message_id"], next_data)
    second = await client.wait_for(ALICE, after=first["message_id"])
    assert second["text"].startswith("Hint 2 of 6") and "owel" in second["text"]

    await client.press(ALICE, ALICE, second["message_id"], next_data)
    third = await client.wait_for(ALICE, after=second["message_id"])
    assert third["sent_as"] == "photo" and third["caption"].startswith("Hint 3 of 6")
    ring = Image.open(io.BytesIO(await client.file(third["file_url"])))
    assert ring.format == "PNG"

    answer_data = third["reply_markup"]["inline_keyboard"][0][1]["callback_data"]
    await client.press(ALICE, ALICE, third["message_id"], answer_data)
    last = await client.wait_for(ALICE, after=third["message_id"])
    assert last["text"].startswith("Hint 6 of 6") and "DIRTY ROOM" in last["text"].upper()
    assert not last.get("reply_markup")


@OWN_BOT
@pytest.mark.parametrize("puzzlebot", ["polling", "webhook"], indirect=True)
async def test_inline_mode_offers_answers_and_hints(puzzlebot):
    _, client = puzzlebot
    sent = await client.inline(ALICE, "dormitory")
    answer = await client.inline_answer(sent["update_id"], wait=30)
    titles = [result["title"] for result in answer["results"]]
    assert "dirty room" in titles[:3], titles
    assert titles[-1] == "Hints instead of the answer"


async def test_plain_words_in_a_group_are_not_answered(shared_puzzlebot, alice, group):
    _, client = shared_puzzlebot
    sent = await client.send(group, "schoolmaster", user_id=alice)
    reply = await ask(client, group, "/anagram listen", user=alice, sent_as="photo")
    assert reply["message_id"] > sent["message_id"]
    page = await client.messages(group, after=sent["message_id"])
    from_bot = [m for m in page["messages"] if m["from"]["is_bot"]]
    assert all("LISTEN" in (m.get("caption") or m.get("text") or "").upper()
               or m["sent_as"] == "text" for m in from_bot)
    assert not any("SCHOOLMASTER" in (m.get("caption") or "") for m in from_bot)
