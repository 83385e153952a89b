"""Share links: every answer carries a *Share* button, a t.me link whose `start` payload
names the puzzle; whoever opens it gets the same puzzle (bot/deeplinks.py).

Telegram allows a payload of at most 64 characters of `A-Z a-z 0-9 _ -`, and anyone can
read it in the link, so it never carries the puzzle: it is a short opaque id (`p` and 12
characters of a hash of the puzzle's cache key, so the same puzzle always has the same
link) of a row in the `shared_puzzles` table, which holds the kind and the text. A
payload the table does not know (made up, or from a wiped database) leads nowhere.

A shared puzzle is kept for EXPIRES_DAYS (90) days after it was last shared or opened:
rows older than that are deleted at start and once a day, and one found expired when
opened is deleted then; its link then leads nowhere, like an unknown one.

This module is the links and their rows in the store; the buttons an answer carries and
the daily clean-up live in `bot/share_buttons.py`.
"""

from __future__ import annotations

import base64
import hashlib
import logging
import re
import time

from telegram import InlineKeyboardButton

from solvers import registry
from solvers.base import PuzzleKind

from .i18n import _
from .store.facade import Store

log = logging.getLogger(__name__)

__all__ = ["payload_for", "shared_puzzle"]

#: days a shared puzzle is kept after it was last shared or opened
EXPIRES_DAYS = 90
DAY = 86400.0
#: what a shared puzzle's payload looks like (Telegram's alphabet, our length)
PAYLOAD = re.compile(r"p[A-Za-z0-9_-]{12}")


def payload_for(key: str) -> str:
    """The payload of the puzzle with this cache key: `p` and 12 characters (72 bits of
    its hash: no two puzzles people share will meet)."""
    digest = hashlib.sha256(key.encode()).digest()[:9]
    return "p" + base64.urlsafe_b64encode(digest).decode("ascii")


def link(bot_username: str, payload: str) -> str:
    """The t.me link that opens a private chat with the bot and sends /start PAYLOAD."""
    return f"https://t.me/{bot_username}?start={payload}"


async def keep_shared(store: Store, key: str, kind: PuzzleKind, text: str) -> str | None:
    """Keep the puzzle for its link; its payload, or None when the store takes no write
    (the answer then goes without a Share button rather than with a dead link)."""
    payload = payload_for(key)
    return payload if await store.keep_shared_puzzle(payload, kind.name, text) else None


async def shared_puzzle(store: Store, payload: str) -> tuple[PuzzleKind, str] | None:
    """The kind and text of a shared puzzle; None for a payload that names none. Opening
    it starts its 90 days again; one found expired is deleted."""
    if PAYLOAD.fullmatch(payload) is None:
        return None
    row = await store.shared_puzzle_row(payload)
    if row is None:
        return None
    name, text, used = row
    fresh = used >= time.time() - EXPIRES_DAYS * DAY
    await store.touch_shared_puzzle(payload, fresh)
    kind = registry.get(name) if fresh else None
    return (kind, text) if kind is not None else None


async def forget_stale(store: Store, now: float) -> int:
    """Delete the shared puzzles neither shared nor opened for EXPIRES_DAYS; how many."""
    return await store.forget_shared_before(now - EXPIRES_DAYS * DAY)


def share_row(bot_username: str, payload: str) -> list[InlineKeyboardButton]:
    return [InlineKeyboardButton(_("↗️ Share"), url=link(bot_username, payload))]
