"""Share links: every answer carries a *Share* button, a t.me link whose `start` payload
names the puzzle; whoever opens it gets the same puzzle (bot/deeplinks.py).

Telegram allows a payload of at most 64 characters of `A-Z a-z 0-9 _ -`, and anyone can
read it in the link, so it never carries the puzzle: it is a short opaque id (`p` and 12
characters of a hash of the puzzle's cache key, so the same puzzle always has the same
link) of a row in the `shared_puzzles` table, which holds the kind and the text. A
payload the table does not know (made up, or from a wiped database) leads nowhere.
"""

from __future__ import annotations

import base64
import hashlib
import logging
import re
import time

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from solvers import registry
from solvers.base import PuzzleKind

from .context import Context
from .database import Connection
from .store import Store, StoreUnavailable

log = logging.getLogger(__name__)

__all__ = ["payload_for", "share_button", "shared_puzzle"]

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
    if store.db is None:
        return None
    payload = payload_for(key)

    async def put(db: Connection) -> None:
        await db.execute(
            "INSERT INTO shared_puzzles (payload, kind, text, created) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (payload) DO NOTHING", (payload, kind.name, text, time.time()))

    try:
        await store.attempt(put)
    except StoreUnavailable as error:
        log.warning("shared puzzle not kept, no Share button: %s", error)
        return None
    return payload


async def shared_puzzle(store: Store, payload: str) -> tuple[PuzzleKind, str] | None:
    """The kind and text of a shared puzzle; None for a payload that names none."""
    if PAYLOAD.fullmatch(payload) is None or store.db is None:
        return None
    try:
        rows = await store.read("SELECT kind, text FROM shared_puzzles WHERE payload = ?",
                                (payload,))
    except StoreUnavailable as error:
        log.warning("shared puzzle unreadable: %s", error)
        return None
    kind = registry.get(rows[0][0]) if rows else None
    return (kind, rows[0][1]) if kind is not None else None


def share_row(bot_username: str, payload: str) -> list[InlineKeyboardButton]:
    return [InlineKeyboardButton("↗️ Share", url=link(bot_username, payload))]


async def share_button(context: Context, key: str, kind: PuzzleKind,
                       text: str) -> InlineKeyboardMarkup | None:
    """The Share button of an answer (the puzzle kept for it), or None without a store."""
    payload = await keep_shared(context.bot_data.services.store, key, kind, text)
    if payload is None:
        return None
    return InlineKeyboardMarkup([share_row(context.bot.username, payload)])
