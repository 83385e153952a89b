"""Fair play, end to end through the sandbox: no race or quiz is won by asking the bot.

One test per way of cheating that was tried (issue 25): a race puzzle changed a little
(Sudoku: a given removed, transposed, turned, digits swapped, a band moved; Gogen with a
word dropped; Seki and Number Workout turned or mirrored), an outsider joining or
submitting, the quiz's letters asked privately, inline and in a private quiz, edits; and
the same puzzles answered as usual for someone outside the game. One bot serves the
module; each test ends its game.
"""

from __future__ import annotations

import asyncio
import logging
import random

import pytest
import pytest_asyncio
from botchat import bot_config, now, reply_with

from bot.__main__ import running_in_sandbox
from sandbox.client import SandboxClient
from solvers import registry
from solvers.values import Limits

pytestmark = pytest.mark.asyncio(loop_scope="module")

ALICE, BOB, CAROL = 101, 102, 103
MALLORY = 666  # never in the group
GROUP = -100200300
REFUSED = "That is race #"


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def client(tmp_path_factory):
    # one bot for the module: its people ask far more than a person would in a minute, and
    # the per-person limit is not what these tests are about
    config = bot_config(tmp_path_factory.mktemp("fairplay"), solve_timeout=30,
                        rate_burst=100)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as sandbox:
        await sandbox.send(MALLORY, "hello", user_id=MALLORY)  # she knows the bot
        yield sandbox


async def said(client: SandboxClient, chat: int, text: str, user: int,
               sent_as: str | None = None, timeout: float = 60) -> dict:
    sent = await client.send(chat, text, user_id=user)
    return await client.wait_for(chat, after=sent["message_id"], sent_as=sent_as,
                                 timeout=timeout)


async def start_race(client: SandboxClient, kind: str) -> tuple[dict, str, int]:
    """The race's picture message, its puzzle text and its id."""
    photo = await said(client, GROUP, f"/race {kind} easy minutes=30", ALICE, sent_as="photo",
                       timeout=150)  # a worker's first job on a busy machine
    text = await client.wait_for(GROUP, after=photo["message_id"])
    number = int(photo["caption"].split("#", 1)[1].split(":", 1)[0])
    return photo, text["text"], number


async def stop_race(client: SandboxClient) -> None:
    stopped = await said(client, GROUP, "/stop", ALICE)
    assert stopped["text"].startswith("Race #")


def sudoku_text(cells: list[int]) -> str:
    return "#sudoku\n" + "\n".join("".join(str(d or ".") for d in cells[r * 9:r * 9 + 9])
                                   for r in range(9))


def sudoku_variants(text: str) -> dict[str, str]:
    """The race's Sudoku changed as the cheaters changed it."""
    givens = list(registry.get("sudoku").parse(text).givens)
    removed = list(givens)
    removed[next(i for i, d in enumerate(givens) if d)] = 0
    at = lambda r, c: givens[r * 9 + c]  # noqa: E731 - a table lookup
    swap = {1: 2, 2: 1}
    return {
        "a given removed": sudoku_text(removed),
        "transposed": sudoku_text([at(c, r) for r in range(9) for c in range(9)]),
        "rotated": sudoku_text([at(8 - c, r) for r in range(9) for c in range(9)]),
        "digits relabelled": sudoku_text([swap.get(d, d) for d in givens]),
        "a band swapped": sudoku_text([at((r + 3) % 9, c) for r in range(9) for c in range(9)]),
    }


async def test_changed_sudoku_race_puzzles_are_refused_to_players_only(client):
    photo, puzzle, race = await start_race(client, "sudoku")
    variants = sudoku_variants(puzzle)
    for name, variant in variants.items():
        for chat, user in ((BOB, BOB), (GROUP, CAROL)):
            told = await said(client, chat, variant, user)
            assert told["text"].startswith(f"{REFUSED}{race}'s puzzle, or one like it"), name
            assert "until the race ends at " in told["text"] and "\n" not in told["text"]
        checked = await said(client, BOB, f"/check\n{variant}\n---\n" + "1" * 81, BOB)
        assert checked["text"].startswith(REFUSED), name
    exported = await said(client, BOB, f"/smt\n{variants['transposed']}", BOB)
    assert exported["text"].startswith(REFUSED)
    # Mallory, outside the race, gets every one of them solved as usual
    for name, variant in variants.items():
        solved = await said(client, MALLORY, variant, MALLORY, sent_as="photo")
        assert solved["caption"].startswith("Sudoku"), name
    # an unrelated Sudoku is solved for a player too
    kind = registry.get("sudoku")
    other = kind.generate(random.Random(99), "easy")
    solved = await said(client, BOB, other, BOB, sent_as="photo")
    assert solved["caption"].startswith("Sudoku")
    await stop_race(client)
    after = await said(client, BOB, variants["rotated"], BOB, sent_as="photo")
    assert after["caption"].startswith("Sudoku")


def turned(kind: str, text: str) -> str:
    """The race puzzle as a cheater would change it: Gogen without its last word, Seki
    turned a quarter, Number Workout mirrored top to bottom."""
    if kind == "gogen":
        return "\n".join(text.strip().splitlines()[:-1])
    if kind == "seki":
        rotors = registry.get("seki").parse(text).rotors
        return "#seki\n" + "".join(rotors[3 * (2 - c) + r] for r in range(3) for c in range(3))
    from solvers.number_workout.geometry import MIRRORS
    from solvers.number_workout.parse import lines_text
    clues = registry.get("nw").parse(text).clues
    return "#nw\n" + lines_text(tuple(clues[MIRRORS[1][cell]] for cell in range(len(clues))))


@pytest.mark.parametrize("kind", ["gogen", "seki", "nw"])
async def test_changed_race_puzzles_of_other_kinds_are_refused(client, kind):
    _, puzzle, race = await start_race(client, kind)
    variant = turned(kind, puzzle)
    assert registry.get(kind).canonical(registry.get(kind).parse(variant)) != \
        registry.get(kind).canonical(registry.get(kind).parse(puzzle))
    told = await said(client, BOB, variant, BOB)
    assert told["text"].startswith(f"{REFUSED}{race}'s puzzle"), told
    solved = await said(client, MALLORY, variant, MALLORY, sent_as="photo")
    assert solved["caption"], solved  # answered as usual, with its picture
    await stop_race(client)


async def test_an_outsider_cannot_join_or_submit(client):
    photo, puzzle, race = await start_race(client, "seki")
    kind = registry.get("seki")
    parsed = kind.parse(puzzle)
    solution = kind.format_solution(parsed, kind.solve(parsed, Limits.within(20)).found[0])
    join = photo["reply_markup"]["inline_keyboard"][0][0]["callback_data"]
    pressed = await client.press(GROUP, MALLORY, photo["message_id"], join)
    answer = await client.callback_answer(pressed["callback_query_id"])
    assert answer["text"].startswith(f"Race #{race} is for the members of its group")
    # a forged press under a message of her own private chat
    mine = await said(client, MALLORY, "/help", MALLORY)
    forged = await client.press(MALLORY, MALLORY, mine["message_id"], join, forged=True)
    answer = await client.callback_answer(forged["callback_query_id"])
    assert answer["text"] == f"Join race #{race} with the button under it in its group."
    refused = await said(client, MALLORY, f"/submit {race}\n{solution}", MALLORY)
    assert refused["text"].startswith(f"Race #{race} is for the members of its group")
    # Bob, a member, joins and finishes; an edited /submit is no new attempt
    pressed = await client.press(GROUP, BOB, photo["message_id"], join)
    assert (await client.callback_answer(pressed["callback_query_id"]))["text"].startswith(
        f"You're in race #{race}.")
    wrong = await client.send(BOB, f"/submit {race}\n0000\n0000\n0000\n0000", user_id=BOB)
    first = await client.wait_for(BOB, after=wrong["message_id"])
    assert first["text"].startswith(f"Not yet, race #{race}")
    await client.edit(BOB, wrong["message_id"], f"/submit {race}\n{solution}", user_id=BOB)
    edited = await client.wait_for(BOB, after=first["message_id"])
    assert edited["text"].startswith("An edited /submit does not count")
    right = await said(client, BOB, f"/submit {race}\n{solution}", BOB)
    assert f"You finished race #{race} 1st" in right["text"]
    over = await client.wait_for(GROUP, after=photo["message_id"] + 1, timeout=20)
    while not over["text"].startswith(f"Race #{race} is over"):
        over = await client.wait_for(GROUP, after=over["message_id"], timeout=20)
    assert "Mallory" not in over["text"] and "User 666" not in over["text"]


async def quiz_letters(client: SandboxClient, chat: int, user: int) -> tuple[str, dict]:
    """Start a one-round quiz in `chat`: the round's letters and its message."""
    started = await said(client, chat, "/quiz rounds=1 seconds=120", user)
    shown = await client.wait_for(chat, after=started["message_id"], sent_as="photo",
                                  timeout=120)  # the round is made in a worker
    while "unscramble" not in (shown.get("caption") or ""):
        shown = await client.wait_for(chat, after=shown["message_id"], sent_as="photo",
                                      timeout=120)
    return "".join(shown["caption"].splitlines()[1].split()).lower(), shown


async def test_the_quiz_letters_are_held_from_its_players(client):
    letters, shown = await quiz_letters(client, GROUP, ALICE)
    held = "No anagram help with the letters of quiz #"
    told = await said(client, BOB, f"anagram {letters}", BOB)
    assert told["text"].startswith(held)
    hinted = await said(client, BOB, f"/hint {letters}", BOB)
    assert hinted["text"].startswith(held)
    typed = await client.inline(BOB, letters)
    answer = await client.inline_answer(typed["update_id"])
    assert [r["id"] for r in answer["results"]] == ["held"]
    outsider = await said(client, MALLORY, f"anagram {letters}", MALLORY)
    assert not (outsider.get("text") or "").startswith(held)
    # an edit to the right letters is no guess
    guess = await client.send(GROUP, "z" * len(letters), user_id=CAROL)
    await client.edit(GROUP, guess["message_id"], letters, user_id=CAROL)
    edited = await client.wait_for(GROUP, after=guess["message_id"])
    assert edited["text"].startswith("Edited messages are not guesses")
    stopped = await said(client, GROUP, "/stop", ALICE)
    assert "stopped by Alice" in stopped["text"]


async def test_a_private_quiz_does_not_answer_its_own_letters(client):
    letters, _ = await quiz_letters(client, CAROL, CAROL)
    # (a plain message there is a guess; the command asks the solver)
    asked = await client.send(CAROL, f"/anagram {letters}", user_id=CAROL)
    # a timed hint of the round may come first
    await reply_with(client, CAROL, asked["message_id"], "No anagram help with the letters")
    stopped = await client.send(CAROL, "/stop", user_id=CAROL)
    await reply_with(client, CAROL, stopped["message_id"], "stopped by Carol")


async def test_inline_mode_keeps_up_with_typing(tmp_path):
    """Four keystrokes a second, 15 of them (more than the rate limit's burst, on a bot of
    its own with the usual limit): the whole phrase gets its answers."""
    phrase = "a decimal point"
    sent = []
    async with (running_in_sandbox(bot_config(tmp_path)) as bot,
                SandboxClient(bot.url) as client):
        for end in range(1, len(phrase) + 1):
            sent.append(await client.inline(MALLORY, phrase[:end]))
            await asyncio.sleep(0.25)
        last = await client.inline_answer(sent[-1]["update_id"], wait=30)
    assert last["answered"] and any(r["id"].startswith("answer-") for r in last["results"])


def with_a_wrong_guess(kind_name: str, text: str) -> str:
    """The race's puzzle with one guessed digit added where it has none, a wrong one: the
    oracle of issue 38 (a wrong guess got "no solution", a right one the refusal)."""
    kind = registry.get(kind_name)
    parsed = kind.parse(text)
    solution = kind.solve(parsed, Limits.within(20)).found[0]
    if kind_name == "sudoku":
        givens = list(parsed.givens)
        blank = givens.index(0)
        givens[blank] = solution[blank] % 9 + 1
        return sudoku_text(givens)
    from solvers.number_workout.parse import lines_text
    clues = list(parsed.clues)
    blank = clues.index(0)
    clues[blank] = solution[blank] % 6 + 1
    return "#nw\n" + lines_text(tuple(clues))


@pytest.mark.parametrize("kind", ["sudoku", "nw"])
async def test_a_race_puzzle_with_a_guessed_digit_added_is_the_race_puzzle(client, kind):
    _, puzzle, race = await start_race(client, kind)
    try:
        guessed = with_a_wrong_guess(kind, puzzle)
        told = await said(client, BOB, guessed, BOB)
        assert (told.get("text") or "").startswith(f"{REFUSED}{race}'s puzzle"), told
        hinted = await said(client, BOB, f"/hint\n{guessed}", BOB)
        assert (hinted.get("text") or "").startswith(f"{REFUSED}{race}'s puzzle"), hinted
        # to anyone else it is an unsolvable puzzle, and said so
        solved = await said(client, MALLORY, guessed, MALLORY)
        assert "no solution" in (solved.get("caption") or solved.get("text") or ""), solved
    finally:
        await stop_race(client)


async def test_the_quiz_letters_with_more_are_held_too(client):
    letters, _ = await quiz_letters(client, GROUP, ALICE)
    held = "No anagram help with the letters of quiz #"
    try:
        for query in (f"anagram {letters}a pattern={len(letters)},1",
                      f"/anagram {letters}s", f"anagram {letters}e with={letters[0]}",
                      f"anagram {letters[:-1]}?x"):
            told = await said(client, BOB, query, BOB)
            assert (told.get("text") or "").startswith(held), (query, told)
        typed = await client.inline(BOB, f"{letters}a pattern={len(letters)},1")
        answer = await client.inline_answer(typed["update_id"])
        assert [r["id"] for r in answer["results"]] == ["held"]
    finally:
        stopped = await said(client, GROUP, "/stop", ALICE)
        assert "stopped by Alice" in stopped["text"]


async def test_a_failed_membership_lookup_keeps_the_race_puzzle_from_a_member(client):
    """getChatMember failing (errors 500) during a race: a member of its group who has
    not joined is not taken for an outsider; fair play fails closed."""
    dave = 104
    await client.send(GROUP, "hello all", user_id=dave)  # a member of the group
    _, puzzle, race = await start_race(client, "sudoku")
    try:
        await client.fault("getChatMember", count=20, error_code=500)
        told = await said(client, dave, sudoku_variants(puzzle)["rotated"], dave)
        assert (told.get("text") or "").startswith(f"{REFUSED}{race}'s puzzle"), told
    finally:
        await client.clear_faults()
        await stop_race(client)


def gogen_without_givens(text: str, change: str) -> str:
    """The race's Gogen with every given taken away and its words changed: each reversed,
    or one short word the answer spells added."""
    kind = registry.get("gogen")
    parsed = kind.parse(text)
    words = list(parsed.words)
    if change == "reversed":
        words = [word[::-1] for word in words]
    else:
        words.append(kind.solve(parsed, Limits.within(20)).found[0][:3])
    return "\n".join(["#gogen", *["." * parsed.size] * parsed.size, *words])


async def test_a_gogen_without_givens_and_other_words_is_the_race_puzzle(client):
    _, puzzle, race = await start_race(client, "gogen")
    try:
        for change in ("reversed", "one added"):
            told = await said(client, BOB, gogen_without_givens(puzzle, change), BOB)
            assert (told.get("text") or "").startswith(f"{REFUSED}{race}'s puzzle"), told
    finally:
        await stop_race(client)


def more_data(message: dict) -> str:
    """The callback data of the More button under an answer."""
    return next(button["callback_data"] for row in message["reply_markup"]["inline_keyboard"]
                for button in row if button["callback_data"].startswith("more:"))


async def test_a_more_token_acts_only_under_its_own_message(client, caplog):
    """A page token read under an anagram answer, pressed (forged) under the group's race
    post, changes nothing there; pressed under a text message, it logs no traceback."""
    photo, _, race = await start_race(client, "seki")
    try:
        answer = await said(client, ALICE, "anagram schoolmaster", ALICE, sent_as="photo")
        token = more_data(answer).rsplit(":", 1)[0]
        pressed = await client.press(GROUP, ALICE, photo["message_id"], f"{token}:1",
                                     forged=True)
        await client.callback_answer(pressed["callback_query_id"])
        post = await now(client, GROUP, photo["message_id"])
        assert post["caption"] == photo["caption"]
        assert post["reply_markup"] == photo["reply_markup"]
        text = await said(client, ALICE, "/help", ALICE)
        caplog.clear()
        with caplog.at_level(logging.WARNING):
            pressed = await client.press(ALICE, ALICE, text["message_id"], f"{token}:0",
                                         forged=True)
            await client.callback_answer(pressed["callback_query_id"])
            await asyncio.sleep(0.5)  # anything the press logs is logged by now
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
        # the answer's own button still pages it
        pressed = await client.press(ALICE, ALICE, answer["message_id"], more_data(answer))
        await client.callback_answer(pressed["callback_query_id"])
        paged = await now(client, ALICE, answer["message_id"])
        assert paged["caption"] != answer["caption"]
    finally:
        await stop_race(client)


async def test_hint_and_check_in_reply_to_the_race_picture_find_its_puzzle(client):
    """During the race its players are refused (not told the puzzle is forgotten); once
    it is over, /hint in reply to its picture gives the puzzle's first step."""
    photo, _, race = await start_race(client, "sudoku")
    try:
        for command in ("/hint", "/check\n" + "1" * 81):
            sent = await client.send(GROUP, command, user_id=BOB,
                                     reply_to_message_id=photo["message_id"])
            told = await client.wait_for(GROUP, after=sent["message_id"])
            assert (told.get("text") or "").startswith(f"{REFUSED}{race}'s puzzle"), told
    finally:
        await stop_race(client)
    sent = await client.send(GROUP, "/hint", user_id=BOB, reply_to_message_id=photo["message_id"])
    hinted = await client.wait_for(GROUP, after=sent["message_id"])
    assert "no longer keep" not in (hinted.get("text") or hinted.get("caption") or "")
    assert hinted["reply_markup"]["inline_keyboard"], hinted  # the hint ladder's buttons
