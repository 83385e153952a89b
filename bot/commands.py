"""The commands that answer from what the bot knows, with no solving: /help (/start),
/example, /smt and /admin; and the error handler that logs what nobody expected."""

from __future__ import annotations

import contextlib
import html
import logging
import re
from pathlib import Path

from telegram import Update
from telegram.constants import ParseMode
from telegram.error import TelegramError

from solvers import registry
from solvers.base import PuzzleError
from solvers.pipeline import prepare

from . import anagrams
from .context import Context
from .games import quiz
from .pool import ShuttingDown
from .routing import command_argument

log = logging.getLogger(__name__)


PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"


def code_spans(text: str) -> str:
    """Escape for HTML, then show `backticked` parts as code."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


def kinds_listing() -> str:
    return "\n".join(
        f"/{kind.name} {html.escape(kind.title)}: {code_spans(kind.summary)}"
        for kind in registry.KINDS)


WELCOME = (
    "<b>PuzzleBot</b> solves puzzles. Send the puzzle as text (or as a .txt file) and get "
    "back a picture of the answer, how many solutions there are, and a check report that "
    "verifies it rule by rule.\n\n<b>Puzzles I know</b>\n{kinds}\n\n"
    "<b>Commands</b>\n"
    "/example KIND: a ready puzzle to try (forward it back to me)\n"
    "/KIND PUZZLE: solve as that kind, when detection guesses wrong\n"
    "/smt PUZZLE: the SMT-LIB2 text of an SMT-family puzzle\n"
    "/check: is my solution right? Reply to a puzzle with /check and your solution\n"
    + anagrams.HELP
    + "/cancel: stop your own long count\n"
    + "/help: this message\n\n"
    "<b>In groups</b>\n"
    + quiz.HELP
    + "/race KIND: a puzzle race ({races}); /submit ID in private to finish\n"
    "/top: scores; /stats: your own record"
)


async def start(update: Update, context: Context) -> None:
    """/start and /help: what the bot does and the kinds it knows."""
    await update.effective_message.reply_text(
        WELCOME.format(kinds=kinds_listing(), bot=context.bot.username,
                       races=", ".join(kind.name for kind in registry.racing())),
        parse_mode=ParseMode.HTML)


async def example(update: Update, context: Context) -> None:
    """/example KIND: the kind's sample puzzle, ready to be sent back."""
    kind = registry.get(context.args[0]) if context.args else None
    if kind is None or not kind.example:
        names = ", ".join(k.name for k in registry.with_example())
        await update.effective_message.reply_text(f"Usage: /example KIND, one of: {names}")
        return
    await update.effective_message.reply_text((PUZZLES / kind.example).read_text().strip())


async def smt(update: Update, context: Context) -> None:
    """/smt PUZZLE: the SMT-LIB2 text as a document."""
    message = update.effective_message
    text = command_argument(message)
    if not text:
        await message.reply_text("Usage: /smt followed by a puzzle, e.g.\n/smt "
                                 + next(k.smt_example for k in registry.KINDS if k.smt_example))
        return
    try:
        kind, puzzle, _ = prepare(text)
        smtlib = kind.smt(puzzle)
    except PuzzleError as error:
        await message.reply_text(str(error))
        return
    await message.reply_document(
        smtlib.encode(), filename=f"{kind.name}.smt2",
        caption=f"{kind.title}: SMT-LIB2, {len(smtlib.splitlines())} lines. "
                "Run it with: z3 file.smt2")


async def admin(update: Update, context: Context) -> None:
    """/admin for the owner (PUZZLEBOT_OWNER_ID): how the bot is doing. Others: silence."""
    svc = context.bot_data.services
    user = update.effective_user
    if svc.config.owner_id is None or user is None or user.id != svc.config.owner_id:
        return
    store = "open" if svc.store.db is not None else "unavailable (running without cache)"
    await update.effective_message.reply_text(
        f"{svc.metrics.report()}\nWorkers: {svc.pool.report()}\n"
        f"Store: {store}, schema {await svc.store.schema_version()}")


#: the toast for callback data no button of this bot carries (a forged or stale press)
NOT_MY_BUTTON = "That button is not one of mine; send the command again."


async def unknown_button(update: Update, context: Context) -> None:
    """Any press no other handler takes (forged or stale callback data): answered, so the
    button stops spinning, with a short toast and nothing in the chat."""
    await update.callback_query.answer(NOT_MY_BUTTON)


async def on_error(update: object, context: Context) -> None:
    """Log every unexpected failure; tell the user something went wrong (a button's press
    is answered with a toast, so it never hangs and the group sees nothing)."""
    stopping = isinstance(context.error, ShuttingDown)
    if not stopping:
        log.error("unexpected error handling an update", exc_info=context.error)
        context.bot_data.services.metrics.errors += 1
    if isinstance(update, Update) and update.callback_query is not None:
        with contextlib.suppress(TelegramError):  # a toast, not a message in the group
            await update.callback_query.answer(
                RESTARTING if stopping else "Sorry, something went wrong on my side.")
    elif isinstance(update, Update) and update.effective_message:
        with contextlib.suppress(TelegramError):
            await update.effective_message.reply_text(
                RESTARTING if stopping else
                "Sorry, something went wrong on my side. The error has been logged.")


#: what a person whose job was dropped because the bot is stopping is told
RESTARTING = "I am restarting, so I stopped this job. Please send it again in a minute."

