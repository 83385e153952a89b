"""The language a chat or a person chose (with /language or /settings), remembered
between updates so most updates cost no read: what `bot/language.py` sets for each
update and the games speak in a chat when no update tells them (`chat_language`)."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType

from .context import BotData
from .i18n import language_of
from .look import look_of
from .recent import Recent


class _Choices(Recent[tuple[str, int], str]):
    """The languages chosen, by ("user", id) and ("chat", id); "" for no choice."""

    LIMIT = 4096


def in_group(update: Update) -> bool:
    chat = update.effective_chat
    return chat is not None and chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)


async def chosen(bot_data: BotData, scope: str, number: int) -> str:
    """A user's or a chat's choice ("" for none), from memory or the store."""
    choices = bot_data.own(_Choices)
    known = choices.get((scope, number))
    if known is None:
        store = bot_data.services.store
        if scope == "chat":
            known = await store.chat_language(number) or ""
        else:
            known = (await look_of(store, number)).language
        choices.put((scope, number), known)
    return known


async def language_for(update: Update, bot_data: BotData) -> str:
    """The language to speak in this update (the order is in bot/language.py's docstring)."""
    chat, user = update.effective_chat, update.effective_user
    if chat is not None and in_group(update) and (
            group := await chosen(bot_data, "chat", chat.id)):
        return group
    if user is not None and (own := await chosen(bot_data, "user", user.id)):
        return own
    return language_of(user.language_code if user else None)


async def chat_language(bot_data: BotData, chat_id: int) -> str:
    """The language of a chat's messages not tied to an update (a game's timed hints,
    a long count's result): a group's choice; else a private chat's person's choice;
    else English (no update tells their app's language)."""
    if chat_id < 0:
        return await chosen(bot_data, "chat", chat_id) or "en"
    return await chosen(bot_data, "user", chat_id) or "en"


def remember_choice(bot_data: BotData, scope: str, number: int, language: str) -> None:
    """Remember a choice just kept in the store: a chat's ("chat") or a person's ("user")."""
    bot_data.own(_Choices).put((scope, number), language)
