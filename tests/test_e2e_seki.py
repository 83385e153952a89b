"""End to end: the real python-telegram-bot Application, the real solver pool and the
SQLite cache, driven through the sandbox's client API like a person in a chat."""

from __future__ import annotations

import asyncio
import io
import logging
import re
import time
from pathlib import Path

import pytest
from botchat import ask, bot_config, long_job, reply_with
from PIL import Image

from bot.__main__ import running_in_sandbox
from bot.store.migrations import SCHEMA_VERSION
from bot.work.lanes import Lanes
from sandbox.client import SandboxClient

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
SEED_PUZZLE = (PUZZLES / "sk_6018.txt").read_text()
ALICE, BOB = 101, 202



@pytest.mark.parametrize("puzzlebot", ["polling", "webhook", "celery"], indirect=True)
async def test_seed_seki_gets_a_picture_caption_and_check_report(puzzlebot):
    _, client = puzzlebot
    sent = await client.send(ALICE, SEED_PUZZLE)
    photo = await client.wait_for(ALICE, after=sent["message_id"], sent_as="photo")
    assert "Checked: all 9 rules hold." in photo["caption"]
    assert "1010\n0100\n1011\n0101" in photo["caption"]
    assert "exactly 1" in photo["caption"]
    image = Image.open(io.BytesIO(await client.file(photo["file_url"])))
    assert image.format == "PNG" and 400 <= image.width <= 1500 and 400 <= image.height <= 1500
    report = await client.wait_for(ALICE, after=photo["message_id"], sent_as="text")
    assert "RotorGroup 8 ch=- Value=3 [10,11,14,15] gives Sum = 3 OK" in report["text"]
    assert "Puzzle OK Solution successful." in report["text"]
    assert report["text"].startswith("Check report: all 9 rules hold.\nRotorGroup 0 ")
    heading, quote = report["entities"]  # the verdict shown, the rules folded under it
    assert (heading["type"], heading["offset"]) == ("bold", 0)
    assert quote["type"] == "expandable_blockquote"
    assert report["text"][quote["offset"]:].startswith("RotorGroup 0 ")
    assert quote["offset"] + quote["length"] == len(report["text"])


async def test_second_request_is_answered_from_the_cache(puzzlebot, caplog):
    bot, client = puzzlebot
    caplog.set_level(logging.INFO, logger="bot.replies")
    started = time.perf_counter()
    first = await ask(client, ALICE, SEED_PUZZLE, sent_as="photo")
    cold = time.perf_counter() - started
    started = time.perf_counter()
    second = await ask(client, BOB, SEED_PUZZLE, sent_as="photo")
    cached = time.perf_counter() - started
    assert second["caption"] == first["caption"]
    assert await client.file(second["file_url"]) == await client.file(first["file_url"])
    assert any("cache hit: seki" in record.getMessage() for record in caplog.records)
    store = bot.application.bot_data.services.store
    assert store.hits == 1 and await store.schema_version() == SCHEMA_VERSION >= 2
    print(f"seki reply: cold {cold:.3f} s, cached {cached:.3f} s")


async def test_bad_input_gets_a_line_numbered_message(puzzlebot):
    _, client = puzzlebot
    reply = await ask(client, ALICE, "#seki short\noo+ooaoo")
    assert reply["text"] == "Seki: Line 2: expected 9 rotors, got 8"
    reply = await ask(client, ALICE, "/seki oo+ooZoo-")
    assert reply["text"].startswith("Seki: Line 1, column 6: 'Z' is not a rotor")
    reply = await ask(client, ALICE, "/seki")
    assert "9 rotor characters" in reply["text"] and "/example seki" in reply["text"]
    # a chat message holds at most 4096 characters (50 KB is refused by the library tests)
    reply = await ask(client, ALICE, "#seki junk\n" + "x" * 4000)
    assert reply["text"].startswith("Seki: Line 2, column 1: 'x' is not a rotor")


async def test_unsolvable_seki_says_no_solution_and_why(puzzlebot):
    _, client = puzzlebot
    photo = await ask(client, ALICE, (PUZZLES / "sk_none.txt").read_text(), sent_as="photo")
    # which clashing rotors Z3 names may differ from one solver process to another
    rotor = r"rotor [1-9] \([-+oa]: [a-z ]+\) covers [A-D][1-4]( [A-D][1-4]){3}"
    assert re.fullmatch(r"Seki no solution \(made for PuzzleBot\): no solution\.\n"
                        r"Rotors [1-9](, [1-9])* and [1-9] cannot all be satisfied at once: "
                        rf"{rotor}(; {rotor})+\. "
                        r"The picture numbers the rotors and names the cells\.",
                        photo["caption"]), photo["caption"]
    for jargon in ("unsat", "Z3", "RotorGroup", "["):
        assert jargon not in photo["caption"]


async def test_chatter_gets_a_pointer_to_help_and_help_lists_the_kinds(puzzlebot):
    _, client = puzzlebot
    reply = await ask(client, ALICE, "hello, can you help me with a puzzle?")
    assert "/help" in reply["text"]
    reply = await ask(client, ALICE, "/help puzzles")
    assert "/seki Seki" in reply["text"] and "oo+ooaoo-" in reply["text"]
    reply = await ask(client, ALICE, "/start")
    assert "PuzzleBot" in reply["text"]
    commands = await client.calls("setMyCommands")
    assert commands, "the command menu was never registered"


async def test_example_can_be_sent_back_and_solved(puzzlebot):
    _, client = puzzlebot
    example = await ask(client, ALICE, "/example seki")
    assert example["text"] == SEED_PUZZLE.strip()
    photo = await ask(client, ALICE, example["text"], sent_as="photo")
    assert "Checked: all" in photo["caption"]


async def test_a_job_over_its_time_limit_is_killed_while_others_are_answered(tmp_path,
                                                                             backend):
    config = bot_config(tmp_path, solve_timeout=4.0, **backend)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        pool: Lanes = bot.application.bot_data.services.pool
        real_solve = pool.solve

        async def solve_or_sleep(text: str, kind_name: str | None = None, **options):
            if "ooooooooo" in text:  # this chat's job stands for a puzzle that never ends
                return await long_job(pool.quick, config.solve_timeout)
            return await real_solve(text, kind_name, **options)

        pool.solve = solve_or_sleep
        await pool.quick.ready()  # measure the slow job's effect, not the workers' warm-up
        slow = await client.send(ALICE, "/seki ooooooooo")
        await asyncio.sleep(0.3)
        quick = await ask(client, BOB, SEED_PUZZLE, sent_as="photo")
        assert "Checked: all" in quick["caption"]
        # the other chat was answered while the slow job still ran, not after it
        assert pool.quick.pending == 1, "the slow job delayed another chat"
        told = await reply_with(client, ALICE, slow["message_id"], "took longer", 15)
        assert told["text"].endswith("took longer than the 4 s limit, so I stopped it. "
                                     "Try a smaller one.")
        note = await client.messages(ALICE, after=slow["message_id"])
        progress = [m for m in note["messages"] if (m["text"] or "").startswith("Seki: stopped")]
        assert progress and progress[0]["edited"], "no progress message while the job ran"
        # the pool has healed: the next job works
        again = await ask(client, ALICE, "/seki oo+ooaoo-", sent_as="photo")
        assert "Checked: all" in again["caption"]


async def test_the_cache_survives_a_restart(tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="bot.replies")
    config = bot_config(tmp_path)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        first = await ask(client, ALICE, SEED_PUZZLE, sent_as="photo")
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        second = await ask(client, ALICE, SEED_PUZZLE, sent_as="photo")
        assert bot.application.bot_data.services.store.hits == 1
    assert second["caption"] == first["caption"]
