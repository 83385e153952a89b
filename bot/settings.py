"""/settings: how the bot answers one person, chosen with buttons and kept in the store
(table `user_settings`, one JSON row per person) until they change it.

- *Solutions*: shown, or hidden behind a spoiler (the answer picture sent with
  `has_spoiler`, the caption's solution and the check report in spoiler entities), for
  people who want to try first and look later.
- *Hints first*: a puzzle they send is answered with its difficulty, a pointer to /hint
  and a *Show the solution* button instead of the solution (kinds without hints are
  answered as usual).
- *Language*: the one the bot speaks to them (also /language; `bot/language.py` keeps
  it and its buttons, `lang:CODE:settings`, which redraw this menu).

Settings follow the person into groups. Without a store everyone has the defaults.
"""

from __future__ import annotations

import logging
from dataclasses import asdict

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.constants import ParseMode
from telegram.error import BadRequest

from solvers.base import PuzzleKind
from solvers.values import PuzzleError

from .ask import Ask
from .context import Context, message_of, query_of, sender_of
from .database import StoreUnavailable
from .i18n import LANGUAGES, N_, _, current
from .look import LABELS, Look, keep_look, look_of
from .share import keep_shared
from .work import jobs
from .work.errors import JobTimeout, NoWorker, WorkerDied

log = logging.getLogger(__name__)

#: callback data of the settings buttons: `set:NAME:on` / `set:NAME:off`
SET_DATA = "set:"
#: seconds a worker may take to rate a puzzle for a person who wants hints first
RATING_TIMEOUT = 15.0


def menu(look: Look) -> InlineKeyboardMarkup:
    """One button per on/off choice, showing its state (a press switches it), then the
    languages, the one spoken now ticked."""
    rows = []
    for name, (on, off) in LABELS.items():
        now = getattr(look, name)
        rows.append([InlineKeyboardButton(_(on) if now else _(off),
                                          callback_data=f"{SET_DATA}{name}:"
                                                        f"{'off' if now else 'on'}")])
    spoken = look.language or current()
    rows.append([InlineKeyboardButton(("✓ " if code == spoken else "") + name,
                                      callback_data=f"lang:{code}:settings")
                 for code, name in LANGUAGES.items()])
    return InlineKeyboardMarkup(rows)


MENU_TEXT = N_("<b>Settings</b>: how I answer your puzzles, here and in groups. Press a "
               "button to change it.")
NO_STORE_TEXT = N_("I cannot keep settings just now (my database is unavailable); try later.")


async def settings_command(update: Update, context: Context) -> None:
    """/settings: the menu of choices, as they stand."""
    look = await look_of(context.bot_data.services.store, sender_of(update).id)
    await message_of(update).reply_text(_(MENU_TEXT), parse_mode=ParseMode.HTML,
                                        reply_markup=menu(look))


async def setting_pressed(update: Update, context: Context) -> None:
    """A settings button: switch that choice for the presser, keep it, redraw the menu."""
    query = query_of(update)
    name, value = (query.data or "").removeprefix(SET_DATA).partition(":")[::2]
    if name not in LABELS or value not in ("on", "off"):
        await query.answer(_("That button is not one of mine; send /settings again."))
        return
    store = context.bot_data.services.store
    user = sender_of(update)
    look = Look(**{**asdict(await look_of(store, user.id)), name: value == "on"})
    try:
        await keep_look(store, user.id, look)
    except StoreUnavailable as error:
        log.warning("settings not kept: %s", error)
        await query.answer(_(NO_STORE_TEXT), show_alert=True)
        return
    await query.answer(_("Saved."))
    if isinstance(query.message, Message):
        try:
            await query.edit_message_reply_markup(menu(look))
        except BadRequest as error:  # two presses at once: the menu shows it already
            if "not modified" not in str(error):
                raise


async def rating_of(context: Context, text: str, kind: PuzzleKind) -> str | None:
    """The puzzle's difficulty phrase for hints first; None when the kind has no hints
    or it cannot be rated now (the person then gets the usual answer)."""
    try:
        rating = await context.bot_data.services.pool.submit(jobs.rating, kind.name, text,
                                                             timeout=RATING_TIMEOUT)
    except (PuzzleError, JobTimeout, WorkerDied, NoWorker) as error:
        log.info("no rating for hints first: %r", error)
        return None
    return rating or None


def hints_first_text(kind: PuzzleKind, rating: str, chosen: bool = True) -> str:
    """What a person is told instead of the solution: one who asked for hints first
    (`chosen`), or one who sent a grid part-way solved (`PuzzleKind.being_solved`)."""
    if chosen:
        return _("{title}, {rating}.\nYou asked for hints first: reply /hint to this "
                 "message for a step at a time, or press the button for the whole "
                 "solution.").format(title=kind.title, rating=rating)
    return _("{title}: your grid is part-way solved, so I won't spoil it. Reply /hint to "
             "this message for the next step, or press the button for the whole "
             "solution.").format(title=kind.title)


#: callback data of *Show the solution*: `reveal:PAYLOAD` (a shared puzzle's payload)
REVEAL_DATA = "reveal:"


async def hints_first(context: Context, message: Message, ask: Ask,
                      chosen: bool = True) -> Message | None:
    """For a person who chose hints first (`chosen`) or sent a grid part-way solved:
    the puzzle's difficulty, a pointer to /hint and a *Show the solution* button, sent
    instead of the solution (the message sent); None for a kind without hints (answered
    as usual)."""
    store = context.bot_data.services.store
    rating = await rating_of(context, ask.text, ask.kind)
    payload = await keep_shared(store, ask.key, ask.kind, ask.text) if rating else None
    if rating is None or payload is None:
        return None
    return await message.reply_text(hints_first_text(ask.kind, rating, chosen), reply_markup=(
        InlineKeyboardMarkup([[InlineKeyboardButton(
            _("Show the solution"), callback_data=REVEAL_DATA + payload)]])))
