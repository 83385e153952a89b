"""End to end: the words a new user sends first. Greetings and thanks get a friendly line,
`help` or a kind's name alone mean that command, an unknown command gets the list of
commands (in groups only when addressed to this bot), and a clue with no anagram gets
one message, not the same sentence twice."""

from __future__ import annotations

import pytest
from botchat import ask

from bot.routing import HELLO_REPLY, THANKS_REPLY
from bot.routing import reply as in_english

#: one bot for the module, not one started per test: each test has a
#: person and a group of its own, new to the bot, as with a fresh bot
pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture
def puzzlebot(shared_puzzlebot):
    return shared_puzzlebot


@pytest.mark.parametrize("text, expected", [
    ("hi", HELLO_REPLY), ("hello", HELLO_REPLY), ("Hey!", HELLO_REPLY),
    ("good morning", HELLO_REPLY), ("thanks!", THANKS_REPLY), ("thank you", THANKS_REPLY),
    ("Thank you so much 🙏", THANKS_REPLY),
])
async def test_a_greeting_or_a_thanks_gets_a_friendly_line(puzzlebot, alice, text, expected):
    _, client = puzzlebot
    reply = await ask(client, alice, text)
    assert reply["sent_as"] == "text" and reply["text"] == in_english(expected)
    assert "/help" in reply["text"]
    page = await client.messages(alice, after=reply["message_id"], wait=1)
    assert page["messages"] == []  # that line only: no anagram picture of HELLO


async def test_letters_meant_as_an_anagram_still_get_anagrams(puzzlebot, alice):
    _, client = puzzlebot
    asked = await ask(client, alice, "anagram hello", sent_as="photo")
    assert asked["caption"].startswith("Anagrams of HELLO (5 letters)")
    command = await ask(client, alice, "/anagram hello", sent_as="photo")
    assert command["caption"] == asked["caption"]
    bare = await ask(client, alice, "schoolmaster", sent_as="photo")
    assert bare["caption"].startswith("Anagrams of SCHOOLMASTER")
    alias = await ask(client, alice, "/anagrams listen", sent_as="photo")
    assert alias["caption"].startswith("Anagrams of LISTEN")


async def test_a_command_word_alone_means_the_command(puzzlebot, alice, group):
    _, client = puzzlebot
    helped = await ask(client, alice, "help")
    assert helped["text"] == (await ask(client, alice, "/help"))["text"]
    assert helped["text"].startswith("Help: pick a topic")
    assert (await ask(client, alice, "Help?"))["text"] == helped["text"]
    named = await ask(client, alice, "sudoku")
    assert named["text"] == (await ask(client, alice, "/sudoku"))["text"]
    assert named["text"].startswith("Sudoku: ") and "Try /example sudoku" in named["text"]
    sent = await client.send(group, "help", user_id=alice)
    page = await client.messages(group, after=sent["message_id"], wait=2)
    assert page["messages"] == []  # in a group, plain words are not commands


async def test_chatter_that_is_more_than_a_greeting_still_gets_the_pointer(puzzlebot, alice):
    _, client = puzzlebot
    reply = await ask(client, alice, "hi there, nice weather today, lovely, isn't it")
    assert reply["text"].startswith("That does not look like a puzzle I know.")
    # a question naming a kind gets its rules (issue 27), never an anagram of the words
    reply = await ask(client, alice, "hi, how do I solve a sudoku?", timeout=90)
    assert reply["caption"].startswith("Sudoku\n\nFill the 9x9 grid")


async def test_a_greeting_in_a_group_gets_no_reply(puzzlebot, alice, group):
    _, client = puzzlebot
    sent = await client.send(group, "hello everyone", user_id=alice)
    page = await client.messages(group, after=sent["message_id"], wait=2)
    assert page["messages"] == []


async def test_an_unknown_command_in_private_lists_the_commands(puzzlebot, alice):
    _, client = puzzlebot
    reply = await ask(client, alice, "/foo bar")
    lines = reply["text"].splitlines()
    assert lines[0] == "I don't know /foo. The commands I know:"
    assert "/help: What I do and the puzzles I know" in lines
    assert "/check: Is my solution right? Reply to a puzzle: /check + solution" in lines
    assert lines[-1].startswith("Puzzles: /seki /gogen ")
    assert "/anagram" in lines[-1].split()
    assert len(reply["text"]) <= 4096
    # a command as long as a message can be is quoted back cut short, not past 4,096
    long = await ask(client, alice, "/" + "x" * 4000)
    assert long["text"].startswith(f"I don't know /{'x' * 29}…. The commands I know:\n")
    assert len(long["text"]) <= 4096


async def test_an_unknown_command_in_a_group_is_answered_only_when_addressed(
        puzzlebot, alice, group):
    _, client = puzzlebot
    first = await client.send(group, "/foo", user_id=alice)
    for text in ("/foo@SomeOtherBot", "/help@SomeOtherBot"):
        await client.send(group, text, user_id=alice)
    addressed = await client.send(group, "/foo@PuzzleBot", user_id=alice)
    reply = await client.wait_for(group, after=first["message_id"])
    assert reply["text"].startswith("I don't know /foo. The commands I know:\n")
    assert reply["reply_to_message_id"] == addressed["message_id"]
    later = await client.messages(group, after=reply["message_id"], wait=2)
    assert later["messages"] == []


async def test_letters_with_no_anagram_get_one_message(puzzlebot, alice):
    _, client = puzzlebot
    photo = await ask(client, alice, "anagram xqzjk", sent_as="photo")
    assert photo["caption"] == ("Anagrams of XQZJK (5 letters): none.\n"
                                "No word or phrase in my word list uses exactly these letters.")
    page = await client.messages(alice, after=photo["message_id"], wait=2)
    assert page["messages"] == []  # not the same sentence again as text


async def test_smt_gives_the_file_or_names_what_is_wrong(puzzlebot, alice):
    """/smt's errors read as a solved puzzle's do: the kind, then the line."""
    _, client = puzzlebot
    made = await ask(client, alice, "/smt #seki\noo+ooaoo-", sent_as="document")
    assert made["caption"].startswith("Seki: SMT-LIB2, ")
    assert made["file_name"] == "seki.smt2"
    bad = await ask(client, alice, "/smt #seki\noo+ooaoo")
    assert bad["text"] == "Seki: Line 2: expected 9 rotors, got 8"
    unknown = await ask(client, alice, "/smt hello")
    assert unknown["text"] == ("/smt: this does not look like a puzzle I know; send /help "
                               "for the formats")


async def test_an_edited_message_is_read_again(puzzlebot, alice, group):
    """A puzzle corrected by editing its message is answered as corrected; chatter in a
    group edited stays unanswered."""
    _, client = puzzlebot
    sent = await client.send(alice, "#seki sk_6018.txt\noo+ooaoo")  # a rotor short
    told = await client.wait_for(alice, after=sent["message_id"])
    assert told["text"] == "Seki: Line 2: expected 9 rotors, got 8"
    await client.edit(alice, sent["message_id"], "#seki sk_6018.txt\noo+ooaoo-")
    photo = await client.wait_for(alice, after=told["message_id"], sent_as="photo")
    assert photo["caption"].startswith("Seki sk_6018.txt\nChecked: all 9 rules hold.")
    (shown,) = (await client.messages(alice, after=sent["message_id"] - 1))["messages"][:1]
    assert (shown["text"], shown["edited"]) == ("#seki sk_6018.txt\noo+ooaoo-", True)

    chatter = await client.send(group, "see you", user_id=alice, chat_type="group")
    await client.edit(group, chatter["message_id"], "see you all", user_id=alice)
    page = await client.messages(group, after=chatter["message_id"], wait=2)
    assert page["messages"] == []
