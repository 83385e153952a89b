"""The daily puzzles' schedules (bot/games/daily.py): one row of `daily_schedules` per
chat, written at once (a schedule is no game move to hold back)."""

from __future__ import annotations

import time

from ..database import Connection
from .rows import DailySchedule, Reads


class Schedules(Reads):
    """A chat's daily schedule kept, read and dropped through the store."""

    async def set_daily(self, schedule: DailySchedule) -> None:
        """Keep (or replace) a chat's daily schedule; StoreUnavailable when it cannot."""
        async def put(db: Connection) -> None:
            await db.execute(
                "INSERT INTO daily_schedules (chat_id, at_time, tz, kind, difficulty, "
                "starter_id, updated) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (chat_id) "
                "DO UPDATE SET at_time = excluded.at_time, tz = excluded.tz, "
                "kind = excluded.kind, difficulty = excluded.difficulty, "
                "starter_id = excluded.starter_id, updated = excluded.updated",
                (schedule.chat_id, schedule.at_time, schedule.tz, schedule.kind,
                 schedule.difficulty, schedule.starter_id, time.time()))

        await self.store.attempt(put)

    async def daily(self, chat_id: int) -> DailySchedule | None:
        schedules = await self._dailies("WHERE chat_id = ?", (chat_id,))
        return schedules[0] if schedules else None

    async def dailies(self) -> list[DailySchedule]:
        """Every chat's schedule (rescheduled at start)."""
        return await self._dailies()

    async def _dailies(self, where: str = "", args: tuple = ()) -> list[DailySchedule]:
        rows = await self._all("SELECT chat_id, at_time, tz, kind, difficulty, starter_id "
                               f"FROM daily_schedules {where} ORDER BY chat_id", args)
        return [DailySchedule(*row) for row in rows]

    async def drop_daily(self, chat_id: int) -> bool:
        """Forget a chat's schedule; False when it had none."""
        async def drop(db: Connection) -> bool:
            return await db.execute("DELETE FROM daily_schedules WHERE chat_id = ?",
                                    (chat_id,)) == 1

        return await self.store.attempt(drop)

