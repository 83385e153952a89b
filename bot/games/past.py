"""The game tables' past: the records /top and /stats show (quiz scores, races won,
daily puzzles solved by day), and the puzzles a chat played lately."""

from __future__ import annotations

import json
from typing import Any

from .rows import TOTAL, Reads, Score


class PastGames(Reads):
    """Reads over every game a chat or a player played (StoreUnavailable when the
    database cannot be read: they are not held in memory)."""

    async def chat_scores(self, chat_id: int, limit: int = 10) -> list[Score]:
        """All-time quiz scores in a chat (the latest name each player used)."""
        rows = await self._all(
            "SELECT user_id, (SELECT name FROM game_scores s2 WHERE s2.chat_id = ? "
            "AND s2.user_id = s.user_id ORDER BY game_id DESC LIMIT 1), "
            f"{TOTAL.format('points')}, {TOTAL.format('rounds_won')} FROM game_scores s "
            "WHERE chat_id = ? GROUP BY user_id "
            "ORDER BY SUM(points) DESC, SUM(rounds_won) DESC LIMIT ?",
            (chat_id, chat_id, limit))
        return [Score(*row) for row in rows]

    async def player_stats(self, user_id: int, chat_id: int | None = None) -> dict[str, Any]:
        """A player's record: quiz games, rounds won, points, fastest answer, best game,
        and races entered, finished and won; in one chat or (None) everywhere."""
        where, args = ("AND chat_id = ?", (user_id, chat_id)) if chat_id else ("", (user_id,))
        quiz = await self._one(
            f"SELECT COUNT(*), {TOTAL.format('rounds_won')}, {TOTAL.format('points')}, "
            f"MIN(best_seconds), COALESCE(MAX(points), 0) FROM game_scores "
            f"WHERE user_id = ? {where}", args)
        wins = await self._one(
            "SELECT COUNT(*) FROM games g WHERE g.game = 'quiz' AND g.state != 'running' "
            f"{where.replace('chat_id', 'g.chat_id')} AND ? = (SELECT user_id FROM "
            "game_scores s WHERE s.game_id = g.id ORDER BY points DESC, rounds_won DESC "
            "LIMIT 1)", (*args[1:], user_id))
        race = await self._one(
            "SELECT COUNT(*), COUNT(e.finished), COUNT(CASE WHEN e.place = 1 THEN 1 END), "
            "MIN(e.finished - g.started) FROM race_entries e JOIN games g "
            "ON g.id = e.game_id WHERE g.game = 'race' AND e.user_id = ? "
            f"{where.replace('chat_id', 'g.chat_id')}", args)
        return {"quiz_games": quiz[0], "rounds_won": quiz[1], "points": quiz[2],
                "fastest": quiz[3], "best_game": quiz[4], "quiz_wins": wins[0],
                "races": race[0], "races_finished": race[1], "races_won": race[2],
                "best_race": race[3]}

    async def race_winners(self, chat_id: int, limit: int = 5) -> list[tuple[str, int]]:
        """(name, races won) in a chat, most wins first (a player who changed their name
        is shown by the last one alphabetically)."""
        return list(await self._all(
            "SELECT MAX(e.name), COUNT(*) FROM race_entries e JOIN games g "
            "ON g.id = e.game_id WHERE g.chat_id = ? AND g.game = 'race' AND e.place = 1 "
            "GROUP BY e.user_id "
            "ORDER BY COUNT(*) DESC, MAX(e.name) LIMIT ?", (chat_id, limit)))

    async def recent_puzzles(self, chat_id: int, kind_name: str, limit: int = 20) -> list[str]:
        """The puzzle files raced (or posted as daily puzzles) lately in a chat, so a pool
        is cycled, not repeated."""
        rows = await self._all(
            "SELECT settings FROM games WHERE chat_id = ? AND game IN ('race', 'daily') "
            "ORDER BY id DESC LIMIT ?", (chat_id, limit * 4))
        settings = [json.loads(row[0]) for row in rows]
        return [s["source"] for s in settings
                if s.get("kind") == kind_name and s.get("source")][:limit]

    async def daily_rounds(self, user_id: int, chat_id: int | None = None
                           ) -> dict[int, list[bool]]:
        """By chat, the chat's daily puzzles in order, each with whether the player
        solved it (in one chat, or every chat where they solved one)."""
        where, args = (("g.chat_id = ?", (user_id, chat_id)) if chat_id else (
            "g.chat_id IN (SELECT g2.chat_id FROM race_entries e2 JOIN games g2 ON "
            "g2.id = e2.game_id WHERE g2.game = 'daily' AND e2.user_id = ?)",
            (user_id, user_id)))
        rows = await self._all(
            "SELECT g.chat_id, e.finished FROM games g LEFT JOIN race_entries e "
            "ON e.game_id = g.id AND e.user_id = ? "
            f"WHERE g.game = 'daily' AND {where} ORDER BY g.chat_id, g.id", args)
        rounds: dict[int, list[bool]] = {}
        for chat, finished in rows:
            rounds.setdefault(chat, []).append(finished is not None)
        return rounds
