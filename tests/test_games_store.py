"""The game tables through the real store, on SQLite and on PostgreSQL
(`store_location`): migrations, a round won only once, scores that add up per game and
per chat, finishing places, and a player's record."""

from __future__ import annotations

from bot.games.store import GameStore
from bot.store.facade import Store
from bot.store.migrations import SCHEMA_VERSION

CHAT, OTHER = -100200300, -100999
ALICE, BOB = 101, 102


async def open_games(location: str) -> tuple[Store, GameStore]:
    store = Store(location)
    await store.open()
    assert store.db is not None, f"{location} did not open"
    return store, GameStore(store)


async def test_quiz_rounds_scores_and_records(store_location):
    store, games = await open_games(store_location)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
        game = await games.create_game(CHAT, "quiz", ALICE, {"rounds": 2, "seconds": 30})
        assert (await games.running_game(CHAT, "quiz")).id == game.id
        assert await games.running_game(CHAT, "race") is None
        await games.add_round(game.id, 1, "TSILEN", "listen", 0.0, 30.0)
        assert await games.win_round(game, 1, BOB, "Bob", "silent", 9, 3.5)
        assert not await games.win_round(game, 1, ALICE, "Alice", "listen", 8, 4.0)
        await games.add_round(game.id, 2, "OWLF", "flow", 40.0, 70.0)
        assert await games.win_round(game, 2, BOB, "Bob", "wolf", 4, 20.0)
        assert not await games.close_round(game.id, 2, "timeout")  # won already
        assert (await games.round(game.id, 2)).winner_name == "Bob"
        assert [(s.name, s.points, s.rounds_won) for s in await games.scores(game.id)] == [
            ("Bob", 13, 2)]
        assert await games.end_game(game.id)
        assert not await games.end_game(game.id, "stopped")

        second = await games.create_game(CHAT, "quiz", BOB, {"rounds": 1, "seconds": 30})
        await games.add_round(second.id, 1, "TSOP", "stop", 0.0, 30.0)
        assert await games.win_round(second, 1, ALICE, "Alice", "pots", 10, 1.0)
        await games.end_game(second.id)
        elsewhere = await games.create_game(OTHER, "quiz", BOB, {"rounds": 1})
        await games.add_round(elsewhere.id, 1, "TSOP", "stop", 0.0, 30.0)
        assert await games.win_round(elsewhere, 1, BOB, "Bob", "stop", 7, 2.0)

        assert [(s.name, s.points, s.rounds_won) for s in await games.chat_scores(CHAT)] == [
            ("Bob", 13, 2), ("Alice", 10, 1)]
        here = await games.player_stats(BOB, CHAT)
        assert (here["quiz_games"], here["quiz_wins"], here["rounds_won"], here["points"],
                here["fastest"], here["best_game"]) == (1, 1, 2, 13, 3.5, 13)
        everywhere = await games.player_stats(BOB)
        assert (everywhere["quiz_games"], everywhere["points"], everywhere["fastest"]) == (
            2, 20, 2.0)
        assert (await games.player_stats(ALICE, CHAT))["quiz_wins"] == 1
        assert [g.id for g in await games.running_games()] == [elsewhere.id]
    finally:
        await store.close()


async def test_race_entries_places_and_winners(store_location):
    store, games = await open_games(store_location)
    try:
        race = await games.create_game(CHAT, "race", ALICE, {"kind": "gogen",
                                                              "source": "gogen_pb01.txt"})
        assert await games.join_race(race.id, ALICE, "Alice")
        assert not await games.join_race(race.id, ALICE, "Alice")
        assert await games.join_race(race.id, BOB, "Bob")
        await games.count_attempt(race.id, BOB)
        await games.count_attempt(race.id, BOB)
        assert await games.finish_race_entry(race.id, BOB) == 1
        assert await games.finish_race_entry(race.id, BOB) is None
        assert await games.finish_race_entry(race.id, ALICE) == 2
        entries = await games.entries(race.id)
        assert [(e.name, e.place, e.attempts) for e in entries] == [("Bob", 1, 2),
                                                                     ("Alice", 2, 0)]
        assert await games.race_winners(CHAT) == [("Bob", 1)]
        stats = await games.player_stats(BOB, CHAT)
        assert (stats["races"], stats["races_finished"], stats["races_won"]) == (1, 1, 1)
        assert await games.recent_puzzles(CHAT, "gogen") == ["gogen_pb01.txt"]
        assert await games.recent_puzzles(CHAT, "nw") == []
    finally:
        await store.close()


async def test_each_mode_numbers_its_games_and_submitted_games_share_one_count(
        store_location):
    """A quiz after a race is quiz #1 (issue 39 point 10); races and daily puzzles, which
    /submit N names, never share a number, in any chat."""
    store, games = await open_games(store_location)
    try:
        race = await games.create_game(CHAT, "race", ALICE, {}, series="submit")
        quiz = await games.create_game(CHAT, "quiz", ALICE, {})
        daily = await games.create_game(OTHER, "daily", BOB, {}, series="submit")
        second_quiz = await games.create_game(OTHER, "quiz", BOB, {})
        assert [g.number for g in (race, quiz, daily, second_quiz)] == [1, 1, 2, 2]
        assert (await games.numbered(1, {"race", "daily"})).id == race.id
        assert (await games.numbered(2, {"race", "daily"})).id == daily.id
        assert await games.numbered(3, {"race", "daily"}) is None
        assert (await games.numbered(1, {"quiz"})).id == quiz.id
        assert (await games.game(quiz.id)).number == 1
    finally:
        await store.close()
