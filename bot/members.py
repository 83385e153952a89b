"""Who belongs to a chat, as Telegram says: the games let only a chat's members play,
and keep the answers of a running game from them."""

from __future__ import annotations

import logging

from telegram import Bot
from telegram.constants import ChatMemberStatus
from telegram.error import BadRequest, TelegramError

log = logging.getLogger(__name__)

#: the statuses of someone in a chat (a restricted member is still in it)
IN_CHAT = (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR,
           ChatMemberStatus.MEMBER, ChatMemberStatus.RESTRICTED)


async def membership(bot: Bot, chat_id: int, user_id: int) -> bool | None:
    """Whether the user is a member of the chat (getChatMember): no for a user Telegram
    does not know there (400), None when Telegram could not be asked (an error 5xx, a
    timeout, the network)."""
    try:
        member = await bot.get_chat_member(chat_id, user_id)
    except BadRequest as error:
        log.info("chat member lookup: %s", error)
        return False
    except TelegramError as error:
        log.warning("chat member lookup failed: %s", error)
        return None
    return member.status in IN_CHAT


async def is_member(bot: Bot, chat_id: int, user_id: int) -> bool:
    """Whether the user is known to be a member of the chat: the right to play (a lookup
    that failed gives none)."""
    return await membership(bot, chat_id, user_id) is True


async def may_be_member(bot: Bot, chat_id: int, user_id: int) -> bool:
    """Whether the user may be a member of the chat: a running game's help is kept from
    them unless Telegram says they are not (a lookup that failed keeps it: fair play
    fails closed)."""
    return await membership(bot, chat_id, user_id) is not False


async def is_admin(bot: Bot, chat_id: int, user_id: int) -> bool:
    """Whether the user is the chat's owner or one of its administrators (a failed
    lookup is no)."""
    try:
        member = await bot.get_chat_member(chat_id, user_id)
    except TelegramError as error:
        log.info("chat member lookup failed: %s", error)
        return False
    return member.status in (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)
