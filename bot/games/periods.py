"""Leaderboards by period and streaks: `/top day|week|month` (quiz points, race wins and
daily puzzles solved in the chat since the start of the UTC day, ISO week or month), the
days in a row a player has played and the group's daily puzzles they solved in a row,
which /stats shows.

A quiz point is counted when its round was won (`game_rounds.solved_at`) and a race win
when its winner finished (`race_entries.finished`), so a week's board holds what was won
that week, whenever its game began.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from ..i18n import N_, _, ngettext
from .common import medal
from .store import GameStore

#: the periods /top knows, besides `all`
PERIODS = ("day", "week", "month")
#: the heading of each period's board
HEADINGS = {"day": N_("Today in this chat (since {date} UTC):"),
            "week": N_("This week in this chat (since {date} UTC):"),
            "month": N_("This month in this chat (since {date} UTC):")}
#: the short names of weekdays and months, as `%a` and `%b` write them in English
WEEKDAYS = (N_("Mon"), N_("Tue"), N_("Wed"), N_("Thu"), N_("Fri"), N_("Sat"), N_("Sun"))
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"),
          N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))
#: seconds in a day (streaks count UTC days)
DAY = 86400


def period_start(period: str, now: datetime.datetime) -> float:
    """When the period began (a time.time()): midnight UTC today, on Monday, on the 1st."""
    midnight = now.astimezone(datetime.UTC).replace(hour=0, minute=0, second=0,
                                                    microsecond=0)
    if period == "week":
        midnight -= datetime.timedelta(days=midnight.weekday())
    elif period == "month":
        midnight = midnight.replace(day=1)
    return midnight.timestamp()


async def quiz_points_since(games: GameStore, chat_id: int, since: float,
                            limit: int = 10) -> list[tuple[str, int, int]]:
    """(name, points, rounds won) of the quiz rounds won in a chat since then."""
    return list(await games.store.read(
        "SELECT MAX(r.winner_name), CAST(SUM(r.points) AS BIGINT), COUNT(*) "
        "FROM game_rounds r JOIN games g ON g.id = r.game_id "
        "WHERE g.chat_id = ? AND r.state = 'won' AND r.solved_at >= ? "
        "GROUP BY r.winner_id ORDER BY SUM(r.points) DESC, COUNT(*) DESC LIMIT ?",
        (chat_id, since, limit)))


async def race_wins_since(games: GameStore, chat_id: int, since: float,
                          limit: int = 5) -> list[tuple[str, int]]:
    """(name, races won) in a chat by winners who finished since then."""
    return list(await games.store.read(
        "SELECT MAX(e.name), COUNT(*) FROM race_entries e JOIN games g ON g.id = e.game_id "
        "WHERE g.chat_id = ? AND g.game = 'race' AND e.place = 1 AND e.finished >= ? "
        "GROUP BY e.user_id "
        "ORDER BY COUNT(*) DESC, MAX(e.name) LIMIT ?", (chat_id, since, limit)))


async def daily_solves_since(games: GameStore, chat_id: int, since: float,
                             limit: int = 10) -> list[tuple[str, int]]:
    """(name, daily puzzles solved) in a chat by solvers who finished since then."""
    return list(await games.store.read(
        "SELECT MAX(e.name), COUNT(*) FROM race_entries e JOIN games g ON g.id = e.game_id "
        "WHERE g.chat_id = ? AND g.game = 'daily' AND e.finished >= ? GROUP BY e.user_id "
        "ORDER BY COUNT(*) DESC, MAX(e.name) LIMIT ?", (chat_id, since, limit)))


def daily_lines(solvers: list[tuple[str, int]]) -> str:
    """A board's daily puzzle part: who solved how many."""
    return _("Daily puzzles solved:") + "\n" + "\n".join(
        f"{medal(n)} {name}: {solved}" for n, (name, solved) in enumerate(solvers, 1))


async def period_board(games: GameStore, chat_id: int, period: str,
                       now: datetime.datetime) -> str:
    """The chat's board for a period: quiz points, then race wins."""
    since = period_start(period, now)
    quiz = await quiz_points_since(games, chat_id, since)
    races = await race_wins_since(games, chat_id, since)
    dailies = await daily_solves_since(games, chat_id, since)
    parts = [_(HEADINGS[period]).format(
        date=short_date(datetime.datetime.fromtimestamp(since, datetime.UTC)))]
    if quiz:
        parts.append(_("Quiz:") + "\n" + "\n".join(
            f"{medal(n)} {name}: " + _("{points}, {rounds}").format(
                points=ngettext("{n} point", "{n} points", points).format(n=points),
                rounds=ngettext("{n} round", "{n} rounds", rounds).format(n=rounds))
            for n, (name, points, rounds) in enumerate(quiz, 1)))
    if races:
        parts.append(_("Race wins:") + "\n" + "\n".join(
            f"{medal(n)} {name}: {wins}" for n, (name, wins) in enumerate(races, 1)))
    if dailies:
        parts.append(daily_lines(dailies))
    if not quiz and not races and not dailies:
        parts.append(_("No points yet. Start a game: /quiz, /race or /daily"))
    return "\n\n".join(parts)


def short_date(day: datetime.datetime) -> str:
    """`Mon 06 May` (`%a %d %b` in English), the weekday and month in the current
    language."""
    return _("{weekday} {day} {month}").format(weekday=_(WEEKDAYS[day.weekday()]),
                                               day=f"{day:%d}", month=_(MONTHS[day.month - 1]))


@dataclass(frozen=True)
class Streak:
    """Days in a row with a game played: the current run (ending today or yesterday) and
    the longest."""

    current: int
    best: int


def streak_of(days: set[int], today: int) -> Streak:
    """The streak in a set of day numbers (UTC days since the epoch)."""
    best = run = 0
    for day in sorted(days):
        run = run + 1 if day - 1 in days else 1
        best = max(best, run)
    start = today if today in days else today - 1
    current = 0
    while start - current in days:
        current += 1
    return Streak(current, best)


async def player_streak(games: GameStore, user_id: int, chat_id: int | None,
                        now: float) -> Streak:
    """A player's streak of days with a quiz round won or a race finished (in one chat,
    or everywhere)."""
    where = "AND g.chat_id = ?" if chat_id else ""
    args = (user_id, chat_id) if chat_id else (user_id,)
    rows = await games.store.read(
        "SELECT r.solved_at FROM game_rounds r JOIN games g ON g.id = r.game_id "
        f"WHERE r.winner_id = ? {where} AND r.solved_at IS NOT NULL", args)
    rows += await games.store.read(
        "SELECT e.finished FROM race_entries e JOIN games g ON g.id = e.game_id "
        f"WHERE e.user_id = ? {where} AND e.finished IS NOT NULL", args)
    return streak_of({int(when // DAY) for (when,) in rows}, int(now // DAY))


def daily_streak(solved: list[bool]) -> Streak:
    """The streak in a chat's daily puzzles (in order, whether the player solved each):
    puzzles in a row, the current run ending with the latest or the one before (today's
    may not be solved yet). A day the bot was down and posted nothing breaks no streak."""
    return streak_of({n for n, done in enumerate(solved) if done}, len(solved) - 1)


async def daily_record(games: GameStore, user_id: int, chat_id: int | None
                       ) -> tuple[int, Streak]:
    """Daily puzzles solved and the best streak (in one chat, or the best of every chat)."""
    rounds = await games.daily_rounds(user_id, chat_id)
    streaks = [daily_streak(solved) for solved in rounds.values()] or [Streak(0, 0)]
    return (sum(sum(solved) for solved in rounds.values()),
            Streak(max(s.current for s in streaks), max(s.best for s in streaks)))
