"""What the third attack found (issue 26, points 1-5), through the sandbox: long anagrams
that held every quick worker, pictures too large to send, a thin picture, invisible
characters after a command, and digits of other scripts."""

from __future__ import annotations

import io
from pathlib import Path

from botchat import answered, ask, bot_config, reply_with
from PIL import Image

from bot.__main__ import running_in_sandbox
from sandbox.client import SandboxClient
from solvers import pipeline
from solvers.values import Media

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
GROUP, ALICE, BOB, CAROL, DAVE = -2601, 2601, 2602, 2603, 2604
SEKI = "oo+ooaoo-"
#: nine 27-30-letter clues asking for up to six words: each searches for tens of seconds
PANGRAM = "thequickbrownfoxjumpsoverthelazydog"
#: a clue whose whole search takes some seconds: past the quick lane's half second
MIDDLE_CLUE = "thequickbrownfoxjum words=4"
LONG_CLUES = [PANGRAM[start:start + 28] for start in range(8)] + ["sphinxofblackquartzjudgemyvow"]


def solved_gogen_words() -> tuple[str, list[str]]:
    """The example Gogen's header and grid lines, and every two-letter word its solution
    allows (letters side by side in the solved grid)."""
    text = (PUZZLES / "gogen_dm_older02.txt").read_text()
    rows = [line.split() for line in pipeline.run(text).solutions[0].splitlines()]
    pairs = sorted({rows[r][c] + rows[r + dr][c + dc]
                    for r in range(5) for c in range(5) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                    if (dr or dc) and 0 <= r + dr < 5 and 0 <= c + dc < 5})
    return "\n".join(text.splitlines()[:6]), pairs


def size_of(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as image:
        return image.size


async def test_a_bystander_is_answered_while_three_people_send_long_anagrams(tmp_path):
    """Three people send three long anagrams each, then a fourth sends a Seki: the Seki is
    answered before most of the anagrams' first answers (each anagram hands its best
    answers so far back to the quick lane after its short budget, and the lane serves the
    bystander's first job before the others' queued ones)."""
    async with running_in_sandbox(bot_config(tmp_path)) as bot, \
            SandboxClient(bot.url) as client:
        await bot.application.bot_data.services.pool.quick.ready()
        for number, clue in enumerate(LONG_CLUES):
            await client.send(GROUP, f"/anagram {clue} words=6", user_id=(ALICE, BOB, CAROL)[
                number % 3])
        asked = await client.send(GROUP, f"/seki {SEKI}", user_id=DAVE)
        seki = None
        anagrams: list[dict] = []
        after = asked["message_id"]
        while len(anagrams) < len(LONG_CLUES):
            message = await client.wait_for(GROUP, after=after, timeout=120)
            after = message["message_id"]
            caption = message.get("caption") or ""
            if caption.startswith("Anagrams of"):
                anagrams.append(message)
            elif caption.startswith("Seki") and seki is None:
                seki = message
        assert seki is not None and "Checked: all" in seki["caption"]
        later = [m for m in anagrams if m["message_id"] > seki["message_id"]]
        assert len(later) >= 3, "the bystander waited behind the others' queued anagrams"
        assert any("still counting" in m["caption"] for m in anagrams)


async def test_a_long_anagram_goes_on_in_the_count_lane_and_is_cached(tmp_path):
    config = bot_config(tmp_path, count_timeout=300.0)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        first = await ask(client, ALICE, f"anagram {MIDDLE_CLUE}", sent_as="photo", timeout=60)
        assert "(still counting, " in first["caption"]
        said = await reply_with(client, ALICE, first["message_id"], "(complete, ", 300)
        assert said["text"].startswith("Anagram: the best ")
        again = await ask(client, BOB, f"anagram {MIDDLE_CLUE}", sent_as="photo")
        assert "(complete, " in again["caption"]
        assert bot.application.bot_data.services.metrics.cache_hits == 1


async def test_a_gogen_with_3000_words_is_drawn_sent_and_sent_again(tmp_path):
    head, pairs = solved_gogen_words()
    text = head + "\n" + "\n".join((pairs * 25)[:3000]) + "\n"
    async with running_in_sandbox(bot_config(tmp_path)) as bot, \
            SandboxClient(bot.url) as client:
        for chat in (ALICE, BOB):  # the second answer comes from the cache
            sent = await client.send_document(chat, "big.txt", text.encode())
            answer = await client.wait_for(chat, after=sent["message_id"], sent_as="photo")
            assert "Checked: all" in answer["caption"]
            width, height = size_of(await client.file(answer["file_url"]))
            assert width + height <= 10_000 and max(width, height) <= 20 * min(width, height)
        assert bot.application.bot_data.services.metrics.cache_hits == 1


async def test_a_burr_with_a_long_title_is_drawn_small(tmp_path):
    text = (PUZZLES / "burr_antique.txt").read_text()
    long_title = "#Burr6 " + "very long title " * 300  # 4,800 characters
    text = long_title + text[text.index("\n"):]
    async with running_in_sandbox(bot_config(tmp_path)) as bot, \
            SandboxClient(bot.url) as client:
        sent = await client.send_document(ALICE, "burr.txt", text.encode())
        answer = await client.wait_for(ALICE, after=sent["message_id"], sent_as="photo",
                                       timeout=60)
        assert size_of(await client.file(answer["file_url"]))[0] < 2000


async def test_a_cached_picture_refused_as_a_photo_goes_as_a_document(tmp_path):
    """An answer cached with a picture Telegram refuses as a photo (as one was before the
    pictures were kept within the limits): sent as a document, never "Sorry"."""
    puzzle = f"#seki\n{SEKI}"
    _, _, key = pipeline.prepare(puzzle)
    result = pipeline.run(puzzle)
    buffer = io.BytesIO()
    Image.new("RGB", (9000, 300), "white").save(buffer, format="PNG")
    result.media = [Media("seki.png", buffer.getvalue(), "photo")]
    async with running_in_sandbox(bot_config(tmp_path)) as bot, \
            SandboxClient(bot.url) as client:
        await bot.application.bot_data.services.store.put_result(key, result)
        answer = await ask(client, ALICE, puzzle)
        assert answer["sent_as"] == "document"
        assert "Checked: all" in answer["caption"]


async def test_a_thin_picture_gets_a_clear_line(tmp_path):
    buffer = io.BytesIO()
    Image.new("RGB", (4000, 2), "white").save(buffer, format="PNG")
    async with running_in_sandbox(bot_config(tmp_path)) as bot, \
            SandboxClient(bot.url) as client:
        sent = await client.send_document(ALICE, "strip.png", buffer.getvalue())
        said = await client.wait_for(ALICE, after=sent["message_id"])
        assert "too small or too thin to hold a Sudoku grid" in said["text"]


async def test_an_invisible_character_after_a_command_is_dropped(tmp_path):
    async with running_in_sandbox(bot_config(tmp_path)) as bot, \
            SandboxClient(bot.url) as client:
        for number, mark in enumerate(("\u200b", "\u2060", "\ufeff", "\x00")):
            answer = await ask(client, ALICE + number, f"/seki{mark} {SEKI}{mark}",
                               sent_as="photo")
            assert "Checked: all" in answer["caption"]
        told = await ask(client, BOB, "/foo\u200b")
        assert told["text"].startswith("I don't know /foo.")


async def test_digits_of_other_scripts_are_read_as_digits(tmp_path):
    """A Sudoku in full-width or Arabic-Indic digits is the same puzzle as in 0-9, and so
    is a command's option (`words=٢`)."""
    ascii_text = (PUZZLES / "sudoku_inkala.txt").read_text()
    full_width = ascii_text.translate({ord(d): chr(0xFF10 + int(d)) for d in "0123456789"})
    arabic = ascii_text.translate({ord(d): chr(0x0660 + int(d)) for d in "0123456789"})
    async with running_in_sandbox(bot_config(tmp_path)) as bot, \
            SandboxClient(bot.url) as client:
        answers = [await answered(client, chat, text)
                   for chat, text in ((ALICE, ascii_text), (BOB, full_width), (CAROL, arabic))]
        assert answers[0]["caption"] == answers[1]["caption"] == answers[2]["caption"]
        assert bot.application.bot_data.services.metrics.cache_hits == 2
        plain = await answered(client, DAVE, "/anagram dormitory words=2")
        eastern = await ask(client, DAVE, "/anagram dormitory words=٢", sent_as="photo")
        assert plain["caption"] == eastern["caption"]
        assert bot.application.bot_data.services.metrics.cache_hits == 3


async def test_an_invisible_character_glued_to_a_command_parts_it_from_its_argument(tmp_path):
    """`/seki\\u200boo+ooaoo-` (also WJ, BOM, NUL): Telegram's command ends at the invisible
    character, the plain text drops it, and the argument is still the argument."""
    sudoku = (PUZZLES / "sudoku_inkala.txt").read_text()
    async with running_in_sandbox(bot_config(tmp_path)) as bot, \
            SandboxClient(bot.url) as client:
        for number, mark in enumerate(("\u200b", "\u2060", "\ufeff", "\x00")):
            answer = await answered(client, ALICE + number, f"/seki{mark}{SEKI}")
            assert "Checked: all" in answer["caption"]
        solved = await answered(client, BOB, f"/sudoku\u200b{sudoku}")
        assert solved["caption"].startswith("Sudoku")
        anagram = await ask(client, CAROL, "/anagram\u2060dormitory", sent_as="photo")
        assert "dirty room" in anagram["caption"].lower()
