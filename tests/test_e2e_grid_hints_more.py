"""End to end: /hint on a Number Workout and on a Seki through the sandbox, the ladder of
buttons (one message edited in place for a step's rungs), someone else's press, and a
ladder that climbs on after the bot restarts (its state is in the store, SQLite or
PostgreSQL)."""

from __future__ import annotations

from pathlib import Path

import pytest
from botchat import bot_config, store_settings
from botchat import climb as press

from bot.app import running
from sandbox import Sandbox
from sandbox.client import SandboxClient
from solvers import registry

pytestmark = pytest.mark.asyncio

ALICE, BOB = 301, 302
PUZZLES = Path(__file__).resolve().parents[1] / "puzzles"
NW, SEKI = registry.get("nw"), registry.get("seki")


def example(kind) -> str:
    return (PUZZLES / kind.example).read_text()


async def after(client: SandboxClient, chat: int, message: dict, **wanted) -> dict:
    return await client.wait_for(chat, after=message["message_id"], timeout=90, **wanted)


def data(message: dict, label: str) -> str:
    return next(b["callback_data"] for row in message["reply_markup"]["inline_keyboard"]
                for b in row if b["text"] == label)


async def test_number_workout_and_seki_hints_climb_the_ladder(tmp_path):
    async with Sandbox(host="127.0.0.1", port=0) as sandbox, \
            running(bot_config(tmp_path, rate_burst=100), sandbox.url, sandbox.token) \
            as bot, SandboxClient(bot.url) as client:
        asked = await client.send(ALICE, f"/hint\n{example(NW)}")
        ready = await after(client, ALICE, asked)
        assert ready["text"].startswith("Number Workout: the next step (step 1) is ready.")
        where = await press(client, ALICE, ready, "Where to look")
        assert where["text"] == "Step 1: look at the touching pairs."
        step = await press(client, ALICE, where, "Show this step")
        first = NW.hint_steps(NW.parse(example(NW)), limit=2).steps
        assert step["caption"] == f"Step 1, Touching Pairs: {first[0].text}"
        assert step["sent_as"] == "photo" and step["message_id"] == ready["message_id"]
        following = await press(client, ALICE, step, "Next step")
        assert following["text"] == f"Step 2: look at {first[1].where}."
        technique = await press(client, ALICE, following, "Which technique")
        assert technique["text"] == ("Step 2: Find the only place left for a number in "
                                     f"{first[1].where}.")

        typed = await client.send(ALICE, example(SEKI))
        answer = await after(client, ALICE, typed, sent_as="photo")
        assert "Difficulty: rated 3.0 (Medium: Two Rotors)" in answer["caption"]
        await after(client, ALICE, answer)  # the report: the answer is remembered by then
        asked = await client.send(ALICE, "/hint", reply_to_message_id=answer["message_id"])
        ready = await after(client, ALICE, asked)
        assert ready["text"].startswith("Seki: the next step (step 1) is ready.")
        await client.press(ALICE, BOB, ready["message_id"], data(ready, "Where to look"))
        step = await press(client, ALICE, ready, "Show this step")
        assert step["caption"].startswith("Step 1, Two Rotors: Rotors 2 and 3 share C1 and C2")
        solved = await press(client, ALICE, step, "Show the solution", sent_as="photo")
        assert "Solutions: exactly 1" in solved["caption"]


@pytest.mark.parametrize("store_location", ["sqlite", "postgresql"], indirect=True)
async def test_a_ladder_climbs_on_after_a_restart(tmp_path, store_location):
    config = bot_config(tmp_path, rate_burst=100, **store_settings(store_location))
    grid = "????\n????\n????\n???1"  # the person's own grid: D4 black, the rest open
    async with Sandbox(host="127.0.0.1", port=0) as sandbox:
        async with running(config, sandbox.url, sandbox.token) as bot, \
                SandboxClient(bot.url) as client:
            asked = await client.send(ALICE, f"/hint {example(SEKI)}---\n{grid}")
            ready = await after(client, ALICE, asked)
            where = await press(client, ALICE, ready, "Where to look")
            assert where["text"] == "Step 1: look at rotors 2 and 3."
        async with running(config, sandbox.url, sandbox.token) as bot, \
                SandboxClient(bot.url) as client:
            pressed = await client.press(ALICE, BOB, where["message_id"],
                                         data(where, "Show this step"))
            refused = await client.callback_answer(pressed["callback_query_id"])
            assert refused["text"].startswith("These are someone else's hints")
            technique = await press(client, ALICE, where, "Which technique")
            assert technique["text"] == ("Step 1: Turn rotors 2 and 3 together, every way "
                                         "they still can.")
            step = await press(client, ALICE, technique, "Show this step")
            nxt = await press(client, ALICE, step, "Next step")
            assert nxt["text"] == "Step 2: look at rotor 6."
