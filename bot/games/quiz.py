"""The anagram quiz: rounds of scrambled letters in a group, answered with plain messages.

`/quiz [rounds=10] [seconds=45] [topic=countries] [difficulty=medium] [seed=N]` starts a
*game* of several *rounds*. Each round posts the letters (text and the letters-in-a-ring
picture); the first valid answer wins it, with points by speed; hints follow by
themselves at one third and two thirds of the time (the job queue); when time is up the
answer is shown and the next round starts. A round's challenge and hints are made in a
worker (the lexicon lives there); guesses whose letters already match are judged there
too, so the event loop never touches the lexicon.

State: the game, its rounds and scores are rows in the store (bot/games/store.py), so a
restart loses nothing: `resume` closes the round that was cut short, then goes on with
the next one or ends the game with its ranking, and says which. The live round of each
chat (letters, answer, hint texts) is also kept in memory, in the chat's `chat_data`,
for quick judging.

Fair play: while a round runs, its letters get no anagram answers, hints or inline
results for the members of the quiz's chat, nor in that chat (`round_hold`, a hold of
bot/race_guard.py); an edited message is no guess.
"""

from __future__ import annotations

import logging
import math
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import Any

from telegram import BotCommand, Update
from telegram.ext import ApplicationHandlerStop

from solvers.anagram.kind import resolve_topic
from solvers.anagram.lexicon import LANGUAGES as LEXICON_LANGUAGES
from solvers.anagram.lexicon import letters_of
from solvers.anagram.quiz import DIFFICULTIES
from solvers.texts import clip
from solvers.values import PuzzleError

from .. import race_guard
from ..ask import Ask
from ..context import App, BotData, Context, jobs_of, message_of, sender_of
from ..i18n import N_, _, current, ngettext, speaking
from ..language import chat_language
from ..members import may_be_member
from ..store import StoreUnavailable
from ..work.anagram_jobs import RoundSetup, quiz_guess, quiz_round
from ..work.errors import JobTimeout, WorkerDied
from .common import (
    NO_STORE,
    chat_lock,
    difficulty_word,
    game_store,
    games_of,
    int_option,
    may_steer,
    medal,
    parse_options,
    player_name,
    say,
    show_photo,
)
from .store import Game

log = logging.getLogger(__name__)

#: this game in the games table (column `game`)
GAME = "quiz"
#: the lines of /help about the quiz
HELP = N_("/quiz: an anagram quiz (rounds=10 seconds=45 topic=countries difficulty=easy)\n"
          "/skip, /stop: for the quiz's (or race's) starter or an admin\n")
#: its entry in the command menu
MENU = [BotCommand("quiz", N_("Anagram quiz in a group: /quiz rounds=5 seconds=30"))]
OPTIONS = ("rounds", "seconds", "topic", "difficulty", "seed", "lang")
USAGE = N_("Usage: /quiz [rounds=10] [seconds=45] [topic=countries] [difficulty=medium]\n"
           "rounds 1-30, seconds 3-600, difficulty easy, medium or hard; "
           "seed=N replays the same words.")
#: points for an answer given at once; one point for one given at the last moment
MAX_POINTS = 10
#: seconds a round's challenge and hints may take in a worker (a 2 s word search inside)
ROUND_TIMEOUT = 20.0
#: seconds a guess may take to judge
GUESS_TIMEOUT = 5.0
#: a game idle longer than this when the bot starts again is ended, not resumed
RESUME_WITHIN = 15 * 60
#: text that may be a guess: letters, spaces, apostrophes and hyphens, a few words
GUESS = re.compile(r"^\s*[A-Za-zÀ-ÖØ-öø-ÿ'-]+(\s+[A-Za-zÀ-ÖØ-öø-ÿ'-]+){0,3}\s*$")  # äöüßñé


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


def same_letters(letters: str, guess: str) -> bool:
    return sorted(letters_of(guess)) == sorted(letters.lower())


def points_for(seconds_taken: float, seconds: float) -> int:
    """MAX_POINTS for an answer at once, falling to 1 at the end of the round."""
    left = max(0.0, 1.0 - seconds_taken / seconds)
    return max(1, math.ceil(MAX_POINTS * left))


def pause_for(seconds: int) -> float:
    """Seconds between one round's end and the next round."""
    return min(3.0, max(0.5, seconds / 10))


def round_seed(seed: int, number: int) -> int:
    """The seed of one round's challenge: the same game seed gives the same words."""
    return random.Random(f"{seed}:{number}").randrange(2**32)


def language_of_game(settings: dict) -> str:
    """The lexicon's language of a quiz (English for games begun before there was one)."""
    return str(settings.get("lang", "en"))


def parse_settings(args: list[str]) -> dict:
    """The game's settings from the command's words; ValueError for bad ones."""
    options = parse_options(args, OPTIONS, {d: "difficulty" for d in DIFFICULTIES})
    difficulty = options.get("difficulty", "medium")
    if difficulty not in DIFFICULTIES:
        raise ValueError(_("difficulty must be easy, medium or hard, not '{difficulty}'")
                         .format(difficulty=clip(difficulty)))
    topic = None
    if "topic" in options:
        try:
            topic = resolve_topic(options["topic"], 1)
        except PuzzleError as error:
            raise ValueError(error.message) from None
    lang = options.get("lang", current()).lower()
    if lang not in LEXICON_LANGUAGES:
        raise ValueError(_("lang must be one of {languages}, not '{lang}'").format(
            languages=", ".join(LEXICON_LANGUAGES), lang=clip(lang)))
    if topic and lang != "en":
        raise ValueError(_("the topics are lists of English names: no topic= with lang={lang}")
                         .format(lang=lang))
    return {
        "lang": lang,
        "rounds": int_option(options, "rounds", 10, 1, 30),
        "seconds": int_option(options, "seconds", 45, 3, 600),
        "topic": topic,
        "difficulty": difficulty,
        "seed": int_option(options, "seed", random.randrange(10**6), 0, 10**9),
    }


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


# Commands -----------------------------------------------------------------------------

async def quiz_command(update: Update, context: Context) -> None:
    """/quiz [options]: start a game in this chat, unless one is running."""
    message = message_of(update)
    application = context.application
    games = game_store(application.bot_data)
    if games is None:
        await message.reply_text(_(NO_STORE))
        return
    try:
        settings = parse_settings(context.args or [])
    except ValueError as error:
        await message.reply_text(_("Quiz: {error}.").format(error=error) + "\n" + _(USAGE))
        return
    chat_id = message.chat_id
    async with chat_lock(application, chat_id):
        running = await games.running_game(chat_id, GAME)
        if running is not None:
            await message.reply_text(
                _("A quiz is already running here (round {round} of {rounds}). /stop ends "
                  "it; /top shows the scores.").format(round=running.round,
                                                       rounds=running.settings["rounds"]))
            return
        game = await games.create_game(chat_id, GAME, sender_of(update).id, settings)
    await message.reply_text(
        # "1 rounds" in English as it always was; translations take their own forms
        ngettext("Anagram quiz #{game} by {name}: {rounds} rounds of {seconds} s, "
                 "{difficulty}{topic}.",
                 "Anagram quiz #{game} by {name}: {rounds} rounds of {seconds} s, "
                 "{difficulty}{topic}.", settings["rounds"]).format(
            game=game.id, name=player_name(sender_of(update)), rounds=settings["rounds"],
            seconds=settings["seconds"], difficulty=difficulty_word(settings["difficulty"]),
            topic=topic_note(settings["topic"]))
        + "\n" + _("Unscramble the letters and answer with a plain message: the first right "
                   "answer wins the round, faster answers score more (up to {points} "
                   "points). Any real word that uses exactly those letters counts. Hints "
                   "come as time passes.\n/skip and /stop for the starter or an admin, /top "
                   "for the scores.").format(points=MAX_POINTS))
    await start_round(application, game, 1)


async def skip_command(update: Update, context: Context) -> None:
    """/skip: end the current round now (the starter or an admin)."""
    message = message_of(update)
    application = context.application
    game = await _steerable_game(update, context, N_("Only the quiz's starter or a chat "
                                                     "admin can skip a round."))
    if game is None:
        return
    async with chat_lock(application, message.chat_id):
        live = live_round(application, message.chat_id)
        if live is None or live.game_id != game.id:
            await message.reply_text(_("No round is open right now; the next one is coming."))
            return
        await _close_round(application, game, live, "skipped",
                           _("Round {round} skipped.").format(round=live.number) + " "
                           + live.setup.reveal)


async def stop_command(update: Update, context: Context) -> None:
    """/stop: end the game now with its ranking (the starter or an admin)."""
    message = message_of(update)
    application = context.application
    game = await _steerable_game(update, context, N_("Only the quiz's starter or a chat "
                                                     "admin can stop it."))
    if game is None:
        return
    async with chat_lock(application, message.chat_id):
        live = _take_live(application, message.chat_id)
        cancel_jobs(application, message.chat_id)
        games = games_of(application.bot_data)
        if live is not None and live.game_id == game.id:
            await games.close_round(game.id, live.number, "stopped")
        if not await games.end_game(game.id, "stopped"):
            return
    reveal = (f"{live.setup.reveal}\n" if live is not None and live.game_id == game.id
              else "")
    await say(application, message.chat_id,
              reveal + _("Quiz #{game} stopped by {name}.").format(
                  game=game.id, name=player_name(sender_of(update))) + "\n"
              + await ranking_text(application, game.id))


async def _steerable_game(update: Update, context: Context,
                          refused: str) -> Game | None:
    """The running quiz, when the sender may steer it (its starter or a chat admin);
    otherwise None, after saying why (`refused`, marked with N_)."""
    game = await _running_game_or_say(update, context)
    if game is None:
        return None
    message = message_of(update)
    if not await may_steer(context, message.chat_id, sender_of(update).id, game.starter_id):
        await message.reply_text(_(refused))
        return None
    return game


async def _running_game_or_say(update: Update, context: Context) -> Game | None:
    message = message_of(update)
    games = game_store(context.bot_data)
    if games is None:
        await message.reply_text(_(NO_STORE))
        return None
    game = await games.running_game(message.chat_id, GAME)
    if game is None:
        await message.reply_text(_("No quiz is running here. Start one: /quiz"))
    return game


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


def _take_live(application: App, chat_id: int) -> LiveRound | None:
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
                game=live.game_id, round=live.number, seconds=left)
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
        await _close_round(application, live.game, live, "timeout",
                           f"{text} {live.setup.reveal}")


async def _close_round(application: App, game: Game, live: LiveRound, state: str,
                       text: str) -> None:
    """Under the chat's lock: close an open round, say how it ended, plan what is next."""
    chat_id = game.chat_id
    _take_live(application, chat_id)
    cancel_jobs(application, chat_id)
    await games_of(application.bot_data).close_round(game.id, live.number, state)
    await say(application, chat_id, text)
    _plan_next(application, game, live.number)


def _plan_next(application: App, game: Game, number: int) -> None:
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
              _("Quiz #{game} is over!").format(game=game.id) + "\n"
              + await ranking_text(application, game.id))


async def _end_without_store(application: App, game_id: int, chat_id: int,
                             error: StoreUnavailable) -> None:
    """The database cannot even be read: end the game (written when it can be) and say
    so, rather than leave the chat waiting for a round that never comes."""
    log.warning("quiz %s ends, the database is unavailable: %s", game_id, error)
    _take_live(application, chat_id)
    cancel_jobs(application, chat_id)
    await games_of(application.bot_data).end_game(game_id, "stopped")
    await say(application, chat_id,
              _("My database is unavailable, so quiz #{game} ends here.").format(game=game_id)
              + "\n" + await ranking_text(application, game_id))


# Guesses ------------------------------------------------------------------------------

async def on_guess(update: Update, context: Context) -> None:
    """A plain message in a chat with an open round: a right answer wins it at once;
    anything else gets no reply. Runs before the generic text handler; it stops other
    handlers only for guesses, so a puzzle sent during a quiz is still solved."""
    message = update.effective_message
    if message is None or not message.text:
        return
    application = context.application
    live = live_round(application, message.chat_id)
    if live is None or not GUESS.match(message.text):
        return
    guess = " ".join(message.text.split()).lower()
    if not same_letters(live.letters, guess):
        raise ApplicationHandlerStop  # a wrong guess: no reply, and no anagram solving
    if update.edited_message is not None:  # an edit is no guess: said once a round
        editor = update.effective_user.id if update.effective_user else 0
        if editor not in live.told_edits:
            live.told_edits.add(editor)
            await message.reply_text(_("Edited messages are not guesses: send your answer "
                                       "as a new message."))
        raise ApplicationHandlerStop
    if letters_of(guess) != letters_of(live.answer) or len(guess.split()) != len(
            live.answer.split()):
        user = update.effective_user
        limiter = application.bot_data.services.limiter
        if user is not None and not limiter.allow(user.id)[0]:
            raise ApplicationHandlerStop  # judging costs a worker job: past the limit, a miss
        try:
            right = await application.bot_data.services.pool.submit(
                quiz_guess, live.letters, guess, live.topic, len(live.answer.split()),
                language_of_game(live.game.settings), timeout=GUESS_TIMEOUT)
        except (JobTimeout, WorkerDied, PuzzleError) as error:
            log.warning("guess not judged: %s", error)
            right = False
        if not right:
            raise ApplicationHandlerStop
    await _win(update, context, live, guess)
    raise ApplicationHandlerStop


async def _win(update: Update, context: Context, live: LiveRound,
               guess: str) -> None:
    application = context.application
    message = message_of(update)
    chat_id = message.chat_id
    user = sender_of(update)
    async with chat_lock(application, chat_id):
        if live_round(application, chat_id) is not live:
            return  # someone else was first, or time was up
        taken = max(0.0, time.time() - live.started)
        points = points_for(taken, live.deadline - live.started)
        game = live.game
        if not await games_of(application.bot_data).win_round(
                game, live.number, user.id, player_name(user), guess, points, taken):
            return
        _take_live(application, chat_id)
        cancel_jobs(application, chat_id)
        also = "" if guess == live.answer.lower() else _(" (I had {answer})").format(
            answer=live.answer.upper())
        try:
            await message.reply_text(
                # the English score says "+1 points" as it always did; translations
                # take their own forms of the count
                ngettext("✅ {name} got it in {seconds} s: {guess}{also}. +{points} points",
                         "✅ {name} got it in {seconds} s: {guess}{also}. +{points} points",
                         points).format(name=player_name(user), seconds=f"{taken:.1f}",
                                        guess=guess.upper(), also=also, points=points))
        except Exception as error:  # the win is stored; the game must go on
            log.warning("win message failed: %s", error)
        _plan_next(application, game, live.number)


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


def points_text(points: int) -> str:
    """`1 point`, `12 points`."""
    return ngettext("{n} point", "{n} points", points).format(n=points)


def rounds_text(rounds: int) -> str:
    """`1 round`, `3 rounds`."""
    return ngettext("{n} round", "{n} rounds", rounds).format(n=rounds)


# Restart ------------------------------------------------------------------------------

async def resume_game(application: App, game: Game) -> None:
    """After a restart: close the round that was cut short, then go on with the next
    round or end the game with its ranking; say which in the chat (in its language)."""
    with speaking(await chat_language(application.bot_data, game.chat_id)):
        await _resume_game(application, game)


async def _resume_game(application: App, game: Game) -> None:
    games = games_of(application.bot_data)
    now = time.time()
    cut = await games.round(game.id, game.round) if game.round else None
    lines = [_("I was restarted in the middle of this quiz.")]
    last_activity = game.started
    if cut is not None:
        last_activity = cut.deadline
        if await games.close_round(game.id, cut.number, "interrupted"):
            lines.append(_("Round {round} was cut short; the answer was {answer}.").format(
                round=cut.number, answer=cut.answer.upper()))
    scores = await games.scores(game.id)
    if scores:
        lines.append(_("Scores so far are kept: {scores}.").format(scores=", ".join(
            f"{s.name} {s.points}" for s in scores)))
    rounds = game.settings["rounds"]
    if game.round >= rounds or now - last_activity > RESUME_WITHIN:
        why = (_("that was the last round") if game.round >= rounds
               else _("it was idle too long"))
        await games.end_game(game.id, "stopped")
        lines.append(_("The quiz ends here ({why}).").format(why=why) + "\n"
                     + await ranking_text(application, game.id))
        await say(application, game.chat_id, "\n".join(lines))
        return
    lines.append(_("The quiz resumes with round {round} of {rounds}.").format(
        round=game.round + 1, rounds=rounds))
    await say(application, game.chat_id, "\n".join(lines))
    _plan_next(application, game, game.round)
