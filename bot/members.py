"""Who belongs to a chat, as Telegram says: the games let only a chat's members play,
and keep the answers of a running game from them."""

from __future__ import annotations

import logging

from telegram import Bot
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

log = logging.getLogger(__name__)

#: the statuses of someone in a chat (a restricted member is still in it)
IN_CHAT = (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR,
           ChatMemberStatus.MEMBER, ChatMemberStatus.RESTRICTED)


async def is_member(bot: Bot, chat_id: int, user_id: int) -> bool:
    """Whether the user is a member of the chat (getChatMember); a failed lookup (a user
    Telegram does not know there) is no."""
    try:
        member = await bot.get_chat_member(chat_id, user_id)
    except TelegramError as error:
        log.info("chat member lookup failed: %s", error)
        return False
    return member.status in IN_CHAT


async def is_admin(bot: Bot, chat_id: int, user_id: int) -> bool:
    """Whether the user is the chat's owner or one of its administrators (a failed
    lookup is no)."""
    try:
        member = await bot.get_chat_member(chat_id, user_id)
    except TelegramError as error:
        log.info("chat member lookup failed: %s", error)
        return False
    return member.status in (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)
