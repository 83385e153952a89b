"""/cancel: a person stops their own work, never anybody else's: their puzzles being
solved in the quick lane now (`quick_jobs.QuickJobs`) and the long counts they wait for
(`counts.Counts`)."""

from __future__ import annotations

from telegram import Update

from .context import Context
from .i18n import _


async def cancel_command(update: Update, context: Context) -> None:
    """/cancel: stop your own puzzles being solved and your counts (running or queued);
    nobody else's."""
    message = update.effective_message
    if message is None:
        return
    user = update.effective_user
    svc = context.bot_data.services
    stopped = svc.quick_jobs.cancel(user.id) if user is not None else []
    said = await svc.counts.cancel(user.id) if user is not None else []
    if not said and not stopped:
        await message.reply_text(_("You have no count running. /cancel stops your own "
                                   "puzzles being solved and your own counts only; a count "
                                   "goes on for whoever asked for it."))
    for title in stopped:
        await message.reply_text(_("{title}: stopped; your puzzle was not solved.").format(
            title=title))
    for _count, text in said:
        await message.reply_text(text)
