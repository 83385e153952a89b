"""Issue 29's store functions on both stores (SQLite, PostgreSQL): a group's daily
schedule kept, replaced and dropped; the daily puzzles a player solved, in order, per
chat; shared puzzles that expire when neither shared nor opened for 90 days. And a
schedule's days, which begin at its local time whatever the clocks do."""

from __future__ import annotations

import datetime
import time
from zoneinfo import ZoneInfo

from bot.games.daily import Calendar
from bot.games.periods import daily_record, daily_solves_since, daily_streak, race_wins_since
from bot.games.store import DailySchedule, GameStore
from bot.share import EXPIRES_DAYS, forget_stale, keep_shared, shared_puzzle
from bot.store.facade import Store
from solvers import registry

CHAT, OTHER = -100200300, -100999
ALICE, BOB = 101, 102
DAY = 86400


async def test_daily_schedules_and_solves(store_location):
    store = Store(store_location)
    await store.open()
    games = GameStore(store)
    try:
        schedule = DailySchedule(CHAT, "08:00", "Europe/Paris", "seki", "easy", ALICE)
        await games.set_daily(schedule)
        await games.set_daily(DailySchedule(OTHER, "21:30", "UTC", "", "hard", BOB))
        assert await games.daily(CHAT) == schedule
        moved = DailySchedule(CHAT, "09:15", "UTC", "", "medium", BOB)
        await games.set_daily(moved)
        assert await games.dailies() == [moved, await games.daily(OTHER)]
        assert await games.drop_daily(OTHER) and not await games.drop_daily(OTHER)
        assert await games.daily(OTHER) is None

        days = [await games.create_game(CHAT, "daily", ALICE, {"day": n}) for n in range(4)]
        elsewhere = await games.create_game(OTHER, "daily", ALICE, {"day": 0})
        race = await games.create_game(CHAT, "race", ALICE, {})
        for game in (days[0], days[2], days[3], elsewhere, race):
            await games.join_race(game.id, BOB, "Bob")
            assert await games.finish_race_entry(game.id, BOB) == 1
        await games.join_race(days[3].id, ALICE, "Alice")  # tried, not solved
        assert await games.daily_rounds(BOB, CHAT) == {CHAT: [True, False, True, True]}
        assert await games.daily_rounds(BOB) == {OTHER: [True],
                                                 CHAT: [True, False, True, True]}
        assert await games.daily_rounds(ALICE) == {CHAT: [False] * 4}  # tried one
        solved, streak = await daily_record(games, BOB, CHAT)
        assert (solved, streak.current, streak.best) == (3, 2, 2)
        assert daily_streak([True, True, False]).current == 2  # today's not solved yet
        assert daily_streak([True, False, False]).current == 0
        assert await daily_solves_since(games, CHAT, 0.0) == [("Bob", 3)]
        assert await daily_solves_since(games, CHAT, time.time() + 60) == []
        assert await race_wins_since(games, CHAT, 0.0) == [("Bob", 1)]  # dailies are no race
        assert await games.race_winners(CHAT) == [("Bob", 1)]
        assert (await games.player_stats(BOB, CHAT))["races"] == 1
    finally:
        await store.close()


async def test_a_shared_puzzle_expires_unless_shared_or_opened(store_location):
    seki = registry.get("seki")
    store = Store(store_location)
    await store.open()
    try:
        old, opened, fresh = [await keep_shared(store, key, seki, f"oo+ooaoo-\n#{key}")
                              for key in ("old", "opened", "fresh")]
        long_ago = time.time() - (EXPIRES_DAYS + 1) * DAY

        async def age(db):
            await db.execute("UPDATE shared_puzzles SET created = ?, used = NULL", (long_ago,))

        await store.attempt(age)
        await keep_shared(store, "fresh", seki, "oo+ooaoo-\n#fresh")  # shared again
        assert await shared_puzzle(store, opened) is None  # expired when opened: deleted
        assert await shared_puzzle(store, fresh) is not None
        assert await forget_stale(store, time.time()) == 1  # `old`
        assert await shared_puzzle(store, old) is None
        assert await forget_stale(store, time.time() + (EXPIRES_DAYS - 1) * DAY) == 0
        assert await forget_stale(store, time.time() + (EXPIRES_DAYS + 1) * DAY) == 1
    finally:
        await store.close()


def test_a_calendar_day_begins_at_its_local_time_across_a_clock_change():
    paris = Calendar(8, 0, ZoneInfo("Europe/Paris"))
    # Sunday 30 March 2025: Paris goes from UTC+1 to UTC+2 at 02:00, so 08:00 is 06:00 UTC
    before = datetime.datetime(2025, 3, 30, 5, 59, tzinfo=datetime.UTC).timestamp()
    after = datetime.datetime(2025, 3, 30, 6, 1, tzinfo=datetime.UTC).timestamp()
    assert paris.day(after) == paris.day(before) + 1
    start = paris.start(paris.day(after))
    assert datetime.datetime.fromtimestamp(start, datetime.UTC).hour == 6  # 08:00 at UTC+2
    assert before < start < after and paris.start(paris.day(after) + 1) - start == DAY
    assert start - paris.start(paris.day(before)) == DAY - 3600  # a day an hour short
    assert paris.clock(start) == "Sun 08:00 Europe/Paris"
    short = Calendar(8, 0, ZoneInfo("UTC"), period=10.0)
    assert short.day(125.0) == 12 and short.start(13) == 130.0


def test_a_daily_time_the_clock_skips_begins_the_day_when_the_clock_jumps():
    """02:30 Europe/Paris does not exist on 29 March 2026 (02:00 jumps to 03:00): the day
    begins at the jump, 01:00 UTC, and `day` and `start` agree on every day of two years
    in zones with clock changes, at times in and around their gaps and folds."""
    paris = Calendar(2, 30, ZoneInfo("Europe/Paris"))
    day = datetime.date(2026, 3, 29).toordinal()
    assert paris.start(day) == datetime.datetime(2026, 3, 29, 1, 0,
                                                 tzinfo=datetime.UTC).timestamp()
    first = datetime.date(2025, 1, 1).toordinal()
    for zone in ("Europe/Paris", "America/New_York", "Australia/Lord_Howe"):
        for hour, minute in ((2, 30), (2, 0), (1, 59), (3, 0), (8, 0)):
            calendar = Calendar(hour, minute, ZoneInfo(zone))
            wrong = [d for d in range(first, first + 730)
                     if calendar.day(calendar.start(d)) != d
                     or calendar.day(calendar.start(d) - 1) != d - 1]
            assert wrong == [], (zone, hour, minute)
