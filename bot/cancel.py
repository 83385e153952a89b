"""/cancel: a person stops their own work, never anybody else's: their puzzles being
solved in the quick lane now (`quick_jobs.QuickJobs`) and the long counts they wait for
(`counts.Counts`)."""

from __future__ import annotations

from telegram import Message, Update

from .context import Context, pressed_message, query_of, sender_of
from .i18n import _
from .reading import NOT_MY_BUTTON


async def cancel_command(update: Update, context: Context) -> None:
    """/cancel: stop your own puzzles being solved and your counts (running or queued);
    nobody else's."""
    message = update.effective_message
    user = update.effective_user
    if message is None or user is None:
        return
    if not await stop_own(message, context, user.id):
        await message.reply_text(_("You have no count running. /cancel stops your own "
                                   "puzzles being solved and your own counts only; a count "
                                   "goes on for whoever asked for it."))


async def cancel_pressed(update: Update, context: Context) -> None:
    """*Cancel* under a progress note: as /cancel for whoever pressed it; a press that
    stops nothing (someone else's search, or one already over) is told so in a toast,
    so a group's chat does not fill with refusals."""
    query = query_of(update)
    message = pressed_message(query)
    if message is None:
        await query.answer(_(NOT_MY_BUTTON))
        return
    if not await stop_own(message, context, sender_of(update).id):
        await query.answer(_("Nothing of yours is being solved now: only whoever asked "
                             "can cancel a search."))
        return
    await query.answer()


async def stop_own(message: Message, context: Context, user_id: int) -> bool:
    """Stop the person's puzzles being solved and their counts, each said under
    `message`; whether anything was stopped."""
    svc = context.bot_data.services
    stopped = svc.quick_jobs.cancel(user_id)
    said = await svc.counts.cancel(user_id)
    for title in stopped:
        await message.reply_text(_("{title}: stopped; your puzzle was not solved.").format(
            title=title))
    for _count, text in said:
        await message.reply_text(text)
    return bool(stopped or said)
