"""End to end: /check with the real bot through the sandbox: a player's own solution
judged by the kind's check, as a reply to a puzzle (the bot's /example message in a
private chat, a player's puzzle in a group) or in one message with a `---` line; a wrong
solution gets the rules it breaks and never the answer; missing parts get the usage."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import pytest_asyncio
from botchat import ask, bot_config
from PIL import Image

from bot.__main__ import running_in_sandbox
from bot.answers import kept_answers
from sandbox.client import SandboxClient
from solvers import registry
from solvers.values import Limits

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
SEKI = (PUZZLES / "sk_6018.txt").read_text().strip()
SEKI_ROWS = ["1010", "0100", "1011", "0101"]
SUDOKU = (PUZZLES / "sudoku_inkala.txt").read_text().strip()
SUDOKU_ROWS = ["812753649", "943682175", "675491283", "154237896", "369845721",
               "287169534", "521974368", "438526917", "796318452"]

#: a Sudoku solution with two digits of row 2 swapped: columns 8 and 9 break
WRONG_ROWS = [*SUDOKU_ROWS[:1], "943682157", *SUDOKU_ROWS[2:]]
#: where they break: the two 5s of column 8 and the two 7s of column 9
BROKEN_CELLS = [(2, 8), (2, 9), (8, 9), (9, 8)]
WRONG_CAPTION = ("❌ Not right yet:\n"
                 "Checked: 2 of 28 rules broken.\n"
                 "Outlined in red: where your solution breaks a rule.\n"
                 "Column 8: 5 more than once; missing 7 FAIL\n"
                 "Column 9: 7 more than once; missing 5 FAIL")

#: one bot for the module's tests that only chat, each in chats of its own (conftest's
#: `alice`, `bob`, `group`)
pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def client(tmp_path_factory):
    """The whole bot against a fresh sandbox, and a client to chat with it."""
    config = bot_config(tmp_path_factory.mktemp("check"), workers=1)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as chat:
        yield chat


async def picture_of(client: SandboxClient, message: dict) -> Image.Image:
    return Image.open(io.BytesIO(await client.file(message["file_url"])))


async def marks_only_the_broken_cells(client: SandboxClient, wrong: dict) -> bool:
    """The picture sent for the wrong Sudoku is the person's own grid with exactly the
    broken cells outlined (so it holds none of the answer's digits the person lacks),
    and differs from the right solution's picture."""
    sudoku = registry.get("sudoku")
    puzzle = sudoku.parse(SUDOKU)
    typed = sudoku.parse_solution(puzzle, "\n".join(WRONG_ROWS))
    sent = (await picture_of(client, wrong)).convert("RGB")
    drawn = sudoku.render_marked(puzzle, typed, BROKEN_CELLS).convert("RGB")
    answer = sudoku.render(puzzle, sudoku.parse_solution(puzzle, "\n".join(SUDOKU_ROWS)))
    return sent.tobytes() == drawn.tobytes() != answer.convert("RGB").tobytes()


async def test_a_reply_to_a_puzzle_checks_the_solution_under_it(client, alice, bob, group):
    example = await ask(client, alice, "/example seki")
    assert example["text"] == SEKI
    right = await ask(client, alice, "/check\n" + "\n".join(SEKI_ROWS), sent_as="photo",
                      reply_to_message_id=example["message_id"])
    assert right["caption"].startswith("✅ Your solution is right.\nChecked: all ")
    assert (await picture_of(client, right)).format == "PNG"

    # in a group, a reply to a player's puzzle, the kind named and the solution on one line
    puzzle = await client.send(group, f"/sudoku {SUDOKU}", user_id=bob, chat_type="group")
    solved = await client.wait_for(group, after=puzzle["message_id"], sent_as="photo")
    await client.wait_for(group, after=solved["message_id"], sent_as="text")  # its report
    right = await ask(client, group, "/check sudoku " + "".join(SUDOKU_ROWS), user=alice,
                      sent_as="photo", reply_to_message_id=puzzle["message_id"])
    assert right["caption"].startswith("✅ Your solution is right.\nChecked: all ")


async def test_one_message_with_a_separator_line(client, alice):
    right = await ask(client, alice, "\n".join(["/check", SUDOKU, "---", *SUDOKU_ROWS]),
                      sent_as="photo")
    assert right["caption"].startswith("✅ Your solution is right.\nChecked: all ")
    assert (await picture_of(client, right)).width >= 300

    wrong = await ask(client, alice, "\n".join(["/check", SUDOKU, "---", *WRONG_ROWS]),
                      sent_as="photo")
    assert wrong["caption"] == WRONG_CAPTION
    assert not any(row in wrong["caption"] for row in SUDOKU_ROWS)  # never the answer
    assert await marks_only_the_broken_cells(client, wrong)

    # a Seki's broken rotor groups: their cells are outlined (here every rotor breaks)
    wrong = await ask(client, alice, "\n".join(["/check", SEKI, "---", *["0000"] * 4]),
                      sent_as="photo")
    assert wrong["caption"].startswith(
        "❌ Not right yet:\nChecked: 9 of 9 rules broken.\n"
        "Outlined in red: where your solution breaks a rule.\nRotorGroup 0 ch=o")
    assert "... and 1 more" in wrong["caption"]  # 9 rotor groups fail, 8 are shown
    assert not any(row in wrong["caption"] for row in ("1010", "0101", "1011"))
    seki = registry.get("seki")
    puzzle = seki.parse(SEKI)
    every_cell = [(r, c) for r in range(1, 5) for c in range(1, 5)]
    drawn = seki.render_marked(puzzle, seki.parse_solution(puzzle, "\n".join(["0000"] * 4)),
                               every_cell)
    assert (await picture_of(client, wrong)).convert("RGB").tobytes() == drawn.tobytes()


async def test_an_unreadable_solution_names_its_own_line_and_the_form(client, alice):
    unreadable = await ask(client, alice, "\n".join(
        ["/check", SEKI, "---", "1010", "010", "1011", "0101"]))
    assert unreadable["text"] == (
        "❌ I could not read that solution: Your solution, line 2: expected 4 cells, got 3\n"
        "Seki solution: 4 lines of 4 cells, 1 = black, 0 = white.")
    bad_puzzle = await ask(client, alice, "/check sudoku\n#sudoku\n123\n---\n1")
    assert bad_puzzle["text"] == "Sudoku puzzle: Line 2: expected 9 cells in this row, got 3"


async def test_missing_parts_get_the_usage(client, alice):
    alone = await ask(client, alice, "/check")
    assert alone["text"].startswith("Usage: reply to a puzzle with /check")
    assert "for sudoku 9 lines of 9 digits" in alone["text"]
    no_puzzle = await ask(client, alice, "/check\n1010\n0100\n1011\n0101")
    assert no_puzzle["text"].startswith("Usage: reply to a puzzle with /check")
    example = await ask(client, alice, "/example sudoku")
    no_solution = await ask(client, alice, "/check",
                            reply_to_message_id=example["message_id"])
    assert no_solution["text"].startswith(
        "Put your solution on the lines after /check. Sudoku solution: 9 lines of 9 digits.")
    unknown = await ask(client, alice, "/check\nhello, world.\n---\n1")
    assert unknown["text"].startswith("I can't tell which puzzle kind that is; name it")


async def test_an_off_topic_anagram_breaks_no_rule(client, alice):
    """The topic line of an anagram's report informs; it is never a broken rule."""
    puzzle = "anagram pains topic=countries"
    right = await ask(client, alice, "\n".join(["/check", puzzle, "---", "pains"]),
                      sent_as="photo")
    assert right["caption"] == "✅ Your solution is right.\nChecked: all 2 rules hold."
    wrong = await ask(client, alice, "\n".join(["/check", puzzle, "---", "pians"]))
    assert wrong["sent_as"] == "text"  # an anagram's rules name no cells: told in words
    assert wrong["text"] == ("❌ Not right yet:\nChecked: 1 of 2 rules broken.\n"
                             "Words: pians: FAIL, not in the word list: pians")


async def answered(client: SandboxClient, chat: int, sent: dict) -> tuple[dict, dict]:
    """The picture and the check report the bot sent for a puzzle."""
    picture = await client.wait_for(chat, after=sent["message_id"], sent_as="photo")
    report = await client.wait_for(chat, after=picture["message_id"], sent_as="text")
    return picture, report


async def test_a_reply_to_a_puzzle_file_checks_against_the_file(client, alice, bob, group):
    sent = await client.send_document(alice, "sk_6018.txt", SEKI.encode(),
                                      mime_type="text/plain")
    await answered(client, alice, sent)
    right = await ask(client, alice, "/check\n" + "\n".join(SEKI_ROWS), sent_as="photo",
                      reply_to_message_id=sent["message_id"])
    assert right["caption"].startswith("✅ Your solution is right.\nChecked: all ")

    # in a group: a Sudoku file with no header, its kind named by the file's caption
    body = SUDOKU.split("\n", 1)[1]
    named = await client.send_document(group, "inkala.txt", body.encode(), caption="/sudoku",
                                       user_id=bob, chat_type="group")
    await answered(client, group, named)
    wrong = await ask(client, group, "/check\n" + "\n".join(WRONG_ROWS), user=alice,
                      sent_as="photo", reply_to_message_id=named["message_id"])
    assert wrong["caption"] == WRONG_CAPTION


async def test_a_reply_to_a_file_it_cannot_read_gets_what_the_file_got(client, alice):
    """The limits and errors of a file sent for solving, each in one line."""
    files = len(await client.calls("getFile"))  # the files of the module's other tests
    huge = await client.send_document(alice, "huge.txt", b"#seki\n" + b"o" * 20_000)
    refusal = ("huge.txt is 20,006 bytes; I read puzzle files up to 20,000 bytes (the input "
               "limit is 20,000 characters).")
    assert (await client.wait_for(alice, after=huge["message_id"]))["text"] == refusal
    check = await ask(client, alice, "/check\n1010", reply_to_message_id=huge["message_id"])
    assert check["text"] == refusal
    assert len(await client.calls("getFile")) == files  # refused unread, both times

    latin1 = await client.send_document(alice, "latin1.txt", "#seki café\noo+ooaoo-\n"
                                        .encode("latin-1"))
    said = await client.wait_for(alice, after=latin1["message_id"])
    check = await ask(client, alice, "/check\n1010", reply_to_message_id=latin1["message_id"])
    assert check["text"] == said["text"] == (
        "latin1.txt is not UTF-8 text: line 1, column 10 has byte 0xE9. Save it as plain "
        "text (UTF-8) and send it again.")

    pdf = await client.send_document(alice, "puzzle.pdf", b"%PDF-1.4\n")
    await client.wait_for(alice, after=pdf["message_id"])
    check = await ask(client, alice, "/check\n1010", reply_to_message_id=pdf["message_id"])
    assert check["text"] == ("I read puzzles as text: paste the puzzle in a message, or send "
                             "it as a plain-text .txt file.")
    no_solution = await ask(client, alice, "/check", reply_to_message_id=latin1["message_id"])
    assert no_solution["text"].startswith("Put your solution on the lines after /check.\n"
                                          "Usage: reply to a puzzle with /check")


@pytest.mark.asyncio(loop_scope="function")  # a bot of its own: it forgets kept answers
async def test_a_reply_to_the_bots_answer_checks_against_its_puzzle(puzzlebot, alice):
    bot, client = puzzlebot
    picture, report = await answered(client, alice, await client.send(alice, SEKI))
    right = await ask(client, alice, "/check\n" + "\n".join(SEKI_ROWS), sent_as="photo",
                      reply_to_message_id=picture["message_id"])
    assert right["caption"].startswith("✅ Your solution is right.\nChecked: all ")
    wrong = await ask(client, alice, "/check\n" + "\n".join(["0000"] * 4), sent_as="photo",
                      reply_to_message_id=report["message_id"])
    assert wrong["caption"].startswith("❌ Not right yet:\nChecked: 9 of 9 rules broken.\n")
    again = await ask(client, alice, "/check\n" + "\n".join(SEKI_ROWS), sent_as="photo",
                      reply_to_message_id=right["message_id"])  # a reply to the verdict
    assert again["caption"] == right["caption"]

    kept_answers(bot.application.bot_data).clear()  # as after a restart: the puzzle is not kept
    lost = await ask(client, alice, "/check\n" + "\n".join(SEKI_ROWS),
                     reply_to_message_id=picture["message_id"])
    assert lost["text"] == (
        "I no longer keep the puzzle of that answer. Reply with /check to the message or "
        "file that holds the puzzle, or send /check, the puzzle, a line ---, then your "
        "solution.")


async def test_a_wrong_pencil_answer_is_drawn_with_the_broken_cell_outlined(client, alice):
    """A Nurikabe answer with one cell left unshaded joins two numbers in one area: the
    picture is the player's own board with that cell outlined, never the answer."""
    nurikabe = registry.get("nurikabe")
    link = (PUZZLES / nurikabe.example).read_text(encoding="utf-8").strip()
    puzzle = nurikabe.parse(link)
    answer = nurikabe.format_solution(puzzle, nurikabe.solve(puzzle, Limits.within(30, 1))
                                      .found[0])
    rows = answer.splitlines()
    rows[5] = rows[5].replace("#", "+", 1)  # the header's four lines, then the board's row 2
    wrong = await ask(client, alice, "\n".join(["/check", link, "---", *rows]),
                      sent_as="photo")
    assert wrong["caption"] == ("❌ Not right yet:\nChecked: 1 of 5 rules broken.\n"
                                "Outlined in red: where your solution breaks a rule.\n"
                                "One number per area: broken at r2c3")
    typed = nurikabe.parse_solution(puzzle, "\n".join(rows))
    drawn = nurikabe.render_marked(puzzle, typed, [(2, 3)])
    assert drawn is not None
    sent = (await picture_of(client, wrong)).convert("RGB")
    assert sent.tobytes() == drawn.convert("RGB").tobytes()
    assert sent.tobytes() != nurikabe.render(puzzle, typed).convert("RGB").tobytes()


async def test_the_marked_picture_is_explained_in_german(client, bob):
    wrong = await ask(client, bob, "\n".join(["/check", SUDOKU, "---", *WRONG_ROWS]),
                      language_code="de", sent_as="photo")
    assert wrong["caption"].splitlines()[0] == "❌ Noch nicht richtig:"
    assert wrong["caption"].splitlines()[2] == "Rot umrandet: wo deine Lösung eine Regel bricht."
