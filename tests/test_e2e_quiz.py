"""End to end: anagram quiz games in the sandbox's group chat with the real bot and
several simulated users: right, wrong and alternative answers, timed hints, a round
nobody answers, /skip and /stop rights, /top and /stats, and restarts in the middle."""

from __future__ import annotations

import random
import re
from functools import lru_cache

import pytest
from botchat import bot_config, reply_with, store_settings

from bot.__main__ import running_in_sandbox
from bot.app import Running
from bot.games.quiz.rules import points_for, round_seed
from bot.work.anagram_jobs import quiz_guess
from sandbox.client import SandboxClient
from solvers.anagram.quiz import pick_challenge
from solvers.pipeline import run

ALICE, BOB, CAROL = 101, 102, 103
GROUP = -100200300


async def round_row(bot: Running, number: int) -> tuple[str, str]:
    """(letters, answer) of the latest quiz's round, read from the bot's database."""
    rows = await bot.application.bot_data.services.store.read(
        "SELECT letters, answer FROM game_rounds WHERE number = ? "
        "ORDER BY game_id DESC LIMIT 1", (number,))
    return rows[0]


@lru_cache
def seed_with_alternative() -> tuple[int, str]:
    """A game seed whose first easy round has another one-word answer, and that answer."""
    for seed in range(200):
        challenge = pick_challenge(None, "easy", random.Random(round_seed(seed, 1)))
        found = run(f"anagram {challenge.letters}", render=False).solutions
        others = [w for w in found if " " not in w and w != challenge.answer
                  and quiz_guess(challenge.letters, w, None, 1)]
        if others:
            return seed, others[0]
    raise AssertionError("no easy challenge with a second answer among 200 seeds")


async def send_and_wait(client: SandboxClient, text: str, user: int, sent_as: str | None = None,
                        chat: int = GROUP, timeout: float = 30) -> dict:
    sent = await client.send(chat, text, user_id=user)
    return await client.wait_for(chat, after=sent["message_id"], sent_as=sent_as, timeout=timeout)


async def next_from_bot(client: SandboxClient, after: int, starts: str, timeout: float = 20,
                        sent_as: str | None = None) -> dict:
    """The first bot message after `after` whose text or caption starts with `starts`."""
    while True:
        message = await client.wait_for(GROUP, after=after, sent_as=sent_as, timeout=timeout)
        body = message.get("text") or message.get("caption") or ""
        if body.startswith(starts):
            return message
        after = message["message_id"]


def assert_points_follow_the_time(text: str, seconds: int) -> None:
    """The points are the ones the time shown earns (shown to 0.1 s, so either rounding);
    how fast the shared machine lets the answer through is not the test's business."""
    found = re.search(r"got it in (\d+\.\d) s: .*\+(\d+) points", text)
    assert found, text
    shown, points = float(found.group(1)), int(found.group(2))
    assert points in {points_for(shown - 0.05, seconds), points_for(shown + 0.05, seconds)}


async def test_a_whole_quiz_with_every_kind_of_answer(tmp_path):
    seed, alternative = seed_with_alternative()
    config = bot_config(tmp_path, solve_timeout=30)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        intro = await send_and_wait(
            client, f"/quiz rounds=3 seconds=4 difficulty=easy seed={seed}", ALICE)
        assert intro["text"].startswith("Anagram quiz #1 by Alice: 3 rounds of 4 s, easy")
        photo = await client.wait_for(GROUP, after=intro["message_id"], sent_as="photo")
        letters, answer = await round_row(bot, 1)
        assert photo["caption"].startswith(f"Round 1 of 3: unscramble\n{' '.join(letters)}")
        assert alternative != answer

        # a wrong guess gets no reply; another real word with those letters wins the round
        wrong = await client.send(GROUP, "zzzzz", user_id=BOB)
        scrambled = letters.lower()  # the right letters, but not a word (checked here)
        assert not quiz_guess(letters, scrambled, None, 1)
        also_wrong = await client.send(GROUP, scrambled, user_id=BOB)
        sent = await client.send(GROUP, alternative, user_id=CAROL)
        won = await reply_with(client, GROUP, sent["message_id"], "✅ ")  # a hint may come first
        assert won["text"].startswith("✅ Carol got it in ")
        assert f"{alternative.upper()} (I had {answer.upper()})" in won["text"]
        assert_points_follow_the_time(won["text"], seconds=4)
        page = await client.messages(GROUP, after=wrong["message_id"])
        replies = [m for m in page["messages"] if m["from"]["is_bot"]
                   and m["message_id"] < won["message_id"]
                   and not (m.get("text") or "").startswith("Hint ")]  # timed, not replies
        assert replies == [], "wrong guesses must get no reply"
        assert also_wrong["message_id"] < won["message_id"]

        # round 2: nobody answers: two timed hints, then the answer when time is up
        photo = await next_from_bot(client, won["message_id"], "Round 2 of 3", sent_as="photo")
        letters, answer = await round_row(bot, 2)
        hint1 = await next_from_bot(client, photo["message_id"], "Hint 1")
        assert f"{len(letters)} letters" in hint1["text"]
        hint2 = await next_from_bot(client, hint1["message_id"], "Hint 2")
        assert f"It starts with {answer[0].upper()}" in hint2["text"]
        over = await next_from_bot(client, hint2["message_id"], "Time's up for round 2!")
        assert f"The answer: {answer.upper()}" in over["text"]

        # round 3: the bot's own word, then the closing ranking names the winner
        photo = await next_from_bot(client, over["message_id"], "Round 3 of 3", sent_as="photo")
        letters, answer = await round_row(bot, 3)
        won = await send_and_wait(client, answer.upper(), ALICE)
        assert won["text"].startswith("✅ Alice got it") and "I had" not in won["text"]
        end = await next_from_bot(client, won["message_id"], "Quiz #1 is over!")
        assert "The winner is " in end["text"] or "A tie between" in end["text"]
        assert "Alice" in end["text"] and "Carol" in end["text"]

        top = await send_and_wait(client, "/top", BOB)
        assert top["text"].startswith("Quiz #1 (ended):")
        assert "All-time in this chat:" in top["text"]
        assert "Carol" in top["text"] and "Alice" in top["text"]
        stats = await send_and_wait(client, "/stats", CAROL)
        assert stats["text"].startswith("Carol, your record in this chat:")
        assert "Quiz: 1 game scored in" in stats["text"] and "1 round won" in stats["text"]


async def test_options_one_game_at_a_time_skip_and_stop_rights(tmp_path):
    config = bot_config(tmp_path, solve_timeout=30)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        bad = await send_and_wait(client, "/quiz rounds=0", BOB)
        assert bad["text"].startswith("Quiz: rounds must be a whole number from 1 to 30")
        bad = await send_and_wait(client, "/quiz topic=dinosaurs", BOB)
        assert "topic 'dinosaurs' is not a topic I know" in bad["text"]
        bad = await send_and_wait(client, "/quiz speed=9", BOB)
        assert "'speed' is not an option I know" in bad["text"]
        none = await send_and_wait(client, "/stop", BOB)
        assert none["text"].startswith("No quiz is running here")

        intro = await send_and_wait(client, "/quiz rounds=5 seconds=60 topic=countries", BOB)
        assert "topic countries" in intro["text"]
        photo = await client.wait_for(GROUP, after=intro["message_id"], sent_as="photo")
        assert "topic countries" in photo["caption"]
        again = await send_and_wait(client, "/quiz", CAROL)
        assert again["text"].startswith("A quiz is already running here (round 1 of 5)")

        refused = await send_and_wait(client, "/skip", CAROL)
        assert refused["text"].startswith("Only the quiz's starter or a chat admin")
        _, answer = await round_row(bot, 1)
        skipped = await send_and_wait(client, "/skip", BOB)  # the starter
        assert skipped["text"].startswith("Round 1 skipped.")
        assert answer.upper() in skipped["text"]
        await next_from_bot(client, skipped["message_id"], "Round 2 of 5", sent_as="photo")

        refused = await send_and_wait(client, "/stop", CAROL)
        assert refused["text"].startswith("Only the quiz's starter or a chat admin")
        stopped = await send_and_wait(client, "/stop", ALICE)  # the group's creator
        assert "Quiz #1 stopped by Alice." in stopped["text"]
        assert "Nobody scored this time" in stopped["text"]
        later = await client.messages(GROUP, after=stopped["message_id"], wait=2)
        assert not [m for m in later["messages"] if m["from"]["is_bot"]]


@pytest.mark.parametrize("rounds, outcome, store_location", [
    (3, "The quiz resumes with round 3 of 3.", "sqlite"),
    (2, "The quiz ends here (that was the last round).", "sqlite"),
    (3, "The quiz resumes with round 3 of 3.", "postgresql"),
], indirect=["store_location"])
async def test_a_restart_keeps_the_scores_and_says_what_happens(tmp_path, rounds, outcome,
                                                                 store_location):
    config = bot_config(tmp_path, solve_timeout=30, **store_settings(store_location))
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        intro = await send_and_wait(client, f"/quiz rounds={rounds} seconds=30 difficulty=easy",
                                    ALICE)
        await client.wait_for(GROUP, after=intro["message_id"], sent_as="photo")
        _, answer = await round_row(bot, 1)
        won = await send_and_wait(client, answer, BOB)
        assert won["text"].startswith("✅ Bob got it")
        await next_from_bot(client, won["message_id"], f"Round 2 of {rounds}", sent_as="photo")
        _, cut_answer = await round_row(bot, 2)

    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        note = await next_from_bot(client, 0, "I was restarted in the middle of this quiz.")
        assert f"Round 2 was cut short; the answer was {cut_answer.upper()}." in note["text"]
        assert "Scores so far are kept: Bob " in note["text"]
        assert outcome in note["text"]
        if rounds == 3:
            await next_from_bot(client, note["message_id"], "Round 3 of 3", sent_as="photo")
            top = await send_and_wait(client, "/top", CAROL)
            assert top["text"].startswith("Quiz #1 (round 3 of 3):") and "Bob" in top["text"]
        else:
            assert "The winner is Bob!" in note["text"]
