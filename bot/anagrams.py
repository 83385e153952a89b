"""Anagrams in chat beyond plain solving: graded hints and inline mode.

`/hint LETTERS` gives the first hint step, then "another hint" and "show answer"
buttons; `@bot letters` in any chat offers the top answers as inline results.

A *hint session* is one person's walk through the six hint steps of one clue in one
chat; its current step is kept in the store so a restart loses nothing. The steps
themselves are recomputed in a worker when needed (they are cheap) and kept in a small
in-memory cache.
"""

from __future__ import annotations

import logging
import re

from telegram import (
    BotCommand,
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputTextMessageContent,
    Message,
    Update,
)
from telegram.error import BadRequest

from solvers.anagram.hints import STEPS
from solvers.base import PuzzleError, clip

from .context import BotData, Context, message_of, query_of, sender_of
from .recent import Recent
from .replies import admitted
from .routing import NOT_MY_BUTTON, command_argument
from .work import jobs
from .work.anagram_jobs import HintStep, hints
from .work.errors import JobTimeout, WorkerDied, failure_text

log = logging.getLogger(__name__)

#: the lines of /help about hints and inline mode
HELP = ("/hint LETTERS: anagram hints, one step at a time\n"
        "@{bot} letters: anagrams in any chat (inline mode)\n")
#: their entries in the command menu
MENU = [BotCommand("hint", "Anagram hints step by step: /hint dormitory")]
#: seconds a hint job may take (a lexicon search with its own 2 s budget inside)
HINT_TIMEOUT = 10.0
#: clues whose steps stay in memory
REMEMBERED = 256
#: seconds an inline search may take: people are typing, a late answer is useless
INLINE_TIMEOUT = 3.0
#: answers offered as inline results
INLINE_ANSWERS = 8


async def steps_for(context: Context, clue: str) -> list[HintStep]:
    """The steps for a clue, from memory (`hint_steps`) or from a worker."""
    if (remembered := hint_steps(context.bot_data).get(clue)) is not None:
        return remembered
    steps = await context.bot_data.services.pool.submit(hints, clue, timeout=HINT_TIMEOUT)
    hint_steps(context.bot_data).put(clue, steps)
    return steps


class _Steps(Recent[str, list[HintStep]]):
    """Hint steps by clue."""

    LIMIT = REMEMBERED


def hint_steps(bot_data: BotData) -> Recent[str, list[HintStep]]:
    """The steps of the latest clues (REMEMBERED), so the next step is not made again."""
    return bot_data.own(_Steps)


#: the callback data of a hint button: a session id (negative when it was not stored)
#: of at most 18 ASCII digits (a SQLite row id), and what the button does
HINT_BUTTON = re.compile(r"hint:(?P<session>-?[0-9]{1,18}):(?P<action>next|answer)", re.ASCII)
#: a toast's text is at most 200 characters
TOAST_LIMIT = 200


def buttons(session: int, step: int) -> InlineKeyboardMarkup | None:
    """'Another hint' and 'Show answer' while there is more to reveal."""
    if step >= STEPS:
        return None
    return InlineKeyboardMarkup([[
        InlineKeyboardButton("Another hint", callback_data=f"hint:{session}:next"),
        InlineKeyboardButton("Show answer", callback_data=f"hint:{session}:answer"),
    ]])


async def send_step(message: Message, step: HintStep, session: int) -> None:
    text = f"Hint {step.step} of {STEPS}: {step.title}\n{step.text}"
    markup = buttons(session, step.step)
    if step.picture:
        await message.reply_photo(step.picture, caption=text, reply_markup=markup,
                                  filename="letters.png")
    else:
        await message.reply_text(text, reply_markup=markup)


async def hint_command(update: Update, context: Context) -> None:
    """/hint LETTERS: the first hint step, with buttons for more."""
    message = message_of(update)
    clue = command_argument(message)
    if not clue:
        await message.reply_text("Usage: /hint LETTERS, e.g. /hint dormitory\n"
                                 "Options as for /anagram: topic=countries pattern=5,4")
        return
    if not await admitted(update, context):
        return
    try:
        steps = await steps_for(context, clue)
    except PuzzleError as error:
        await message.reply_text(f"Hints: {error}")
        return
    except (JobTimeout, WorkerDied) as error:
        await message.reply_text(failure_text(
            error, "Hints: the word search took too long; try fewer letters."))
        return
    store = context.bot_data.services.store
    session = await store.start_hint_session(message.chat_id, sender_of(update).id, clue)
    await send_step(message, steps[0], session)


async def hint_button(update: Update, context: Context) -> None:
    """A press of 'Another hint' or 'Show answer' under a hint."""
    query = query_of(update)
    pressed = HINT_BUTTON.fullmatch(query.data or "")
    if pressed is None:  # not data this bot ever put on a button
        await query.answer(NOT_MY_BUTTON)
        return
    store = context.bot_data.services.store
    session = await store.hint_session(int(pressed["session"]))
    action = pressed["action"]
    # a message Telegram no longer hands over (older than 48 hours) cannot be replied to
    if session is None or not isinstance(query.message, Message):
        await query.answer("These hints have expired; send /hint LETTERS again.")
        return
    if session.user_id != sender_of(update).id:
        await query.answer("These are someone else's hints: send /hint LETTERS for yours.",
                           show_alert=True)
        return
    if session.step >= STEPS:
        await query.answer("That was the answer already.")
        return
    step = STEPS if action == "answer" else session.step + 1
    try:
        steps = await steps_for(context, session.clue)
    except (PuzzleError, JobTimeout, WorkerDied) as error:
        await query.answer(clip(f"No hint this time: {error}", TOAST_LIMIT - 1))
        return
    await store.advance_hint_session(session.id, step)
    await query.answer()
    await send_step(query.message, steps[step - 1], session.id)
    await drop_buttons(query)


async def drop_buttons(query: CallbackQuery) -> None:
    """The step answered loses its buttons: only the newest step has live ones. A second
    press at the same moment finds them gone already: nothing to do then."""
    try:
        await query.edit_message_reply_markup(reply_markup=None)
    except BadRequest as error:
        if "not modified" not in str(error):
            raise


async def inline_query(update: Update, context: Context) -> None:
    """`@bot letters`: the best answers as results, and a result that asks for hints."""
    query = update.inline_query
    if query is None:  # only inline queries are routed here
        raise TypeError(f"update {update.update_id} carries no inline query")
    clue = " ".join(query.query.split())
    allowed, _ = context.bot_data.services.limiter.allow(sender_of(update).id)
    if not clue or not allowed:  # typing fires a query per key: no message, just nothing
        await query.answer([], cache_time=300 if not clue else 5)
        return
    try:
        result = await context.bot_data.services.pool.submit(
            jobs.solve, f"anagram {clue}", "anagram", INLINE_TIMEOUT, timeout=INLINE_TIMEOUT + 2)
    except (JobTimeout, WorkerDied):
        await query.answer([], cache_time=5)
        return
    if not result.ok:
        note = InlineQueryResultArticle(
            id="error", title="Letters only, please", description=result.error,
            input_message_content=InputTextMessageContent(f"Anagram: {result.error}"))
        await query.answer([note], cache_time=5)
        return
    results = [
        InlineQueryResultArticle(
            id=f"answer-{rank}", title=answer, description=f"Anagram of {clue.upper()}",
            input_message_content=InputTextMessageContent(f"{clue.upper()} = {answer}"))
        for rank, answer in enumerate(result.solutions[:INLINE_ANSWERS], start=1)
    ]
    results.append(InlineQueryResultArticle(
        id="hints", title="Hints instead of the answer",
        description="Step by step: letters, vowels, a ring of letters, a pattern...",
        input_message_content=InputTextMessageContent(f"/hint {clue}")))
    await query.answer(results, cache_time=60)
