"""The pseudo-locale sweep (issue 31): a bot whose every process, the workers too, speaks
the pseudo-language `en_XA` (every text wrapped in ⟦ ⟧), and a user whose app is in
`en-XA` going through the bot: each kind's /example puzzle answered, an anagram, a bad
puzzle, /start, /help, /settings, /language, /hint on a Sudoku, every rung of every
kind's hint ladder, /check with a wrong solution. Every word of every reply (text,
caption, buttons) and of every hint picture (read as it is drawn) must have passed through
gettext, except the user's own data (the puzzle, its title, its solutions), the kinds'
names, the languages' own names and the seeds' report lines (the folded check report and
the rule lines, which stay the seeds' English by design, docs/architecture.md).
"""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import pytest
import pytest_asyncio
from botchat import bot_config, climb
from i18n_check import PSEUDO, pseudo_language, pseudo_locale_dir, untranslated

from bot.__main__ import running_in_sandbox
from bot.i18n import LANGUAGES
from sandbox.client import SandboxClient
from solvers import draw, i18n, registry
from solvers.pipeline import judge, prepare
from solvers.values import PuzzleError

pytestmark = pytest.mark.asyncio(loop_scope="module")

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
CODE = PSEUDO.replace("_", "-")  # as Telegram's apps send it
SUDOKU = (PUZZLES / "sudoku_inkala.txt").read_text().strip()
SUDOKU_ROWS = ["812753649", "943682175", "675491283", "154237896", "369845721",
               "287169534", "521974368", "438526917", "796318452"]
WRONG_ROWS = [SUDOKU_ROWS[0], "943682157", *SUDOKU_ROWS[2:]]
#: what is never translated: the kinds' names (and the bot's), each language's own name
NAMES = ("PuzzleBot", *(kind.title for kind in registry.KINDS), *LANGUAGES.values())

#: the kinds with step-by-step hints, by their example puzzles; the listed kinds here, the
#: pencil genres (unlisted) in test_e2e_pseudo_pencil.py, so that `make test`'s processes
#: sweep both halves at once
HINTED = [kind for kind in registry.KINDS if kind.hints and kind.example and kind.listed]
#: a ladder's rungs in the pseudo-language, climbed in this order (the last a new message)
RUNGS = ("⟦Where to look⟧", "⟦Which technique⟧", "⟦Show this step⟧", "⟦Next step⟧")

#: the names of the preset puzzles, kept in English like the kinds' titles (a name is part
#: of the puzzle: its cache key and its prepared search are shared by every language)
PRESET_NAMES = ("25 Y pentacubes in a 5x5x5 cube", "commercial")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def pseudobot(tmp_path_factory):
    """A bot whose every process speaks the pseudo-language: its catalogs compiled into a
    folder the bot and its workers are told of (`test_extra_locale_dir`)."""
    folder = tmp_path_factory.mktemp("pseudo")
    config = bot_config(folder, rate_burst=100,
                        test_extra_locale_dir=str(pseudo_locale_dir(folder / "locale")))
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        yield bot, client


#: a command's name, never translated (/help, /example)
COMMAND = re.compile(r"(?<!\w)/[a-z_]+")
CHATS = iter(range(7001, 8000))


def labels(message: dict) -> list[str]:
    rows = (message.get("reply_markup") or {}).get("inline_keyboard", [])
    return [button["text"] for row in rows for button in row]


def without_reports(text: str, entities: list[dict]) -> str:
    """`text` without its folded check report (an expandable quote: the seeds' lines)."""
    units = text.encode("utf-16-le")
    for entity in sorted(entities, key=lambda e: e["offset"], reverse=True):
        if entity["type"] == "expandable_blockquote":
            start, end = 2 * entity["offset"], 2 * (entity["offset"] + entity["length"])
            units = units[:start] + units[end:]
    return units.decode("utf-16-le")


def unwrapped(message: dict, *data: str) -> list[str]:
    """The words of a bot message (text, caption, buttons) that did not pass through
    gettext, other than `data`, the names and the pending texts."""
    allowed = (*data, *NAMES, *PRESET_NAMES)
    words = []
    for field, entities in (("text", "entities"), ("caption", "caption_entities")):
        if message.get(field):
            body = COMMAND.sub(" ", without_reports(message[field], message.get(entities) or []))
            words += untranslated(body, *allowed)
    for label in labels(message):
        words += untranslated(label, *allowed)
    return words


async def said(client: SandboxClient, chat: int) -> list[dict]:
    """Every message the bot has sent in a chat, as it stands now (captions edited)."""
    page = await client.messages(chat)
    return [m for m in page["messages"] if m["from"]["is_bot"]]


async def reply_holding(client: SandboxClient, chat: int, part: str,
                        timeout: float = 240) -> dict:
    """The bot's first message in a chat whose text or caption holds `part`."""
    deadline = time.monotonic() + timeout
    after = 0
    while True:
        message = await client.wait_for(chat, after=after, timeout=deadline - time.monotonic())
        if part in (message.get("text") or message.get("caption") or ""):
            return message
        after = message["message_id"]


async def counts_finished(bot, timeout: float = 300) -> None:
    """Wait until the bot has no long count running (their captions are final)."""
    counts = bot.application.bot_data.services.counts
    deadline = time.monotonic() + timeout
    while counts.by_key:
        if time.monotonic() > deadline:
            raise TimeoutError(f"counts still running: {list(counts.by_key)}")
        await asyncio.sleep(0.5)


def puzzle_data(text: str) -> list[str]:
    """A puzzle's own words, as a reply may quote them (its title in a caption)."""
    return re.findall(r"[^\W\d_]+", text)


async def answer_data(bot, text: str) -> list[str]:
    """The answer's data as the bot keeps it (in the pseudo-language): its solutions'
    lines."""
    with i18n.language(PSEUDO):
        result = await bot.application.bot_data.services.store.get_result(prepare(text)[2])
    assert result is not None, text[:40]
    return [line.strip() for solution in result.solutions for line in solution.splitlines()
            if line.strip()]


async def test_every_example_answer_is_translated(pseudobot):
    await examples_translated(pseudobot, [k for k in registry.with_example() if k.listed])


async def examples_translated(pseudobot, kinds) -> None:
    """Sends each kind's example in the pseudo-language and asserts that every word of
    every reply passed through gettext."""
    bot, client = pseudobot
    asked = {}
    for kind in kinds:
        text = (PUZZLES / kind.example).read_text()
        chat = next(CHATS)
        await client.send(chat, text, language_code=CODE)
        asked[chat] = text
    for chat in asked:  # its check report comes last (a count's figures edit the caption)
        await reply_holding(client, chat, "Check report")
    await counts_finished(bot)
    found = {}
    for chat, text in asked.items():
        data = [*puzzle_data(text), *await answer_data(bot, text)]
        for message in await said(client, chat):
            if words := unwrapped(message, *data):
                found.setdefault(text.splitlines()[0], []).append(words)
    assert found == {}


async def test_an_anagram_and_a_bad_puzzle(pseudobot):
    bot, client = pseudobot
    chat = next(CHATS)
    await client.send(chat, "anagram lampe", language_code=CODE)
    await reply_holding(client, chat, "Check report")
    bad = next(CHATS)
    await client.send(bad, "#sudoku\n123\n45", language_code=CODE)
    error = await reply_holding(client, bad, "2")
    assert "⟦Line 2" in error["text"]
    data = ["lampe", *await answer_data(bot, "anagram lampe")]
    for message in [*await said(client, chat), error]:
        assert unwrapped(message, *data) == [], message.get("text") or message["caption"]


@pytest.mark.parametrize("command", ["/start", "/help", "/settings", "/language"])
async def test_the_menus(pseudobot, command):
    _, client = pseudobot
    chat = next(CHATS)
    sent = await client.send(chat, command, language_code=CODE)
    reply = await client.wait_for(chat, after=sent["message_id"])
    assert unwrapped(reply) == [], reply["text"]


async def test_a_sudoku_hint_and_a_wrong_check(pseudobot):
    _, client = pseudobot
    chat = next(CHATS)
    sent = await client.send(chat, f"/hint {SUDOKU}", language_code=CODE)
    hint = await client.wait_for(chat, after=sent["message_id"], timeout=120)
    assert unwrapped(hint, *puzzle_data(SUDOKU)) == [], hint["text"]
    chat = next(CHATS)
    sent = await client.send(chat, "\n".join(["/check", SUDOKU, "---", *WRONG_ROWS]),
                             language_code=CODE)
    wrong = await client.wait_for(chat, after=sent["message_id"], timeout=120)
    # the broken rules' lines are the reader's words now; only the report's verdict
    # token (FAIL, the seeds' report format) stays as it is
    assert judge(SUDOKU, "\n".join(WRONG_ROWS)).broken
    assert unwrapped(wrong, "FAIL") == [], wrong["text"]



@pytest.mark.parametrize("kind", HINTED, ids=lambda kind: kind.name)
async def test_every_rung_of_every_ladder(pseudobot, kind):
    await ladder_translated(pseudobot, kind)


async def ladder_translated(pseudobot, kind) -> None:
    """Each kind's example climbed from the offer through every rung to the next step;
    each rung is the offer's message edited in place, in the pseudo-language."""
    _, client = pseudobot
    text = (PUZZLES / kind.example).read_text()
    chat = next(CHATS)
    sent = await client.send(chat, f"/hint {text}", language_code=CODE)
    shown = [await client.wait_for(chat, after=sent["message_id"], timeout=120)]
    if hinted(kind, text):  # a genre without hints yet says so in the first message
        for rung in RUNGS:
            shown.append(await climb(client, chat, shown[-1], rung, language_code=CODE))
        assert [m["message_id"] for m in shown[:4]] == [shown[0]["message_id"]] * 4
        assert shown[3]["sent_as"] == "photo" and shown[4]["sent_as"] == "text"
    for message in shown:
        assert unwrapped(message, *puzzle_data(text)) == [], message


def hinted(kind, text: str) -> bool:
    """Whether the kind's hints reach a second step of its example `text`."""
    try:
        return len(kind.hint_steps(prepare(text, kind.name)[1], limit=2).steps) == 2
    except PuzzleError:
        return False


async def test_a_mistake_and_a_complete_grid_in_the_ladder(pseudobot):
    _, client = pseudobot
    chat = next(CHATS)
    mistake = "\n".join(["/hint", SUDOKU, "---", *WRONG_ROWS[:2], *["." * 9] * 7])
    sent = await client.send(chat, mistake, language_code=CODE)
    told = await client.wait_for(chat, after=sent["message_id"], timeout=120)
    cell = await climb(client, chat, told, "⟦Which cell?⟧", language_code=CODE)
    complete = await client.send(chat, "\n".join(["/hint", SUDOKU, "---", *SUDOKU_ROWS]),
                                 language_code=CODE)
    done = await client.wait_for(chat, after=complete["message_id"], timeout=120)
    for message in (told, cell, done):
        assert unwrapped(message, *puzzle_data(SUDOKU)) == [], message["text"]


@pytest.mark.parametrize("kind", HINTED, ids=lambda kind: kind.name)
async def test_every_hint_picture_is_translated(kind):
    pictures_translated(kind)


def pictures_translated(kind) -> None:
    """Every text drawn on every step's picture of the kind's example (read as it is
    drawn, `watching_texts`), in the pseudo-language: nothing left in English."""
    text = (PUZZLES / kind.example).read_text()
    with i18n.language(pseudo_language()), draw.watching_texts() as seen:
        _, puzzle, _ = prepare(text, kind.name)
        try:
            steps = kind.hint_steps(puzzle).steps
        except PuzzleError as error:  # a genre without hints yet says so
            assert untranslated(str(error)) == []
            return
        for step in steps:
            kind.hint_picture(puzzle, step)
    assert steps
    english = {drawn.text: words for drawn in seen
               if (words := untranslated(drawn.text, *NAMES, *puzzle_data(text)))}
    assert english == {}


async def test_the_sweep_sees_an_unwrapped_word_and_not_the_seeds_report():
    quote = "Row 1: once each OK"
    text = f"⟦Check report: ⟦all hold⟧⟧\n{quote}\nPuzzle OK"
    message = {"text": text,
               "entities": [{"type": "expandable_blockquote", "offset": text.index(quote),
                             "length": len(quote)}],
               "reply_markup": {"inline_keyboard": [[{"text": "⟦Next⟧"}, {"text": "Stop"}]]}}
    assert unwrapped(message) == ["Puzzle", "OK", "Stop"]
