"""/example: a ready puzzle to try. `/example KIND` sends the kind's example (an easy
one where the kind has several; `/example KIND hard` its harder one); `/example` alone,
and *Try an example* under the greeting, open a menu of the kinds' families, then of the
kinds in one, so a newcomer picks by tapping rather than by reading a list of names."""

from __future__ import annotations

import html

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.constants import ParseMode
from telegram.error import BadRequest

from solvers import i18n as library
from solvers import registry
from solvers.base import PuzzleKind
from solvers.values import CAPTION_LINES

from . import ladders
from .answers import fold
from .context import Context, message_of, query_of
from .i18n import _
from .reading import NOT_MY_BUTTON
from .rules import PUZZLES

#: a menu button's data: `ex:f:N` opens family N, `ex:k:NAME` sends the kind's example,
#: `ex:menu` goes back to the families
EXAMPLE_DATA = "ex:"
#: the word after the kind that asks for its harder example
HARD = "hard"


def families() -> list[str]:
    """The families of the kinds with an example (English), in the registry's order."""
    return list(dict.fromkeys(kind.family for kind in registry.with_example()))


def family_menu() -> tuple[str, InlineKeyboardMarkup]:
    """The first menu: one button a family."""
    rows = [[InlineKeyboardButton(library._(family),
                                  callback_data=f"{EXAMPLE_DATA}f:{index}")]
            for index, family in enumerate(families())]
    return (_("Which puzzle would you like to try? Pick a family (or send /example KIND)."),
            InlineKeyboardMarkup(rows))


def kind_menu(family: str) -> tuple[str, InlineKeyboardMarkup]:
    """The second menu: the family's kinds, two a row, and the way back."""
    kinds = [InlineKeyboardButton(library._(kind.title),
                                  callback_data=f"{EXAMPLE_DATA}k:{kind.name}")
             for kind in registry.with_example() if kind.family == family]
    rows = [kinds[i:i + 2] for i in range(0, len(kinds), 2)]
    rows.append([InlineKeyboardButton(_("‹ Families"), callback_data=f"{EXAMPLE_DATA}menu")])
    return (_("{family}: which one?").format(family=library._(family)),
            InlineKeyboardMarkup(rows))


async def send_example(message: Message, context: Context, kind: PuzzleKind,
                       hard: bool = False) -> None:
    """The kind's example (its harder one with `hard`), ready to be sent back, and for a
    kind with hints how hard it is; where a harder one exists, how to ask for it."""
    name = kind.hard_example if hard and kind.hard_example else kind.example
    text = (PUZZLES / name).read_text().strip()
    note = await ladders.rating_note(context, kind, text)
    if len(text.splitlines()) <= CAPTION_LINES:
        await message.reply_text(text)
    else:
        first, rest = text.split("\n", 1)  # the same text, its long part folded
        await message.reply_text(f"{html.escape(first)}\n{fold(rest)}",
                                 parse_mode=ParseMode.HTML)
    if kind.hard_example and not hard:
        harder = _("For a harder one: /example {kind} hard").format(kind=kind.name)
        note = f"{note}\n{harder}" if note else harder
    if note:
        await message.reply_text(note)


async def example(update: Update, context: Context) -> None:
    """/example KIND [hard]: the kind's example; /example alone: the family menu."""
    words = context.args or []
    kind = registry.get(words[0]) if words else None
    if kind is None or not kind.example:
        text, markup = family_menu()
        await message_of(update).reply_text(text, reply_markup=markup)
        return
    hard = len(words) > 1 and words[1].lower() == HARD
    await send_example(message_of(update), context, kind, hard)


async def example_pressed(update: Update, context: Context) -> None:
    """A press in the menu: a family's kinds (or the families again) in place of the
    menu, or a kind's example sent below it."""
    query = query_of(update)
    data = (query.data or "").removeprefix(EXAMPLE_DATA)
    kind = registry.get(data.removeprefix("k:")) if data.startswith("k:") else None
    known = families()
    index = data.removeprefix("f:")
    if not isinstance(query.message, Message) or not (
            kind is not None and kind.example or data == "menu"
            or data.startswith("f:") and index.isascii() and index.isdigit()
            and len(index) < 4 and int(index) < len(known)):
        await query.answer(_(NOT_MY_BUTTON))
        return
    await query.answer()
    if kind is not None:
        await send_example(query.message, context, kind)
        return
    text, markup = family_menu() if data == "menu" else kind_menu(known[int(index)])
    try:
        await query.edit_message_text(text, reply_markup=markup)
    except BadRequest as error:  # two presses at once: the menu shows it already
        if "not modified" not in str(error):
            raise
