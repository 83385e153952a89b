"""End to end in the sandbox: `@bot https://puzz.link/p?...` offers the solved picture
(issue 41). The picture is uploaded once to the picture chat and offered by its file_id;
picked, it goes to the chat via the bot; the same puzzle asked again (its link without
https://) reuses the file_id; a broken link or an unknown genre is a one-line result."""

from __future__ import annotations

import io

import pytest
import pytest_asyncio
from botchat import bot_config
from PIL import Image

from bot.__main__ import running_in_sandbox
from bot.rules import PUZZLES
from sandbox.client import SandboxClient

pytestmark = pytest.mark.asyncio(loop_scope="module")

ALICE, BERND, OWNER = 601, 602, 603
#: the bot's private channel for the pictures of inline answers
PICTURES = -1009600
LINK = (PUZZLES / "pencil" / "nurikabe.txt").read_text(encoding="utf-8").strip()


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def client(tmp_path_factory):
    config = bot_config(tmp_path_factory.mktemp("inline"), picture_chat=PICTURES,
                        rate_burst=500)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as sandbox:
        await sandbox.send(PICTURES, "pictures of inline answers", user_id=OWNER)
        yield sandbox


async def results_for(client: SandboxClient, user: int, query: str, **extra) -> tuple:
    """The bot's inline results for a query, and the query's update id."""
    sent = await client.inline(user, query, **extra)
    answer = await client.inline_answer(sent["update_id"], wait=60)
    assert answer["answered"], answer
    return answer["results"], sent["update_id"]


async def uploaded(client: SandboxClient) -> int:
    """How many pictures the bot has put into the picture chat."""
    page = await client.messages(PICTURES)
    return sum(m["from"]["is_bot"] and m["sent_as"] == "photo" for m in page["messages"])


async def test_a_link_offers_its_solved_picture_once_uploaded(client):
    results, update_id = await results_for(client, ALICE, LINK)
    assert [r["type"] for r in results] == ["photo"], results
    caption = results[0]["caption"]
    assert caption.startswith("Nurikabe") and "Solutions: exactly 1" in caption, caption
    assert await uploaded(client) == 1
    chosen = await client.inline_choose(update_id, ALICE, results[0]["id"])
    page = await client.messages(ALICE, after=chosen["message_id"] - 1)
    message = page["messages"][0]
    assert message["sent_as"] == "photo" and message["caption"] == caption
    picture = Image.open(io.BytesIO(await client.file(message["file_url"])))
    assert picture.width >= 200


async def test_the_same_link_without_https_reuses_the_picture(client):
    first, _ = await results_for(client, ALICE, LINK)
    before = await uploaded(client)
    results, _ = await results_for(client, BERND, LINK.removeprefix("https://"))
    assert [r["type"] for r in results] == ["photo"], results
    assert results[0]["photo_file_id"] == first[0]["photo_file_id"]
    assert await uploaded(client) == before == 1


@pytest.mark.parametrize(("query", "words"), [
    ("https://puzz.link/p?nurikabe/5", "could not be read"),
    ("https://puzz.link/p?nosuchgenre/5/5/abc", "/help puzzles"),
])
async def test_a_broken_link_or_unknown_genre_says_why_in_one_line(client, query, words):
    results, _ = await results_for(client, ALICE, query)
    assert [r["type"] for r in results] == ["article"], results
    said = results[0]["description"]
    assert words in said and "\n" not in said and "Traceback" not in said, said
    assert results[0]["input_message_content"]["message_text"].endswith(said)


async def test_german_inline_answers(client):
    results, _ = await results_for(client, ALICE + 10, "https://puzz.link/p?nosuchgenre/5/5/a",
                                   language_code="de")
    assert "/help puzzles" in results[0]["description"], results
    assert results[0]["title"] == "Dieses Rätsel kann ich nicht lesen", results[0]["title"]
    before = await uploaded(client)
    solved, _ = await results_for(client, ALICE + 10, LINK, language_code="de")
    assert "Lösungen: genau 1" in solved[0]["caption"], solved
    assert await uploaded(client) == before + 1  # the German caption: a picture of its own


async def test_plain_letters_still_get_anagrams(client):
    results, _ = await results_for(client, BERND, "dormitory")
    assert "dirty room" in [r["title"] for r in results[:3]], results


async def test_without_a_picture_chat_the_answer_is_offered_as_text(tmp_path):
    config = bot_config(tmp_path, rate_burst=500)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as sandbox:
        results, update_id = await results_for(sandbox, ALICE, LINK)
        assert [r["type"] for r in results] == ["article"], results
        text = results[0]["input_message_content"]["message_text"]
        assert text.startswith("Nurikabe") and "Solutions: exactly 1" in text, text
        chosen = await sandbox.inline_choose(update_id, ALICE, results[0]["id"])
        page = await sandbox.messages(ALICE, after=chosen["message_id"] - 1)
        assert page["messages"][0]["text"] == text
