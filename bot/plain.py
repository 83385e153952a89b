"""Every update read as plain text before any handler sees it (`solvers.texts.plain_text`):
a zero-width space or a BOM pasted after a command is dropped, and a digit of any script is
read as 0-9, for puzzles and for command options alike (`/quiz rounds=١`). The
Application also marks whose update it is handling, so the quick lane serves people
fairly (`bot.work.lanes.OWNER`)."""

from __future__ import annotations

from typing import Any

from telegram import Bot, Update
from telegram.ext import Application

from solvers.texts import invisible, plain_text

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


def command_apart(text: str, entities: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """The text with a space between its leading /command and an invisible character glued
    to it (`/KIND\\u200bPUZZLE`: Telegram's command ends at the invisible character,
    which the plain text drops), the entities after it moved along; else both as they are."""
    command = next((e for e in entities if e.get("type") == "bot_command"
                    and e.get("offset") == 0), None)
    if command is None:
        return text, entities
    end = len(utf16(text)[:command["length"] * 2].decode("utf-16-le", "surrogatepass"))
    if end >= len(text) or not invisible(text[end]):
        return text, entities
    moved = [{**e, "offset": e["offset"] + 1} if e["offset"] >= command["length"] else e
             for e in entities]
    return f"{text[:end]} {text[end:]}", moved


def plain_message(message: dict[str, Any]) -> bool:
    """Make a message's text and caption plain, in place; True when anything changed."""
    changed = False
    for text_key, entities_key in TEXTS:
        typed = message.get(text_key)
        if not isinstance(typed, str):
            continue
        text, entities = command_apart(typed, message.get(entities_key) or [])
        if (plain := plain_text(text)) == typed:
            continue
        message[text_key] = plain
        if entities:
            message[entities_key] = plain_entities(text, entities)
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
