"""The language a group's admin chose with /language (bot/language.py)."""

from __future__ import annotations

import logging
import time

from ..database import Connection, StoreUnavailable, Transactions

log = logging.getLogger(__name__)


class LanguageQueries(Transactions):
    """The table chat_languages."""

    async def chat_language(self, chat_id: int) -> str | None:
        """The language a group chose with /language, if any (None when unreadable)."""
        if self.db is None:
            return None
        try:
            rows = await self.read("SELECT language FROM chat_languages WHERE chat_id = ?",
                                   (chat_id,))
        except StoreUnavailable as error:
            log.warning("chat language unreadable: %s", error)
            return None
        return rows[0][0] if rows else None

    async def keep_chat_language(self, chat_id: int, language: str) -> None:
        """Keep a group's language (StoreUnavailable when the store takes no write)."""
        async def put(db: Connection) -> None:
            await db.execute(
                "INSERT INTO chat_languages (chat_id, language, updated) VALUES (?, ?, ?) "
                "ON CONFLICT (chat_id) DO UPDATE SET language = excluded.language, "
                "updated = excluded.updated", (chat_id, language, time.time()))

        await self.attempt(put)
