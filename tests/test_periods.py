"""Leaderboard periods and streaks (bot/games/periods.py), without a bot."""

from __future__ import annotations

import datetime

from bot.games.periods import period_start, streak_of

THURSDAY = datetime.datetime(2024, 5, 16, 13, 30, tzinfo=datetime.UTC)


def test_periods_begin_at_midnight_utc_on_the_day_monday_and_the_first():
    starts = {period: datetime.datetime.fromtimestamp(period_start(period, THURSDAY),
                                                      datetime.UTC)
              for period in ("day", "week", "month")}
    assert starts == {"day": datetime.datetime(2024, 5, 16, tzinfo=datetime.UTC),
                      "week": datetime.datetime(2024, 5, 13, tzinfo=datetime.UTC),
                      "month": datetime.datetime(2024, 5, 1, tzinfo=datetime.UTC)}


def test_a_streak_runs_to_today_or_yesterday_and_the_best_is_kept():
    days = {10, 11, 12, 20, 21}
    assert streak_of(days, 21) == streak_of(days, 22)  # not played yet today: still on
    assert (streak_of(days, 21).current, streak_of(days, 21).best) == (2, 3)
    assert streak_of(days, 23).current == 0
    assert streak_of(set(), 5).best == 0
