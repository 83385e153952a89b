"""End to end: puzzle races in the sandbox's group chat with the real bot: the puzzle
posted as picture and text, joining, private submissions judged by the kind's check (one
wrong, then right ones), the finishing order in the group, a generated Gogen race and a deadline."""

from __future__ import annotations

import io

import pytest
from botchat import bot_config, store_settings
from PIL import Image

from bot.__main__ import running_in_sandbox
from sandbox.client import SandboxClient
from solvers import registry
from solvers.pipeline import judge
from solvers.values import Limits

ALICE, BOB, CAROL = 101, 102, 103
GROUP = -100200300


def solution_of(kind_name: str, text: str) -> str:
    kind = registry.get(kind_name)
    puzzle = kind.parse(text)
    found = kind.solve(puzzle, Limits.within(20)).found
    return kind.format_solution(puzzle, found[0])


async def send_and_wait(client: SandboxClient, chat: int, text: str, user: int,
                        sent_as: str | None = None) -> dict:
    sent = await client.send(chat, text, user_id=user)
    return await client.wait_for(chat, after=sent["message_id"], sent_as=sent_as, timeout=40)


async def start_race(client: SandboxClient, command: str) -> tuple[dict, str]:
    """The race's picture message and the puzzle text posted after it."""
    photo = await send_and_wait(client, GROUP, command, ALICE, sent_as="photo")
    text = await client.wait_for(GROUP, after=photo["message_id"])
    return photo, text["text"]


async def test_a_seki_race_with_a_wrong_and_right_submissions(tmp_path, backend):
    config = bot_config(tmp_path, solve_timeout=30, **backend)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        usage = await send_and_wait(client, GROUP, "/race chess", ALICE)
        assert usage["text"].startswith("Usage: /race KIND")
        photo, puzzle = await start_race(client, "/race seki easy minutes=5")
        assert photo["caption"].startswith("🏁 Race #1: Seki (easy, rated ")  # then its rating
        assert "), exactly one solution). Alice started it; 5 min to go." in photo["caption"]
        assert "/submit 1" in photo["caption"]
        assert ("Press “I'm in” to join: the race then goes on until everyone who joined "
                "has finished (or the time is up).") in photo["caption"]
        picture = Image.open(io.BytesIO(await client.file(photo["file_url"])))
        assert picture.format == "PNG" and picture.width >= 300
        assert puzzle.startswith("#seki easy")
        solution = solution_of("seki", puzzle)

        join = photo["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
        for user in (ALICE, BOB):
            pressed = await client.press(GROUP, user, photo["message_id"], join)
            answer = await client.callback_answer(pressed["callback_query_id"])
            assert answer["text"].startswith("You're in race #1.")

        # in the group a solution is refused (so nobody copies it)
        sent = await client.send(GROUP, f"/submit 1\n{solution}", user_id=CAROL)
        told = await client.wait_for(GROUP, after=sent["message_id"])
        assert "send solutions to me in a private chat" in told["text"]

        # Bob's wrong grid: the check says what is wrong
        wrong = await send_and_wait(client, BOB, "/submit 1\n0000\n0000\n0000\n0000", BOB)
        assert wrong["text"].startswith("Not yet, race #1:\nChecked: ")
        assert "\nBroken: " in wrong["text"]
        unreadable = await send_and_wait(client, BOB, "/submit 1\n012", BOB)
        assert "I could not read that solution: expected 4 rows" in unreadable["text"]

        # Alice's right grid: first place, and the group sees it
        right = await send_and_wait(client, ALICE, f"/submit 1\n{solution}", ALICE)
        assert right["text"].startswith("✅ Correct! Checked: all ")
        assert "You finished race #1 1st, in " in right["text"]
        seen = await client.wait_for(GROUP, after=told["message_id"])
        assert seen["text"].startswith("🏁 Alice finished race #1: 1st, in ")
        again = await send_and_wait(client, ALICE, f"/submit 1\n{solution}", ALICE)
        assert again["text"] == "You finished race #1 already, 1st."

        # Bob finishes second: everyone who joined has finished, so the race ends
        right = await send_and_wait(client, BOB, f"/submit 1 {solution.replace(chr(10), '')}",
                                    BOB)
        assert "You finished race #1 2nd" in right["text"]
        seen = await client.wait_for(GROUP, after=seen["message_id"])
        assert seen["text"].startswith("🏁 Bob finished race #1: 2nd")
        over = await client.wait_for(GROUP, after=seen["message_id"])
        lines = over["text"].splitlines()
        assert lines[0] == "Race #1 is over: everyone who joined has finished."
        assert lines[1] == "The winner is Alice!"
        assert lines[2].startswith("1st Alice: ") and lines[3].startswith("2nd Bob: ")
        assert lines[3].endswith("(2 wrong tries)")
        late = await send_and_wait(client, CAROL, f"/submit 1\n{solution}", CAROL)
        assert late["text"].startswith("Race #1 is over.")

        stats = await send_and_wait(client, GROUP, "/stats", BOB)
        assert "Races: 1 entered, 1 finished, 0 won" in stats["text"]
        top = await send_and_wait(client, GROUP, "/top", BOB)
        assert "Race wins here:\nAlice: 1" in top["text"]


async def test_a_generated_gogen_race_ends_at_its_deadline(tmp_path):
    config = bot_config(tmp_path, solve_timeout=30)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        photo, puzzle = await start_race(client, "/race gogen minutes=0.05")
        rated = registry.get("gogen").difficulty(registry.get("gogen").parse(puzzle))
        assert photo["caption"].startswith(
            f"🏁 Race #1: Gogen (medium, {rated.text()}, exactly one solution)")
        assert rated.level == "Medium"  # picked by its rating
        busy = await send_and_wait(client, GROUP, "/race nw", BOB)
        assert busy["text"].startswith("Race #1 is still on here")
        over = await client.wait_for(GROUP, after=busy["message_id"], timeout=20)
        assert over["text"] == "Race #1 is over: time is up.\nNobody finished this time."


async def test_a_race_goes_on_after_a_restart(tmp_path):
    config = bot_config(tmp_path, solve_timeout=30)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        photo, puzzle = await start_race(client, "/race sudoku hard minutes=5")
        assert photo["caption"].startswith("🏁 Race #1: Sudoku (hard, rated ")
        assert "), exactly one solution)" in photo["caption"]
        solution = solution_of("sudoku", puzzle)
        join = photo["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
        await client.press(GROUP, BOB, photo["message_id"], join)
        right = await send_and_wait(client, ALICE, f"/submit 1\n{solution}", ALICE)
        assert "You finished race #1 1st" in right["text"]

    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        note = await client.wait_for(GROUP, timeout=20)
        assert note["text"].startswith(
            "I was restarted; race #1 goes on, with the 1 finish so far kept. It ends at ")
        right = await send_and_wait(client, BOB, f"/submit 1\n{solution}", BOB)
        assert "You finished race #1 2nd" in right["text"]
        seen = await client.wait_for(GROUP, after=note["message_id"])
        over = await client.wait_for(GROUP, after=seen["message_id"])
        assert over["text"].startswith("Race #1 is over: everyone who joined has finished.")


async def test_a_running_race_puzzle_is_not_solved_exported_or_checked(tmp_path):
    """A copy-paster gets the race's refusal in the group and in private, for the
    pasted text, /sudoku, /smt and /check; after the race the puzzle is solved again."""
    config = bot_config(tmp_path, solve_timeout=30)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        photo, puzzle = await start_race(client, "/race sudoku easy minutes=5")
        solution = solution_of("sudoku", puzzle)
        refusal = "That is race #1's puzzle, or one like it: no help with it for its players"
        for chat, user in ((GROUP, BOB), (CAROL, CAROL)):
            pasted = await send_and_wait(client, chat, puzzle, user)
            assert pasted["text"].startswith(refusal)
            named = await send_and_wait(client, chat, f"/sudoku\n{puzzle}", user)
            assert named["text"].startswith(refusal)
            exported = await send_and_wait(client, chat, f"/smt\n{puzzle}", user)
            assert exported["text"].startswith(refusal)
            checked = await send_and_wait(client, chat, f"/check\n{puzzle}\n---\n{solution}",
                                          user)
            assert checked["text"].startswith(refusal)
        # the header renamed is still the same puzzle
        renamed = "#sudoku mine\n" + "\n".join(puzzle.splitlines()[1:])
        assert (await send_and_wait(client, CAROL, renamed, CAROL))["text"].startswith(refusal)
        stop = await send_and_wait(client, GROUP, "/stop", ALICE)
        assert stop["text"].startswith("Race #1 is over: stopped by Alice.")
        solved = await send_and_wait(client, CAROL, puzzle, CAROL, sent_as="photo")
        assert solved["caption"].startswith("Sudoku")


async def test_only_players_and_members_submit_and_a_wrong_verdict_hides_the_answer(tmp_path):
    """Mallory, never in the group, is refused; Carol, a member who did not press the
    button, may submit; a wrong grid's verdict names the broken rules and nothing of
    what the check found in them, so no value of the answer."""
    config = bot_config(tmp_path, solve_timeout=30)
    mallory = 666
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        photo, puzzle = await start_race(client, "/race sudoku easy minutes=5")
        solution = solution_of("sudoku", puzzle)
        refused = await send_and_wait(client, mallory, f"/submit 1\n{solution}", mallory)
        assert refused["text"] == ("Race #1 is for the members of its group: only they may "
                                   "submit to it.")

        rows = solution.splitlines()
        wrong = "\n".join([rows[0][1] + rows[0][0] + rows[0][2:], *rows[1:]])
        judgement = judge(puzzle, wrong, "sudoku")
        assert judgement.broken and not judgement.ok
        await client.send(GROUP, "hello all", user_id=CAROL)  # Carol is in the group
        told = await send_and_wait(client, CAROL, f"/submit 1\n{wrong}", CAROL)
        lines = told["text"].splitlines()
        assert lines[0] == "Not yet, race #1:"
        assert lines[1] == judgement.summary
        names = ", ".join(rule.name for rule in judgement.broken)
        assert lines[2] == f"Broken: {names}"
        assert len(lines) == 3
        for rule in judgement.broken:
            assert rule.detail not in told["text"]
        for row in rows:
            assert row not in told["text"]
        right = await send_and_wait(client, CAROL, f"/submit 1\n{solution}", CAROL)
        assert "You finished race #1 1st" in right["text"]


async def test_stop_ends_a_race_with_the_standings_so_far(tmp_path):
    config = bot_config(tmp_path, solve_timeout=30)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        photo, puzzle = await start_race(client, "/race sudoku easy minutes=30")
        join = photo["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
        await client.press(GROUP, BOB, photo["message_id"], join)
        await client.press(GROUP, CAROL, photo["message_id"], join)
        right = await send_and_wait(client, BOB, f"/submit 1\n{solution_of('sudoku', puzzle)}",
                                    BOB)
        assert "You finished race #1 1st" in right["text"]
        await client.send(GROUP, "hi", user_id=CAROL)
        refused = await send_and_wait(client, GROUP, "/stop", CAROL)
        assert refused["text"] == "Only the race's starter or a chat admin can stop it."
        stopped = await send_and_wait(client, GROUP, "/stop", ALICE)
        lines = stopped["text"].splitlines()
        assert lines[:2] == ["Race #1 is over: stopped by Alice.", "The winner is Bob!"]
        assert lines[2].startswith("1st Bob: ")
        assert lines[3] == "Did not finish: Carol"
        late = await send_and_wait(client, BOB, f"/submit 1\n{puzzle}", BOB)
        assert late["text"].startswith("Race #1 is over.")
        again = await send_and_wait(client, GROUP, "/race seki easy", ALICE, sent_as="photo")
        assert again["caption"].startswith("🏁 Race #2: Seki")
        quiz_stop = await send_and_wait(client, -100999, "/stop", ALICE)
        assert quiz_stop["text"].startswith("No quiz is running here")


async def test_a_race_a_big_group_joined_ends_with_standings_in_one_message(tmp_path):
    """Seventy players with long names: the standings name twenty who did not finish and
    count the rest, so the message stays within Telegram's 4,096 characters."""
    config = bot_config(tmp_path, solve_timeout=30)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        photo, _ = await start_race(client, "/race seki easy minutes=30")
        join = photo["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
        names = [f"Player {n:02d} " + "x" * 54 for n in range(70)]  # 64 characters each
        for n, name in enumerate(names):  # members of the group, as only they may play
            await client.send(GROUP, "hello", user_id=1000 + n, first_name=name)
            pressed = await client.press(GROUP, 1000 + n, photo["message_id"], join,
                                         first_name=name)
            await client.callback_answer(pressed["callback_query_id"])
        stopped = await send_and_wait(client, GROUP, "/stop", ALICE)
        lines = stopped["text"].splitlines()
        assert lines == ["Race #1 is over: stopped by Alice.", "Nobody finished this time.",
                         "Did not finish: " + ", ".join(names[:20]) + " and 50 more"]
        assert len(stopped["text"]) <= 4096


@pytest.mark.parametrize("store_location", ["sqlite", "postgresql"], indirect=True)
async def test_a_race_then_a_quiz_in_one_chat_are_both_number_one(tmp_path, store_location):
    """Issue 39 point 10: each game mode counts its own games (no "Anagram quiz #2" after
    "Race #1"), and /submit 1 in a private chat still finds the race."""
    config = bot_config(tmp_path, solve_timeout=30, **store_settings(store_location))
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        photo, _puzzle = await start_race(client, "/race seki easy minutes=5")
        assert photo["caption"].startswith("🏁 Race #1: Seki")
        quiz = await send_and_wait(client, GROUP, "/quiz rounds=1 seconds=30", BOB)
        assert quiz["text"].startswith("Anagram quiz #1 by Bob: "), quiz["text"]
        wrong = await send_and_wait(client, BOB, "/submit 1\n0000\n0000\n0000\n0000", BOB)
        assert wrong["text"].startswith("Not yet, race #1:\nChecked: ")
        assert (await send_and_wait(client, BOB, "/submit 2\n0000", BOB))["text"] == (
            "There is no race #2.")
