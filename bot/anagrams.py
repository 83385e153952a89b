"""Anagrams in chat beyond plain solving: graded hints and inline mode.

`/hint LETTERS` gives the first hint step, then "another hint" and "show answer"
buttons; `@bot letters` in any chat offers the top answers as inline results.

A *hint session* is one person's walk through the six hint steps of one clue in one
chat; its current step is kept in the store so a restart loses nothing. The steps
themselves are recomputed in a worker when needed (they are cheap) and kept in a small
in-memory cache.

Inline mode keeps up with typing: Telegram sends a query for every keystroke, so a
*burst* of queries from one person, each growing (or shrinking) the one before, counts
as one request against the rate limit, and a query is searched only once the person
stops typing for a moment (the ones it replaces are answered with nothing at once). A
flood of different queries is limited as any other request.

While a quiz round runs, its letters get no hints or inline answers for its players
(bot/race_guard.py, the quiz's hold).
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from dataclasses import dataclass

from telegram import (
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
from solvers.anagram.kind import AnagramKind
from solvers.base import PuzzleKind
from solvers.texts import clip
from solvers.values import PuzzleError

from .answers import admitted
from .context import BotData, Context, message_of, pressed_message, query_of, sender_of
from .i18n import N_, _, current
from .race_guard import refusal_for
from .reading import NOT_MY_BUTTON, command_argument
from .recent import Recent
from .work import jobs
from .work.anagram_jobs import HintStep, hints
from .work.errors import JobTimeout, WorkerDied, failure_text

log = logging.getLogger(__name__)

#: the lines of /help about hints and inline mode
HELP = N_("/hint LETTERS: anagram hints, one step at a time\n"
         "/hint in reply to a puzzle: its next logical step, one hint at a time\n"
         "@{bot} letters: anagrams in any chat (inline mode)\n")
#: their entries in the command menu
#: what a bare /hint is told: both ways to ask, a puzzle's next step and a clue's letters
#: (a Sudoku player is as likely to send it as a quiz player)
BARE_HINT = N_("Hints come one step at a time:\n"
               "- for a puzzle, reply /hint to it (or to my answer), or send /hint with the "
               "puzzle after it;\n"
               "- for an anagram, send /hint LETTERS, e.g. /hint dormitory (options as for "
               "/anagram: topic=countries pattern=5,4).")
#: seconds a hint job may take (a lexicon search with its own 2 s budget inside)
HINT_TIMEOUT = 10.0
#: clues whose steps stay in memory
REMEMBERED = 256
#: seconds an inline search may take: people are typing, a late answer is useless
INLINE_TIMEOUT = 3.0
#: answers offered as inline results
INLINE_ANSWERS = 8
#: seconds between keystrokes within which a growing query is the same request
TYPING_GAP = 3.0
#: seconds a burst of typing may last as one request (then it is charged again)
BURST_SPAN = 20.0
#: seconds an inline query waits for the next keystroke before it is searched
SETTLE = 0.3


@dataclass
class Typing:
    """One person's latest inline query: its clue, when it came, when the burst of
    queries it belongs to began, and its number (a newer query replaces it)."""

    clue: str
    at: float
    began: float
    serial: int

    def continued_by(self, clue: str, now: float) -> bool:
        """Whether `clue` typed at `now` is the same request: soon after, and grown (or
        cut back) from this one, in a burst not yet too long."""
        return (now - self.at <= TYPING_GAP and now - self.began <= BURST_SPAN
                and (clue.startswith(self.clue) or self.clue.startswith(clue)))


class _Typists(Recent[int, Typing]):
    """Each person's latest inline query, by user id."""

    LIMIT = 4096


def typed(bot_data: BotData, user_id: int, clue: str) -> tuple[Typing, bool]:
    """Note a person's inline query: it, and whether it begins a new request."""
    typists = bot_data.own(_Typists)
    before, now = typists.get(user_id), time.monotonic()
    fresh = before is None or not before.continued_by(clue, now)
    latest = Typing(clue, now, now if fresh or before is None else before.began,
                    1 if before is None else before.serial + 1)
    typists.put(user_id, latest)
    return latest, fresh


def replaced(bot_data: BotData, user_id: int, latest: Typing) -> bool:
    """Whether the person has typed on since this query."""
    current = bot_data.own(_Typists).get(user_id)
    return current is not None and current.serial != latest.serial


def in_language(clue: str) -> str:
    """The clue with the current language's lexicon asked for (`lang=de`), unless it
    names one or is empty."""
    return AnagramKind().in_language(clue, current()) if clue else clue


async def steps_for(context: Context, clue: str) -> list[HintStep]:
    """The steps for a clue, from memory (`hint_steps`) or from a worker; kept per
    language too, since a step's words are made in the asker's."""
    key = (clue, current())
    if (remembered := hint_steps(context.bot_data).get(key)) is not None:
        return remembered
    steps = await context.bot_data.services.pool.submit(hints, clue, timeout=HINT_TIMEOUT)
    hint_steps(context.bot_data).put(key, steps)
    return steps


class _Steps(Recent[tuple[str, str], list[HintStep]]):
    """Hint steps by (clue, language)."""

    LIMIT = REMEMBERED


def hint_steps(bot_data: BotData) -> Recent[tuple[str, str], list[HintStep]]:
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
        InlineKeyboardButton(_("Another hint"), callback_data=f"hint:{session}:next"),
        InlineKeyboardButton(_("Show answer"), callback_data=f"hint:{session}:answer"),
    ]])


async def send_step(message: Message, step: HintStep, session: int) -> None:
    text = _("Hint {step} of {steps}: {title}").format(step=step.step, steps=STEPS,
                                                         title=step.title) + f"\n{step.text}"
    markup = buttons(session, step.step)
    if step.picture:
        await message.reply_photo(step.picture, caption=text, reply_markup=markup,
                                  filename="letters.png")
    else:
        await message.reply_text(text, reply_markup=markup)


def takes_hints(kind: PuzzleKind) -> bool:
    """Whether a /hint whose text reads as this kind means the anagram hints (the
    letters, `/hint anagram LETTERS`) rather than a grid's (`bot.grid_hints`)."""
    return kind.name == "anagram"


async def hint_command(update: Update, context: Context) -> None:
    """/hint LETTERS: the first hint step, with buttons for more."""
    message = message_of(update)
    clue = in_language(command_argument(message))
    if not clue:
        await message.reply_text(_(BARE_HINT))
        return
    if (refused := await refusal_for(context, sender_of(update).id, message.chat_id,
                                     f"anagram {clue}", "anagram")) is not None:
        await message.reply_text(refused)
        return
    if not await admitted(update, context):
        return
    try:
        steps = await steps_for(context, clue)
    except PuzzleError as error:
        await message.reply_text(_("Hints: {error}").format(error=error))
        return
    except (JobTimeout, WorkerDied) as error:
        await message.reply_text(failure_text(
            error, _("Hints: the word search took too long; try fewer letters.")))
        return
    store = context.bot_data.services.store
    session = await store.start_hint_session(message.chat_id, sender_of(update).id, clue)
    await send_step(message, steps[0], session)


async def hint_button(update: Update, context: Context) -> None:
    """A press of 'Another hint' or 'Show answer' under a hint."""
    query = query_of(update)
    pressed = HINT_BUTTON.fullmatch(query.data or "")
    if pressed is None:  # not data this bot ever put on a button
        await query.answer(_(NOT_MY_BUTTON))
        return
    store = context.bot_data.services.store
    session = await store.hint_session(int(pressed["session"]))
    action = pressed["action"]
    # a message Telegram no longer hands over (older than 48 hours) cannot be replied to;
    # a forged press under another message must not edit that one
    if session is None or (message := pressed_message(query)) is None:
        await query.answer(_("These hints have expired; send /hint LETTERS again."))
        return
    if session.user_id != sender_of(update).id:
        await query.answer(_("These are someone else's hints: send /hint LETTERS for yours."),
                           show_alert=True)
        return
    if session.step >= STEPS:
        await query.answer(_("That was the answer already."))
        return
    if (refused := await refusal_for(context, session.user_id, message.chat_id,
                                     f"anagram {session.clue}", "anagram")) is not None:
        await query.answer(clip(refused, TOAST_LIMIT - 1), show_alert=True)
        return
    step = STEPS if action == "answer" else session.step + 1
    try:
        steps = await steps_for(context, session.clue)
    except (PuzzleError, JobTimeout, WorkerDied) as error:
        await query.answer(clip(_("No hint this time: {error}").format(error=error),
                                TOAST_LIMIT - 1))
        return
    await store.advance_hint_session(session.id, step)
    await query.answer()
    await send_step(message, steps[step - 1], session.id)
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
    user = sender_of(update).id
    if not clue:
        await query.answer([], cache_time=300)
        return
    latest, fresh = typed(context.bot_data, user, clue)
    if fresh and not context.bot_data.services.limiter.allow(user)[0]:
        await query.answer([], cache_time=5)  # past the limit: no message, just nothing
        return
    await asyncio.sleep(SETTLE)
    if replaced(context.bot_data, user, latest):  # a newer keystroke answers instead
        await query.answer([], cache_time=0)
        return
    if (refused := await refusal_for(context, user, None, f"anagram {clue}",
                                     "anagram")) is not None:
        note = InlineQueryResultArticle(
            id="held", title=_("No anagram help with these letters now"), description=refused,
            input_message_content=InputTextMessageContent(refused))
        await query.answer([note], cache_time=0, is_personal=True)
        return
    try:
        result = await context.bot_data.services.pool.submit(
            jobs.solve, in_language(f"anagram {clue}"), "anagram", INLINE_TIMEOUT,
            timeout=INLINE_TIMEOUT + 2)
    except (JobTimeout, WorkerDied):
        await query.answer([], cache_time=5)
        return
    if not result.ok:
        note = InlineQueryResultArticle(
            id="error", title=_("Letters only, please"), description=result.error,
            input_message_content=InputTextMessageContent(
                _("Anagram: {error}").format(error=result.error)))
        await query.answer([note], cache_time=5)
        return
    results = [
        InlineQueryResultArticle(
            id=f"answer-{rank}", title=answer,
            description=_("Anagram of {clue}").format(clue=clue.upper()),
            input_message_content=InputTextMessageContent(f"{clue.upper()} = {answer}"))
        for rank, answer in enumerate(result.solutions[:INLINE_ANSWERS], start=1)
    ]
    results.append(InlineQueryResultArticle(
        id="hints", title=_("Hints instead of the answer"),
        description=_("Step by step: letters, vowels, a ring of letters, a pattern..."),
        input_message_content=InputTextMessageContent(f"/hint {clue}")))
    # personal: Telegram would otherwise hand these to anyone typing the same letters,
    # a quiz's players too, without asking the bot
    await query.answer(results, cache_time=60, is_personal=True)
