"""End to end, what people expect of a Telegram bot (issue 29): a welcome with buttons, a
help menu by topic edited in place, Share links to a puzzle opened by someone else,
/settings that last (a spoiler, hints first)."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
import pytest_asyncio
from botchat import ask, bot_config, now, reply_with

from bot.__main__ import running_in_sandbox
from bot.rules import PUZZLES
from sandbox.client import SandboxClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

ALICE, BOB, CAROL = 101, 102, 103
SEKI = "#seki\noo+ooaoo-\n"
SUDOKU = (PUZZLES / "sudoku_inkala.txt").read_text()


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def shared(tmp_path_factory):
    """One bot for the module, and a client of its sandbox."""
    config = bot_config(tmp_path_factory.mktemp("welcome"), rate_burst=100)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as sandbox:
        yield bot, sandbox


@pytest_asyncio.fixture(loop_scope="module")
async def client(shared):
    return shared[1]


def buttons(message: dict) -> dict[str, dict]:
    """A message's inline buttons by label."""
    rows = (message.get("reply_markup") or {}).get("inline_keyboard", [])
    return {button["text"]: button for row in rows for button in row}


def start_payload(url: str) -> str:
    """The `start` payload of a t.me link to the bot."""
    parsed = urlparse(url)
    assert parsed.netloc == "t.me" and parsed.path == "/PuzzleBot"
    (payload,) = parse_qs(parsed.query)["start"]
    return payload


async def press(client: SandboxClient, chat: int, user: int, message: dict, label: str) -> dict:
    pressed = await client.press(chat, user, message["message_id"],
                                 buttons(message)[label]["callback_data"])
    return await client.callback_answer(pressed["callback_query_id"])


async def test_start_is_a_short_greeting_with_buttons(client):
    welcome = await ask(client, ALICE, "/start")
    assert welcome["text"].count("\n") < 20 and "PuzzleBot" in welcome["text"]
    found = buttons(welcome)
    assert set(found) == {"🎲 Try an example", "📷 Send a photo of a Sudoku",
                          "👥 Play in a group", "❓ Help"}
    assert found["👥 Play in a group"]["url"] == "https://t.me/PuzzleBot?startgroup=group"
    await press(client, ALICE, ALICE, welcome, "🎲 Try an example")
    families = await reply_with(client, ALICE, welcome["message_id"], "Pick a family")
    assert list(buttons(families)) == [
        "Logic grids", "Assemblies and burrs", "Words", "Pencil puzzles: shading and placing",
        "Pencil puzzles: loops and lines", "Pencil puzzles: numbers and letters",
        "Pencil puzzles: regions"]
    await press(client, ALICE, ALICE, families, "Logic grids")
    grids = await now(client, ALICE, families["message_id"])
    assert grids["text"] == "Logic grids: which one?"
    assert {"Seki", "Sudoku", "‹ Families"} <= set(buttons(grids))
    await press(client, ALICE, ALICE, grids, "Sudoku")
    example = await reply_with(client, ALICE, grids["message_id"], "#sudoku")
    assert example["text"].startswith("#sudoku An easy start")
    await press(client, ALICE, ALICE, grids, "‹ Families")
    assert (await now(client, ALICE, families["message_id"]))["text"].endswith(
        "(or send /example KIND).")
    await press(client, ALICE, ALICE, welcome, "❓ Help")
    menu = await reply_with(client, ALICE, welcome["message_id"], "Help: pick a topic")
    assert "🧩 Puzzles" in buttons(menu)
    assert (await now(client, ALICE, welcome["message_id"]))["text"] == welcome["text"]
    # the group the link adds the bot to is greeted with what groups can do
    greeted = await ask(client, -100500, "/start@PuzzleBot group", user=ALICE)
    assert "/race KIND" in greeted["text"] and "/quiz" in greeted["text"]


async def test_help_is_a_menu_whose_topics_open_in_place(client):
    menu = await ask(client, ALICE, "/help")
    assert "/help KIND: the rules of a puzzle" in menu["text"]
    assert list(buttons(menu)) == ["🧩 Puzzles", "💡 Hints", "📷 Photos", "👥 Groups",
                                   "⚙️ Settings"]
    for label, heading in (("🧩 Puzzles", "Puzzles I know"), ("👥 Groups", "In groups"),
                           ("⚙️ Settings", "Settings")):
        await press(client, ALICE, ALICE, menu, label)
        page = await now(client, ALICE, menu["message_id"])
        assert page["text"].startswith(heading) and page["edited"]
        await press(client, ALICE, ALICE, page, "‹ Topics")
        back = await now(client, ALICE, menu["message_id"])
        assert back["text"] == menu["text"]
    page = await ask(client, ALICE, "/help puzzles")
    assert "/seki Seki" in page["text"] and "/sudoku Sudoku" in page["text"]


async def shared_link(client: SandboxClient, chat: int, puzzle: str, user: int) -> tuple[
        dict, str]:
    """The report message of an answer and its Share link's payload."""
    sent = await client.send(chat, puzzle, user_id=user)
    after = sent["message_id"]
    while "↗️ Share" not in buttons(report := await client.wait_for(chat, after=after,
                                                                    timeout=90)):
        after = report["message_id"]
    return report, start_payload(buttons(report)["↗️ Share"]["url"])


async def test_a_shared_puzzle_opens_for_someone_else(client):
    report, payload = await shared_link(client, ALICE, SEKI, ALICE)
    assert re.fullmatch(r"[A-Za-z0-9_-]{1,64}", payload) and "oo+" not in payload
    opened = await ask(client, BOB, f"/start {payload}", user=BOB)
    assert opened["text"].startswith("A Seki shared with you:") and "oo+ooaoo-" in opened["text"]
    assert "Solve it yourself" in opened["text"]  # the puzzle to solve, not its solution
    assert list(buttons(opened)) == ["💡 Hint", "Show the solution"]
    await press(client, BOB, BOB, opened, "💡 Hint")
    ladder = await client.wait_for(BOB, after=opened["message_id"], timeout=60)
    assert "the next step (step 1) is ready" in ladder["text"]
    await press(client, BOB, BOB, opened, "Show the solution")
    answer = await client.wait_for(BOB, after=ladder["message_id"], sent_as="photo",
                                   timeout=60)
    assert "Solutions: exactly 1" in answer["caption"]
    # the same puzzle has the same link, whoever shares it
    _, again = await shared_link(client, CAROL, SEKI, CAROL)
    assert again == payload


async def test_an_unknown_payload_gets_one_line_and_the_welcome(client):
    for payload in ("pAAAAAAAAAAAA", "nonsense-payload_1"):
        reply = await ask(client, BOB, f"/start {payload}", user=BOB)
        assert reply["text"].startswith("That link does not lead to a puzzle I still have")
        assert "👥 Play in a group" in buttons(reply)
    rules = await ask(client, BOB, "/start rules-seki", user=BOB, timeout=90)
    assert rules["caption"].startswith("Seki")


async def test_settings_hide_the_solution_then_give_hints_first(client):
    menu = await ask(client, CAROL, "/settings", user=CAROL)
    assert list(buttons(menu)) == ["👀 Solutions: shown", "💡 Hints first: off",
                                   "✓ English", "Deutsch", "Español"]  # then the languages
    toast = await press(client, CAROL, CAROL, menu, "👀 Solutions: shown")
    assert toast["text"] == "Saved."
    menu = await now(client, CAROL, menu["message_id"])
    assert "🙈 Solutions: hidden behind a spoiler" in buttons(menu)
    photo = await ask(client, CAROL, SEKI, user=CAROL, sent_as="photo", timeout=60)
    assert photo["has_spoiler"]
    spoilers = [e for e in photo["entities"] if e["type"] == "spoiler"]
    assert spoilers and spoilers[0]["offset"] > 0  # the verdict line stays readable

    await press(client, CAROL, CAROL, menu, "💡 Hints first: off")
    hinted = await ask(client, CAROL, SUDOKU, user=CAROL, timeout=90)
    assert hinted["text"].startswith("Sudoku, rated ") and "/hint" in hinted["text"]
    await press(client, CAROL, CAROL, hinted, "Show the solution")
    solved = await client.wait_for(CAROL, after=hinted["message_id"], sent_as="photo",
                                   timeout=90)
    assert solved["has_spoiler"] and "Solutions: exactly 1" in solved["caption"]


async def test_a_setting_lasts_across_a_restart(tmp_path):
    config = bot_config(tmp_path)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        menu = await ask(client, ALICE, "/settings")
        await press(client, ALICE, ALICE, menu, "💡 Hints first: off")
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        menu = await ask(client, ALICE, "/settings")
        assert list(buttons(menu))[:2] == ["👀 Solutions: shown", "💡 Hints first: on"]


async def test_command_menus_by_scope(client):
    menus = (await client.http.get("/sandbox/chats")).json()["command_scopes"]
    private, group, admin = ({c["command"] for c in menus[scope]}
                             for scope in ("private", "group", "admin"))
    assert {"settings", "submit", "example", "seki"} <= private and "stop" not in private
    assert {"race", "quiz", "top"} <= group and not {"submit", "settings", "stop"} & group
    assert admin == group | {"stop", "skip"}


GROUP, DAVE = -100700800, 104


async def test_a_race_post_shares_its_puzzle_but_not_with_its_players(client):
    await client.send(GROUP, "hello all", user_id=ALICE)
    await client.send(GROUP, "hi", user_id=BOB)  # a member of the race's group
    sent = await client.send(GROUP, "/race seki easy minutes=30", user_id=ALICE)
    post = await client.wait_for(GROUP, after=sent["message_id"], sent_as="photo", timeout=150)
    assert list(buttons(post)) == ["I'm in", "↗️ Share"]
    payload = start_payload(buttons(post)["↗️ Share"]["url"])
    opened = await ask(client, BOB, f"/start {payload}", user=BOB)
    assert opened["text"].startswith("A Seki shared with you:")
    for label in ("💡 Hint", "Show the solution"):
        await press(client, BOB, BOB, opened, label)
        refused = await client.wait_for(BOB, after=opened["message_id"])
        assert refused["text"].startswith("That is race #")
        opened = await ask(client, BOB, f"/start {payload}", user=BOB)
    opened = await ask(client, DAVE, f"/start {payload}", user=DAVE)  # not a player
    await press(client, DAVE, DAVE, opened, "Show the solution")
    solved = await client.wait_for(DAVE, after=opened["message_id"], sent_as="photo",
                                   timeout=60)
    assert "Solutions:" in solved["caption"]
    await ask(client, GROUP, "/stop", user=ALICE)


async def test_top_week_after_a_quiz_and_a_streak_in_stats(shared):
    bot, client = shared
    quiz_group = -100900900
    sent = await client.send(quiz_group, "/quiz rounds=1 seconds=60 difficulty=easy",
                             user_id=ALICE)
    await client.wait_for(quiz_group, after=sent["message_id"], sent_as="photo", timeout=90)
    (answer,), = await bot.application.bot_data.services.store.read(
        "SELECT r.answer FROM game_rounds r JOIN games g ON g.id = r.game_id "
        "WHERE g.chat_id = ? ORDER BY g.id DESC LIMIT 1", (quiz_group,))
    sent = await client.send(quiz_group, answer, user_id=BOB)
    await reply_with(client, quiz_group, sent["message_id"], "is over!")
    for period in ("day", "week", "month"):
        top = await ask(client, quiz_group, f"/top {period}", user=ALICE)
        assert "in this chat (since" in top["text"] and "🥇 Bob: " in top["text"]
    nothing = await ask(client, -100900901, "/top week", user=ALICE)
    assert "No points yet" in nothing["text"]
    assert "Usage: /top" in (await ask(client, quiz_group, "/top year", user=ALICE))["text"]
    stats = await ask(client, quiz_group, "/stats", user=BOB)
    assert "Streak: 1 day in a row (best 1)." in stats["text"]
