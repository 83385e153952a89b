"""The commands that answer from what the bot knows, with no solving: /help (/start),
/example, /smt and /admin; and the error handler that logs what nobody expected."""

from __future__ import annotations

import contextlib
import html
import logging
import re

from telegram import BotCommand, Update
from telegram.constants import ChatType, ParseMode
from telegram.error import TelegramError
from telegram.ext import filters

from solvers import registry
from solvers.base import CAPTION_LINES, PuzzleError, clip

from . import anagrams, grid_hints, photos
from .context import Context, message_of
from .games import quiz
from .race_guard import refusal_for
from .replies import admitted, fold, user_id
from .routing import PUZZLES, command_argument
from .rules import send_rules
from .store import StoreUnavailable
from .work import jobs
from .work.errors import JobTimeout, ShuttingDown, WorkerDied, failure_text

log = logging.getLogger(__name__)


def kinds_listing() -> str:
    """One line a kind, as HTML to go in a folded quote (which holds no code spans)."""
    return "\n".join(
        f"/{kind.name} {html.escape(kind.title)}: {html.escape(kind.summary.replace('`', ''))}"
        for kind in registry.KINDS)


WELCOME = (
    "<b>PuzzleBot</b> solves puzzles. Send the puzzle as text (or as a .txt file) and get "
    "back a picture of the answer, how many solutions there are, and a check report that "
    "verifies it rule by rule. Tap a folded list to open it.\n\n"
    "<b>Puzzles I know</b>\n<blockquote expandable>{kinds}</blockquote>\n"
    "<b>Commands</b>\n<blockquote expandable>"
    "/example KIND: a ready puzzle to try (forward it back to me)\n"
    "/KIND PUZZLE: solve as that kind, when detection guesses wrong\n"
    "/smt PUZZLE: the SMT-LIB2 text of an SMT-family puzzle\n"
    "/check: is my solution right? Reply to a puzzle with /check and your solution\n"
    + anagrams.HELP
    + photos.HELP
    + "/cancel: stop your own long count\n"
    + "/help KIND: the rules of a puzzle, with a picture\n"
    + "/help: this message\n\n"
    "<b>In groups</b>\n"
    + quiz.HELP
    + "/race KIND: a puzzle race ({races}); /submit ID in private to finish\n"
    "/top: scores; /stats: your own record</blockquote>"
)


#: a private message that is only `help` (or `start`, `menu`, `commands`) means /help
HELP_WORDS = (filters.ChatType.PRIVATE & filters.TEXT & ~filters.COMMAND
              & filters.Regex(re.compile(r"^\s*(help|start|menu|commands)\s*[?!.]*\s*$",
                                         re.IGNORECASE)))


async def start(update: Update, context: Context) -> None:
    """/start and /help: what the bot does and the kinds it knows. `/help KIND` (and
    `/start rules-KIND`, where a race's link leads) gives that kind's rules instead."""
    wanted = context.args[0].removeprefix("rules-") if context.args else ""
    if (kind := registry.get(wanted) if wanted else None) is not None:
        await send_rules(message_of(update), context, kind)
        return
    await message_of(update).reply_text(
        WELCOME.format(kinds=kinds_listing(), bot=context.bot.username,
                       races=", ".join(kind.name for kind in registry.racing())),
        parse_mode=ParseMode.HTML)


def bot_commands() -> list[BotCommand]:
    """The command menu shown by Telegram clients."""
    menu = [
        BotCommand("help", "What I do and the puzzles I know"),
        BotCommand("example", "A ready puzzle to try: "
                              f"/example {registry.with_example()[0].name}"),
        BotCommand("smt", "SMT-LIB2 text of a puzzle"),
        BotCommand("check", "Is my solution right? Reply to a puzzle: /check + solution"),
        *anagrams.MENU,
        BotCommand("cancel", "Stop your own puzzle being solved or long count"),
        *quiz.MENU,
        BotCommand("race", f"Puzzle race in a group: /race {registry.racing()[0].name}"),
        BotCommand("submit", "Send a race solution privately: /submit RACE_ID"),
        BotCommand("top", "Scores of this game and of all time here"),
        BotCommand("stats", "Your own game record"),
    ]
    menu += [BotCommand(kind.name, f"Solve a {kind.title} puzzle") for kind in registry.KINDS]
    return menu


async def unknown_command(update: Update, context: Context) -> None:
    """A command no handler takes: in a private chat, or addressed to this bot by name in
    a group (`/foo@bot`), say so and list the commands; any other stays unanswered (in a
    group it may be meant for another bot)."""
    message = message_of(update)
    word = (message.text or "").split(maxsplit=1)[0]
    command, _, addressee = word.partition("@")
    mine = addressee.lower() == (context.bot.username or "").lower()
    if not (mine or (message.chat.type == ChatType.PRIVATE and not addressee)):
        return
    await message.reply_text(f"I don't know {html.escape(clip(command))}. The commands I "
                             f"know:\n{fold(commands_listing())}", parse_mode=ParseMode.HTML)


def commands_listing() -> str:
    """The command menu as lines, the puzzle kinds' commands together on the last one."""
    kinds = [kind.name for kind in registry.KINDS]
    lines = [f"/{c.command}: {c.description}" for c in bot_commands() if c.command not in kinds]
    return "\n".join([*lines, "Puzzles: " + " ".join(f"/{name}" for name in kinds)])


async def example(update: Update, context: Context) -> None:
    """/example KIND: the kind's sample puzzle, ready to be sent back."""
    kind = registry.get(context.args[0]) if context.args else None
    if kind is None or not kind.example:
        names = ", ".join(k.name for k in registry.with_example())
        await message_of(update).reply_text(f"Usage: /example KIND, one of: {names}")
        return
    text = (PUZZLES / kind.example).read_text().strip()
    note = await grid_hints.rating_note(context, kind, text)
    if len(text.splitlines()) <= CAPTION_LINES:
        await message_of(update).reply_text(text)
    else:
        first, rest = text.split("\n", 1)  # the same text, its long part folded
        await message_of(update).reply_text(f"{html.escape(first)}\n{fold(rest)}",
                                            parse_mode=ParseMode.HTML)
    if note:
        await message_of(update).reply_text(note)


#: seconds a worker may take to parse a puzzle and write its SMT-LIB2 text
SMT_TIMEOUT = 20.0


async def smt(update: Update, context: Context) -> None:
    """/smt PUZZLE: the SMT-LIB2 text as a document."""
    message = message_of(update)
    text = command_argument(message)
    if not text:
        await message.reply_text("Usage: /smt followed by a puzzle, e.g.\n/smt "
                                 + next(k.smt_example for k in registry.KINDS if k.smt_example))
        return
    if (refused := await refusal_for(context, user_id(update), message.chat_id,
                                     text)) is not None:
        await message.reply_text(refused)
        return
    if not await admitted(update, context):
        return
    try:
        made = await context.bot_data.services.pool.submit(jobs.smt, text, timeout=SMT_TIMEOUT)
    except PuzzleError as error:
        await message.reply_text(str(error))
        return
    except JobTimeout:
        await message.reply_text(f"/smt: writing this puzzle out took longer than "
                                 f"{SMT_TIMEOUT:g} s, so I stopped it.")
        return
    except WorkerDied as error:
        await message.reply_text(failure_text(
            error, "/smt: the worker stopped in the middle of this job; please send it "
            "again."))
        return
    await message.reply_document(
        made.smtlib.encode(), filename=f"{made.kind_name}.smt2",
        caption=f"{made.title}: SMT-LIB2, {len(made.smtlib.splitlines())} lines. "
                "Run it with: z3 file.smt2")


async def admin(update: Update, context: Context) -> None:
    """/admin for the owner (PUZZLEBOT_OWNER_ID): how the bot is doing. Others: silence."""
    svc = context.bot_data.services
    user = update.effective_user
    if svc.config.owner_id is None or user is None or user.id != svc.config.owner_id:
        return
    try:
        store = (f"open, schema {await svc.store.schema_version()}" if svc.store.db is not None
                 else "unavailable (running without cache)")
    except StoreUnavailable as error:
        store = f"unreachable just now ({error})"
    await message_of(update).reply_text(
        f"{svc.metrics.report()}\nWorkers: {svc.pool.report()}\nStore: {store}")


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

