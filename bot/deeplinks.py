"""Where a shared puzzle leads: `/start PAYLOAD` (a Share button's link, opened in a
private chat) shows the puzzle and answers it as if the person had sent it, by their
/settings (hints first, a spoiler); *Show the solution* under a hints-first reply
answers it in full.

Fair play holds as everywhere: a running race's puzzle opened by one of its players is
shown (it is in the group already) but not solved (bot/race_guard.py, through
`replies.answer`).
"""

from __future__ import annotations

import html

from telegram import Update
from telegram.constants import ParseMode

from .context import Context, message_of, pressed_message, query_of
from .i18n import N_, _
from .replies import TEXT_LIMIT, admitted, answer, solve_and_reply
from .settings import REVEAL_DATA
from .share import shared_puzzle

#: the toast of a Show the solution press whose puzzle is no longer kept
FORGOTTEN = N_("I no longer have that puzzle; send it again.")


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
    await message_of(update).reply_text(shown, parse_mode=ParseMode.HTML)
    await solve_and_reply(update, context, text, kind)
    return True


async def reveal_pressed(update: Update, context: Context) -> None:
    """*Show the solution* under a hints-first reply: the whole answer, as usual."""
    query = query_of(update)
    found = await shared_puzzle(context.bot_data.services.store,
                                (query.data or "").removeprefix(REVEAL_DATA))
    if found is None or pressed_message(query) is None:
        await query.answer(_(FORGOTTEN))
        return
    await query.answer()
    kind, text = found
    if await admitted(update, context):
        await answer(update, context, text, kind, hints=False)
