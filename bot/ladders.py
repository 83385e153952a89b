"""A hint ladder: one person's step-by-step hints for one grid puzzle (bot/grid_hints.py
says how /hint opens one and its buttons climb it). Here a ladder is kept (in memory and
in the store, `grid_ladders`), its steps found in a worker (`jobs.grid_hint`) and kept,
and each rung shown; also the rating note under a puzzle the bot hands out. Any handler
that opens a ladder (/hint, *Hint* under a shared puzzle) or rates one (/example) comes
here, none through another handler."""

from __future__ import annotations

import logging
import re
import secrets
import time
from dataclasses import astuple, dataclass

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, InputMediaPhoto, Message, Update
from telegram.error import BadRequest

from solvers import registry
from solvers.base import PuzzleKind
from solvers.texts import clip
from solvers.values import PuzzleError

from .answers import CAPTION_LIMIT, admitted, remember_answer
from .context import Context, message_of, sender_of
from .database import Connection, StoreUnavailable
from .i18n import N_, _, current
from .race_guard import refusal_for
from .recent import Recent
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
#: days a ladder nobody presses is kept in the store
LADDER_DAYS = 7

#: the rungs of a step, in the order they are climbed, and the button that climbs to each
WHERE, TECHNIQUE, STEP, NEXT, CELL, SOLUTION = ("where", "technique", "step", "next", "cell",
                                                "solution")
LABELS = {WHERE: N_("Where to look"), TECHNIQUE: N_("Which technique"),
          STEP: N_("Show this step"), NEXT: N_("Next step"), CELL: N_("Which cell?"),
          SOLUTION: N_("Show the solution")}
#: a ladder button's data: `gh:` + the ladder's random key + the rung pressed (<= 64 bytes)
BUTTON = re.compile(r"gh:(?P<key>[0-9a-f]{12}):(?P<action>[a-z]{4,9})", re.ASCII)
#: a cell's shorthand in a step's sentence: R3C5 (row 3, column 5)
CELL_NAME = re.compile(r"\bR(?P<row>\d{1,2})C(?P<column>\d{1,2})\b")


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
    if rung == TECHNIQUE and hint.approach:
        return _("Step {step}: {approach}").format(step=hint.step, approach=hint.approach)
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
