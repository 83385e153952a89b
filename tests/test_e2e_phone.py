"""End to end, as a person on a phone meets them (issue 27): a ranked list paged by a
More button, a near miss named, a question answered as one, and /help KIND's rules."""

from __future__ import annotations

import io

import pytest
from botchat import ask, now
from PIL import Image

from bot.pages import kept_pages
from bot.rules import PUZZLES, rules_text
from solvers import registry

ALICE, BOB = 101, 102
GROUP = -100200300


def buttons(message: dict) -> dict[str, str]:
    """A message's inline buttons: label -> callback data."""
    rows = (message.get("reply_markup") or {}).get("inline_keyboard", [])
    return {button["text"]: button["callback_data"] for row in rows for button in row}


async def test_more_pages_through_the_answers_in_place(puzzlebot):
    bot, client = puzzlebot
    photo = await ask(client, ALICE, "anagram dormitory", sent_as="photo", timeout=120)
    caption = photo["caption"]
    assert "1. dirty room" in caption and "answers 1-10 of 20" in caption
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
    assert "answers 11-20 of 20" in second["caption"]
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
    photo = await ask(client, ALICE, "anagram dog", sent_as="photo", timeout=120)
    assert "1. god" in photo["caption"] and not buttons(photo)


SUDOKU_ROWS = [line for line in (PUZZLES / "sudoku_inkala.txt").read_text().splitlines()
               if not line.startswith("#")]


@pytest.mark.parametrize("chat", [ALICE, GROUP])
async def test_a_near_miss_is_named_not_refused(puzzlebot, chat):
    _, client = puzzlebot
    rows = list(SUDOKU_ROWS)
    rows[6] = rows[6][:8]
    reply = await ask(client, chat, "\n".join(rows), user=ALICE)
    assert reply["text"].startswith("Sudoku: row 7 has 8 cells; each row needs 9.")
    assert "/example sudoku" in reply["text"]
    reply = await ask(client, chat, "oo+ooaoo", user=ALICE)
    assert reply["text"].startswith("Seki: 8 rotors; a Seki has 9")
    grid = (PUZZLES / "gogen_dm_older02.txt").read_text().splitlines()[1:]
    grid[2] = grid[2][:4]
    reply = await ask(client, chat, "\n".join(grid), user=ALICE)
    assert reply["text"].startswith("Gogen: grid row 3 has 4 cells; each row needs 5")


async def test_a_near_miss_in_a_file_is_named(puzzlebot):
    _, client = puzzlebot
    rows = list(SUDOKU_ROWS)
    rows[2] += "5"
    sent = await client.send_document(ALICE, "grid.txt", "\n".join(rows).encode())
    reply = await client.wait_for(ALICE, after=sent["message_id"], timeout=60)
    assert reply["text"].startswith("Sudoku: row 3 has 10 cells; each row needs 9.")


async def test_a_question_is_answered_not_taken_as_letters(puzzlebot):
    _, client = puzzlebot
    about = await ask(client, ALICE, "what is seki?", timeout=90)
    assert about["sent_as"] == "photo"
    assert about["caption"].startswith("Seki\n\nColour the 16 cells of a 4x4 grid")
    assert "How to send one: #seki NAME" in about["caption"]
    assert "Anagram" not in about["caption"]
    reply = await ask(client, ALICE, "how does this work?")
    assert reply["text"].startswith("I took that as a question")
    reply = await ask(client, ALICE, "try /hint please")
    assert reply["text"].startswith("I took that as a question")
    # letters alone are still a clue
    photo = await ask(client, ALICE, "dormitory", sent_as="photo", timeout=120)
    assert photo["caption"].startswith("Anagrams of DORMITORY")


async def test_help_kind_gives_the_rules_over_a_solved_example(puzzlebot):
    _, client = puzzlebot
    rules = await ask(client, ALICE, "/help seki", timeout=90)
    assert rules["sent_as"] == "photo"
    assert rules["caption"].startswith("Seki\n\nColour the 16 cells")
    assert "/example seki" in rules["caption"]
    picture = Image.open(io.BytesIO(await client.file(rules["file_url"])))
    assert picture.width <= 360
    bold = [e for e in rules["entities"] if e["type"] == "bold"]
    assert bold and bold[0]["offset"] == 0
    # where a race post's link leads; the picture is drawn once
    again = await ask(client, ALICE, "/start rules-seki")
    assert again["caption"] == rules["caption"]
    text_only = await ask(client, ALICE, "/help piece", timeout=90)
    assert "Burr piece" in (text_only.get("caption") or text_only.get("text"))
    plain = await ask(client, ALICE, "/help")
    assert "/help KIND: the rules of a puzzle" in plain["text"]


def test_every_kind_has_rules_that_fit_a_caption():
    for kind in registry.KINDS:
        assert kind.rules, kind.name
        assert len(rules_text(kind)) < 1024 - 100, kind.name


async def test_the_race_post_links_to_the_rules(puzzlebot):
    _, client = puzzlebot
    sent = await client.send(GROUP, "/race seki easy minutes=5", user_id=ALICE)
    photo = await client.wait_for(GROUP, after=sent["message_id"], sent_as="photo", timeout=60)
    assert "?start=rules-seki (or /help seki)" in photo["caption"]


def test_near_misses_of_each_shape_and_none_for_chatter():
    rows = [line for line in (PUZZLES / "nw_003.txt").read_text().splitlines()
            if not line.startswith("#")]
    rows[3] = rows[3][:8]
    kind, wrong = registry.near_miss("\n".join(rows))
    assert kind.name == "nw" and wrong.startswith("line 4 has 8 digits but needs 9")
    kind, wrong = registry.near_miss("".join(SUDOKU_ROWS)[:80])
    assert wrong == "the line has 80 cells; a Sudoku on one line needs 81."
    kind, wrong = registry.near_miss("\n".join(SUDOKU_ROWS[:8]))
    assert wrong == "there are 8 rows of 9 cells; a Sudoku has 9."
    for chatter in ("", "hello there", "what is seki?", "oooooooo", "12345678\n" * 3,
                    "\n".join(SUDOKU_ROWS)):
        assert registry.near_miss(chatter) is None, chatter


def test_offensive_answers_only_when_they_are_all_there_is():
    from solvers.anagram.answer import Answer
    from solvers.anagram.lexicon import Entry
    from solvers.anagram.offensive import polite

    def answer(text: str) -> Answer:
        return Answer(tuple(Entry.make(word, 4.0, True) for word in text.split()), 0.0)

    rude, plain, name = answer("this shit"), answer("this hits"), answer("woman hitler")
    assert polite([rude, plain, name]) == [plain, name]
    assert polite([rude]) == [rude]
    assert polite([answer("god")]) == [answer("god")]  # dog -> god stays
