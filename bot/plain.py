"""Every update read as plain text before any handler sees it (`solvers.base.plain_text`):
a zero-width space or a BOM pasted after a command is dropped, and a digit of any script is
read as 0-9, for puzzles and for command options alike (`/quiz rounds=١`). The
Application also marks whose update it is handling, so the quick lane serves people
fairly (`bot.work.lanes.OWNER`)."""

from __future__ import annotations

from typing import Any

from telegram import Bot, Update
from telegram.ext import Application

from solvers.base import plain_text

from .work.lanes import OWNER

#: the parts of an update that carry a message a person typed
MESSAGES = ("message", "edited_message", "channel_post", "edited_channel_post",
            "business_message", "edited_business_message")
#: a message's texts, each with its entities
TEXTS = (("text", "entities"), ("caption", "caption_entities"))


def utf16(text: str) -> bytes:
    """The UTF-16 form Telegram counts entity offsets in (a lone surrogate kept as is)."""
    return text.encode("utf-16-le", "surrogatepass")


def plain_length(units: bytes) -> int:
    """How many UTF-16 units the plain form of these UTF-16 units takes."""
    return len(utf16(plain_text(units.decode("utf-16-le", "surrogatepass")))) // 2


def plain_entities(text: str, entities: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entities moved to where their text is in the plain text; an entity left with
    no text (it held only invisible characters) is dropped."""
    units = utf16(text)
    moved = []
    for entity in entities:
        start, end = entity["offset"] * 2, (entity["offset"] + entity["length"]) * 2
        offset = plain_length(units[:start])
        length = plain_length(units[:end]) - offset
        if length > 0:
            moved.append({**entity, "offset": offset, "length": length})
    return moved


def plain_message(message: dict[str, Any]) -> bool:
    """Make a message's text and caption plain, in place; True when anything changed."""
    changed = False
    for text_key, entities_key in TEXTS:
        text = message.get(text_key)
        if not isinstance(text, str) or (plain := plain_text(text)) == text:
            continue
        message[text_key] = plain
        if message.get(entities_key):
            message[entities_key] = plain_entities(text, message[entities_key])
        changed = True
    return changed


def plain_update(update: Update, bot: Bot) -> Update:
    """The update with every text a person typed made plain (itself when it already was)."""
    data = update.to_dict()
    changed = False
    for key in MESSAGES:
        if isinstance(data.get(key), dict):
            changed |= plain_message(data[key])
    query = data.get("inline_query")
    if isinstance(query, dict) and (plain := plain_text(query.get("query", ""))) != query.get(
            "query"):
        query["query"], changed = plain, True
    return Update.de_json(data, bot) if changed else update


class PlainApplication(Application):  # type: ignore[type-arg]
    """The bot's Application: each update made plain and marked with its sender before
    the handlers run (in the update's own task, so the mark stays with its jobs)."""

    async def process_update(self, update: object) -> None:
        if isinstance(update, Update):
            update = plain_update(update, self.bot)
            OWNER.set(update.effective_user.id if update.effective_user else None)
        await super().process_update(update)
