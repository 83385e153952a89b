"""End to end, answers as a person reads them on a phone (issue 27): no message shows more
than 12 lines unfolded (a check report comes folded in Telegram's expandable quote under
its plain verdict), and no reply to any kind's example puzzle, nor to an unsolvable one,
speaks the solvers' jargon."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
import pytest_asyncio
from botchat import ask, bot_config

from bot.__main__ import running_in_sandbox
from sandbox.client import SandboxClient
from solvers import registry
from solvers.base import PuzzleKind
from solvers.values import CAPTION_LINES

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
#: lines Telegram shows of a folded quote (the sandbox page shows as many)
FOLDED_LINES = 3
#: words of the solvers' insides that no reply shows unless asked (/smt)
JARGON = re.compile(r"\bunsat\b|\bSMT\b|\bZ3\b|RotorGroup|\bNone\b|\bTrue\b|\bFalse\b"
                    r"|Traceback|\[\d", re.IGNORECASE)


#: one bot for the module: its tests read replies, each to puzzles of its own
pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def client(tmp_path_factory):
    # 15 s a job: a first job that starts a worker on a loaded machine (make test runs 3
    # test processes at once) can pass 6 s, and is then told it took too long, no picture
    config = bot_config(tmp_path_factory.mktemp("phone"), solve_timeout=15.0, rate_burst=100)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        yield client


def shown(message: dict) -> str:
    """What a phone shows of a message before anything is tapped: its text or caption,
    each expandable quote cut to its first FOLDED_LINES lines."""
    text = message.get("text") or message.get("caption") or ""
    for entity in sorted(message.get("entities") or [], key=lambda e: -e["offset"]):
        if entity["type"] == "expandable_blockquote":
            start, end = entity["offset"], entity["offset"] + entity["length"]
            first = "\n".join(text[start:end].split("\n")[:FOLDED_LINES])
            text = text[:start] + first + text[end:]
    return text


async def answer(client: SandboxClient, chat: int, text: str) -> list[dict]:
    """Every message the bot sends in reply to `text`, once it has sent the picture and
    then nothing for a few seconds."""
    sent = await client.send(chat, text)
    await client.wait_for(chat, after=sent["message_id"], sent_as="photo", timeout=90)
    page = await client.messages(chat, after=sent["message_id"], wait=2)
    messages = page["messages"]
    while True:  # the report, a long count's last message: until the bot is quiet
        page = await client.messages(chat, after=messages[-1]["message_id"], wait=1.5)
        if not page["messages"]:
            return [m for m in messages if m["from"]["is_bot"]]
        messages += page["messages"]


def picture(messages: list[dict]) -> dict:
    """The answer's picture among its messages (a progress note may come first)."""
    return next(m for m in messages if m["sent_as"] == "photo")


def unquoted(message: dict) -> str:
    """A message's text or caption without its expandable quotes: the folded check report
    is the seeds' own, line for line (its numbering included), and is read on request."""
    text = message.get("text") or message.get("caption") or ""
    for entity in sorted(message.get("entities") or [], key=lambda e: -e["offset"]):
        if entity["type"] == "expandable_blockquote":
            text = text[:entity["offset"]] + text[entity["offset"] + entity["length"]:]
    return text


def phone_failures(name: str, messages: list[dict]) -> list[str]:
    """What a phone would show wrongly: too many lines, or the solvers' jargon."""
    failures = []
    for message in messages:
        visible = shown(message)
        if len(visible.splitlines()) > CAPTION_LINES:
            failures.append(f"{name}: {len(visible.splitlines())} lines:\n{visible}")
        if jargon := JARGON.search(unquoted(message)):
            failures.append(f"{name}: jargon {jargon[0]!r} in:\n{visible}")
    return failures


async def test_every_example_answer_reads_on_a_phone(client, alice):
    """Each listed kind's example, sent back: the caption in at most 12 lines, the check
    report folded under its plain verdict, and no jargon in anything shown unfolded (the
    pencil genres, unlisted, in test_e2e_replies_read_pencil.py: a file of their own lets
    `make test` read both halves at once)."""
    await read_examples(client, alice, [k for k in registry.with_example() if k.listed])


#: kinds read at once, each in a chat of its own: an answer is known to be whole only
#: after the bot has been quiet a while, and those waits overlap
AT_ONCE = 6


async def read_examples(client: SandboxClient, alice: int, kinds: list[PuzzleKind]) -> None:
    """Sends each kind's example back and asserts that every answer reads on a phone."""
    gate = asyncio.Semaphore(AT_ONCE)

    async def read(number: int, kind: PuzzleKind) -> list[str]:
        async with gate:
            chat = alice * 1000 + number  # a person of their own for each kind
            example = await ask(client, chat, f"/example {kind.name}")
            messages = await answer(client, chat, f"/{kind.name} {example['text']}")
        failures = phone_failures(kind.name, messages)
        reports = [m for m in messages if m["sent_as"] == "text"
                   and m["text"].startswith("Check report")]
        for report in reports:
            entities = [e["type"] for e in report["entities"]]
            if entities != ["bold", "expandable_blockquote"]:
                failures.append(f"{kind.name}: report entities {entities}")
        return failures

    failures = await asyncio.gather(*(read(n, kind) for n, kind in enumerate(kinds)))
    assert not any(failures), "\n\n".join(line for lines in failures for line in lines)


async def test_number_workout_and_sudoku_say_their_verdict_in_plain_words(client, alice):
    """Number Workout's seed verdict ("Puzzle has is OK Solution successful.") stays the
    last line of its folded report; the caption and the report's heading say it plainly."""
    for puzzle, rules in (("nw_003.txt", 39), ("sudoku_inkala.txt", 28)):
        messages = await answer(client, alice, (PUZZLES / puzzle).read_text())
        photo, report = picture(messages), messages[-1]
        assert f"\nChecked: all {rules} rules hold.\n" in photo["caption"]
        assert "has is" not in photo["caption"]
        assert report["text"].startswith(f"Check report: all {rules} rules hold.\n")
        quote = report["entities"][1]
        folded = report["text"][quote["offset"]:]
        assert quote["type"] == "expandable_blockquote" and len(folded.splitlines()) > 12
        assert folded.endswith("Solution successful.")


async def test_counts_say_both_figures_alike_and_a_part_of_one_location(client, alice):
    """Every counting kind says its two figures in the same words."""
    for command in ("/queens", "/sg"):
        photo = picture(await answer(client, alice, command))
        assert re.search(r"\d unique (placements|assembly), [\d,]+ if rotations and "
                         r"reflections count as different \(complete", photo["caption"])
    report = (await answer(client, alice, "/sg"))[-1]
    assert "Part x: 1 location\n" in report["text"]


async def test_unsolvable_puzzles_say_why_in_the_puzzles_words(client, alice):
    """No solution, said without the solver's words, naming what the picture numbers."""
    seki = picture(await answer(client, alice, (PUZZLES / "sk_none.txt").read_text()))
    assert re.search(r"\nRotors [1-9](, [1-9])* and [1-9] cannot all be satisfied at once: "
                     r"rotor [1-9] \(", seki["caption"])
    clashing = (PUZZLES / "nw_003.txt").read_text().replace("040000050", "041200050")
    workout = picture(await answer(client, alice, clashing))
    assert workout["caption"].endswith(": no solution.\nThe clues differ where hexagons 1 "
                                       "and 2 touch, and touching segments hold one number")
    gogen = picture(await answer(
        client, alice, "#gogen x\ny.x.q\n.....\nc.r.k\n.....\ns.l.n\nyn\n"))
    assert gogen["caption"].startswith("Gogen x: no solution.\n")
    for photo in (seki, workout, gogen):
        assert not phone_failures("unsolvable", [photo])


async def test_help_and_an_unknown_command_fold_their_lists(client, alice):
    """/help is a short menu by topic; the list an unknown command gets is folded."""
    menu = await ask(client, alice, "/help")
    assert len(shown(menu).splitlines()) <= CAPTION_LINES and menu["reply_markup"], menu
    reply = await ask(client, alice, "/nonsense")
    assert "expandable_blockquote" in [e["type"] for e in reply["entities"]]
    assert len(shown(reply).splitlines()) <= CAPTION_LINES, shown(reply)
