"""Scores of the games: /top (this chat's quiz and all-time scores, race wins, daily
puzzles solved; by period: bot/games/periods.py) and /stats (a player's own record of
quizzes, races and daily puzzles, and their streaks)."""

from __future__ import annotations

import datetime
import time

from telegram import Update

from ..context import Context, message_of, sender_of
from ..i18n import N_, _, ngettext
from .common import NO_STORE, duration, game_store, medal, player_name
from .periods import (
    PERIODS,
    daily_lines,
    daily_record,
    daily_solves_since,
    period_board,
    player_streak,
)
from .quiz import rules as quiz


async def top_command(update: Update, context: Context) -> None:
    """/top: this game's scores (the running or the last one) and the chat's all-time;
    /top day|week|month: the points and wins of that period (bot/games/periods.py)."""
    message = message_of(update)
    games = game_store(context.bot_data)
    if games is None:
        await message.reply_text(_(NO_STORE))
        return
    period = (context.args or ["all"])[0].lower()
    if period in PERIODS:
        now = datetime.datetime.now(datetime.UTC)
        await message.reply_text(await period_board(games, message.chat_id, period, now))
        return
    if period != "all":
        await message.reply_text(_("Usage: /top [day|week|month|all]"))
        return
    parts = []
    game = await games.latest_game(message.chat_id, quiz.GAME)
    if game is not None:
        scores = await games.scores(game.id)
        when = (_("round {round} of {rounds}").format(round=game.round,
                                                       rounds=game.settings["rounds"])
                if game.state == "running" else _("ended"))
        lines = [f"{medal(n)} {s.name}: {s.points}" for n, s in enumerate(scores, 1)]
        parts.append(_("Quiz #{game} ({when}):").format(game=game.number, when=when) + "\n"
                     + ("\n".join(lines) or _("no points yet")))
    everyone = await games.chat_scores(message.chat_id)
    if everyone:
        parts.append(_("All-time in this chat:") + "\n" + "\n".join(
            f"{medal(n)} {s.name}: " + _("{points}, {rounds}").format(
                points=quiz.points_text(s.points), rounds=quiz.rounds_text(s.rounds_won))
            for n, s in enumerate(everyone, 1)))
    races = await games.race_winners(message.chat_id)
    if races:
        parts.append(_("Race wins here:") + "\n" + "\n".join(
            f"{name}: {wins}" for name, wins in races))
    dailies = await daily_solves_since(games, message.chat_id, 0.0)
    if dailies:
        parts.append(daily_lines(dailies))
    await message.reply_text("\n\n".join(parts)
                             or _("No scores here yet. Start a game: /quiz"))


#: /stats for someone who has played nothing yet: what to do instead of a wall of zeros
NO_GAMES_YET = N_("{name}, you have no games on record yet. Games are played in groups: "
                  "/quiz starts a word quiz, /race KIND a puzzle race and /daily on a "
                  "daily puzzle (add me to a group with the Play in a group button of /start). "
                  "Your record shows here after your first game.")


async def stats_command(update: Update, context: Context) -> None:
    """/stats: your own record (in this group, or everywhere in a private chat)."""
    message = message_of(update)
    games = game_store(context.bot_data)
    if games is None:
        await message.reply_text(_(NO_STORE))
        return
    private = message.chat.type == "private"
    user = sender_of(update)
    stats = await games.player_stats(user.id, None if private else message.chat_id)
    streak = await player_streak(games, user.id, None if private else message.chat_id,
                                 time.time())
    solved, daily = await daily_record(games, user.id, None if private else message.chat_id)
    if not (stats["quiz_games"] or stats["races"] or solved or streak.best):
        await message.reply_text(_(NO_GAMES_YET).format(name=player_name(user)))
        return
    await message.reply_text("\n".join([
        (_("{name}, your record everywhere:") if private
         else _("{name}, your record in this chat:")).format(name=player_name(user)),
        quiz_record(stats), race_record(stats),
        _("Daily puzzles: {solved} solved; {days} in a row (best {best}).").format(
            solved=solved, days=days_text(daily.current), best=daily.best),
        _("Streak: {days} in a row (best {best}).").format(days=days_text(streak.current),
                                                          best=streak.best)]))


def quiz_record(stats: dict) -> str:
    """/stats' quiz line: games scored in and won, rounds, points, the fastest answer."""
    fastest = (_("{seconds} s").format(seconds=f"{stats['fastest']:.1f}")
               if stats["fastest"] is not None else _("none yet"))
    return _("Quiz: {games} scored in, {wins} won; {rounds} won, {points} (best game "
             "{best}); fastest answer {fastest}.").format(
        games=ngettext("{n} game", "{n} games", stats["quiz_games"]).format(
            n=stats["quiz_games"]),
        wins=stats["quiz_wins"], rounds=quiz.rounds_text(stats["rounds_won"]),
        points=quiz.points_text(stats["points"]), best=stats["best_game"], fastest=fastest)


def race_record(stats: dict) -> str:
    """/stats' race line: entered, finished, won, the fastest finish."""
    best_race = ("" if stats["best_race"] is None
                 else _(", fastest finish {time}").format(time=duration(stats["best_race"])))
    return _("Races: {entered} entered, {finished} finished, {won} won{fastest}.").format(
        entered=stats["races"], finished=stats["races_finished"], won=stats["races_won"],
        fastest=best_race)


def days_text(days: int) -> str:
    """`1 day`, `5 days`."""
    return ngettext("{n} day", "{n} days", days).format(n=days)
