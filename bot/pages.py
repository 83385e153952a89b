"""The More button: a caption too long for one look (a ranked list's answers 11 to 20,
`PuzzleKind.more_captions`) is shown a page at a time, the message edited in place.

The pages stay in memory, under a short random token that the button's callback data
carries (`more:TOKEN:PAGE`, some 15 bytes of Telegram's 64): the data names no puzzle
and cannot be made to name another's. After a restart a press finds nothing kept and
gets a toast saying to send the puzzle again.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ParseMode
from telegram.error import BadRequest

from solvers.pipeline import Result

from .context import BotData, Context, pressed_message, query_of
from .i18n import N_, _
from .recent import Recent
from .spoiler import hidden

#: answers whose pages are kept (a page is under 1 KB)
PAGES_KEPT = 2048
#: the callback data of a page button: the token of the pages and the page to show
MORE_BUTTON = re.compile(r"more:(?P<token>[0-9a-f]{8}):(?P<page>[0-9]{1,2})", re.ASCII)
#: the toast for a press whose pages are no longer kept (a restart, or long ago), or for
#: data no button of this bot carried
FORGOTTEN = N_("I no longer have these answers (I have restarted since): send it again.")


@dataclass(frozen=True)
class Paged:
    """A long caption's pages, and whether they go behind a spoiler (/settings)."""

    pages: list[str]
    spoiler: bool = False


class _Pages(Recent[str, Paged]):
    """The pages of the latest long captions, by token."""

    LIMIT = PAGES_KEPT


def kept_pages(bot_data: BotData) -> Recent[str, Paged]:
    """The pages of the latest answers with a More button (the latest PAGES_KEPT)."""
    return bot_data.own(_Pages)


def page_buttons(token: str, page: int, pages: int) -> InlineKeyboardMarkup:
    """`More` to the next page while there is one, `Back` to the one before."""
    row = []
    if page > 0:
        row.append(InlineKeyboardButton(_("‹ Back"), callback_data=f"more:{token}:{page - 1}"))
    if page + 1 < pages:
        row.append(InlineKeyboardButton(_("More ›"), callback_data=f"more:{token}:{page + 1}"))
    return InlineKeyboardMarkup([row])


def more_button(bot_data: BotData, result: Result, first: str,
                spoiler: bool = False) -> InlineKeyboardMarkup | None:
    """The button under an answer whose caption `first` has further pages, its pages kept
    for the presses (each shown behind a spoiler with `spoiler`, as the first was); None
    when it has none."""
    if not result.more:
        return None
    token = secrets.token_hex(4)
    kept_pages(bot_data).put(token, Paged([first, *result.more], spoiler))
    return page_buttons(token, 0, 1 + len(result.more))


async def page_pressed(update: Update, context: Context) -> None:
    """A press of More or Back: the message's caption becomes that page."""
    query = query_of(update)
    pressed = MORE_BUTTON.fullmatch(query.data or "")
    paged = kept_pages(context.bot_data).get(pressed["token"]) if pressed else None
    if pressed is None or paged is None or int(pressed["page"]) >= len(paged.pages) \
            or pressed_message(query) is None:
        await query.answer(_(FORGOTTEN))
        return
    page, pages = int(pressed["page"]), paged.pages
    await query.answer()
    try:
        await query.edit_message_caption(
            caption=hidden(pages[page]) if paged.spoiler else pages[page],
            parse_mode=ParseMode.HTML if paged.spoiler else None,
            reply_markup=page_buttons(pressed["token"], page, len(pages)))
    except BadRequest as error:  # two presses at once: the page is shown already
        if "not modified" not in str(error):
            raise
