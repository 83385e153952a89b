"""An answer's solution as the file another program opens (`PuzzleKind.solution_file`,
such as the puzz.link player's pzprv3), sent on request: the button under the answer's
report (`share_buttons.with_file_button`), so the answer stays a picture and whoever wants to
carry on in that program gets the file."""

from __future__ import annotations

from telegram import Message, Update

from solvers.pipeline import prepare
from solvers.values import PuzzleError

from .answers import answer_to
from .context import Context, query_of
from .i18n import N_, _
from .race_guard import refusal_for

#: what a press says when the answer is no longer kept (or its result left the cache)
GONE = N_("I no longer have that answer; send the puzzle again.")


async def file_pressed(update: Update, context: Context) -> None:
    """Send the first solution of the puzzle the pressed message answers, as its file
    (never to a player of a race for its puzzle: the guard says no as for an answer)."""
    query = query_of(update)
    message = query.message
    answered = answer_to(context, message) if isinstance(message, Message) else None
    if answered is None or not isinstance(message, Message):
        await query.answer(_(GONE), show_alert=True)
        return
    refused = await refusal_for(context, query.from_user.id, message.chat_id,
                                answered.text, answered.kind)
    if refused is not None:
        await query.answer(refused[:200], show_alert=True)
        return
    try:
        kind, _puzzle, key = prepare(answered.text, answered.kind.name)
    except PuzzleError:  # it was answered, so it parses; a kind changed since: ask again
        kind, key = answered.kind, ""
    result = await context.bot_data.services.store.get_result(key) if key else None
    if result is None or not result.solutions:
        await query.answer(_(GONE), show_alert=True)
        return
    await query.answer()
    await message.reply_document(
        result.solutions[0].encode(), filename=f"{kind.name}.{kind.solution_file}",
        caption=_("Open it in {program}.").format(program=kind.solution_file_for))
