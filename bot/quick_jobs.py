"""Each person's puzzles being solved in the quick lane now (a service: `Services.
quick_jobs`), so that /cancel (bot/cancel.py) stops their own and nobody else's."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

T = TypeVar("T")


class JobCancelled(Exception):
    """Its owner stopped the quick job with /cancel (and has been told)."""


class QuickJobs:
    """Each person's puzzles being solved in the quick lane now, so that /cancel stops
    their own (and nobody else's)."""

    def __init__(self) -> None:
        #: by person: each running job's task and the kind's title
        self.by_owner: dict[int, dict[asyncio.Task, str]] = {}
        self._cancelled: set[asyncio.Task] = set()

    async def run(self, user_id: int, title: str, job: Awaitable[T]) -> T:
        """Await `job` as this person's; JobCancelled when they stop it."""
        task = asyncio.ensure_future(job)
        mine = self.by_owner.setdefault(user_id, {})
        mine[task] = title
        try:
            return await task
        except asyncio.CancelledError:
            if task in self._cancelled:
                raise JobCancelled() from None
            raise
        finally:
            self._cancelled.discard(task)
            mine.pop(task, None)
            if not mine and self.by_owner.get(user_id) is mine:
                del self.by_owner[user_id]

    def cancel(self, user_id: int) -> list[str]:
        """Stop every quick job of this person (their workers stop the job too); the
        titles of the kinds stopped."""
        titles = []
        for task, title in self.by_owner.get(user_id, {}).items():
            self._cancelled.add(task)
            task.cancel()
            titles.append(title)
        return titles
