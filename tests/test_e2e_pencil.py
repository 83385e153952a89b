"""End to end in the sandbox: pencil puzzles in the chat (issue 41). Each genre's example
link, pasted inside a sentence, is answered with its picture, the verdict and the count;
the report's button sends the puzz.link player's file, which pzpr accepts; /example and
/help work by every name a genre has, in German too."""

from __future__ import annotations

import io

import pytest
import pytest_asyncio
from botchat import bot_config, climb
from PIL import Image
from pzpr import judge
from test_e2e_grid_hints import after, data, labels

from bot.__main__ import running_in_sandbox
from bot.rules import PUZZLES
from sandbox.client import SandboxClient
from solvers import registry
from solvers.values import Limits

pytestmark = pytest.mark.asyncio(loop_scope="module")

ALICE, BERND, CARMEN, DORA = 501, 502, 503, 504
#: every genre with a kind of its own (sudoku links go to the Sudoku kind)
GENRES = [kind for kind in registry.KINDS if kind.example.startswith("pencil/")]
FILE_BUTTON = "📄 File for the puzz.link player"


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def client(tmp_path_factory):
    config = bot_config(tmp_path_factory.mktemp("pencil"), solve_timeout=30, rate_burst=500)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as sandbox:
        yield sandbox


def text_of(message: dict) -> str:
    """A message's words: its text, or a picture's caption."""
    return message.get("text") or message["caption"]


def example_link(kind) -> str:
    return (PUZZLES / kind.example).read_text(encoding="utf-8").strip()


async def test_forty_genres_have_a_kind_an_example_and_rules():
    assert len(GENRES) == 39 and registry.get("pencil") is not None
    for kind in GENRES:
        assert kind.rules and kind.title and not kind.listed, kind.name


@pytest.mark.parametrize("kind", GENRES, ids=lambda kind: kind.name)
async def test_a_link_inside_a_sentence_is_answered_with_a_picture(client, kind):
    sent = await client.send(ALICE, f"Can you do this one? {example_link(kind)} thanks!")
    photo = await client.wait_for(ALICE, after=sent["message_id"], sent_as="photo",
                                  timeout=60)
    assert photo["caption"].startswith(kind.title), photo["caption"]
    assert "Solutions: exactly 1" in photo["caption"]
    picture = Image.open(io.BytesIO(await client.file(photo["file_url"])))
    assert picture.width >= 200 and picture.height >= 120


async def test_the_report_button_sends_the_players_file(client):
    slither = registry.get("slitherlink")
    sent = await client.send(BERND, example_link(slither))
    photo = await client.wait_for(BERND, after=sent["message_id"], sent_as="photo")
    report = await client.wait_for(BERND, after=photo["message_id"], sent_as="text")
    assert "rules hold" in report["text"] and FILE_BUTTON in labels(report)
    await client.press(BERND, BERND, report["message_id"], data(report, FILE_BUTTON))
    (document,) = await after(client, BERND, report)
    assert document["sent_as"] == "document" and document["file_name"] == "slither.pzprv3"
    text = (await client.file(document["file_url"])).decode()
    assert text.startswith("pzprv3\nslither\n5\n5\n")
    assert judge([{"pzprv3": text}])[0]["complete"]


@pytest.mark.parametrize("name", ["akari", "lightup", "masyu", "hashi", "numberlink"])
async def test_example_by_every_name_gives_the_link(client, name):
    kind = registry.get(name)
    sent = await client.send(CARMEN, f"/example {name}")
    said = (await after(client, CARMEN, sent))[0]
    assert said["text"] == example_link(kind)


@pytest.mark.parametrize(("code", "words"), [
    ("en", ["Nurikabe", "Shade some cells", "/example nurikabe"]),
    ("de", ["Nurikabe", "Schwärze einige Felder", "/example nurikabe"]),
    ("es", ["Nurikabe", "Sombrea algunas casillas", "/example nurikabe"]),
])
async def test_help_genre_gives_the_rules_in_the_persons_language(client, code, words):
    sent = await client.send(ALICE, "/help nurikabe", language_code=code)
    said = (await after(client, ALICE, sent))[0]
    text = said.get("caption") or said["text"]
    for word in words:
        assert word in text, text


async def test_help_puzzles_lists_the_genres_by_family(client):
    sent = await client.send(BERND, "/help puzzles", language_code="en")
    text = (await after(client, BERND, sent))[0]["text"]
    assert "Pencil puzzles: loops and lines: " in text and "Slitherlink" in text
    assert len(text) < 4096


async def test_check_a_players_file_right_and_wrong(client):
    """/check in reply to the bot's answer with the player's file: right; with one cell
    changed: not right, and which rule breaks (never the answer)."""
    nurikabe = registry.get("nurikabe")
    puzzle = nurikabe.parse(example_link(nurikabe))
    found = nurikabe.solve(puzzle, Limits.within(30, 1)).found[0]
    right = nurikabe.format_solution(puzzle, found)
    sent = await client.send(CARMEN, example_link(nurikabe))
    photo = await client.wait_for(CARMEN, after=sent["message_id"], sent_as="photo")
    await client.wait_for(CARMEN, after=photo["message_id"], sent_as="text")  # the report
    checked = await client.send(CARMEN, f"/check\n{right}",
                                reply_to_message_id=photo["message_id"])
    said = text_of((await after(client, CARMEN, checked))[0])
    assert said.startswith("✅ Your solution is right."), said
    rows = right.splitlines()
    wrong_row = 4 + 1  # the header's four lines, then the board: its second row
    rows[wrong_row] = rows[wrong_row].replace("#", "+", 1)
    checked = await client.send(CARMEN, "/check\n" + "\n".join(rows),
                                reply_to_message_id=photo["message_id"])
    said = text_of((await after(client, CARMEN, checked))[0])
    assert said.startswith("❌ Not right yet:") and "pzprv3" not in said, said


async def test_hint_in_reply_to_a_link_climbs_to_a_named_step(client):
    """/hint in reply to a pencil link: the ladder, and its step names the cell and the
    rule in the genre's words, over a picture."""
    nurikabe = registry.get("nurikabe")
    first = nurikabe.hint_steps(nurikabe.parse(example_link(nurikabe)), limit=1).steps[0]
    sent = await client.send(DORA, example_link(nurikabe))
    photo = await client.wait_for(DORA, after=sent["message_id"], sent_as="photo")
    await client.wait_for(DORA, after=photo["message_id"], sent_as="text")  # the report
    asked = await client.send(DORA, "/hint", reply_to_message_id=sent["message_id"])
    (ready,) = await after(client, DORA, asked)
    assert ready["text"].startswith("Nurikabe: the next step (step 1) is ready."), ready
    step = await climb(client, DORA, ready, "Show this step")
    assert step["sent_as"] == "photo"
    assert first.text in step["caption"] and "R1C3" in step["caption"]
