"""One request, one parse (issue 37): a typed puzzle on the quick lane is read once by the
bot (`bot.ask`: the race guard, the quiz's hold, hints first and the cache take that
reading) and once by the worker, which draws the reply's further picture from that same
reading. The kind counts its reads in each process (tests/tallykind.py); the worker says
its figure in the captions it makes, the bot's is read here (the bot runs in this
process). A hint ladder's *Show the solution* (the /hint fallback to the whole answer)
reads the puzzle once too: the race guard and the answer take the same reading."""

from __future__ import annotations

import pytest
import tallykind
from botchat import bot_config
from botchat import climb as press

from bot.__main__ import running_in_sandbox
from sandbox.client import SandboxClient
from solvers import registry

ALICE = 101


@pytest.fixture
def with_tally(monkeypatch):
    """The counting kind added by the configuration, its count in this process from 0;
    the registry as it was after the test."""
    monkeypatch.setattr(registry, "KINDS", registry.KINDS)
    monkeypatch.setattr(tallykind, "PARSES", 0)
    return ("tallykind:TallyKind",)


async def reply(client: SandboxClient, chat: int, text: str) -> list[dict]:
    """The bot's pictures for a puzzle, then its check report (a progress note on a loaded
    machine passed over)."""
    sent = await client.send(chat, text)
    after, messages = sent["message_id"], []
    while True:
        message = await client.wait_for(chat, after=after, timeout=60)
        after = message["message_id"]
        if message["sent_as"] != "text":
            messages.append(message)
        elif "3 + 5 = 8" in message["text"]:
            return [*messages, message]


async def test_a_typed_puzzle_is_read_once_by_the_bot_and_once_by_the_worker(
        tmp_path, with_tally):
    # one worker: the job drawing the further picture lands where the puzzle was solved
    config = bot_config(tmp_path, plugin_kinds=with_tally, workers=1)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        picture, further, report = await reply(client, ALICE, "#tally\n3 5")
        assert tallykind.PARSES == 1  # the bot: intake alone, though the quiz's hold is on
        assert "Solutions: exactly 1" in picture["caption"]  # the whole answer
        assert further["caption"] == "further picture; read here: 1"  # no second reading
        assert "Sum: 3 + 5 = 8 OK" in report["text"]


async def test_a_hint_ladders_solution_is_read_once_by_the_bot(tmp_path, with_tally):
    config = bot_config(tmp_path, plugin_kinds=("tallykind:HintedTally",), workers=1)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        asked = await client.send(ALICE, "/hint #tallyhint\n3 5")
        ready = await client.wait_for(ALICE, after=asked["message_id"], timeout=60)
        assert ready["text"].startswith("Tally Hints: the next step (step 1) is ready.")
        assert tallykind.PARSES == 1  # the race guard's reading of the /hint
        tallykind.PARSES = 0
        picture = await press(client, ALICE, ready, "Show the solution", timeout=60)
        assert "Solutions: exactly 1" in picture["caption"]  # the whole answer
        while "3 + 5 = 8" not in (said := await client.wait_for(
                ALICE, after=picture["message_id"], timeout=60)).get("text", ""):
            picture = said  # the further picture, or a progress note on a loaded machine
        assert tallykind.PARSES == 1  # the press: one reading for the guard and the answer
