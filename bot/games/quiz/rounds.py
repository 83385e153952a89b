"""The quiz's rounds: each made in a worker and posted, its hints and its end set as
jobs, kept live in the chat's memory for quick judging and held back from its players
(bot/race_guard.py); the ranking at the end."""

from __future__ import annotations

import logging
import math
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from solvers.values import PuzzleError

from ... import race_guard
from ...ask import Ask
from ...context import App, BotData, Context, jobs_of
from ...database import StoreUnavailable
from ...i18n import _, speaking
from ...members import may_be_member
from ...spoken import chat_language
from ...work.anagram_jobs import RoundSetup, quiz_round
from ...work.errors import JobTimeout, WorkerDied
from ..common import (
    chat_lock,
    game_store,
    games_of,
    medal,
    say,
    show_photo,
)
from ..store import Game
from .rules import ROUND_TIMEOUT, language_of_game, pause_for, points_text, round_seed, rounds_text

log = logging.getLogger(__name__)


@dataclass
class LiveRound:
    """The open round of a chat, in memory while it runs (with its game, so that the
    round can end even when the database cannot be read)."""

    game: Game
    number: int
    letters: str
    answer: str
    topic: str | None
    started: float
    deadline: float
    setup: RoundSetup
    #: who was told that an edit is no guess (once a round)
    told_edits: set[int] = field(default_factory=set)

    @property
    def game_id(self) -> int:
        return self.game.id


def job_name(chat_id: int) -> str:
    return f"quiz:{chat_id}"


def cancel_jobs(application: App, chat_id: int) -> None:
    for job in jobs_of(application).get_jobs_by_name(job_name(chat_id)):
        job.schedule_removal()


#: what a quiz job runs: a hint, the end of a round's time, the next round
JobCallback = Callable[[Context], Coroutine[Any, Any, None]]


@dataclass(frozen=True)
class Timer:
    """What a quiz job carries: its chat, and the game and round it was set for."""

    chat_id: int
    game_id: int
    number: int


def schedule(application: App, callback: JobCallback, delay: float, chat_id: int,
             game_id: int, number: int) -> None:
    jobs_of(application).run_once(callback, delay, chat_id=chat_id, data=(game_id, number),
                                  name=job_name(chat_id))


def timer_of(context: Context) -> Timer:
    """The chat, game and round of the job that is running (set by `schedule`)."""
    job = context.job
    if job is None or job.chat_id is None or not isinstance(job.data, tuple):
        raise TypeError("a quiz job without its round")
    game_id, number = job.data
    return Timer(job.chat_id, game_id, number)


# Rounds -------------------------------------------------------------------------------

async def start_round(application: App, game: Game, number: int) -> None:
    """Make the round's challenge in a worker, post it and set its timers."""
    chat_id = game.chat_id
    settings = game.settings
    pool = application.bot_data.services.pool
    setup = None
    for attempt in range(2):
        try:
            setup = await pool.submit(quiz_round, settings["topic"], settings["difficulty"],
                                      round_seed(settings["seed"], number) + attempt,
                                      language_of_game(settings), timeout=ROUND_TIMEOUT)
            break
        except (JobTimeout, WorkerDied, PuzzleError) as error:
            log.warning("quiz round could not be made: %s", error)
    games = game_store(application.bot_data)
    if games is None:  # no database: no game to go on with
        return
    async with chat_lock(application, chat_id):
        try:
            current = await games.game(game.id)
        except StoreUnavailable as error:
            await _end_without_store(application, game.id, chat_id, error)
            return
        if current is None or current.state != "running":
            return  # stopped meanwhile
        if setup is None:
            await games.end_game(game.id, "stopped")
            await say(application, chat_id,
                      _("I could not make the next round, so the quiz ends here.") + "\n"
                      + await ranking_text(application, game.id))
            return
        seconds = settings["seconds"]
        started = time.time()
        await games.add_round(game.id, number, setup.letters, setup.answer,
                              started, started + seconds)
        live = LiveRound(game, number, setup.letters, setup.answer, settings["topic"],
                         started, started + seconds, setup)
        _rounds(application, chat_id).live = live
        application.bot_data.own(_Open)[chat_id] = live
        for share, callback in ((1 / 3, first_hint), (2 / 3, second_hint), (1, time_up)):
            schedule(application, callback, seconds * share, chat_id, game.id, number)
    await show_photo(
        application, chat_id, setup.picture,
        _("Round {round} of {rounds}: unscramble").format(round=number,
                                                         rounds=settings["rounds"])
        + f"\n{' '.join(setup.letters)}\n"
        + _("({count} letters{topic}, {seconds} s)").format(
            count=len(setup.letters), topic=topic_note(settings["topic"]), seconds=seconds))


def topic_note(topic: str | None) -> str:
    """`, topic countries` after a game's or round's settings; empty without a topic."""
    return _(", topic {topic}").format(topic=topic) if topic else ""


@dataclass
class _Rounds:
    """A chat's quiz round in memory, in its `chat_data`: the open one, if any."""

    live: LiveRound | None = None


def _rounds(application: App, chat_id: int) -> _Rounds:
    return application.chat_data[chat_id].own(_Rounds)


def live_round(application: App, chat_id: int) -> LiveRound | None:
    """The chat's open round, for quick judging. Every text in every chat asks, so this
    makes no `chat_data` for a chat that has none."""
    chat = application.chat_data.get(chat_id)
    return chat.own(_Rounds).live if chat is not None else None


def take_live(application: App, chat_id: int) -> LiveRound | None:
    """Under the chat's lock: the open round, which is open no more."""
    rounds = _rounds(application, chat_id)
    live, rounds.live = rounds.live, None
    application.bot_data.own(_Open).pop(chat_id, None)
    return live


class _Open(dict[int, LiveRound]):
    """Every chat's open round, by chat (in `bot_data`): what `round_hold` looks through."""


async def round_hold(context: Context, user_id: int, chat_id: int | None,
                     ask: Ask) -> str | None:
    """A hold of the race guard: an anagram query that holds an open round's letters (all
    of them, some as blanks, maybe more) is not answered in the quiz's chat nor to its members."""
    rounds = context.bot_data.own(_Open)
    if not rounds or ask.kind.name != "anagram":
        return None
    query = ask.puzzle
    for quiz_chat, live in list(rounds.items()):
        if (holds_letters(live.letters, query.letters, query.blanks)
                and (chat_id == quiz_chat or await may_be_member(context.bot, quiz_chat, user_id))):
            left = max(0, math.ceil(live.deadline - time.time()))
            return _("No anagram help with the letters of quiz #{game}, round {round}, for "
                     "its players until the round ends (in {seconds} s).").format(
                game=live.game.number, round=live.number, seconds=left)
    return None


def holds_letters(letters: str, asked: str, blanks: int) -> bool:
    """Whether a query could spell the round's answer: its letters hold every one of the
    round's, but for as many as it has blanks, whatever else it has besides (the letters
    plus one give the answer with one more word: `pattern=7,1`)."""
    missing = Counter(letters.lower()) - Counter(asked.lower())
    return missing.total() <= blanks


def add_hold(bot_data: BotData) -> None:
    """Keep open rounds' letters from their players (bot/race_guard.py)."""
    race_guard.add_hold(bot_data, round_hold)


async def _live(application: App, timer: Timer) -> LiveRound | None:
    """The chat's live round if it is the one a job was set for."""
    live = live_round(application, timer.chat_id)
    if live is None or (live.game_id, live.number) != (timer.game_id, timer.number):
        return None
    return live


async def first_hint(context: Context) -> None:
    await _hint(context, 1)


async def second_hint(context: Context) -> None:
    await _hint(context, 2)


async def chat_speech(context: Context) -> str:
    """The language of a quiz job's chat (the group's choice; a job has no update)."""
    return await chat_language(context.bot_data, timer_of(context).chat_id)


async def _hint(context: Context, which: int) -> None:
    timer = timer_of(context)
    async with chat_lock(context.application, timer.chat_id):  # never after the round's end
        live = await _live(context.application, timer)
        if live is None:
            return
        text = live.setup.first_hint if which == 1 else live.setup.second_hint
        left = max(0, round(live.deadline - time.time()))
        with speaking(await chat_speech(context)):
            await say(context.application, timer.chat_id,
                      _("Hint {number} ({seconds} s left): {hint}").format(
                          number=which, seconds=left, hint=text))


async def time_up(context: Context) -> None:
    """The round's time is over: show the answer and move on."""
    application = context.application
    timer = timer_of(context)
    async with chat_lock(application, timer.chat_id):
        live = await _live(application, timer)
        if live is None:
            return
        with speaking(await chat_speech(context)):
            text = _("Time's up for round {round}!").format(round=live.number)
        await close_round(application, live.game, live, "timeout",
                           f"{text} {live.setup.reveal}")


async def close_round(application: App, game: Game, live: LiveRound, state: str,
                       text: str) -> None:
    """Under the chat's lock: close an open round, say how it ended, plan what is next."""
    chat_id = game.chat_id
    take_live(application, chat_id)
    cancel_jobs(application, chat_id)
    await games_of(application.bot_data).close_round(game.id, live.number, state)
    await say(application, chat_id, text)
    plan_next(application, game, live.number)


def plan_next(application: App, game: Game, number: int) -> None:
    """After round `number`: the next round after a pause, or the end of the game."""
    schedule(application, after_round, pause_for(game.settings["seconds"]), game.chat_id,
             game.id, number)


async def after_round(context: Context) -> None:
    """A round is over: the next one (its challenge made in the chat's language) or the
    game's end with its ranking."""
    with speaking(await chat_speech(context)):
        await _after_round(context)


async def _after_round(context: Context) -> None:
    application = context.application
    timer = timer_of(context)
    game_id, number = timer.game_id, timer.number
    games = game_store(application.bot_data)
    if games is None:  # no database: no game to go on with
        return
    try:
        game = await games.game(game_id)
    except StoreUnavailable as error:
        await _end_without_store(application, game_id, timer.chat_id, error)
        return
    if game is None or game.state != "running":
        return
    if number < game.settings["rounds"]:
        await start_round(application, game, number + 1)
        return
    async with chat_lock(application, game.chat_id):
        if not await games.end_game(game.id, "finished"):
            return
    await say(application, game.chat_id,
              _("Quiz #{game} is over!").format(game=game.number) + "\n"
              + await ranking_text(application, game.id))


async def _end_without_store(application: App, game_id: int, chat_id: int,
                             error: StoreUnavailable) -> None:
    """The database cannot even be read: end the game (written when it can be) and say
    so, rather than leave the chat waiting for a round that never comes (named by its
    number when its open round, in memory, still has it)."""
    log.warning("quiz %s ends, the database is unavailable: %s", game_id, error)
    live = take_live(application, chat_id)
    cancel_jobs(application, chat_id)
    await games_of(application.bot_data).end_game(game_id, "stopped")
    said = (_("My database is unavailable, so quiz #{game} ends here.").format(
                game=live.game.number) if live is not None and live.game_id == game_id
            else _("My database is unavailable, so the quiz ends here."))
    await say(application, chat_id, said + "\n" + await ranking_text(application, game_id))


# Scores -------------------------------------------------------------------------------

async def ranking_text(application: App, game_id: int) -> str:
    """The game's ranking with its winner named."""
    try:
        scores = await games_of(application.bot_data).scores(game_id)
    except StoreUnavailable:
        return _("The scores cannot be read just now; /top shows them later.")
    if not scores:
        return _("Nobody scored this time: the letters won.")
    lines = [f"{medal(n)} {s.name}: " + _("{points} ({rounds})").format(
        points=points_text(s.points), rounds=rounds_text(s.rounds_won))
        for n, s in enumerate(scores, 1)]
    best = [s.name for s in scores if s.points == scores[0].points]
    winner = (_("The winner is {name}!").format(name=best[0]) if len(best) == 1
              else _("A tie between {names}!").format(names=_(" and ").join(best)))
    return "\n".join([winner, *lines])
