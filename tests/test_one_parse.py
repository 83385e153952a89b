"""One request, one parse (issue 37): a typed puzzle on the quick lane is read once by the
bot (`bot.ask`: the race guard, the quiz's hold, hints first and the cache take that
reading) and once by the worker, which draws the reply's further picture from that same
reading. The kind counts its reads in each process (tests/tallykind.py); the worker says
its figure in the captions it makes, the bot's is read here (the bot runs in this
process)."""

from __future__ import annotations

import pytest
import tallykind
from botchat import bot_config

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
        assert picture["caption"].endswith("\nread here: 1")  # the worker's solve
        assert further["caption"] == "further picture; read here: 1"  # no second reading
        assert "Sum: 3 + 5 = 8 OK" in report["text"]
