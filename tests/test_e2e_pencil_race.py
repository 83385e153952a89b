"""End to end in the sandbox (issue 41): a race with a generated pencil puzzle (a wrong
player's file, then the right one), fair play for it (the race's link, turned or with a
number made '?', gets no answer, hint or check for its players, while an outsider is
answered as usual), and a group's daily puzzle of a pencil genre."""

from __future__ import annotations

import pytest
from botchat import ask, bot_config
from test_e2e_daily import daily_post, gather_group
from test_e2e_race import ALICE, BOB, GROUP, send_and_wait, solution_of, start_race

from bot.__main__ import running_in_sandbox
from sandbox.client import SandboxClient
from solvers import registry
from solvers.pencil.codecs import QUESTION

MALLORY = 666  # never in the group
REFUSED = "That is race #1's puzzle, or one like it"


def link_in(text: str) -> str:
    return next(word for word in text.split() if word.startswith("https://puzz.link/p?"))


def turned_half(link: str) -> str:
    """The slitherlink turned half a turn."""
    kind = registry.get("slither")
    board = kind.parse(link).board
    last = (board.rows - 1, board.cols - 1)
    clues = {(last[0] - r, last[1] - c): clue for (r, c), clue in board.clues.items()}
    return kind.genre.encode(type(board)(board.rows, board.cols, clues))


async def test_a_slitherlink_race_a_wrong_then_the_right_file_and_no_help_for_players(
        tmp_path, backend):
    config = bot_config(tmp_path, solve_timeout=30, rate_burst=100, **backend)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        await client.send(MALLORY, "hello", user_id=MALLORY)
        photo, text = await start_race(client, "/race slither easy minutes=30")
        assert photo["caption"].startswith("🏁 Race #1: Slitherlink (easy, rated ")
        link = link_in(text)
        kind = registry.get("slither")
        puzzle = kind.parse(link)  # its size: the generated one whose rating fits best
        join = photo["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
        for user in (ALICE, BOB):
            pressed = await client.press(GROUP, user, photo["message_id"], join)
            await client.callback_answer(pressed["callback_query_id"])

        # the race's link, and the same turned, are refused to its players
        for candidate in (link, turned_half(link)):
            told = await send_and_wait(client, BOB, candidate, BOB)
            assert told["text"].startswith(REFUSED), told
            hinted = await send_and_wait(client, BOB, f"/hint {candidate}", BOB)
            assert hinted["text"].startswith(REFUSED), hinted
            asked = await client.inline(BOB, candidate)  # @bot LINK in any chat
            inline = await client.inline_answer(asked["update_id"], wait=30)
            assert [r["id"] for r in inline["results"]] == ["held"], inline
            assert inline["results"][0]["description"].startswith(REFUSED), inline
        blank = kind.genre.pzprv3(puzzle.board, None)
        checked = await send_and_wait(client, BOB, f"/check\n{link}\n---\n{blank}", BOB)
        assert checked["text"].startswith(REFUSED), checked
        # Mallory, outside the race, gets it answered
        solved = await send_and_wait(client, MALLORY, turned_half(link), MALLORY,
                                     sent_as="photo")
        assert solved["caption"].startswith("Slitherlink")

        wrong = await send_and_wait(client, BOB, f"/submit 1\n{blank}", BOB)
        assert wrong["text"].startswith("Not yet, race #1:\nChecked: ")
        right = await send_and_wait(client, ALICE, f"/submit 1\n{solution_of('slither', link)}",
                                    ALICE)
        assert right["text"].startswith("✅ Correct! Checked: all ")
        assert "You finished race #1 1st, in " in right["text"]


async def test_a_nurikabe_race_with_a_number_made_unknown_is_refused(tmp_path, backend):
    config = bot_config(tmp_path, solve_timeout=30, rate_burst=100, **backend)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        photo, text = await start_race(client, "/race nurikabe medium minutes=30")
        assert photo["caption"].startswith("🏁 Race #1: Nurikabe (medium, rated ")
        kind = registry.get("nurikabe")
        board = kind.parse(link_in(text)).board
        join = photo["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
        pressed = await client.press(GROUP, BOB, photo["message_id"], join)
        await client.callback_answer(pressed["callback_query_id"])
        unknown = {**board.clues, max(board.clues, key=board.clues.get): QUESTION}
        variant = kind.genre.encode(type(board)(board.rows, board.cols, unknown))
        told = await send_and_wait(client, BOB, variant, BOB)
        assert told["text"].startswith(REFUSED), told


async def test_a_daily_nurikabe_is_posted_and_solved(tmp_path):
    config = bot_config(tmp_path, solve_timeout=30, rate_burst=100)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        await gather_group(client, ALICE, BOB)
        on = await ask(client, GROUP, "/daily on 08:00 nurikabe", user=ALICE)
        assert on["text"].startswith("🗓 Daily puzzle on: every day at 08:00 UTC, Nurikabe")
        photo, text = await daily_post(client, on["message_id"])
        assert photo["caption"].startswith("🗓 Daily puzzle #1: Nurikabe (")
        link = link_in(text)
        assert registry.get("nurikabe").parse(link).board.rows >= 4
        right = await ask(client, BOB, f"/submit 1\n{solution_of('nurikabe', link)}", user=BOB,
                          timeout=60)
        assert "You finished daily puzzle #1 1st, in " in right["text"]


@pytest.mark.parametrize(("name", "title", "band"), [("kurodoko", "Kurodoko", "easy"),
                                                     ("kakuro", "Kakuro", "hard")])
async def test_kurodoko_and_kakuro_races_are_made_and_won(tmp_path, name, title, band):
    """The two genres the generators gained: a race of each, won by a right /submit
    (Kakuro hard: every Kakuro rates hard, so a race of another band draws candidates
    for RATED_SECONDS before it takes the closest)."""
    config = bot_config(tmp_path, solve_timeout=30, rate_burst=100)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        photo, text = await start_race(client, f"/race {name} {band} minutes=30")
        assert photo["caption"].startswith(f"🏁 Race #1: {title} ({band}, rated ")
        link = link_in(text)
        right = await send_and_wait(client, ALICE, f"/submit 1\n{solution_of(name, link)}",
                                    ALICE)
        assert right["text"].startswith("✅ Correct! Checked: all "), right
        assert "You finished race #1 1st, in " in right["text"]
