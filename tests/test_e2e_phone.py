"""End to end, as a person on a phone meets them (issue 27): a ranked list paged by a
More button, a near miss named, a question answered as one, and /help KIND's rules."""

from __future__ import annotations

from botchat import ask, now

from bot.pages import kept_pages

ALICE, BOB = 101, 102


def buttons(message: dict) -> dict[str, str]:
    """A message's inline buttons: label -> callback data."""
    rows = (message.get("reply_markup") or {}).get("inline_keyboard", [])
    return {button["text"]: button["callback_data"] for row in rows for button in row}


async def test_more_pages_through_the_answers_in_place(puzzlebot):
    bot, client = puzzlebot
    photo = await ask(client, ALICE, "anagram dormitory", sent_as="photo", timeout=120)
    caption = photo["caption"]
    assert "1. dirty room" in caption and "Answers 1-10 of 20" in caption
    assert "11. " not in caption and "more" not in caption.lower()
    first = buttons(photo)
    assert list(first) == ["More ›"]
    data = first["More ›"]
    assert len(data.encode()) <= 64 and "dormitory" not in data  # short and opaque

    pressed = await client.press(ALICE, ALICE, photo["message_id"], data)
    assert (await client.callback_answer(pressed["callback_query_id"])).get("text") is None
    second = await now(client, ALICE, photo["message_id"])
    assert "11. " in second["caption"] and "20. " in second["caption"]
    assert "1. dirty room" not in second["caption"]
    assert "Answers 11-20 of 20" in second["caption"]
    assert list(buttons(second)) == ["‹ Back"]

    pressed = await client.press(ALICE, ALICE, photo["message_id"], buttons(second)["‹ Back"])
    await client.callback_answer(pressed["callback_query_id"])
    again = await now(client, ALICE, photo["message_id"])
    assert again["caption"] == caption and list(buttons(again)) == ["More ›"]

    # the same clue again comes from the cache, with a button of its own
    cached = await ask(client, BOB, "anagram dormitory", sent_as="photo")
    assert cached["caption"] == caption and buttons(cached)["More ›"] != data

    kept_pages(bot.application.bot_data).clear()  # as after a restart
    pressed = await client.press(ALICE, ALICE, photo["message_id"], data)
    toast = await client.callback_answer(pressed["callback_query_id"])
    assert "send it again" in toast["text"]
    assert (await now(client, ALICE, photo["message_id"]))["caption"] == caption


async def test_a_short_list_has_no_more_button(puzzlebot):
    _, client = puzzlebot
    photo = await ask(client, ALICE, "anagram dog", sent_as="photo")
    assert "1. god" in photo["caption"] and not buttons(photo)
