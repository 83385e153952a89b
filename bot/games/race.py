"""Puzzle races: everyone in a group solves the same puzzle; solutions go privately.

`/race KIND [easy|medium|hard] [minutes=10]` posts an unsolved puzzle (picture and text)
with its number (`Game.number`: races count on their own, sharing the count with the
daily puzzles, which /submit takes too) and an "I'm in" button. Players send
`/submit NUMBER` and their solution, in the kind's plain-text solution form, to the bot
in a private chat, so nobody can copy it from the group; only the members of the race's
chat may join (on the race's own message) and submit (`bot/members.py`), and an edited
/submit is no attempt.
The kind's own `check` judges it (in a worker): a wrong one is told which rules it
breaks, by name only (a rule's detail can hold values of the answer), a right one gets
its place, and the group sees the finishing order and times. The race ends at its
deadline (a job), when everyone who joined has finished, or at `/stop` by its starter or
a chat admin. While it runs, its players get no help with its puzzle or any variant of it
(bot/race_guard.py).

Which kinds race, and how, each kind declares (`solvers/base.py`): its `solution_form`,
and either a generator (`generates`: a new puzzle each race, proved to have exactly one
solution by the kind's solver before it is posted) or a `race_pool` of files in
`puzzles/`, drawn the least recently raced in the chat first, unique ones preferred.
"""

from __future__ import annotations

import datetime
import logging
import time
from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update, User
from telegram.ext import BaseHandler, CallbackQueryHandler

from solvers import registry
from solvers.texts import clip, listed
from solvers.values import DIFFICULTIES, PuzzleError

from ..answers import TEXT_LIMIT, admitted
from ..context import App, Context, jobs_of, message_of, query_of, sender_of
from ..database import StoreUnavailable
from ..i18n import N_, _, ngettext, speaking
from ..members import is_member
from ..menu import Command
from ..race_guard import guard, joined, unguard
from ..spoken import chat_language
from ..work.errors import JobTimeout, WorkerDied, failure_text
from .common import (
    NO_STORE,
    chat_lock,
    duration,
    game_store,
    games_of,
    may_steer,
    needs_store,
    ordinal,
    player_name,
    say,
)
from .mode import SUBMITTED, GameMode, Submissions
from .options import parse_options
from .puzzles import described, make_puzzle, post_puzzle, race_id, share_of, watch_of
from .store import Game

log = logging.getLogger(__name__)

#: this game in the games table (column `game`)
GAME = "race"
#: report lines shown to a player whose solution is wrong
#: finishers (and, apart, players who did not finish) named in a race's standings
SHOWN_PLACES = 20


def usage() -> str:
    """How /race is used, with the kinds that race."""
    return _("Usage: /race KIND [easy|medium|hard] [minutes=10]\nKIND: {kinds}. Then send me "
             "/submit RACE_ID and your solution in a private chat.").format(
        kinds=", ".join(kind.name for kind in registry.racing()))


def minutes_option(text: str) -> float:
    """Minutes to the deadline: 10, or 2.5; from 0.05 (3 s, for tests) to a day."""
    try:
        minutes = float(text)
    except ValueError:
        minutes = -1
    if not 0.05 <= minutes <= 24 * 60:
        raise ValueError(_("minutes must be a number from 1 to 1440, not '{text}'").format(
            text=clip(text)))
    return minutes


def join_button(race_id: int, share: list[InlineKeyboardButton] | None = None
                ) -> InlineKeyboardMarkup:
    """"I'm in", and the Share link of the race's puzzle when it could be kept."""
    return InlineKeyboardMarkup([[InlineKeyboardButton(
        _("I'm in"), callback_data=f"race:{race_id}:join"), *(share or [])]])


@dataclass
class _Setup:
    """Whether a race puzzle is being made for a chat just now (in its `chat_data`)."""

    busy: bool = False


def job_name(race_id: int) -> str:
    return f"race:{race_id}"


# Commands -----------------------------------------------------------------------------

async def race_command(update: Update, context: Context) -> None:
    """/race KIND [difficulty] [minutes=N]: post a puzzle to race on."""
    message = message_of(update)
    application = context.application
    games = game_store(application.bot_data)
    if games is None:
        await message.reply_text(_(NO_STORE))
        return
    args = context.args or []
    kind = registry.get(args[0]) if args else None
    if kind is None or not kind.races:
        await message.reply_text(usage())
        return
    try:
        options = parse_options(args[1:], ("difficulty", "minutes"),
                                {d: "difficulty" for d in DIFFICULTIES})
        difficulty = options.get("difficulty", "medium")
        if difficulty not in DIFFICULTIES:
            raise ValueError(_("difficulty must be easy, medium or hard, not '{difficulty}'")
                             .format(difficulty=clip(difficulty)))
        minutes = minutes_option(options.get("minutes", "10"))
    except ValueError as error:
        await message.reply_text(_("Race: {error}.").format(error=error) + "\n" + usage())
        return
    chat_id = message.chat_id
    running = await games.running_game(chat_id, GAME)
    if running is not None:
        await message.reply_text(_("Race #{race} is still on here; it ends {when}.").format(
            race=running.number, when=_clock(running.settings["deadline"])))
        return
    if not await admitted(update, context):
        return
    setup = application.chat_data[chat_id].own(_Setup)
    if setup.busy:  # one puzzle made per chat, however many ask at once
        await message.reply_text(_("A race is being set up here already; it starts in a "
                                   "moment."))
        return
    setup.busy = True
    try:
        try:
            made = await make_puzzle(application, games, chat_id, kind, difficulty)
        except (JobTimeout, WorkerDied, PuzzleError) as error:
            log.warning("race puzzle not made: %s", error)
            await message.reply_text(failure_text(error, _(
                "I could not make a {kind} puzzle just now; please try again.").format(
                    kind=kind.title)))
            return
        async with chat_lock(application, chat_id):
            if await games.running_game(chat_id, GAME) is not None:
                await message.reply_text(_("A race has just been started here."))
                return
            settings = {"kind": kind.name, "difficulty": difficulty, "minutes": minutes,
                        "puzzle": made.text, "solution": made.solution, "source": made.source,
                        "deadline": time.time() + minutes * 60}
            game = await games.create_game(chat_id, GAME, sender_of(update).id, settings,
                                           series=SUBMITTED)
    finally:
        setup.busy = False
    _schedule_end(application, game)
    guard(application.bot_data, watch_of(game))
    await post_puzzle(
        application, chat_id, kind, made,
        _("🏁 Race #{race}: {kind} ({described}). {name} started it; {minutes} min to go.\n"
          "Solve it, then send me in a private chat:\n/submit {race}\nand your solution on "
          "the next lines ({form}).\nPress “I'm in” to join: the race then goes on until "
          "everyone who joined has finished (or the time is up).\n"
          "New to {kind}? The rules: {link} (or /help {name_of_kind})").format(
            race=game.number, kind=kind.title, described=described(kind, made, difficulty),
            name=player_name(update.effective_user), minutes=f"{minutes:g}",
            form=kind.solution_form, name_of_kind=kind.name,
            link=f"t.me/{application.bot.username}?start=rules-{kind.name}"),
        join_button(game.id, await share_of(application, kind, made.text)))


def _clock(deadline: float) -> str:
    left = max(0, deadline - time.time())
    at = datetime.datetime.fromtimestamp(deadline, datetime.UTC).strftime("%H:%M UTC")
    return _("at {time} (in {left})").format(time=at, left=duration(left))


def _schedule_end(application: App, game: Game) -> None:
    delay = max(0.0, game.settings["deadline"] - time.time())
    jobs_of(application).run_once(deadline_reached, delay, chat_id=game.chat_id,
                                  data=(game.id, game.number), name=job_name(game.id))


async def join(update: Update, context: Context) -> None:
    """The "I'm in" button under a race (its data is `race:ID:join`)."""
    query = query_of(update)
    number = race_id((query.data or "").removeprefix("race:").removesuffix(":join"))
    games = games_of(context.bot_data)
    game = await games.game(number) if number is not None else None
    if game is None or game.game != GAME or game.state != "running":
        await query.answer(_("That race is over."))
        return
    user = sender_of(update)
    if not own_message(query.message, game):  # a forged press, under another message
        await query.answer(_("Join race #{race} with the button under it in its group.")
                           .format(race=game.number))
        return
    if not await is_member(context.bot, game.chat_id, user.id):
        await query.answer(_("Race #{race} is for the members of its group; join the group "
                             "to play.").format(race=game.number), show_alert=True)
        return
    fresh = await games.join_race(game.id, user.id, player_name(user))
    joined(context.bot_data, game.id, user.id)
    await query.answer(
        (_("You're in race #{race}.") if fresh else _("You're already in race #{race}."))
        .format(race=game.number) + " "
        + _("Send me /submit {race} and your solution in a private chat.").format(race=game.number),
        show_alert=True)


def own_message(message: object, game: Game) -> bool:
    """Whether a press came from the race's own message: in the race's chat, with the
    race's button (a forged press names the race under any message, anywhere)."""
    if not isinstance(message, Message) or message.chat_id != game.chat_id:
        return False
    markup = message.reply_markup
    data = f"race:{game.id}:join"
    return markup is not None and any(button.callback_data == data
                                      for row in markup.inline_keyboard for button in row)


async def race_finished(application: App, game: Game, user: User, place: int,
                        taken: str) -> None:
    """A race's finish: the group sees it; the race ends when all who joined finished."""
    language = await chat_language(application.bot_data, game.chat_id)
    with speaking(language):
        await say(application, game.chat_id,
                  _("🏁 {name} finished race #{race}: {place}, in {time}.").format(
                      name=player_name(user), race=game.number, place=ordinal(place), time=taken))
    entries = await games_of(application.bot_data).entries(game.id)
    if all(e.finished is not None for e in entries):
        with speaking(language):
            await _end_race(application, game, _("everyone who joined has finished"))


#: how a race takes /submit
RACES = Submissions(N_("race #{game}"), N_("Race #{game}"),
                    lambda game: _("Start a new one with /race {kind}.").format(
                        kind=game.settings["kind"]),
                    race_finished)


async def stop(update: Update, context: Context, game: Game) -> None:
    """/stop for the chat's running race: it ends now, for its starter or a chat admin,
    with the standings so far, and the chat is free for a new one."""
    user = sender_of(update)
    if not await may_steer(context, game.chat_id, user.id, game.starter_id):
        await message_of(update).reply_text(
            _("Only the race's starter or a chat admin can stop it."))
        return
    async with chat_lock(context.application, game.chat_id):
        await _end_race(context.application, game,
                        _("stopped by {name}").format(name=player_name(user)))


async def deadline_reached(context: Context) -> None:
    """The job `_schedule_end` set: its data is the race's id and number, its chat the
    race's; the end is told in the group's language."""
    job = context.job
    if job is None or not isinstance(job.data, tuple) or job.chat_id is None:
        raise TypeError("a race's deadline job without its race")
    game_id, number = job.data
    with speaking(await chat_language(context.bot_data, job.chat_id)):
        await _deadline(context.application, game_id, number, job.chat_id)


async def _deadline(application: App, game_id: int, number: int, chat_id: int) -> None:
    """Race `number` (its row `game_id`) reached its deadline: it ends with its
    standings."""
    games = game_store(application.bot_data)
    if games is None:  # no database: no race was stored, so none ends
        return
    try:
        game = await games.game(game_id)
    except StoreUnavailable as error:  # the end is written when the database is back
        log.warning("race %s ends unread: %s", game_id, error)
        unguard(application.bot_data, game_id)
        await games.end_game(game_id, "finished")
        await say(application, chat_id, _("Race #{race} is over: time is up.").format(
            race=number) + " " + _("My database is unavailable, so the standings come "
                                   "later: /top"))
        return
    if game is None or game.state != "running":
        return
    async with chat_lock(application, game.chat_id):
        await _end_race(application, game, _("time is up"))


async def _end_race(application: App, game: Game, why: str) -> None:
    """Under the chat's lock: end a race and post the finishing order and times."""
    unguard(application.bot_data, game.id)
    if not await games_of(application.bot_data).end_game(game.id, "finished"):
        return
    for job in jobs_of(application).get_jobs_by_name(job_name(game.id)):
        job.schedule_removal()
    await say(application, game.chat_id, await standings(application, game, why))


async def standings(application: App, game: Game, why: str) -> str:
    """The finishing order and times, then who did not finish: at most SHOWN_PLACES of
    each, and never past one message (a race a whole big group joined still ends with
    its standings in the chat)."""
    lines = [_("Race #{race} is over: {why}.").format(race=game.number, why=why)]
    try:
        entries = await games_of(application.bot_data).entries(game.id)
    except StoreUnavailable:
        return lines[0] + " " + _("My database is unavailable, so the standings come later: "
                                  "/top")
    finished = [(e.place, e.name, e.finished - game.started, e.attempts - 1) for e in entries
                if e.place is not None and e.finished is not None]
    for place, name, taken, wrong in finished[:SHOWN_PLACES]:
        tries = " " + ngettext("({n} wrong try)", "({n} wrong tries)", wrong).format(
            n=wrong) if wrong > 0 else ""
        lines.append(f"{ordinal(place)} {name}: {duration(taken)}{tries}")
    if len(finished) > SHOWN_PLACES:
        lines.append(_("... and {n} more finished").format(n=len(finished) - SHOWN_PLACES))
    if finished:
        lines.insert(1, _("The winner is {name}!").format(name=finished[0][1]))
    else:
        lines.append(_("Nobody finished this time."))
    others = [e.name for e in entries if e.finished is None]
    if others:
        lines.append(_("Did not finish: {names}").format(names=listed(others, SHOWN_PLACES)))
    return clip("\n".join(lines), TEXT_LIMIT - 1)


async def resume_race(application: App, game: Game) -> None:
    """After a restart: a race before its deadline goes on (its end is set again);
    one past it ends with its standings. Either way the chat is told (in its language)."""
    with speaking(await chat_language(application.bot_data, game.chat_id)):
        await _resume_race(application, game)


async def _resume_race(application: App, game: Game) -> None:
    if time.time() >= game.settings["deadline"]:
        async with chat_lock(application, game.chat_id):
            await say(application, game.chat_id,
                      _("I was restarted; race #{race} reached its deadline meanwhile.")
                      .format(race=game.number))
            await _end_race(application, game, _("time is up"))
        return
    _schedule_end(application, game)
    entries = await games_of(application.bot_data).entries(game.id)
    guard(application.bot_data, watch_of(game, {e.user_id for e in entries}))
    finished = sum(e.finished is not None for e in entries)
    await say(application, game.chat_id,
              ngettext("I was restarted; race #{race} goes on, with the {n} finish so far "
                       "kept. It ends {when}. /submit {race} works as before.",
                       "I was restarted; race #{race} goes on, with the {n} finishes so far "
                       "kept. It ends {when}. /submit {race} works as before.", finished)
              .format(race=game.number, n=finished, when=_clock(game.settings["deadline"])))


def _handlers() -> list[tuple[BaseHandler[Update, Context, None], int]]:
    """The "I'm in" button under a race."""
    return [(CallbackQueryHandler(needs_store(join), pattern=r"^race:\d+:join$"), 0)]


#: the race as a game mode (bot/games/modes.py)
MODE = GameMode(
    GAME,
    commands=(Command("race", needs_store(race_command), menu=lambda: _(
        "Puzzle race in a group: /race {kind}").format(kind=registry.racing()[0].name),
        private=False, group=True, help=lambda: _(
            "/race KIND: a puzzle race ({races}); /submit ID in private to finish").format(
            races=", ".join(kind.name for kind in registry.racing())), topic="groups"),),
    handlers=_handlers, resume=resume_race, stop=stop, submit=RACES)
