"""Hint sessions: one person's walk through the hint steps of a letters clue, kept so
that the buttons of an old message climb on after a restart."""

from __future__ import annotations

import itertools
import logging
import time
from dataclasses import dataclass

from ..database import Connection, StoreUnavailable, Transactions

log = logging.getLogger(__name__)

#: ids for sessions that could not be stored (negative: never found again)
_OFFLINE_IDS = itertools.count(1)


@dataclass(frozen=True)
class HintSession:
    """One person's walk through the hint steps of one clue in one chat."""

    id: int
    chat_id: int
    user_id: int
    clue: str
    step: int


class HintQueries(Transactions):
    """The table hint_sessions."""

    async def start_hint_session(self, chat_id: int, user_id: int, clue: str) -> int:
        """A new session at step 1; its id goes into the buttons' callback data."""
        if self.db is None:
            return -next(_OFFLINE_IDS)

        async def start(db: Connection) -> int:
            rows = await db.fetch(
                "INSERT INTO hint_sessions (chat_id, user_id, clue, step, updated) "
                "VALUES (?, ?, ?, 1, ?) RETURNING id", (chat_id, user_id, clue, time.time()))
            return rows[0][0]

        try:
            return await self.attempt(start)
        except StoreUnavailable as error:
            log.warning("hint session not kept: %s", error)
            return -next(_OFFLINE_IDS)

    async def hint_session(self, session_id: int) -> HintSession | None:
        if self.db is None or session_id < 0:
            return None
        try:
            rows = await self.read(
                "SELECT id, chat_id, user_id, clue, step FROM hint_sessions WHERE id = ?",
                (session_id,))
        except StoreUnavailable as error:
            log.warning("hint session unreadable: %s", error)
            return None
        return HintSession(*rows[0]) if rows else None

    async def advance_hint_session(self, session_id: int, step: int) -> None:
        if self.db is None:
            return

        async def advance(db: Connection) -> None:
            await db.execute("UPDATE hint_sessions SET step = ?, updated = ? WHERE id = ?",
                             (step, time.time(), session_id))

        try:
            await self.attempt(advance)
        except StoreUnavailable as error:
            log.warning("hint step not kept: %s", error)
