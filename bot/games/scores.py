"""Scores of the games: /top (this chat's quiz and all-time scores, race wins, daily
puzzles solved; by period: bot/games/periods.py) and /stats (a player's own record of
quizzes, races and daily puzzles, and their streaks)."""

from __future__ import annotations

import datetime
import time

from telegram import Update

from solvers.base import plural

from ..context import Context, message_of, sender_of
from . import quiz
from .common import NO_STORE, duration, game_store, medal, player_name
from .periods import (
    PERIODS,
    daily_lines,
    daily_record,
    daily_solves_since,
    period_board,
    player_streak,
)


async def top_command(update: Update, context: Context) -> None:
    """/top: this game's scores (the running or the last one) and the chat's all-time;
    /top day|week|month: the points and wins of that period (bot/games/periods.py)."""
    message = message_of(update)
    games = game_store(context.bot_data)
    if games is None:
        await message.reply_text(NO_STORE)
        return
    period = (context.args or ["all"])[0].lower()
    if period in PERIODS:
        now = datetime.datetime.now(datetime.UTC)
        await message.reply_text(await period_board(games, message.chat_id, period, now))
        return
    if period != "all":
        await message.reply_text("Usage: /top [day|week|month|all]")
        return
    parts = []
    game = await games.latest_game(message.chat_id, quiz.GAME)
    if game is not None:
        scores = await games.scores(game.id)
        when = (f"round {game.round} of {game.settings['rounds']}" if game.state == "running"
                else "ended")
        lines = [f"{medal(n)} {s.name}: {s.points}" for n, s in enumerate(scores, 1)]
        parts.append(f"Quiz #{game.id} ({when}):\n" + ("\n".join(lines) or "no points yet"))
    everyone = await games.chat_scores(message.chat_id)
    if everyone:
        parts.append("All-time in this chat:\n" + "\n".join(
            f"{medal(n)} {s.name}: {plural(s.points, 'point')}, "
            f"{plural(s.rounds_won, 'round')}"
            for n, s in enumerate(everyone, 1)))
    races = await games.race_winners(message.chat_id)
    if races:
        parts.append("Race wins here:\n" + "\n".join(
            f"{name}: {wins}" for name, wins in races))
    dailies = await daily_solves_since(games, message.chat_id, 0.0)
    if dailies:
        parts.append(daily_lines(dailies))
    await message.reply_text("\n\n".join(parts) or "No scores here yet. Start a game: /quiz")


async def stats_command(update: Update, context: Context) -> None:
    """/stats: your own record (in this group, or everywhere in a private chat)."""
    message = message_of(update)
    games = game_store(context.bot_data)
    if games is None:
        await message.reply_text(NO_STORE)
        return
    private = message.chat.type == "private"
    user = sender_of(update)
    stats = await games.player_stats(user.id, None if private else message.chat_id)
    where = "everywhere" if private else "in this chat"
    fastest = f"{stats['fastest']:.1f} s" if stats["fastest"] is not None else "none yet"
    best_race = ("" if stats["best_race"] is None
                 else f", fastest finish {duration(stats['best_race'])}")
    streak = await player_streak(games, user.id, None if private else message.chat_id,
                                 time.time())
    solved, daily = await daily_record(games, user.id, None if private else message.chat_id)
    await message.reply_text(
        f"{player_name(user)}, your record {where}:\n"
        f"Quiz: {plural(stats['quiz_games'], 'game')} scored in, {stats['quiz_wins']} won; "
        f"{plural(stats['rounds_won'], 'round')} won, {plural(stats['points'], 'point')} "
        f"(best game {stats['best_game']}); fastest answer {fastest}.\n"
        f"Races: {stats['races']} entered, {stats['races_finished']} finished, "
        f"{stats['races_won']} won{best_race}.\n"
        f"Daily puzzles: {solved} solved; {plural(daily.current, 'day')} in a row "
        f"(best {daily.best}).\n"
        f"Streak: {plural(streak.current, 'day')} in a row (best {streak.best}).")
