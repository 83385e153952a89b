"""Game modes are plug-ins (issue 37 point 2): a mode registered in bot/games/modes.py,
and nowhere else, brings its command to the bot, the menus and /help, and /stop and
resuming at start reach it through the running game's record. tests/toymode.py is such
a mode, kept outside bot/."""

from __future__ import annotations

import pytest
import toymode
from botchat import ask, bot_config

from bot.__main__ import running_in_sandbox
from bot.app import command_table
from bot.commands import command_menus
from bot.games import modes
from sandbox.client import SandboxClient

ALICE = 101
GROUP = -100200300  # the sandbox's own group, there again after a restart


@pytest.fixture
def with_coin():
    """The toy mode registered, and unregistered after the test."""
    modes.add(toymode.MODE)
    yield toymode.MODE
    modes.remove(toymode.MODE)


def test_the_registry_refuses_a_second_mode_of_a_name(with_coin):
    with pytest.raises(ValueError, match="'coin' is registered already"):
        modes.add(with_coin)
    assert modes.get("coin") is with_coin and modes.get("chess") is None


def test_one_table_feeds_the_menus():
    _default, private, group, admin = ([c.command for c in menu] for _scope, menu in
                                       command_menus(command_table()))
    assert private[:8] == ["help", "settings", "language", "example", "smt", "check",
                           "hint", "cancel"]
    assert group == ["help", "language", "check", "hint", "quiz", "race", "daily", "top",
                     "stats"]
    assert set(admin) == {*group, "stop", "skip"} and "coin" not in admin


async def test_a_registered_mode_is_offered_stopped_and_resumed(tmp_path, with_coin):
    config = bot_config(tmp_path)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        scopes = (await client.http.get("/sandbox/chats")).json()["command_scopes"]
        assert {"coin": "A coin toss in a group"}.items() <= {
            c["command"]: c["description"] for c in scopes["group"]}.items()
        assert "coin" not in {c["command"] for c in scopes["private"]}
        groups = (await ask(client, ALICE, "/help groups"))["text"]
        assert "/daily off\n/coin: a coin toss, tossed with /stop\n/top [day|" in groups
        started = await ask(client, GROUP, "/coin", user=ALICE)
        assert started["text"] == "Coin toss #1 is up; /stop tosses it."
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        resumed = await client.wait_for(GROUP)
        assert resumed["text"] == "I was restarted; coin toss #1 goes on."
        stopped = await ask(client, GROUP, "/stop", user=ALICE)
        assert stopped["text"] == "Coin toss #1 landed: heads."
        nothing = await ask(client, GROUP, "/stop", user=ALICE)
        assert nothing["text"].startswith("No quiz is running here")
