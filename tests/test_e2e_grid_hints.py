"""End to end: /hint for grid puzzles through the sandbox, on one bot for the module.

The ladder of buttons, one message edited in place (where to look, which technique,
the step with its picture; the next step and the solution new messages), a Sudoku
typed, photographed and partly filled in with a mistake, someone else's press, a race's
players refused, Gogen, the kinds without step hints, and the difficulty stated in
Sudoku answers.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
import pytest_asyncio
from botchat import bot_config
from botchat import climb as press
from PIL import Image

from bot.__main__ import running_in_sandbox
from sandbox.client import SandboxClient
from solvers import registry
from solvers.values import Limits

pytestmark = pytest.mark.asyncio(loop_scope="module")

ALICE, BOB = 101, 102
GROUP = -100200300
PHOTOS = Path(__file__).resolve().parents[2] / "shared" / "sudoku_photos"
SUDOKU = registry.get("sudoku")
PUZZLES = Path(__file__).resolve().parents[1] / "puzzles"


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def client(tmp_path_factory):
    # one bot for the module: a ladder is many presses, more than the per-person limit
    config = bot_config(tmp_path_factory.mktemp("gridhints"), solve_timeout=30,
                        rate_burst=100)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as sandbox:
        yield sandbox


def sudoku(seed: int) -> str:
    return SUDOKU.generate(random.Random(seed), "easy")


async def after(client: SandboxClient, chat: int, message: dict, count: int = 1,
                timeout: float = 90) -> list[dict]:
    """The bot's next `count` messages in a chat after `message`."""
    said, last = [], message["message_id"]
    while len(said) < count:
        said.append(await client.wait_for(chat, after=last, timeout=timeout))
        last = said[-1]["message_id"]
    return said


def labels(message: dict) -> list[str]:
    return [b["text"] for row in (message.get("reply_markup") or {}).get("inline_keyboard", [])
            for b in row]


def data(message: dict, label: str) -> str:
    return next(b["callback_data"] for row in message["reply_markup"]["inline_keyboard"]
                for b in row if b["text"] == label)


def first_step(technique: str, text: str, opening: str = "Step 1, ",
               meaning: str = "(R{row}C{column} = row {row}, column {column})") -> str:
    """A ladder's first step as shown: the sentence, then what its first cell name
    means (R3C5 is shorthand a newcomer has not met)."""
    said = f"{opening}{technique}: {text}"
    cell = re.search(r"\bR(\d)C(\d)\b", said)
    return f"{said}\n{meaning.format(row=cell[1], column=cell[2])}" if cell else said


async def test_hint_in_reply_to_a_typed_sudoku_climbs_the_ladder(client):
    text = sudoku(1)
    typed = await client.send(ALICE, text)
    answer, _ = await after(client, ALICE, typed, 2)
    rated = SUDOKU.difficulty(SUDOKU.parse(text)).text()
    assert answer["caption"].endswith(f" · Difficulty: {rated}")  # every Sudoku answer

    asked = await client.send(ALICE, "/hint", reply_to_message_id=typed["message_id"])
    (ready,) = await after(client, ALICE, asked)
    assert ready["text"].startswith("Sudoku: the next step (step 1) is ready.")
    assert labels(ready) == ["Where to look", "Show this step", "Show the solution"]

    # someone else's press is refused with a toast, and nothing is said in the chat
    pressed = await client.press(ALICE, BOB, ready["message_id"], data(ready, "Where to look"))
    toast = await client.callback_answer(pressed["callback_query_id"])
    assert "someone else's hints" in toast["text"]

    where = await press(client, ALICE, ready, "Where to look")
    assert where["text"].startswith("Step 1: look at ")
    assert labels(where) == ["Which technique", "Show this step", "Show the solution"]
    technique = await press(client, ALICE, where, "Which technique")
    first = SUDOKU.hint_steps(SUDOKU.parse(text), limit=1).steps[0]
    assert technique["text"] == f"Step 1: use {first.technique} on {first.where}."
    step = await press(client, ALICE, technique, "Show this step")
    assert step["sent_as"] == "photo"
    assert step["caption"] == first_step(first.technique, first.text)
    with Image.open(io.BytesIO(await client.file(step["file_url"]))) as picture:
        assert picture.format == "PNG"
    assert labels(step) == ["Next step", "Show the solution"]
    # one message climbed the step's rungs: the text became the step's picture
    assert where["message_id"] == technique["message_id"] == step["message_id"] == \
        ready["message_id"]
    assert (await client.messages(ALICE, after=asked["message_id"]))["messages"] == [step]
    second = await press(client, ALICE, step, "Next step")
    assert second["text"].startswith("Step 2: look at ")
    assert second["message_id"] > step["message_id"]
    assert not labels((await client.messages(ALICE, after=asked["message_id"]))
                      ["messages"][0])  # only the newest step has live buttons
    solved = await press(client, ALICE, second, "Show the solution")
    assert solved["sent_as"] == "photo" and "Solutions: exactly 1" in solved["caption"]


async def test_hint_after_the_command_and_for_a_grid_with_a_mistake(client):
    text = sudoku(2)
    puzzle = SUDOKU.parse(text)
    solution = SUDOKU.solve(puzzle, Limits(max_solutions=1)).found[0]
    # the person's grid: three cells of row 4 filled, the last of them wrongly
    blanks = [cell for cell in range(27, 36) if not puzzle.givens[cell]]
    mine = list(puzzle.givens)
    for cell in blanks[:2]:
        mine[cell] = solution[cell]
    wrong = blanks[2]
    mine[wrong] = solution[wrong] % 9 + 1
    grid = "\n".join("".join(str(d or ".") for d in mine[r * 9:r * 9 + 9]) for r in range(9))
    asked = await client.send(BOB, f"/hint\n{text}\n---\n{grid}")
    (told,) = await after(client, BOB, asked)
    assert told["text"].startswith("There is a mistake in row 4.")
    assert labels(told) == ["Which cell?", "Show the solution"]
    cell = await press(client, BOB, told, "Which cell?")
    assert cell["text"].startswith(
        f"The {mine[wrong]} at row 4, column {wrong % 9 + 1} is wrong.")
    assert not labels(cell)

    # the same grid put right: the hints go on from the person's entries
    mine[wrong] = solution[wrong]
    grid = "\n".join("".join(str(d or ".") for d in mine[r * 9:r * 9 + 9]) for r in range(9))
    asked = await client.send(BOB, f"/hint\n{text}\n---\n{grid}")
    (ready,) = await after(client, BOB, asked)
    step = await press(client, BOB, ready, "Show this step")
    found = SUDOKU.hint_steps(puzzle, tuple(mine), limit=1).steps[0]
    assert step["caption"] == first_step(found.technique, found.text)


async def test_hint_in_reply_to_a_photo(client):
    sent = await client.send_photo(ALICE, (PHOTOS / "image22.jpg").read_bytes())
    await after(client, ALICE, sent, 4)  # read, solved, report, the grid as text
    asked = await client.send(ALICE, "/hint", reply_to_message_id=sent["message_id"])
    (ready,) = await after(client, ALICE, asked)
    assert ready["text"].startswith("Sudoku: the next step (step 1) is ready.")
    step = await press(client, ALICE, ready, "Show this step")
    assert step["sent_as"] == "photo" and step["caption"].startswith("Step 1, ")


async def test_gogen_hints_and_kinds_without_them(client):
    gogen = (PUZZLES / "gogen_dm_older02.txt").read_text()
    asked = await client.send(ALICE, f"/hint {gogen}")
    (ready,) = await after(client, ALICE, asked)
    assert ready["text"].startswith("Gogen: the next step (step 1) is ready.")
    where = await press(client, ALICE, ready, "Where to look")
    assert where["text"] == "Step 1: look at the word BIJOUX."
    step = await press(client, ALICE, where, "Show this step")
    assert step["sent_as"] == "photo" and step["caption"].startswith("Step 1, Linked Letters:")
    for kind in ("queens", "soma"):
        example = (PUZZLES / registry.get(kind).example).read_text()
        asked = await client.send(ALICE, f"/hint {example}")
        (told,) = await after(client, ALICE, asked)
        assert told["text"].startswith(
            f"{registry.get(kind).title} has no step-by-step hints yet."), kind
    # letters are still the anagram hints
    asked = await client.send(ALICE, "/hint dormitory")
    (letters,) = await after(client, ALICE, asked)
    assert letters["text"].startswith("Hint 1 of 6")


async def test_example_and_race_state_the_rating_and_players_get_no_hints(client):
    asked = await client.send(ALICE, "/example sudoku")
    example, note = await after(client, ALICE, asked, 2)
    rated = SUDOKU.difficulty(SUDOKU.parse(example["text"])).text()
    assert note["text"] == (f"Sudoku, {rated}. Send it back for the solution, or reply "
                            "/hint to it for its next step.\n"
                            "For a harder one: /example sudoku hard")

    started = await client.send(GROUP, "/race sudoku hard minutes=30", user_id=ALICE)
    photo = await client.wait_for(GROUP, after=started["message_id"], sent_as="photo",
                                  timeout=150)
    puzzle = (await client.wait_for(GROUP, after=photo["message_id"]))["text"]
    rated = SUDOKU.difficulty(SUDOKU.parse(puzzle))
    assert f"(hard, {rated.text()}, exactly one solution)" in photo["caption"]
    assert rated.level in ("Hard", "Fiendish", "Extreme")
    asked = await client.send(GROUP, f"/hint\n{puzzle}", user_id=BOB)
    (refused,) = await after(client, GROUP, asked)
    assert refused["text"].startswith("That is race #")
    stopped = await client.send(GROUP, "/stop", user_id=ALICE)
    await after(client, GROUP, stopped)
