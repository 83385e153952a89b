"""Step-by-step hints for grid puzzles: the next logical step, one rung at a time.

`/hint` in reply to a puzzle (typed, a .txt file, a photo, or one of the bot's own
answers), or `/hint` followed by a puzzle, starts a *ladder* for that person: a first
message offers *Where to look*, and each press climbs one rung, as the letter hints
do: where to look (the unit or cells), which technique, then the step itself (a
picture of the grid with its cells highlighted and one plain sentence), then *Next
step*; *Show the solution* answers the puzzle as if it had been sent. A step's rungs
climb in one message, each press editing it (the step's picture takes its text's place);
only *Next step* and the solution come as new messages. The person's own
grid as it stands may follow /hint on the next lines (or after a `---` line under the
puzzle): hints go on from there, and a wrong value in it is told first (the row), then
on a second press the cell.

Which puzzles have such hints is the kinds' business (`PuzzleKind.hints` and its
hooks); the steps are found and drawn in a worker (`jobs.grid_hint`); a ladder is kept,
climbed and shown by bot/ladders.py, which this module (the /hint command and the
ladders' buttons) drives. Text that is no
puzzle of a kind with hints goes to the letter hints (`/hint LETTERS`);
a puzzle of a kind without them gets a polite no. The ladders are kept in the store
(`grid_ladders`, with the rung last climbed) as well as in memory, so a button pressed
after a restart climbs on; a ladder nobody pressed for LADDER_DAYS is cleaned away, and
its buttons then say it expired. While a race or quiz runs, its players get no hints
for its puzzle (the race guard, asked at every press; a press reads the puzzle once, and
*Show the solution* answers from that same reading, `bot.ask`).
"""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType

from solvers import registry
from solvers.base import PuzzleKind
from solvers.texts import clip
from solvers.values import PuzzleError

from . import anagrams
from .answers import admitted, answer_to
from .ask import Ask, ask_for
from .check import SEPARATOR, Request, held_puzzle, kind_of
from .context import Context, message_of, pressed_message, query_of, sender_of
from .i18n import N_, _, current
from .ladders import (
    BUTTON,
    LABELS,
    NEXT,
    SOLUTION,
    WHERE,
    Asked,
    keep_ladder,
    ladder_of,
    show,
    start,
    step_of,
    trouble,
)
from .race_guard import refusal_of
from .reading import NOT_MY_BUTTON, command_argument
from .replies import answer_asked, solve_and_reply
from .work.errors import JobTimeout, WorkerDied

#: a toast's text is at most 200 characters
TOAST_LIMIT = 200

EXPIRED = N_("These hints have expired; reply to the puzzle with /hint again.")
NOT_YOURS = N_("These are someone else's hints: reply to the puzzle with /hint for your own.")


async def hint_command(update: Update, context: Context) -> None:
    """/hint: grid hints for a puzzle of a kind with hints, a polite no for a puzzle of
    a kind without, and the letter hints for anything else (`/hint LETTERS`)."""
    asked = await asked_of(update, context)
    if asked is None:  # a file or photo that could not be read: the person was told
        return
    kind = asked.kind
    if kind is None or anagrams.takes_hints(kind):
        await anagrams.hint_command(update, context)
    elif not kind.hints:
        await message_of(update).reply_text(
            _("{kind} has no step-by-step hints yet. Send the puzzle itself for its "
              "solution, or /check yours.").format(kind=kind.title))
    else:
        await start(update, context, kind, asked)


async def asked_of(update: Update, context: Context) -> Asked | None:
    """The puzzle a /hint is about: in the message it replies to when that holds one
    (the grid typed after /hint is then the person's), else after /hint itself (a
    `---` line may separate the puzzle from the person's grid). None when a replied-to
    file or photo could not be read (the person was told why)."""
    message = message_of(update)
    typed = command_argument(message)
    private = message.chat.type == ChatType.PRIVATE
    replied = message.reply_to_message
    if replied is not None and (answered := answer_to(context, replied)) is not None:
        return Asked(answered.text, answered.kind, typed)
    if replied is not None and (replied.document is not None or replied.photo):
        request = Request("", typed, None, holder=replied)
        if not await held_puzzle(update, context, request, replied):
            return None
        return Asked(request.puzzle, kind_of(request, private)[0], typed, charged=True)
    if replied is not None and replied.text:
        kind, puzzle = kind_of(Request(replied.text, typed, None), private)
        if kind is not None and not anagrams.takes_hints(kind):
            return Asked(puzzle, kind, typed)
    lines = typed.splitlines()
    cut = [line.strip() for line in lines].index(SEPARATOR) if SEPARATOR in (
        line.strip() for line in lines) else len(lines)
    puzzle = "\n".join(lines[:cut])
    commanded = registry.detect(puzzle)  # letters are never a grid: no claimant here
    return Asked(puzzle, commanded, "\n".join(lines[cut + 1:]))


def read_once(text: str, kind: PuzzleKind) -> Ask | None:
    """A ladder's puzzle read once for a press (`bot.ask`): the race guard and, for *Show
    the solution*, the answer take that reading; None for text that does not read (so
    nothing holds it back, and the answer says what is wrong)."""
    try:
        return ask_for(kind.in_language(text, current()), kind)
    except PuzzleError:
        return None


async def hint_button(update: Update, context: Context) -> None:
    """A press on a ladder: only its owner climbs it; a running game's players get no
    hint for its puzzle (asked again at every press)."""
    query = query_of(update)
    pressed = BUTTON.fullmatch(query.data or "")
    if pressed is None or pressed["action"] not in LABELS:
        await query.answer(_(NOT_MY_BUTTON))
        return
    ladder = await ladder_of(context, pressed["key"])
    kind = registry.get(ladder.kind) if ladder is not None else None
    # a message Telegram no longer hands over (older than 48 hours) cannot be replied to;
    # a forged press under another message must not edit that one
    if ladder is None or kind is None or (message := pressed_message(query)) is None:
        await query.answer(_(EXPIRED))
        return
    if ladder.owner != sender_of(update).id:
        await query.answer(_(NOT_YOURS), show_alert=True)
        return
    ask = read_once(ladder.text, kind)
    if ask is not None and (refused := await refusal_of(context, ladder.owner, message.chat_id,
                                                        ask)) is not None:
        await query.answer(clip(refused, TOAST_LIMIT - 1), show_alert=True)
        return
    action = pressed["action"]
    if action == SOLUTION:
        await query.answer()
        await anagrams.drop_buttons(query)
        if ask is None:  # no longer reads: the answer says what is wrong
            await solve_and_reply(update, context, ladder.text, kind)
        elif await admitted(update, context):
            await answer_asked(update, context, ask)
        return
    if action == NEXT:
        ladder.step += 1
    try:
        hint = await step_of(context, ladder)
    except (PuzzleError, JobTimeout, WorkerDied) as error:
        await query.answer(clip(trouble(kind, error), TOAST_LIMIT - 1))
        return
    await query.answer()
    ladder.rung = WHERE if action == NEXT else action
    await keep_ladder(context, pressed["key"], ladder)
    await show(context, message, ladder, pressed["key"], hint, ladder.rung,
               edit=action != NEXT)
    if action == NEXT:
        await anagrams.drop_buttons(query)
