"""What both games share: their tables in the store, each chat's lock, options, who may
steer a game, player names, places and medals, and sending that never takes a game down
with it."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

from telegram import Message, Update, User
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

from ..context import App, BotData, Context
from ..database import StoreUnavailable
from ..i18n import N_, _
from .store import GameStore

log = logging.getLogger(__name__)

NO_STORE = N_("Games keep their state in my database, which is unavailable right now; "
            "please try again later.")
#: the same as a button's toast (Telegram shows up to 200 characters)
NO_STORE_TOAST = N_("My database is unavailable right now; please try again later.")
#: what /stop and /skip say in a chat with no game running
NOTHING_RUNNING = N_("No quiz is running here. Start one: /quiz")

Handler = Callable[[Update, Context], Coroutine[Any, Any, None]]


class _ChatLock(asyncio.Lock):
    """A chat's lock, in its `chat_data`: every change of a game's state happens under it."""


def chat_lock(application: App, chat_id: int) -> asyncio.Lock:
    """The chat's lock, made on first use."""
    return application.chat_data[chat_id].own(_ChatLock)


@dataclass
class _Tables:
    """The game tables, made anew when the store is (`game_store`)."""

    games: GameStore | None = None


def game_store(bot_data: BotData) -> GameStore | None:
    """The game tables through the store; None when the store is unusable."""
    store = bot_data.services.store
    if store.db is None:
        return None
    tables = bot_data.own(_Tables)
    if tables.games is None or tables.games.store is not store:
        tables.games = GameStore(store)
    return tables.games


def games_of(bot_data: BotData) -> GameStore:
    """The game tables, for handlers wrapped in `needs_store`: StoreUnavailable when the
    store is unusable, which the wrapper tells the person."""
    games = game_store(bot_data)
    if games is None:
        raise StoreUnavailable("the database is not open")
    return games


def needs_store(handler: Handler) -> Handler:
    """A game command or button whose reads and writes may meet a failing database:
    the person is told it is unavailable (NO_STORE) instead of "Sorry, something went
    wrong"."""
    @functools.wraps(handler)
    async def guarded(update: Update, context: Context) -> None:
        try:
            await handler(update, context)
        except StoreUnavailable as error:
            log.warning("%s: database unavailable: %s", handler.__name__, error)
            if update.callback_query is not None:
                await update.callback_query.answer(_(NO_STORE_TOAST))
            elif update.effective_message is not None:
                await update.effective_message.reply_text(_(NO_STORE))

    return guarded


def player_name(user: User | None) -> str:
    if user is None:
        return _("someone")
    return user.full_name or user.username or str(user.id)


async def may_steer(context: Context, chat_id: int, user_id: int,
                    starter_id: int) -> bool:
    """The game's starter or an administrator of the chat."""
    return user_id == starter_id or await is_admin(context, chat_id, user_id)


async def is_admin(context: Context, chat_id: int, user_id: int) -> bool:
    """An administrator or the creator of the chat (a failed lookup is no)."""
    try:
        member = await context.bot.get_chat_member(chat_id, user_id)
    except TelegramError as error:
        log.warning("chat member lookup failed: %s", error)
        return False
    return member.status in (ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR)


async def say(application: App, chat_id: int, text: str, **kwargs: Any) -> Message | None:
    """Send a text; a failure is logged, never raised (a game goes on without it)."""
    try:
        return await application.bot.send_message(chat_id, text, **kwargs)
    except TelegramError as error:
        log.warning("message to chat %s failed: %s", chat_id, error)
        return None


async def show_photo(application: App, chat_id: int, photo: bytes, caption: str,
                     **kwargs: Any) -> Message | None:
    """Send a picture; when that fails, at least the caption as text."""
    try:
        return await application.bot.send_photo(chat_id, photo, caption=caption,
                                                filename="puzzle.png", **kwargs)
    except TelegramError as error:
        log.warning("picture to chat %s failed: %s", chat_id, error)
        return await say(application, chat_id, caption, **kwargs)


def medal(place: int) -> str:
    return {1: "🥇", 2: "🥈", 3: "🥉"}.get(place, f"{place}.")


#: a place as a word, by its English suffix (German `3.`, Spanish `3.º` for all four)
ORDINALS = {"st": N_("{n}st"), "nd": N_("{n}nd"), "rd": N_("{n}rd"), "th": N_("{n}th")}


def ordinal(n: int) -> str:
    """`1st`, `22nd`, `13th` (German `1.`, Spanish `1.º`)."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return _(ORDINALS[suffix]).format(n=n)


def duration(seconds: float) -> str:
    """`42.1 s`, `3:05`, `1:02:03`."""
    if seconds < 60:
        return f"{seconds:.1f} s"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


#: the difficulty words of /quiz, /race and /daily as the games' messages show them
DIFFICULTY_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


def difficulty_word(difficulty: str) -> str:
    """`easy` in the current language (the option itself stays the English word)."""
    return _(DIFFICULTY_WORDS[difficulty]) if difficulty in DIFFICULTY_WORDS else difficulty
