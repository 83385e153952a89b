"""Shared puzzles by their links' payloads: the kind's name and the text behind a Share
link, and when it was last shared or opened (bot/share.py makes the payloads and decides
when a row has expired)."""

from __future__ import annotations

import logging
import time

from ..database import Connection, StoreUnavailable, Transactions

log = logging.getLogger(__name__)


class SharedQueries(Transactions):
    """The table shared_puzzles."""

    async def keep_shared_puzzle(self, payload: str, kind: str, text: str) -> bool:
        """Keep a puzzle under its payload (shared again: its last use is now); False when
        the store takes no write."""
        if self.db is None:
            return False

        async def put(db: Connection) -> None:
            await db.execute(
                "INSERT INTO shared_puzzles (payload, kind, text, created) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (payload) DO UPDATE SET used = excluded.created",
                (payload, kind, text, time.time()))

        try:
            await self.attempt(put)
        except StoreUnavailable as error:
            log.warning("shared puzzle not kept, no Share button: %s", error)
            return False
        return True

    async def shared_puzzle_row(self, payload: str) -> tuple[str, str, float] | None:
        """The kind's name, the text and the last use of a shared puzzle; None when the
        payload names none or the store cannot be read."""
        if self.db is None:
            return None
        try:
            rows = await self.read("SELECT kind, text, COALESCE(used, created) FROM "
                                   "shared_puzzles WHERE payload = ?", (payload,))
        except StoreUnavailable as error:
            log.warning("shared puzzle unreadable: %s", error)
            return None
        if not rows:
            return None
        name, text, used = rows[0]
        return name, text, used

    async def touch_shared_puzzle(self, payload: str, fresh: bool) -> None:
        """A shared puzzle opened: its last use is now when `fresh`, else it is deleted."""
        async def touch(db: Connection) -> None:
            if fresh:
                await db.execute("UPDATE shared_puzzles SET used = ? WHERE payload = ?",
                                 (time.time(), payload))
            else:
                await db.execute("DELETE FROM shared_puzzles WHERE payload = ?", (payload,))

        try:
            await self.attempt(touch)
        except StoreUnavailable as error:
            log.info("shared puzzle's use not kept: %s", error)

    async def forget_shared_before(self, cutoff: float) -> int:
        """Delete the shared puzzles last used before `cutoff`; how many."""
        async def forget(db: Connection) -> int:
            return await db.execute("DELETE FROM shared_puzzles WHERE COALESCE(used, created) "
                                    "< ?", (cutoff,))

        if self.db is None:
            return 0
        try:
            return await self.attempt(forget)
        except StoreUnavailable as error:
            log.warning("stale shared puzzles not deleted: %s", error)
            return 0
