"""/start and /help as Telegram users know them: a greeting of a few lines with buttons,
and a help menu by topic whose buttons turn the same message into that topic's page.

`/start PAYLOAD` is where a t.me link leads: `rules-KIND` (a race post's link) gives the
kind's rules, a shared puzzle's payload (bot/deeplinks.py) opens that puzzle, anything else
gets one friendly line and the greeting. `/help KIND` gives the kind's rules and
`/help TOPIC` a topic's page as a message of its own.
"""

from __future__ import annotations

import html
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.constants import ChatType, ParseMode
from telegram.error import BadRequest

from solvers import i18n as library
from solvers import registry

from . import anagrams, photo_reading
from .context import BotData, Context, message_of, query_of
from .i18n import N_, _, ngettext
from .menu import Command, help_lines, table_of
from .rules import send_rules


async def _no_shared(update: Update, context: Context, payload: str) -> bool:
    return False


def _no_examples() -> tuple[str, InlineKeyboardMarkup]:
    return "", InlineKeyboardMarkup([])


@dataclass
class Doors:
    """What /start's links and the greeting's buttons open that other rooms own: a shared
    puzzle by its payload (bot/deeplinks.py, False when it names none) and the menu of
    examples (bot/examples.py). bot/app.py installs them, so this module imports no other
    handler and stays low in the house."""

    open_shared: Callable[[Update, Context, str], Awaitable[bool]] = _no_shared
    examples_menu: Callable[[], tuple[str, InlineKeyboardMarkup]] = _no_examples


def doors_of(bot_data: BotData) -> Doors:
    """The doors installed for this bot."""
    return bot_data.own(Doors)


def greeting() -> str:
    """What the bot is, in a few lines (the buttons say what to do)."""
    own = [kind.title for kind in registry.listed() if not kind.bare_is_example]
    presets = len(registry.listed()) - len(own)  # the packing puzzles of one engine
    titles = html.escape(", ".join(own)) + (ngettext(
        " and {count} classic packing puzzle", " and {count} classic packing puzzles",
        presets).format(count=presets) if presets else "")
    return _("👋 <b>PuzzleBot</b> solves puzzles: {titles}.\n\n"
             "Send one as a message, a .txt file or a photo of a {photo_kind} on paper, "
             "and I answer with a picture of the solution and a check of every rule.\n\n"
             "In a group: quizzes and puzzle races, with leaderboards by day, week and "
             "month.").format(titles=titles, photo_kind=html.escape(photo_reading.PHOTO_KIND.title))
#: the payload of the "Play in a group" link: what /start says in the group it adds me to
GROUP_PAYLOAD = "group"
#: one line for a t.me link whose payload leads nowhere (any more)
UNKNOWN_LINK = N_("That link does not lead to a puzzle I still have; here is what I do.")
#: the help menu's own message
MENU_TEXT = N_("<b>Help</b>: pick a topic.\n"
               "/help KIND: the rules of a puzzle, with a picture (/help {first})\n"
               "/example KIND: a puzzle to try")
#: callback data of the help buttons: `help:TOPIC`, and `help:menu` back to the menu
HELP_DATA = "help:"
#: the greeting's Help button: the menu in a message of its own, so the greeting (and
#: its buttons) stays where it was
OPEN_MENU = "open"


def kinds_listing() -> str:
    """One line a listed kind, then one line a family of the others (their titles), as
    HTML to go in a folded quote (which holds no code spans)."""
    own = [f"/{kind.name} {html.escape(kind.title)}: "
           f"{html.escape(kind.summary.replace('`', ''))}" for kind in registry.listed()]
    grouped = [f"<b>{html.escape(library._(family))}</b>: "
               + html.escape(", ".join(kind.title for kind in kinds))
               for family, kinds in registry.by_family(unlisted=True).items()]
    return "\n".join(own + grouped)


def puzzles_page(bot: str, table: Sequence[Command]) -> str:
    return (_("<b>Puzzles I know</b>") + "\n" + kinds_listing() + "\n\n" + _(
        "/example KIND: a ready puzzle to try (forward it back to me)\n"
        "/KIND PUZZLE: solve as that kind, when detection guesses wrong\n"
        "/check: is my solution right? Reply to a puzzle with /check and your solution\n"
        "/smt PUZZLE: the SMT-LIB2 text of an SMT-family puzzle\n"
        "/cancel: stop your own long count\n"
        "/help KIND: the rules of a puzzle, with a picture"))


def hints_page(bot: str, table: Sequence[Command]) -> str:
    return _("<b>Hints</b>") + "\n" + _(anagrams.HELP).format(bot=bot)


def photos_page(bot: str, table: Sequence[Command]) -> str:
    return _("<b>Photos</b>") + "\n" + photo_reading.help_line()


def groups_page(bot: str, table: Sequence[Command]) -> str:
    """The game modes' commands, one line each, from the command table."""
    return (_("<b>In groups</b>") + "\n" + "\n".join(help_lines(table, "groups")) + "\n\n"
            + _("Add me to a group with the button under /start."))


def settings_page(bot: str, table: Sequence[Command]) -> str:
    return _("<b>Settings</b>\n/settings: how I answer you, kept until you change it: "
             "solutions shown or hidden behind a spoiler, hints first instead of the "
             "solution.")


#: the help topics in menu order: the button's label and the page
TOPICS: dict[str, tuple[str, Callable[[str, Sequence[Command]], str]]] = {
    "puzzles": (N_("🧩 Puzzles"), puzzles_page),
    "hints": (N_("💡 Hints"), hints_page),
    "photos": (N_("📷 Photos"), photos_page),
    "groups": (N_("👥 Groups"), groups_page),
    "settings": (N_("⚙️ Settings"), settings_page),
}


def menu_text() -> str:
    return _(MENU_TEXT).format(first=registry.with_example()[0].name)


def menu_buttons() -> InlineKeyboardMarkup:
    labels = [InlineKeyboardButton(_(label), callback_data=HELP_DATA + topic)
              for topic, (label, _page) in TOPICS.items()]
    return InlineKeyboardMarkup([labels[:3], labels[3:]])


def back_button() -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[InlineKeyboardButton(_("‹ Topics"),
                                                       callback_data=HELP_DATA + "menu")]])


def welcome_buttons(bot: str) -> InlineKeyboardMarkup:
    """Try an example, Send a photo (of the kind photos are read as), Play in a group (a
    link that adds me to a group), Help."""
    return InlineKeyboardMarkup([
        [InlineKeyboardButton(_("🎲 Try an example"), callback_data=HELP_DATA + "example"),
         InlineKeyboardButton(_("📷 Send a photo of a {photo_kind}").format(
             photo_kind=photo_reading.PHOTO_KIND.title), callback_data=HELP_DATA + "photo")],
        [InlineKeyboardButton(_("👥 Play in a group"),
                              url=f"https://t.me/{bot}?startgroup={GROUP_PAYLOAD}"),
         InlineKeyboardButton(_("❓ Help"), callback_data=HELP_DATA + OPEN_MENU)],
    ])


async def send_welcome(message: Message, context: Context, first: str = "") -> None:
    """The greeting and its buttons (after `first`, a line about what came before)."""
    text = (html.escape(first) + "\n\n" if first else "") + greeting()
    await message.reply_text(text, parse_mode=ParseMode.HTML,
                             reply_markup=welcome_buttons(context.bot.username))


async def start(update: Update, context: Context) -> None:
    """/start, /start PAYLOAD: the greeting, or where the link's payload leads."""
    message = message_of(update)
    payload = context.args[0] if context.args else ""
    if not payload:
        await send_welcome(message, context)
    elif (kind := registry.get(payload.removeprefix("rules-"))) is not None:
        await send_rules(message, context, kind)
    elif payload == GROUP_PAYLOAD or message.chat.type != ChatType.PRIVATE:
        await message.reply_text(groups_page(context.bot.username, table_of(context.bot_data)),
                                 parse_mode=ParseMode.HTML)
    elif not await doors_of(context.bot_data).open_shared(update, context, payload):
        await send_welcome(message, context, _(UNKNOWN_LINK))


async def help_command(update: Update, context: Context) -> None:
    """/help: the menu by topic; /help KIND: the kind's rules; /help TOPIC: its page."""
    message = message_of(update)
    wanted = (context.args[0] if context.args else "").lower()
    if (kind := registry.get(wanted) if wanted else None) is not None:
        await send_rules(message, context, kind)
    elif wanted in TOPICS:
        await message.reply_text(TOPICS[wanted][1](context.bot.username,
                                                   table_of(context.bot_data)),
                                 parse_mode=ParseMode.HTML, reply_markup=back_button())
    else:
        await message.reply_text(menu_text(), parse_mode=ParseMode.HTML,
                                 reply_markup=menu_buttons())


async def help_pressed(update: Update, context: Context) -> None:
    """A help or welcome button: a topic's page (or the menu) in place of the message;
    *Try an example* opens the menu of examples below it, *Send a photo* says how."""
    query = query_of(update)
    topic = (query.data or "").removeprefix(HELP_DATA)
    await query.answer()
    if not isinstance(query.message, Message):
        return
    if topic == "example":
        text, markup = doors_of(context.bot_data).examples_menu()
        await query.message.reply_text(text, reply_markup=markup)
        return
    if topic == OPEN_MENU:
        await query.message.reply_text(menu_text(), parse_mode=ParseMode.HTML,
                                       reply_markup=menu_buttons())
        return
    if topic == "photo":
        await query.message.reply_text(_(PHOTO_HOWTO).format(
            photo_kind=photo_reading.PHOTO_KIND.title))
        return
    if topic in TOPICS:
        page = TOPICS[topic][1](context.bot.username, table_of(context.bot_data))
        text, markup = page, back_button()
    else:
        text, markup = menu_text(), menu_buttons()
    try:
        await query.edit_message_text(text, parse_mode=ParseMode.HTML, reply_markup=markup)
    except BadRequest as error:  # two presses at once: the page is shown already
        if "not modified" not in str(error):
            raise


#: what *Send a photo* says
PHOTO_HOWTO = N_("Take a photo of a {photo_kind} on paper, the whole grid in the picture, "
                 "and send it here: I read the digits, show what I read and solve it.")


