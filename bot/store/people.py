"""Each person's /settings, one JSON object per person (bot/settings.py reads it as a
`Look` and decides what its fields mean)."""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from ..database import Connection, StoreUnavailable, Transactions

log = logging.getLogger(__name__)


class PeopleQueries(Transactions):
    """The table user_settings."""

    async def user_settings(self, user_id: int) -> dict[str, Any] | None:
        """What a person chose; None when they chose nothing or the store is unreadable."""
        if self.db is None:
            return None
        try:
            rows = await self.read("SELECT settings FROM user_settings WHERE user_id = ?",
                                   (user_id,))
        except StoreUnavailable as error:
            log.warning("settings unreadable, the defaults are used: %s", error)
            return None
        return json.loads(rows[0][0]) if rows else None

    async def keep_user_settings(self, user_id: int, settings: dict[str, Any]) -> None:
        """Keep what a person chose (StoreUnavailable when the store takes no write)."""
        async def put(db: Connection) -> None:
            await db.execute(
                "INSERT INTO user_settings (user_id, settings, updated) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings, "
                "updated = excluded.updated", (user_id, json.dumps(settings), time.time()))

        await self.attempt(put)
