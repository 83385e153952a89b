"""Where a shared puzzle leads: `/start PAYLOAD` (a Share button's link, opened in a
private chat) shows the puzzle to solve, not its solution (a friend shares a puzzle to
be solved): *Hint* opens its hint ladder, /check in reply checks a solution, and *Show
the solution* (also under a hints-first reply) answers it in full.

Fair play holds as everywhere: a running race's puzzle opened by one of its players is
shown (it is in the group already) but not solved (bot/race_guard.py, through
`replies.answer`).
"""

from __future__ import annotations

import html

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ParseMode

from solvers.base import PuzzleKind

from . import ladders
from .answers import TEXT_LIMIT, admitted, remember_answer
from .context import Context, message_of, pressed_message, query_of
from .i18n import N_, _
from .replies import answer
from .settings import REVEAL_DATA
from .share import shared_puzzle

#: the toast of a Show the solution press whose puzzle is no longer kept
FORGOTTEN = N_("I no longer have that puzzle; send it again.")
#: callback data of *Hint* under a shared puzzle: `shint:PAYLOAD`
SHARED_HINT_DATA = "shint:"
#: what comes under a shared puzzle: how to solve it here
SOLVE_IT = N_("Solve it yourself: reply /check to this message with your solution to "
              "have it checked. The buttons give a hint or the whole solution.")


async def open_shared(update: Update, context: Context, payload: str) -> bool:
    """The shared puzzle `payload` names, shown and answered; False when it names none."""
    found = await shared_puzzle(context.bot_data.services.store, payload)
    if found is None:
        return False
    kind, text = found
    title = html.escape(kind.title)
    shown = _("A {title} shared with you:").format(title=title) + (
        f"\n<pre>{html.escape(text)}</pre>")
    if len(shown) > TEXT_LIMIT:
        shown = _("A {title} shared with you (too long to show here).").format(title=title)
    sent = await message_of(update).reply_text(
        f"{shown}\n\n{html.escape(_(SOLVE_IT))}", parse_mode=ParseMode.HTML,
        reply_markup=shared_buttons(kind, payload))
    remember_answer(context.bot_data, sent, text, kind)  # /check, /hint in reply to it
    return True


def shared_buttons(kind: PuzzleKind, payload: str) -> InlineKeyboardMarkup:
    """*Hint* (for a kind with hints) and *Show the solution* under a shared puzzle."""
    solution = InlineKeyboardButton(_("Show the solution"), callback_data=REVEAL_DATA + payload)
    if not kind.hints:
        return InlineKeyboardMarkup([[solution]])
    return InlineKeyboardMarkup([[InlineKeyboardButton(
        _("💡 Hint"), callback_data=SHARED_HINT_DATA + payload), solution]])


async def pressed_puzzle(update: Update, context: Context,
                         prefix: str) -> tuple[PuzzleKind, str] | None:
    """The shared puzzle a press under a shared puzzle (or a hints-first reply) names,
    the press answered; None, told in a toast, when it is no longer kept or the button
    is not the message's own."""
    query = query_of(update)
    found = await shared_puzzle(context.bot_data.services.store,
                                (query.data or "").removeprefix(prefix))
    if found is None or pressed_message(query) is None:
        await query.answer(_(FORGOTTEN))
        return None
    await query.answer()
    return found


async def hint_pressed(update: Update, context: Context) -> None:
    """*Hint* under a shared puzzle: its hint ladder, as /hint in reply to it opens."""
    if (found := await pressed_puzzle(update, context, SHARED_HINT_DATA)) is not None:
        kind, text = found
        await ladders.start(update, context, kind, ladders.Asked(text, kind))


async def reveal_pressed(update: Update, context: Context) -> None:
    """*Show the solution* under a hints-first reply: the whole answer, as usual."""
    found = await pressed_puzzle(update, context, REVEAL_DATA)
    if found is not None and await admitted(update, context):
        kind, text = found
        await answer(update, context, text, kind, hints=False)
