"""End to end, the rest of issue 29: a group's daily puzzle (turned on by an admin and
posted at once, refused to others, solved privately by two players, its standings, a
restart that keeps it, /daily off; a streak over two short days and a missed day posted
once, with the setting for tests), daily solves on /top and /stats, solutions behind a
spoiler in a long count's later replies and on More's pages, an expired Share link."""

from __future__ import annotations

import asyncio
import sqlite3
import time

from botchat import ask, bot_config, now, reply_with
from test_e2e_race import solution_of
from test_fair_play import with_a_wrong_guess

from bot.__main__ import running_in_sandbox
from bot.games.daily import GAME
from bot.share import EXPIRES_DAYS
from sandbox.client import SandboxClient

ALICE, BOB, CAROL = 101, 102, 103
GROUP = -100200300
#: "a day" in the short-day test (the setting for tests)
PERIOD = 15.0


def buttons(message: dict) -> dict[str, dict]:
    rows = (message.get("reply_markup") or {}).get("inline_keyboard", [])
    return {button["text"]: button for row in rows for button in row}


def spoilers(message: dict) -> list[dict]:
    return [e for e in message.get("entities") or [] if e["type"] == "spoiler"]


async def gather_group(client: SandboxClient, *users: int) -> None:
    """The group's members say hello, the first one its creator (the sandbox's admin)."""
    for user in users:
        await client.send(GROUP, "hello", user_id=user)


async def daily_post(client: SandboxClient, after: int) -> tuple[dict, str]:
    """The next daily puzzle's picture in the group, and its text posted after it."""
    photo = await client.wait_for(GROUP, after=after, sent_as="photo", timeout=120)
    assert photo["caption"].startswith("🗓 Daily puzzle #")
    text = await client.wait_for(GROUP, after=photo["message_id"])
    return photo, text["text"]


async def submitted(client: SandboxClient, user: int, number: int, solution: str) -> dict:
    return await ask(client, user, f"/submit {number}\n{solution}", user=user, timeout=60)


async def test_a_daily_puzzle_is_turned_on_solved_kept_over_a_restart_and_off(tmp_path):
    config = bot_config(tmp_path, solve_timeout=30, rate_burst=100)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        await gather_group(client, ALICE, BOB, CAROL)
        refused = await ask(client, GROUP, "/daily on seki easy", user=BOB)
        assert refused["text"].startswith("Sorry, only the group's admins")
        private = await ask(client, BOB, "/daily on", user=BOB)
        assert private["text"].startswith("The daily puzzle is for groups")

        on = await ask(client, GROUP, "/daily on 07:30 seki easy", user=ALICE)
        assert on["text"] == ("🗓 Daily puzzle on: every day at 07:30 UTC, Seki, easy. "
                              "Today's comes now.")
        photo, puzzle = await daily_post(client, on["message_id"])
        assert photo["caption"].startswith("🗓 Daily puzzle #1: Seki (easy, rated ")
        assert "), exactly one solution).\n" in photo["caption"]
        assert "/submit 1" in photo["caption"] and " 07:30 UTC. " in photo["caption"]
        assert list(buttons(photo)) == ["↗️ Share"]
        solution = solution_of("seki", puzzle)

        # while it is open, the group's members get no help with it
        pasted = await ask(client, BOB, puzzle, user=BOB)
        assert pasted["text"].startswith("That is daily puzzle #1's puzzle, or one like it")

        right = await submitted(client, BOB, 1, solution)
        assert "You finished daily puzzle #1 1st, in " in right["text"]
        seen = await reply_with(client, GROUP, photo["message_id"], "Bob solved")
        assert seen["text"].startswith("🗓 Bob solved daily puzzle #1: 1st, in ")
        wrong = await submitted(client, CAROL, 1, "0000\n0000\n0000\n0000")
        assert wrong["text"].startswith("Not yet, daily puzzle #1:")
        right = await submitted(client, CAROL, 1, solution)
        assert "You finished daily puzzle #1 2nd" in right["text"]
        seen = await reply_with(client, GROUP, photo["message_id"], "Carol solved")
        assert seen["text"].startswith("🗓 Carol solved daily puzzle #1: 2nd, in ")

        standings = await ask(client, GROUP, "/daily", user=CAROL)
        lines = standings["text"].splitlines()
        assert lines[0] == "🗓 Daily puzzle: every day at 07:30 UTC, Seki, easy."
        assert lines[1].startswith("Today's: #1, Seki, posted ")
        assert lines[2].startswith("🥇 Bob: ") and lines[3].startswith("🥈 Carol: ")
        top = await ask(client, GROUP, "/top week", user=CAROL)
        assert "Daily puzzles solved:\n🥇 Bob: 1\n🥈 Carol: 1" in top["text"]
        stats = await ask(client, GROUP, "/stats", user=BOB)
        assert "Daily puzzles: 1 solved; 1 day in a row (best 1)." in stats["text"]
        assert "Races: 0 entered" in stats["text"]  # a daily puzzle is no race

    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        await gather_group(client, ALICE, BOB)
        standings = await ask(client, GROUP, "/daily", user=BOB)
        assert "Today's: #1, Seki" in standings["text"] and "🥈 Carol: " in standings["text"]
        pasted = await ask(client, BOB, puzzle, user=BOB)  # still guarded
        assert pasted["text"].startswith("That is daily puzzle #1's puzzle")
        again = await ask(client, GROUP, "/daily on 07:30 seki easy", user=ALICE)
        assert again["text"].endswith("Today's is #1, above.")  # no second puzzle today

        refused = await ask(client, GROUP, "/daily off", user=BOB)
        assert refused["text"].startswith("Sorry, only the group's admins")
        off = await ask(client, GROUP, "/daily off", user=ALICE)
        assert off["text"].startswith("The daily puzzle is off here.")
        late = await submitted(client, ALICE, 1, solution)
        assert late["text"].startswith("Daily puzzle #1 is over.")
        gone = await ask(client, GROUP, "/daily", user=BOB)
        assert gone["text"].startswith("No daily puzzle here.")
        solved = await ask(client, BOB, puzzle, user=BOB, sent_as="photo", timeout=60)
        assert "Checked: all" in solved["caption"]
        games = await bot.application.bot_data.services.store.read(
            "SELECT COUNT(*) FROM games WHERE game = ?", (GAME,))
        assert games == [(1,)]


async def day_begins() -> None:
    """Wait until a short day has just begun (days begin at multiples of PERIOD), so a
    step of the test has nearly a whole day."""
    await asyncio.sleep(PERIOD - time.time() % PERIOD + 0.5)


async def test_a_streak_over_two_short_days_and_a_missed_day_posted_once(tmp_path):
    config = bot_config(tmp_path, solve_timeout=30, rate_burst=100,
                        test_daily_period_seconds=PERIOD)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        await gather_group(client, ALICE, BOB)
        await day_begins()
        on = await ask(client, GROUP, "/daily on seki easy", user=ALICE)
        assert f"every {PERIOD:g} s (a setting for tests)" in on["text"]
        photo, puzzle = await daily_post(client, on["message_id"])
        assert photo["caption"].startswith("🗓 Daily puzzle #1: ")
        right = await submitted(client, BOB, 1, solution_of("seki", puzzle))
        assert "You finished daily puzzle #1 1st" in right["text"]

        photo, puzzle = await daily_post(client, photo["message_id"])  # the next day's
        assert photo["caption"].startswith("🗓 Daily puzzle #2: ")
        right = await submitted(client, BOB, 2, solution_of("seki", puzzle))
        assert "You finished daily puzzle #2 1st" in right["text"]
        seen = await reply_with(client, GROUP, photo["message_id"], "Bob solved")
        assert seen["text"].endswith("; 2 days in a row.")
        stats = await ask(client, GROUP, "/stats", user=BOB)
        assert "Daily puzzles: 2 solved; 2 days in a row (best 2)." in stats["text"]
        top = await ask(client, GROUP, "/top day", user=BOB)
        assert "Daily puzzles solved:\n🥇 Bob: 2" in top["text"]

    await asyncio.sleep(2 * PERIOD)  # two days missed while the bot is down
    await day_begins()
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        photo, puzzle = await daily_post(client, 0)
        assert photo["caption"].startswith("🗓 Daily puzzle #3: ")  # once, not once a day
        store = bot.application.bot_data.services.store
        assert await store.read("SELECT COUNT(*) FROM games WHERE game = ?", (GAME,)) == [(3,)]
        await gather_group(client, ALICE, BOB)
        stats = await ask(client, GROUP, "/stats", user=BOB)
        assert "2 days in a row (best 2)" in stats["text"]  # missed days break no streak
        await ask(client, GROUP, "/daily off", user=ALICE)


async def test_spoilers_hide_a_long_counts_later_replies_and_more_pages(tmp_path):
    config = bot_config(tmp_path, rate_burst=100, count_timeout=5.0)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        menu = await ask(client, ALICE, "/settings")
        pressed = await client.press(ALICE, ALICE, menu["message_id"],
                                     buttons(menu)["👀 Solutions: shown"]["callback_data"])
        await client.callback_answer(pressed["callback_query_id"])

        first = await ask(client, ALICE, "queens 14", sent_as="photo", timeout=120)
        assert first["has_spoiler"] and spoilers(first)
        assert "(still counting, " in first["caption"]  # the count lane goes on with it
        said = await reply_with(client, ALICE, first["message_id"], "(stopped at the time",
                                120)
        hidden = spoilers(said)
        assert said["text"].startswith("Queens: at least ") and hidden
        assert said["text"][hidden[0]["offset"]:].startswith("at least ")
        final = await now(client, ALICE, first["message_id"])
        assert "(stopped at the time limit, " in final["caption"]
        assert spoilers(final) and spoilers(final)[0]["offset"] > 0  # edited, still hidden

        photo = await ask(client, ALICE, "anagram dormitory", sent_as="photo", timeout=120)
        assert spoilers(photo)
        pressed = await client.press(ALICE, ALICE, photo["message_id"],
                                     buttons(photo)["More ›"]["callback_data"])
        await client.callback_answer(pressed["callback_query_id"])
        second = await now(client, ALICE, photo["message_id"])
        assert "11. " in second["caption"] and spoilers(second)
        assert spoilers(second)[0]["offset"] > 0  # its first line stays readable


async def test_an_expired_share_link_gets_the_welcome(tmp_path):
    config = bot_config(tmp_path)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        photo = await ask(client, ALICE, "#seki\noo+ooaoo-\n", sent_as="photo", timeout=60)
        report = await client.wait_for(ALICE, after=photo["message_id"], sent_as="text")
        url = buttons(report)["↗️ Share"]["url"]
        payload = url.rpartition("start=")[2]
        opened = await ask(client, BOB, f"/start {payload}", user=BOB)
        assert opened["text"].startswith("A Seki shared with you")
        reveal = buttons(opened)["Show the solution"]["callback_data"]
        await client.press(BOB, BOB, opened["message_id"], reveal)
        solved = await client.wait_for(BOB, after=opened["message_id"], sent_as="photo")
        await client.wait_for(BOB, after=solved["message_id"], sent_as="text")  # shared again

        def age() -> None:
            long_ago = time.time() - (EXPIRES_DAYS + 1) * 86400
            with sqlite3.connect(config.db_path) as db:
                db.execute("UPDATE shared_puzzles SET created = ?, used = ?",
                           (long_ago, long_ago))

        await asyncio.to_thread(age)
        expired = await ask(client, CAROL, f"/start {payload}", user=CAROL)
        assert expired["text"].startswith("That link does not lead to a puzzle I still have")
        assert "❓ Help" in buttons(expired)


async def test_a_daily_option_given_twice_is_refused_clearly(tmp_path):
    async with running_in_sandbox(bot_config(tmp_path)) as bot, SandboxClient(bot.url) as client:
        await gather_group(client, ALICE, BOB)
        for words, said in (("sudoku sudoku", "the puzzle kind is given twice: 'sudoku'"),
                            ("seki gogen", "the puzzle kind is given twice: 'gogen'"),
                            ("07:30 08:00", "the time is given twice: '08:00'"),
                            ("easy hard", "the difficulty is given twice: 'hard'")):
            told = await ask(client, GROUP, f"/daily on {words}", user=ALICE)
            assert told["text"].startswith(f"Daily: {said}.\n"), told
        shown = await ask(client, GROUP, "/daily", user=ALICE)
        assert shown["text"].startswith("No daily puzzle here.")


async def test_the_daily_puzzle_with_a_guessed_digit_is_held_and_found_in_reply(tmp_path):
    """A member of the group sends the daily Sudoku with one wrong digit added: held as
    the daily puzzle (no "no solution" to tell the guess); /hint in reply to the daily
    picture finds its puzzle (and holds it too)."""
    held = "That is daily puzzle #1's puzzle, or one like it"
    config = bot_config(tmp_path, solve_timeout=30, rate_burst=100)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        await gather_group(client, ALICE, BOB)
        on = await ask(client, GROUP, "/daily on sudoku easy", user=ALICE)
        photo, puzzle = await daily_post(client, on["message_id"])
        told = await ask(client, BOB, with_a_wrong_guess("sudoku", puzzle), user=BOB)
        assert (told.get("text") or "").startswith(held), told
        sent = await client.send(GROUP, "/hint", user_id=BOB,
                                 reply_to_message_id=photo["message_id"])
        hinted = await client.wait_for(GROUP, after=sent["message_id"])
        assert (hinted.get("text") or "").startswith(held), hinted
