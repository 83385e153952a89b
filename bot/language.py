"""The language the bot speaks in each update, and /language to choose it.

Before any handler runs (`set_language`, in handler group -1), the current language of
`bot.i18n` is set for the update, from the first of:

1. in a group, the language an administrator chose for it with /language (the
   `chat_languages` table): a group's games speak one language to everyone;
2. the person's own choice with /language or /settings (their settings row);
3. their Telegram app's language (`from.language_code`: `de`, `es`; any other is English).

Choices are kept in the store, so they outlast a restart, and remembered here for the
next updates (`bot/spoken.py`, which the games read a chat's language from too), so
most updates cost no read.
"""

from __future__ import annotations

import logging
import re
from dataclasses import asdict

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.constants import ParseMode
from telegram.error import BadRequest

from .context import BotData, Context, message_of, query_of, sender_of
from .database import StoreUnavailable
from .i18n import LANGUAGES, N_, _, set_current
from .look import Look, keep_look, look_of
from .members import is_admin
from .settings import MENU_TEXT as SETTINGS_TEXT
from .settings import menu as settings_menu
from .spoken import in_group, language_for, remember_choice
from .store.facade import Store

log = logging.getLogger(__name__)

#: callback data of the /language buttons: `lang:de`; `lang:de:settings` in /settings
LANGUAGE_BUTTON = re.compile(r"lang:(?P<language>[a-z]{2})(?P<settings>:settings)?")
MENU_TEXT = N_("Which language shall I speak here?")
GROUP_MENU_TEXT = N_("Which language shall I speak in this group? (Only its administrators "
                     "may choose.)")
CHOSEN_TEXT = N_("From now on I speak English here.")
NOT_ADMIN_TEXT = N_("Only an administrator of this group may choose its language.")
NO_STORE_TEXT = N_("I cannot keep your choice just now (my database is unavailable); "
                   "try later.")


async def set_language(update: object, context: Context) -> None:
    """Handler group -1: the update's language, before any handler answers it."""
    if isinstance(update, Update):
        set_current(await language_for(update, context.bot_data))


def menu() -> InlineKeyboardMarkup:
    """One button per language, each in its own name."""
    return InlineKeyboardMarkup([[InlineKeyboardButton(name, callback_data=f"lang:{code}")
                                  for code, name in LANGUAGES.items()]])


async def language_command(update: Update, context: Context) -> None:
    """/language: the menu of languages."""
    text = GROUP_MENU_TEXT if in_group(update) else MENU_TEXT
    await message_of(update).reply_text(_(text), reply_markup=menu())


async def keep_choice(store: Store, bot_data: BotData, group: int | None, user_id: int,
                      language: str) -> None:
    """Keep a group's or a person's language (StoreUnavailable when the store takes no
    write) and remember it."""
    if group is not None:
        await store.keep_chat_language(group, language)
        remember_choice(bot_data, "chat", group, language)
    else:
        look = await look_of(store, user_id)
        await keep_look(store, user_id, Look(**{**asdict(look), "language": language}))
        remember_choice(bot_data, "user", user_id, language)


async def language_pressed(update: Update, context: Context) -> None:
    """A language button: keep the choice (a group's by an administrator only; the
    person's own from /settings), then say so in the language chosen."""
    query = query_of(update)
    pressed = LANGUAGE_BUTTON.fullmatch(query.data or "")
    if pressed is None or pressed["language"] not in LANGUAGES:
        await query.answer(_("That button is not one of mine; send /language again."))
        return
    language, user = pressed["language"], sender_of(update)
    group = update.effective_chat.id if (in_group(update) and update.effective_chat
                                         and not pressed["settings"]) else None
    if group is not None and not await is_admin(context.bot, group, user.id):
        await query.answer(_(NOT_ADMIN_TEXT), show_alert=True)
        return
    try:
        await keep_choice(context.bot_data.services.store, context.bot_data, group, user.id,
                          language)
    except StoreUnavailable as error:
        log.warning("language not kept: %s", error)
        await query.answer(_(NO_STORE_TEXT), show_alert=True)
        return
    set_current(language)
    await query.answer(_(CHOSEN_TEXT))
    if not isinstance(query.message, Message):
        return
    try:
        if pressed["settings"]:
            look = await look_of(context.bot_data.services.store, user.id)
            await query.edit_message_text(_(SETTINGS_TEXT), parse_mode=ParseMode.HTML,
                                          reply_markup=settings_menu(look))
        else:
            await query.edit_message_text(_(CHOSEN_TEXT))
    except BadRequest as error:  # two presses at once: the text says it already
        if "not modified" not in str(error):
            raise
