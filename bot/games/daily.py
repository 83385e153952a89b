"""A group's daily puzzle: the same puzzle for the whole group once a day, solved
privately with /submit as in a race, with streaks.

`/daily on [HH:MM] [KIND] [easy|medium|hard] [tz=Area/City]`, by an admin or the creator
of the group, posts the day's puzzle at once and then every day at HH:MM (the time it was
turned on when none is given) in the time zone `tz` (UTC unless given). The schedule is a
row of `daily_schedules`; each day's puzzle is a game (`game` = 'daily') whose players
are race entries, so /submit, its judging in a worker, the places and times are the
race's (bot/games/submit.py). A day's puzzle stays open until the next one is
posted: meanwhile the group's members get no help with it (bot/race_guard.py), and each
solver is announced in the group with their place, time and streak (daily puzzles solved
in a row: a day the bot was down and posted nothing breaks no streak). `/daily` shows
the schedule and today's standings; `/daily off` stops it.

At start every schedule is taken up again (a PTB JobQueue job per chat): an open puzzle
of the current day goes on; when the bot was down over the time of a post, the current
day's puzzle is posted once, however many days were missed.

A day is a calendar day of the schedule's time zone beginning at HH:MM; the setting
`PUZZLEBOT_TEST_DAILY_PERIOD_SECONDS`, for tests only, makes it that many seconds
instead, so a test sees several days.
"""

from __future__ import annotations

import datetime
import logging
import re
import time
from dataclasses import dataclass
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from telegram import InlineKeyboardMarkup, Update, User
from telegram.constants import ChatType

from solvers import registry
from solvers.base import PuzzleKind
from solvers.texts import clip, listed
from solvers.values import DIFFICULTIES, PuzzleError

from ..context import App, Context, jobs_of, message_of, sender_of
from ..database import StoreUnavailable
from ..i18n import N_, _, ngettext, speaking
from ..menu import Command
from ..race_guard import guard, unguard
from ..spoken import chat_language
from ..work.errors import JobTimeout, NoWorker, WorkerDied, failure_text
from .common import (
    NO_STORE,
    chat_lock,
    difficulty_word,
    duration,
    game_store,
    games_of,
    is_admin,
    medal,
    needs_store,
    ordinal,
    player_name,
    say,
)
from .mode import SUBMITTED, GameMode, Submissions
from .periods import WEEKDAYS, daily_streak
from .puzzles import described, make_puzzle, post_puzzle, share_of, watch_of
from .store import DailySchedule, Game, GameStore

log = logging.getLogger(__name__)

#: this game in the games table (column `game`)
GAME = "daily"
#: what the group's members asking for help with the open daily puzzle are told
REFUSAL = N_("That is daily puzzle #{number}'s puzzle, or one like it: no help with it for "
             "its players until the daily puzzle ends at {time}.")
USAGE = N_("Usage: /daily on [HH:MM] [KIND] [easy|medium|hard] [tz=Area/City] (a group "
           "admin), /daily off, or /daily for today's puzzle and standings. KIND: {kinds}; "
           "without one, they take turns.")
#: seconds before a puzzle that could not be made is tried again
RETRY = 60.0
#: solvers named in /daily's standings
SHOWN = 20
TIME = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")


@dataclass(frozen=True)
class Calendar:
    """When a schedule's days begin: at hour:minute in its time zone, or (`period`, the
    setting for tests) every `period` seconds. Days are numbered: `day(now)` is the one
    running at a time.time(), `start(day)` when it begins."""

    hour: int
    minute: int
    zone: ZoneInfo
    period: float | None = None

    def day(self, now: float) -> int:
        if self.period:
            return int(now // self.period)
        local = datetime.datetime.fromtimestamp(now, self.zone)
        return (local - datetime.timedelta(hours=self.hour, minutes=self.minute)
                ).date().toordinal()

    def start(self, day: int) -> float:
        """The first moment the zone's clock reads the day's hour:minute or later (as `day`
        counts): at a time the clock skips in spring (02:30 when it jumps from 02:00 to
        03:00), the moment of the jump; at one it reads twice in autumn, the first."""
        if self.period:
            return day * self.period
        wanted = datetime.datetime.combine(datetime.date.fromordinal(day),
                                           datetime.time(self.hour, self.minute))
        first = wanted.replace(tzinfo=self.zone).timestamp()
        later = wanted.replace(tzinfo=self.zone, fold=1).timestamp()
        if later >= first:
            return first
        # skipped: the clock reads before `wanted` at `later`, past it at `first`
        low, high = int(later), int(first)
        while high - low > 1:
            middle = (low + high) // 2
            reads = datetime.datetime.fromtimestamp(middle, self.zone).replace(tzinfo=None)
            low, high = (low, middle) if reads >= wanted else (middle, high)
        return float(high)

    def clock(self, when: float) -> str:
        """`Tue 08:00 Europe/Paris`: a time as the group reads it (the weekday in the
        current language)."""
        local = datetime.datetime.fromtimestamp(when, self.zone)
        return f"{_(WEEKDAYS[local.weekday()])} {local:%H:%M} {self.zone.key}"


def calendar_of(application: App, schedule: DailySchedule) -> Calendar:
    hour, minute = (int(part) for part in schedule.at_time.split(":"))
    return Calendar(hour, minute, ZoneInfo(schedule.tz),
                    application.bot_data.services.config.test_daily_period_seconds)


def usage() -> str:
    return _(USAGE).format(kinds=", ".join(kind.name for kind in registry.racing()))


def parsed_schedule(chat_id: int, starter_id: int, args: list[str]) -> DailySchedule:
    """`/daily on`'s words as a schedule; ValueError with a readable message otherwise."""
    at, zone, kind, difficulty = "", "UTC", "", "medium"
    given: set[str] = set()

    def once(what: str, word: str) -> None:
        """Each setting once: `/daily on KIND OTHERKIND` is no schedule (`what` marked N_)."""
        if what in given:
            raise ValueError(_("{what} is given twice: '{word}'").format(what=_(what),
                                                                        word=clip(word)))
        given.add(what)

    for word in args:
        if TIME.match(word):
            once(N_("the time"), word)
            at = word
        elif word.lower().startswith("tz="):
            once(N_("the time zone"), word)
            zone = word[3:]
            try:
                ZoneInfo(zone)
            except (ZoneInfoNotFoundError, ValueError):
                raise ValueError(_("'{zone}' is not a time zone I know (tz=Europe/Paris)")
                                 .format(zone=clip(zone))) from None
        elif word.lower() in DIFFICULTIES:
            once(N_("the difficulty"), word)
            difficulty = word.lower()
        elif (found := registry.get(word)) is not None and found.races:
            once(N_("the puzzle kind"), word)
            kind = found.name
        else:
            raise ValueError(_("'{option}' is not an option I know").format(option=clip(word)))
    if not at:  # from now on, every day at this time
        at = f"{datetime.datetime.now(ZoneInfo(zone)):%H:%M}"
    hour, minute = at.split(":")
    return DailySchedule(chat_id, f"{int(hour):02d}:{minute}", zone, kind, difficulty,
                         starter_id)


def kind_of(schedule: DailySchedule, day: int) -> PuzzleKind:
    """The schedule's kind, or (none given, or no longer known) the racing kinds in turn."""
    kind = registry.get(schedule.kind) if schedule.kind else None
    if kind is not None and kind.races:
        return kind
    kinds = registry.racing()
    return kinds[day % len(kinds)]


def job_name(chat_id: int) -> str:
    return f"daily:{chat_id}"


def plan(application: App, chat_id: int, delay: float) -> None:
    """The chat's next post, `delay` seconds from now (the one planned before is dropped);
    run however late it comes (a busy loop, a bot that starts slowly)."""
    jobs = jobs_of(application)
    for job in jobs.get_jobs_by_name(job_name(chat_id)):
        job.schedule_removal()
    jobs.run_once(due, max(0.0, delay), chat_id=chat_id, name=job_name(chat_id),
                  job_kwargs={"misfire_grace_time": None})


def plan_next(application: App, schedule: DailySchedule, day: int) -> None:
    """The post of the day after `day`."""
    start = calendar_of(application, schedule).start(day + 1)
    plan(application, schedule.chat_id, max(1.0, start - time.time()))


@dataclass
class _Posting:
    """Whether the chat's daily puzzle is being made just now (in its `chat_data`)."""

    busy: bool = False


async def due(context: Context) -> None:
    """The job `plan` set: post the chat's puzzle of the day, when it is not out yet."""
    job = context.job
    if job is None or job.chat_id is None:
        raise TypeError("a daily puzzle's job without its chat")
    with speaking(await chat_language(context.bot_data, job.chat_id)):
        await post_day(context.application, job.chat_id)


async def post_day(application: App, chat_id: int) -> None:
    """Post today's puzzle unless it is out already (then keep it guarded), end the one
    before, and plan the next day's."""
    games = game_store(application.bot_data)
    if games is None:
        plan(application, chat_id, RETRY)
        return
    schedule = await games.daily(chat_id)
    if schedule is None:
        return
    day = calendar_of(application, schedule).day(time.time())
    if await keep_open(application, games, schedule, day):
        return
    posting = application.chat_data[chat_id].own(_Posting)
    if posting.busy:
        return
    posting.busy = True
    try:
        await make_and_post(application, games, schedule, day)
    finally:
        posting.busy = False


async def open_today(games: GameStore, chat_id: int, day: int) -> Game | None:
    """The chat's daily puzzle of that day, if it is out and open."""
    latest = await games.running_game(chat_id, GAME)
    return latest if latest is not None and latest.settings["day"] == day else None


async def keep_open(application: App, games: GameStore, schedule: DailySchedule,
                    day: int) -> bool:
    """When the day's puzzle is out already: it stays guarded (its solvers' players
    too), the next day's post is planned, and True."""
    game = await open_today(games, schedule.chat_id, day)
    if game is None:
        return False
    entries = await games.entries(game.id)
    guard(application.bot_data, watch_of(game, {e.user_id for e in entries}, REFUSAL))
    plan_next(application, schedule, day)
    return True


async def make_and_post(application: App, games: GameStore, schedule: DailySchedule,
                        day: int) -> None:
    """Make the day's puzzle in a worker, then (under the chat's lock) end yesterday's,
    keep today's and post it; a puzzle that cannot be made is tried again in RETRY."""
    chat_id = schedule.chat_id
    kind = kind_of(schedule, day)
    try:
        made = await make_puzzle(application, games, chat_id, kind, schedule.difficulty)
    except (JobTimeout, WorkerDied, NoWorker, PuzzleError) as error:
        log.warning("daily puzzle for %s not made: %s", chat_id, error)
        await say(application, chat_id, failure_text(error, _(
            "I could not make today's {kind} puzzle just now; I try again in a minute.")
            .format(kind=kind.title)))
        plan(application, chat_id, RETRY)
        return
    calendar = calendar_of(application, schedule)
    closes = calendar.start(day + 1)
    async with chat_lock(application, chat_id):
        if await games.daily(chat_id) != schedule:  # turned off or changed meanwhile:
            plan(application, chat_id, 0.0)  # the day's post as it stands now
            return
        await close_open(application, games, chat_id)
        game = await games.create_game(chat_id, GAME, schedule.starter_id, {
            "kind": kind.name, "difficulty": schedule.difficulty, "puzzle": made.text,
            "solution": made.solution, "source": made.source, "day": day,
            "deadline": closes}, series=SUBMITTED)
    guard(application.bot_data, watch_of(game, refusal=REFUSAL))
    plan_next(application, schedule, day)
    share = await share_of(application, kind, made.text)
    await post_puzzle(
        application, chat_id, kind, made,
        _("🗓 Daily puzzle #{game}: {kind} ({described}).\nSolve it, then send me in a "
          "private chat:\n/submit {game}\nand your solution on the next lines ({form}).\n"
          "Open until the next one, {closes}. /daily: who has solved it.").format(
            game=game.number, kind=kind.title,
            described=described(kind, made, schedule.difficulty), form=kind.solution_form,
            closes=calendar.clock(closes)),
        InlineKeyboardMarkup([share]) if share else None)


async def close_open(application: App, games: GameStore, chat_id: int,
                     state: str = "finished") -> Game | None:
    """End the chat's open daily puzzle, if any (its puzzle is an ordinary one again)."""
    game = await games.running_game(chat_id, GAME)
    if game is not None:
        unguard(application.bot_data, game.id)
        await games.end_game(game.id, state)
    return game


async def solved(application: App, game: Game, user: User, place: int, taken: str) -> None:
    """A right /submit of a daily puzzle: the group sees who, how fast and their streak
    (none while the database, which holds the past days, cannot be read: the finish
    itself is held in memory and written when it is back)."""
    try:
        rounds = await games_of(application.bot_data).daily_rounds(user.id, game.chat_id)
    except StoreUnavailable as error:
        log.warning("daily puzzle %s: streak unread: %s", game.id, error)
        rounds = {}
    streak = daily_streak(rounds.get(game.chat_id, [])).current
    with speaking(await chat_language(application.bot_data, game.chat_id)):
        run = "; " + in_a_row(streak) if streak > 1 else ""
        await say(application, game.chat_id,
                  _("🗓 {name} solved daily puzzle #{game}: {place}, in {time}{streak}.")
                  .format(name=player_name(user), game=game.number, place=ordinal(place),
                          time=taken, streak=run))


def in_a_row(days: int) -> str:
    """`5 days in a row`: a solver's streak of daily puzzles."""
    return ngettext("{n} day in a row", "{n} days in a row", days).format(n=days)


#: how a daily puzzle takes /submit
DAILIES = Submissions(N_("daily puzzle #{game}"), N_("Daily puzzle #{game}"),
                      lambda game: _("Today's puzzle is in the group: /daily"), solved)


# /daily -------------------------------------------------------------------------------

async def daily_command(update: Update, context: Context) -> None:
    """/daily: the schedule and today's standings; /daily on ... and /daily off (admins)."""
    message = message_of(update)
    if message.chat.type == ChatType.PRIVATE:
        await message.reply_text(_("The daily puzzle is for groups: add me to one (the "
                                   "button under /start), and an admin turns it on there "
                                   "with /daily on."))
        return
    games = game_store(context.bot_data)
    if games is None:
        await message.reply_text(_(NO_STORE))
        return
    args = context.args or []
    action = args[0].lower() if args else ""
    if action not in ("", "on", "off"):
        await message.reply_text(usage())
        return
    if not action:
        await message.reply_text(await standings(context.application, games,
                                                 message.chat_id))
        return
    user = sender_of(update)
    if not await is_admin(context, message.chat_id, user.id):
        await message.reply_text(_("Sorry, only the group's admins can turn its daily "
                                   "puzzle on or off. /daily shows today's."))
        return
    if action == "off":
        await turn_off(context.application, games, message.chat_id)
        await message.reply_text(_("The daily puzzle is off here. An admin can turn it on "
                                   "again: /daily on"))
        return
    try:
        schedule = parsed_schedule(message.chat_id, user.id, args[1:])
    except ValueError as error:
        await message.reply_text(_("Daily: {error}.").format(error=error) + "\n" + usage())
        return
    await games.set_daily(schedule)
    day = calendar_of(context.application, schedule).day(time.time())
    today = await open_today(games, message.chat_id, day)
    await message.reply_text(
        _("🗓 Daily puzzle on: {plan}.").format(plan=plan_text(context.application, schedule))
        + " " + (_("Today's is #{game}, above.").format(game=today.number) if today
                 else _("Today's comes now.")))
    await post_day(context.application, message.chat_id)


async def turn_off(application: App, games: GameStore, chat_id: int) -> None:
    """No more daily puzzles here: the schedule, its job and the open puzzle end."""
    await games.drop_daily(chat_id)
    for job in jobs_of(application).get_jobs_by_name(job_name(chat_id)):
        job.schedule_removal()
    async with chat_lock(application, chat_id):
        await close_open(application, games, chat_id, "stopped")


def plan_text(application: App, schedule: DailySchedule) -> str:
    """`every day at 08:00 Europe/Paris, KIND, medium`."""
    calendar = calendar_of(application, schedule)
    every = (_("every {seconds} s (a setting for tests)").format(seconds=f"{calendar.period:g}")
             if calendar.period
             else _("every day at {time} {zone}").format(time=schedule.at_time,
                                                         zone=schedule.tz))
    kind = registry.get(schedule.kind) if schedule.kind else None
    return f"{every}, {kind.title if kind else _('the puzzle kinds in turn')}, " \
           f"{difficulty_word(schedule.difficulty)}"


async def standings(application: App, games: GameStore, chat_id: int) -> str:
    """The schedule, today's puzzle and who has solved it, fastest first, with streaks."""
    schedule = await games.daily(chat_id)
    if schedule is None:
        return _("No daily puzzle here. A group admin turns it on: /daily on [HH:MM] [KIND]")
    lines = [_("🗓 Daily puzzle: {plan}.").format(plan=plan_text(application, schedule))]
    game = await games.running_game(chat_id, GAME)
    if game is None:
        lines.append(_("Today's puzzle is on its way."))
        return "\n".join(lines)
    kind = registry.get(game.settings["kind"])
    lines.append(_("Today's: #{game}, {kind}, posted {time} ago; solve it and send me "
                   "/submit {game} in a private chat.").format(
        game=game.number, kind=kind.title if kind else game.settings["kind"],
        time=duration(time.time() - game.started)))
    entries = await games.entries(game.id)
    finished = [e for e in entries if e.place is not None and e.finished is not None]
    for entry in finished[:SHOWN]:
        rounds = await games.daily_rounds(entry.user_id, chat_id)
        streak = daily_streak(rounds.get(chat_id, [])).current
        run = f" ({in_a_row(streak)})" if streak > 1 else ""
        lines.append(f"{medal(entry.place or 0)} {entry.name}: "
                     f"{duration((entry.finished or 0) - game.started)}{run}")
    if len(finished) > SHOWN:
        lines.append(_("... and {n} more solved it").format(n=len(finished) - SHOWN))
    if not finished:
        lines.append(_("Nobody has solved it yet."))
    trying = [e.name for e in entries if e.finished is None]
    if trying:
        lines.append(_("Still trying: {names}").format(names=listed(trying, SHOWN)))
    return "\n".join(lines)


async def resume(application: App) -> None:
    """At start: every schedule goes on. Its job is planned again; the current day's
    puzzle, when it is not out (the bot was down at its time), is posted once, now."""
    games = game_store(application.bot_data)
    if games is None:
        return
    for schedule in await games.dailies():
        try:
            day = calendar_of(application, schedule).day(time.time())
            if not await keep_open(application, games, schedule, day):
                plan(application, schedule.chat_id, 0.0)
        except Exception:  # one broken schedule must not keep the bot from starting
            log.exception("daily puzzle of chat %s not resumed", schedule.chat_id)


#: the daily puzzle as a game mode (bot/games/modes.py)
MODE = GameMode(
    GAME,
    commands=(Command(
        "daily", needs_store(daily_command),
        menu=N_("The group's daily puzzle: today's and who solved it"), private=False,
        group=True, admin=N_("Daily puzzle: /daily on [HH:MM] [KIND], /daily off"),
        help=N_("/daily: the group's daily puzzle, solved privately with /submit ID; who "
                "solved it, how fast, streaks. Admins: /daily on [HH:MM] [KIND] [easy|medium|"
                "hard] [tz=Area/City], /daily off"), topic="groups"),),
    start=resume, submit=DAILIES)
