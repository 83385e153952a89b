"""End to end: what a newcomer meets first (issue 39): a bare /hint names both ways to
ask, and a Sudoku grid sent part-way solved is answered with hints before the solution."""

from __future__ import annotations

import random

import pytest
import pytest_asyncio
from botchat import bot_config, reply_with
from test_celery import SLEEPER, sleep_on
from test_e2e_grid_hints import after, data, labels

from bot.__main__ import running_in_sandbox
from sandbox.client import SandboxClient
from solvers import registry
from solvers.values import Limits

pytestmark = pytest.mark.asyncio(loop_scope="module")

ALICE, BERND, CARMEN, DORA, ELSA, FRANK = 401, 402, 403, 404, 405, 406
SUDOKU = registry.get("sudoku")


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def client(tmp_path_factory):
    config = bot_config(tmp_path_factory.mktemp("newcomer"), solve_timeout=30, rate_burst=100)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as sandbox:
        yield sandbox


@pytest.mark.parametrize(("user", "code", "words"), [
    (ALICE, "en", ["reply /hint to it", "/hint LETTERS"]),
    (BERND, "de", ["antworte mit /hint darauf", "/hint BUCHSTABEN"]),
    (CARMEN, "es", ["responde /hint a él", "/hint LETRAS"]),
])
async def test_a_bare_hint_names_the_puzzle_and_the_anagram_ways(client, user, code, words):
    sent = await client.send(user, "/hint", language_code=code)
    said = (await after(client, user, sent))[0]["text"]
    for word in words:
        assert word in said, said


def half_solved(seed: int) -> tuple[str, str]:
    """A Sudoku and the same grid with 50 of its digits filled in, as a person's page."""
    text = SUDOKU.generate(random.Random(seed), "easy")
    puzzle = SUDOKU.parse(text)
    solution = SUDOKU.solve(puzzle, Limits.within(30, 1)).found[0]
    empty = [cell for cell, digit in enumerate(puzzle.givens) if not digit]
    filled = set(random.Random(seed).sample(empty, 50 - (81 - len(empty))))
    rows = ["".join(str(solution[r * 9 + c] if puzzle.givens[r * 9 + c] or r * 9 + c in filled
                        else 0) for c in range(9)) for r in range(9)]
    return text, "\n".join(rows)


async def test_a_grid_part_way_solved_gets_hints_before_the_solution(client):
    _, page = half_solved(5)
    sent = await client.send(ALICE, page)
    offer = (await after(client, ALICE, sent))[0]
    assert offer["sent_as"] == "text"
    assert "part-way solved" in offer["text"]
    assert labels(offer) == ["Show the solution"]
    asked = await client.send(ALICE, "/hint", reply_to_message_id=offer["message_id"])
    ladder = (await after(client, ALICE, asked))[0]
    assert "Show this step" in labels(ladder), ladder
    await client.press(ALICE, ALICE, offer["message_id"], data(offer, "Show the solution"))
    shown = await after(client, ALICE, ladder)
    assert shown[0]["sent_as"] == "photo"


async def test_a_puzzle_with_its_givens_alone_is_solved_at_once(client):
    text, _ = half_solved(5)
    sent = await client.send(BERND, text)
    assert (await after(client, BERND, sent))[0]["sent_as"] == "photo"


async def test_with_solutions_hidden_the_report_is_folded_and_hidden(client):
    """Spoiler mode keeps the report folded as usual, its lines hidden inside the fold
    (not a wall of 28 grey bars)."""
    menu = await client.send(DORA, "/settings")
    menu = (await after(client, DORA, menu))[0]
    pressed = await client.press(DORA, DORA, menu["message_id"],
                                 data(menu, "👀 Solutions: shown"))
    await client.callback_answer(pressed["callback_query_id"])  # the setting is saved
    text, _ = half_solved(8)
    sent = await client.send(DORA, text)
    photo, report = await after(client, DORA, sent, 2)
    assert photo["has_spoiler"]
    kinds = {e["type"]: e for e in report["entities"]}
    quote, hidden = kinds["expandable_blockquote"], kinds["spoiler"]
    assert (hidden["offset"], hidden["length"]) == (quote["offset"], quote["length"])
    assert report["text"][quote["offset"]:].startswith("Row 1: 1-9 once each OK")


async def test_the_first_sudoku_example_is_easy_and_a_harder_one_is_named(client):
    asked = await client.send(ALICE, "/example sudoku")
    puzzle, note = await after(client, ALICE, asked, 2)
    assert puzzle["text"].startswith("#sudoku An easy start")
    assert "(Easy: " in note["text"] and note["text"].endswith(
        "For a harder one: /example sudoku hard")
    asked = await client.send(ALICE, "/example sudoku hard")
    puzzle, note = await after(client, ALICE, asked, 2)
    assert puzzle["text"].startswith("#sudoku Arto Inkala 2012")
    assert "(Extreme: " in note["text"] and "harder one" not in note["text"]


async def test_example_alone_opens_the_menu_in_german(client):
    asked = await client.send(BERND, "/example", language_code="de")
    menu = (await after(client, BERND, asked))[0]
    assert menu["text"].startswith("Welches Rätsel")
    assert labels(menu) == ["Logikgitter", "Legespiele und Burrs", "Wörter",
                            "Stifträtsel: Schwärzen und Setzen",
                            "Stifträtsel: Schleifen und Linien",
                            "Stifträtsel: Zahlen und Buchstaben", "Stifträtsel: Gebiete"]


@pytest.mark.parametrize(("code", "words"), [
    ("en", "you have no games on record yet"), ("de", "du hast noch keine Spiele"),
    ("es", "todavía no tienes partidas")])
async def test_stats_for_a_newcomer_say_what_to_do_not_a_wall_of_zeros(client, code, words):
    user = {"en": 411, "de": 412, "es": 413}[code]
    sent = await client.send(user, "/stats", language_code=code)
    said = (await after(client, user, sent))[0]["text"]
    assert words in said and "/quiz" in said and "/race" in said, said
    assert " 0 " not in said


async def test_a_slow_puzzle_s_progress_note_can_be_cancelled_by_its_asker(tmp_path):
    """A long search's progress note carries *Cancel*: the asker's press stops it, as
    /cancel does; anyone else's press is told in a toast that it is not theirs."""
    config = bot_config(tmp_path, solve_timeout=60)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as sandbox:
        sleep_on(bot.application.bot_data.services.pool, 50)
        sent = await sandbox.send(ELSA, SLEEPER)
        note = await reply_with(sandbox, ELSA, sent["message_id"], "searching", 30)
        assert labels(note) == ["Cancel"]
        pressed = await sandbox.press(ELSA, FRANK, note["message_id"], data(note, "Cancel"))
        toast = await sandbox.callback_answer(pressed["callback_query_id"])
        assert toast["text"].startswith("Nothing of yours is being solved now")
        await sandbox.press(ELSA, ELSA, note["message_id"], data(note, "Cancel"))
        stopped = await reply_with(sandbox, ELSA, note["message_id"], "stopped;", 30)
        assert stopped["text"] == "Seki: stopped; your puzzle was not solved."
