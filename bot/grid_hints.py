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
hooks); the steps are found and drawn in a worker (`jobs.grid_hint`). Text that is no
puzzle of a kind with hints goes to the letter hints (`/hint LETTERS`);
a puzzle of a kind without them gets a polite no. The ladders are kept in the store
(`grid_ladders`, with the rung last climbed) as well as in memory, so a button pressed
after a restart climbs on; a ladder nobody pressed for LADDER_DAYS is cleaned away, and
its buttons then say it expired. While a race or quiz runs, its players get no hints
for its puzzle (`race_guard.refusal_for`, asked at every press).
"""

from __future__ import annotations

import logging
import re
import secrets
import time
from dataclasses import astuple, dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, InputMediaPhoto, Message, Update
from telegram.constants import ChatType
from telegram.error import BadRequest

from solvers import registry
from solvers.base import PuzzleKind
from solvers.texts import clip
from solvers.values import PuzzleError

from . import anagrams
from .answers import CAPTION_LIMIT, admitted, answer_to, remember_answer
from .check import SEPARATOR, Request, held_puzzle, kind_of
from .context import Context, message_of, pressed_message, query_of, sender_of
from .database import Connection, StoreUnavailable
from .i18n import N_, _, current
from .race_guard import refusal_for
from .reading import NOT_MY_BUTTON, command_argument
from .recent import Recent
from .replies import solve_and_reply
from .work import jobs
from .work.errors import JobTimeout, WorkerDied, failure_text
from .work.jobs import GridHint

log = logging.getLogger(__name__)

#: seconds a step may take in a worker (the next step alone is quick even on the hardest)
HINT_TIMEOUT = 20.0
#: ladders kept in memory (one per /hint), the least recently pressed forgotten first
LADDERS_KEPT = 2048
#: steps kept (with their pictures, tens of kB each), so a press climbs without a job
STEPS_KEPT = 128
#: a toast's text is at most 200 characters
TOAST_LIMIT = 200
#: days a ladder nobody presses is kept in the store
LADDER_DAYS = 7

#: the rungs of a step, in the order they are climbed, and the button that climbs to each
WHERE, TECHNIQUE, STEP, NEXT, CELL, SOLUTION = ("where", "technique", "step", "next", "cell",
                                                "solution")
LABELS = {WHERE: N_("Where to look"), TECHNIQUE: N_("Which technique"),
          STEP: N_("Show this step"), NEXT: N_("Next step"), CELL: N_("Which cell?"),
          SOLUTION: N_("Show the solution")}
#: a cell's shorthand in a step's sentence: R3C5 (row 3, column 5)
CELL_NAME = re.compile(r"\bR(?P<row>\d{1,2})C(?P<column>\d{1,2})\b")
#: a ladder button's data: `gh:` + the ladder's random key + the rung pressed (<= 64 bytes)
BUTTON = re.compile(r"gh:(?P<key>[0-9a-f]{12}):(?P<action>[a-z]{4,9})", re.ASCII)

EXPIRED = N_("These hints have expired; reply to the puzzle with /hint again.")
NOT_YOURS = N_("These are someone else's hints: reply to the puzzle with /hint for your own.")


@dataclass
class Ladder:
    """One person's hints for one puzzle in one chat: the puzzle (kind by name, text),
    their grid as typed (`entries`, empty for none), the step being hinted (from 0) and
    the rung last shown of it (empty: only offered)."""

    owner: int
    chat_id: int
    kind: str
    text: str
    entries: str
    step: int = 0
    rung: str = ""


class _Ladders(Recent[str, Ladder]):
    """The ladders by their button key."""

    LIMIT = LADDERS_KEPT


class _Steps(Recent[tuple[str, str, str, int, str], GridHint]):
    """Steps found, by (kind, puzzle text, entries, step, language): a step's words (its
    technique, where, sentence and picture) are in the language of whoever asked first."""

    LIMIT = STEPS_KEPT


async def new_ladder(context: Context, ladder: Ladder) -> str:
    """Keep a ladder under a fresh random key (its buttons' data): a stale button then
    finds nothing rather than someone else's ladder. Ladders left alone for
    LADDER_DAYS go from the store meanwhile."""
    key = secrets.token_hex(6)
    context.bot_data.own(_Ladders).put(key, ladder)
    await keep_ladder(context, key, ladder, clean=True)
    return key


async def keep_ladder(context: Context, key: str, ladder: Ladder, clean: bool = False) -> None:
    """Write the ladder's state to the store (with `clean`, dropping old ladders too);
    when the store takes no write, the ladder lives on in memory only."""
    store = context.bot_data.services.store
    if store.db is None:
        return

    async def put(db: Connection) -> None:
        now = time.time()
        if clean:
            await db.execute("DELETE FROM grid_ladders WHERE updated < ?",
                             (now - LADDER_DAYS * 86400,))
        await db.execute(
            "INSERT INTO grid_ladders (key, owner, chat_id, kind, text, entries, step, rung, "
            "updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET "
            "step = excluded.step, rung = excluded.rung, updated = excluded.updated",
            (key, *astuple(ladder), now))

    try:
        await store.attempt(put)
    except StoreUnavailable as error:
        log.warning("hint ladder kept in memory only: %s", error)


async def ladder_of(context: Context, key: str) -> Ladder | None:
    """The ladder behind a button: from memory, else from the store (after a restart)."""
    kept = context.bot_data.own(_Ladders)
    if (ladder := kept.get(key)) is not None:
        return ladder
    store = context.bot_data.services.store
    if store.db is None:
        return None
    try:
        rows = await store.read(
            "SELECT owner, chat_id, kind, text, entries, step, rung FROM grid_ladders "
            "WHERE key = ?", (key,))
    except StoreUnavailable as error:
        log.warning("hint ladder unreadable: %s", error)
        return None
    if not rows:
        return None
    ladder = Ladder(*rows[0])
    kept.put(key, ladder)
    return ladder


@dataclass
class Asked:
    """What a /hint asks about: the puzzle text and its kind (None: not a puzzle this
    bot knows, so the letters of the letter hints), the person's grid, and whether the
    rate limit has counted the request already (a file or photo fetched)."""

    text: str
    kind: PuzzleKind | None
    entries: str = ""
    charged: bool = False


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


class _Ratings(Recent[tuple[str, str, str], str]):
    """Puzzles' ratings by (kind, text, language): the examples handed out again and
    again, each phrase in the language of whoever asked first in that language."""

    LIMIT = STEPS_KEPT


async def rating_note(context: Context, kind: PuzzleKind, text: str) -> str:
    """For a puzzle the bot hands out (/example) of a kind with hints: how hard it is,
    and that /hint in reply to it gives its next step; else (or when it cannot be rated
    now) nothing. Found before the puzzle is sent, so the note comes right under it."""
    if not kind.hints:
        return ""
    kept = context.bot_data.own(_Ratings)
    key = (kind.name, text, current())
    if (rated := kept.get(key)) is None:
        try:
            rated = await context.bot_data.services.pool.submit(
                jobs.rating, kind.name, text, timeout=HINT_TIMEOUT)
        except (PuzzleError, JobTimeout, WorkerDied) as error:
            log.warning("%s example not rated: %s", kind.name, error)
            return ""
        kept.put(key, rated)
    return _("{kind}, {rating}. Send it back for the solution, or reply /hint to it for its "
             "next step.").format(kind=kind.title, rating=rated)


async def start(update: Update, context: Context, kind: PuzzleKind, asked: Asked) -> None:
    """A new ladder for the person: its first step found, then the first rung offered."""
    message = message_of(update)
    user = sender_of(update).id
    if (refused := await refusal_for(context, user, message.chat_id, asked.text,
                                     kind)) is not None:
        await message.reply_text(refused)
        return
    if not (asked.charged or await admitted(update, context)):
        return
    ladder = Ladder(user, message.chat_id, kind.name, asked.text, asked.entries)
    try:
        hint = await step_of(context, ladder)
    except (PuzzleError, JobTimeout, WorkerDied) as error:
        await message.reply_text(trouble(kind, error))
        return
    key = await new_ladder(context, ladder)
    await show(context, message, ladder, key, hint, "")


async def step_of(context: Context, ladder: Ladder) -> GridHint:
    """The ladder's current step, from memory or from a worker."""
    kept = context.bot_data.own(_Steps)
    key = (ladder.kind, ladder.text, ladder.entries, ladder.step, current())
    if (hint := kept.get(key)) is not None:
        return hint
    hint = await context.bot_data.services.pool.submit(
        jobs.grid_hint, ladder.kind, ladder.text, ladder.entries, ladder.step,
        timeout=HINT_TIMEOUT)
    kept.put(key, hint)
    return hint


def trouble(kind: PuzzleKind, error: Exception) -> str:
    """What the person is told when no step can be given."""
    if isinstance(error, PuzzleError):
        return _("{kind} hints: {error}").format(kind=kind.title, error=error)
    return failure_text(error, _("Finding the next step took too long; please try again."))


def rung_text(kind: PuzzleKind, hint: GridHint, rung: str) -> str:
    """The message of one rung (`rung` the button pressed; empty for the first offer)."""
    if hint.done:
        return _("Your grid is complete: there is no step left to hint.")
    if hint.mistake:
        return (_("{mistake} Correct it, then send /hint again with your grid.").format(
                    mistake=hint.mistake_cell) if rung == CELL
                else _("{mistake} Press {button} to see where.").format(
                    mistake=hint.mistake, button=_(LABELS[CELL])))
    if rung == WHERE:
        return _("Step {step}: look at {where}.").format(step=hint.step, where=hint.where)
    if rung == TECHNIQUE:
        return _("Step {step}: use {technique} on {where}.").format(
            step=hint.step, technique=hint.technique, where=hint.where)
    if rung == STEP:
        said = _("Step {step}, {technique}: {text}").format(
            step=hint.step, technique=hint.technique, text=hint.text)
        return f"{said}\n{cell_words(said)}" if hint.step == 1 and CELL_NAME.search(said) \
            else said
    return _("{kind}: the next step (step {step}) is ready. Climb only as far as you "
             "need.").format(kind=kind.title, step=hint.step)


def cell_words(text: str) -> str:
    """What the first cell name in `text` means ("R3C5 = row 3, column 5"), said under
    a ladder's first step: the names are shorthand a newcomer has not met."""
    found = CELL_NAME.search(text)
    if found is None:
        return ""
    return _("({cell} = row {row}, column {column})").format(
        cell=found[0], row=found["row"], column=found["column"])


def offered(hint: GridHint, rung: str) -> list[str]:
    """The buttons under a rung: the next rung up (and the step itself, to skip the
    rest), and the solution while there is anything left."""
    if hint.done:
        return []
    if hint.mistake:
        return [] if rung == CELL else [CELL, SOLUTION]
    ahead = {"": [WHERE, STEP], WHERE: [TECHNIQUE, STEP], TECHNIQUE: [STEP]}
    return [*ahead.get(rung, [NEXT]), SOLUTION]


def buttons(key: str, actions: list[str]) -> InlineKeyboardMarkup | None:
    if not actions:
        return None
    return InlineKeyboardMarkup([[InlineKeyboardButton(_(LABELS[a]),
                                                       callback_data=f"gh:{key}:{a}")
                                  for a in actions]])


async def show(context: Context, message: Message, ladder: Ladder, key: str,
               hint: GridHint, rung: str, edit: bool = False) -> None:
    """The rung `rung` of the step (the first offer when empty): with `edit`, in place
    of `message` (the rung pressed under it), else as a reply to `message`. Its messages
    are remembered as answers to the puzzle: /hint or /check in reply to them works."""
    kind = registry.get(ladder.kind)
    if kind is None:  # ladders are only made for registered kinds
        raise LookupError(f"no kind {ladder.kind}")
    text = rung_text(kind, hint, rung)
    markup = buttons(key, offered(hint, rung))
    picture = hint.picture if rung == STEP else b""
    name, caption = f"{kind.name}-hint-{hint.step}.png", clip(text, CAPTION_LIMIT - 1)
    if edit:
        media = InputMediaPhoto(picture, caption=caption, filename=name) if picture else None
        sent = await edit_rung(message, text, media, markup)
    elif picture:
        sent = await message.reply_photo(picture, caption=caption, filename=name,
                                         reply_markup=markup)
    else:
        sent = await message.reply_text(text, reply_markup=markup)
    if isinstance(sent, Message):
        remember_answer(context.bot_data, sent, ladder.text, kind)


async def edit_rung(message: Message, text: str, picture: InputMediaPhoto | None,
                    markup: InlineKeyboardMarkup | None) -> Message | bool:
    """One message climbs a step's ladder, so a step costs one bubble: the rung's text
    replaces the message's (its caption under a picture), and the step's picture turns
    the text into a photo (Telegram edits text into media, never back). A second press
    at the same moment finds the rung shown already: nothing to do then."""
    try:
        if picture:
            return await message.edit_media(picture, reply_markup=markup)
        if message.photo:
            return await message.edit_caption(clip(text, CAPTION_LIMIT - 1),
                                              reply_markup=markup)
        return await message.edit_text(text, reply_markup=markup)
    except BadRequest as error:
        if "not modified" not in str(error):
            raise
        return False


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
    if (refused := await refusal_for(context, ladder.owner, message.chat_id,
                                     ladder.text, kind)) is not None:
        await query.answer(clip(refused, TOAST_LIMIT - 1), show_alert=True)
        return
    action = pressed["action"]
    if action == SOLUTION:
        await query.answer()
        await anagrams.drop_buttons(query)
        await solve_and_reply(update, context, ladder.text, kind)
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
