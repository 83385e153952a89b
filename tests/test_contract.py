"""The puzzle-kind contract holds: `bot/` never names a puzzle kind (except the modules
that are by nature about one kind), and a kind added to the registry, and nowhere else,
is offered by /help, /example, /check and /race."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest
from botchat import ask, bot_config
from toykind import ToyKind

from bot.__main__ import running_in_sandbox
from sandbox.client import SandboxClient
from solvers import registry

BOT = Path(__file__).resolve().parent.parent / "bot"
#: modules about the anagram kind alone: its hints and inline mode, and its quiz
ONE_KIND_MODULES = {"anagrams.py", "games/quiz/__init__.py", "games/quiz/rules.py",
                    "games/quiz/rounds.py", "games/quiz/play.py", "work/anagram_jobs.py"}
#: identifiers that name one of those modules, not a kind
MODULE_NAMES = {"anagrams", "anagram_jobs"}
ALICE, BOB = 101, 102
GROUP = -100200300


def kind_names() -> set[str]:
    return {name for kind in registry.KINDS for name in (kind.name, *kind.aliases)}


def named_kinds(source: str) -> list[tuple[int, str]]:
    """(line, name) of every kind named in a module's strings, comments or identifiers."""
    names = kind_names()
    found = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.NAME and token.string in MODULE_NAMES:
            continue
        if token.type in (tokenize.STRING, tokenize.COMMENT, tokenize.NAME):
            words = re.findall(r"[a-z0-9]+", token.string.lower())
            found += [(token.start[0], word) for word in words if word in names]
    return found


def test_no_module_of_bot_names_a_puzzle_kind():
    named = {}
    for path in sorted(BOT.rglob("*.py")):
        module = path.relative_to(BOT).as_posix()
        if module not in ONE_KIND_MODULES and (hits := named_kinds(path.read_text())):
            named[module] = hits
    assert named == {}


def test_the_guard_sees_a_kind_named_in_a_string_a_comment_or_a_name():
    assert named_kinds('kind = registry.get("sudoku")  # Seki too\nnw_files = 1\n') == [
        (1, "sudoku"), (1, "seki"), (2, "nw")]
    assert named_kinds("from . import anagrams\nanagrams.hint_command\n") == []


@pytest.fixture
def with_toy(monkeypatch):
    """The toy kind added by the configuration (the bot's registry and its workers'), as a
    kind kept outside solvers/ is; the registry as it was after the test."""
    monkeypatch.setattr(registry, "KINDS", registry.KINDS)
    return ("toykind:ToyKind",)


async def test_a_kind_added_to_the_registry_is_offered_everywhere(tmp_path, with_toy):
    async with (running_in_sandbox(bot_config(tmp_path, plugin_kinds=with_toy)) as bot,
                SandboxClient(bot.url) as client):
        help_text = (await ask(client, ALICE, "/help puzzles"))["text"]
        assert "/toy Toy Sum: #toy, then two whole numbers; the answer is their sum" in help_text
        groups = (await ask(client, ALICE, "/help groups"))["text"]
        assert re.search(r"/race KIND: a puzzle race \([a-z, ]*toy\)", groups)
        example = await ask(client, ALICE, "/example toy")
        assert example["text"] == "#toy\n3 5"

        usage = await ask(client, ALICE, "/check")
        assert "for toy one whole number" in usage["text"]
        right = await ask(client, ALICE, "/check\n8", sent_as="photo",
                          reply_to_message_id=example["message_id"])
        assert right["caption"] == "✅ Your solution is right.\nChecked: the one rule holds."
        wrong = await ask(client, ALICE, "/check\n#toy\n3 5\n---\n9")
        assert wrong["text"] == ("❌ Not right yet:\nChecked: the one rule is broken.\n"
                                 "Sum: 3 + 5 = 9 FAIL")
        unreadable = await ask(client, ALICE, "/check toy\n#toy\n3 5\n---\nnine")
        assert unreadable["text"] == (
            "❌ I could not read that solution: Your solution, line 1: expected one whole "
            "number\nToy Sum solution: one whole number.")

        race = await ask(client, GROUP, "/race toy minutes=5", user=BOB, sent_as="photo",
                         timeout=40)
        assert race["caption"].startswith("🏁 Race #1: Toy Sum (medium, exactly one solution).")
        assert "(one whole number)" in race["caption"]
        posted = await client.wait_for(GROUP, after=race["message_id"])
        puzzle = ToyKind().parse(posted["text"])
        total = puzzle.first + puzzle.second
        wrong = await ask(client, ALICE, f"/submit 1\n{total + 1}")
        assert wrong["text"].startswith("Not yet, race #1:\nChecked: the one rule is broken.")
        right = await ask(client, ALICE, f"/submit 1\n{total}")
        assert right["text"].startswith("✅ Correct! Checked: the one rule holds.\n"
                                        "You finished race #1 1st")
