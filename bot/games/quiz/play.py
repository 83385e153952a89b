"""The quiz as a game mode: /quiz, /skip and its /stop, the guesses, going on after
a restart."""

from __future__ import annotations

import logging
import time

from telegram import Update
from telegram.ext import ApplicationHandlerStop, BaseHandler, MessageHandler, filters

from solvers.anagram.lexicon import letters_of
from solvers.values import PuzzleError

from ...context import App, Context, message_of, sender_of
from ...i18n import N_, _, ngettext, speaking
from ...menu import Command
from ...spoken import chat_language
from ...work.anagram_jobs import quiz_guess
from ...work.errors import JobTimeout, WorkerDied
from ..common import (
    NO_STORE,
    NOTHING_RUNNING,
    chat_lock,
    difficulty_word,
    game_store,
    games_of,
    may_steer,
    needs_store,
    player_name,
    say,
)
from ..mode import GameMode
from ..store import Game
from .rounds import (
    LiveRound,
    add_hold,
    cancel_jobs,
    close_round,
    live_round,
    plan_next,
    ranking_text,
    start_round,
    take_live,
    topic_note,
)
from .rules import (
    GAME,
    GUESS,
    GUESS_GROUP,
    GUESS_TIMEOUT,
    HELP,
    MAX_POINTS,
    RESUME_WITHIN,
    USAGE,
    language_of_game,
    parse_settings,
    points_for,
    same_letters,
)

log = logging.getLogger(__name__)


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
            game=game.number, name=player_name(sender_of(update)), rounds=settings["rounds"],
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
        await close_round(application, game, live, "skipped",
                           _("Round {round} skipped.").format(round=live.number) + " "
                           + live.setup.reveal)


async def stop(update: Update, context: Context, game: Game) -> None:
    """/stop for the chat's running quiz: it ends now with its ranking (the starter or an
    admin)."""
    message = message_of(update)
    application = context.application
    if not await may_steer(context, message.chat_id, sender_of(update).id, game.starter_id):
        await message.reply_text(_("Only the quiz's starter or a chat admin can stop it."))
        return
    async with chat_lock(application, message.chat_id):
        live = take_live(application, message.chat_id)
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
                  game=game.number, name=player_name(sender_of(update))) + "\n"
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
        await message.reply_text(_(NOTHING_RUNNING))
    return game


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
        take_live(application, chat_id)
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
        plan_next(application, game, live.number)


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
    plan_next(application, game, game.round)


def _handlers() -> list[tuple[BaseHandler[Update, Context, None], int]]:
    """Guesses, read before the generic text handler (group 0)."""
    return [(MessageHandler(filters.TEXT & ~filters.COMMAND, needs_store(on_guess)),
             GUESS_GROUP)]


#: the quiz as a game mode (bot/games/modes.py)
MODE = GameMode(
    GAME,
    commands=(
        Command("quiz", needs_store(quiz_command),
                menu=N_("Anagram quiz in a group: /quiz rounds=5 seconds=30"),
                private=False, group=True, help=lambda: _(HELP).rstrip("\n"),
                topic="groups"),
        Command("skip", needs_store(skip_command), private=False,
                admin=N_("Skip the quiz's round (its starter, an admin)")),
    ),
    handlers=_handlers, resume=resume_game, stop=stop, hold=add_hold)
