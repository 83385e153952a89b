"""The commands that answer from what the bot knows, with no solving: /example, /smt
and /admin, the command menu; and the error handler that logs what nobody expected."""

from __future__ import annotations

import contextlib
import html
import logging
import re
from collections.abc import Sequence

from telegram import (
    BotCommand,
    BotCommandScope,
    BotCommandScopeAllChatAdministrators,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    BotCommandScopeDefault,
    Update,
)
from telegram.constants import ChatType, ParseMode
from telegram.error import TelegramError
from telegram.ext import filters

from solvers import registry
from solvers.texts import clip
from solvers.values import PuzzleError

from .answers import admitted, fold, user_id
from .context import Context, message_of
from .database import StoreUnavailable
from .i18n import N_, _, ngettext
from .menu import Command, shown, table_of
from .race_guard import refusal_for
from .reading import command_argument
from .work import jobs
from .work.errors import JobTimeout, ShuttingDown, WorkerDied, failure_text

log = logging.getLogger(__name__)


#: a private message that is only `help` (or `start`, `menu`, `commands`) means /help
HELP_WORDS = (filters.ChatType.PRIVATE & filters.TEXT & ~filters.COMMAND
              & filters.Regex(re.compile(r"^\s*(help|start|menu|commands)\s*[?!.]*\s*$",
                                         re.IGNORECASE)))


def bot_commands(table: Sequence[Command]) -> list[BotCommand]:
    """The command menu shown by Telegram clients, in the current language (the
    commands' names stay English: only their descriptions are translated): the table's
    commands that have a menu line, then one a listed kind."""
    menu = [BotCommand(c.name, shown(c.menu)) for c in table if c.menu is not None]
    menu += [BotCommand(kind.name, _("Solve a {title} puzzle").format(title=kind.title))
             for kind in registry.listed()]
    return menu


def command_menus(table: Sequence[Command]) -> list[tuple[BotCommandScope, list[BotCommand]]]:
    """The command menu for each scope, in the current language, as Telegram shows it:
    private chats, group members and group admins each see the commands that work for
    them (the default scope, for clients that know no other, is the private one)."""
    kinds = {kind.name for kind in registry.listed()}
    every = bot_commands(table)
    private_names = kinds | {c.name for c in table if c.private}
    private = [c for c in every if c.command in private_names]
    group = [BotCommand(c.name, shown(c.menu)) for c in table if c.group and c.menu]
    admin = [BotCommand(c.name, shown(text)) for c in table
             if (c.group or c.admin) and (text := c.admin or c.menu) is not None]
    return [(BotCommandScopeDefault(), private), (BotCommandScopeAllPrivateChats(), private),
            (BotCommandScopeAllGroupChats(), group),
            (BotCommandScopeAllChatAdministrators(), admin)]


async def unknown_command(update: Update, context: Context) -> None:
    """A command no handler takes: in a private chat, or addressed to this bot by name in
    a group (`/foo@bot`), say so and list the commands; any other stays unanswered (in a
    group it may be meant for another bot)."""
    message = message_of(update)
    word = (message.text or "").split(maxsplit=1)[0]
    command, _at, addressee = word.partition("@")
    mine = addressee.lower() == (context.bot.username or "").lower()
    if not (mine or (message.chat.type == ChatType.PRIVATE and not addressee)):
        return
    await message.reply_text(_("I don't know {command}. The commands I know:\n{listing}").format(
        command=html.escape(clip(command)),
        listing=fold(commands_listing(table_of(context.bot_data)))),
        parse_mode=ParseMode.HTML)


def commands_listing(table: Sequence[Command]) -> str:
    """The command menu as lines, the puzzle kinds' commands together on the last one."""
    kinds = [kind.name for kind in registry.KINDS]
    lines = [f"/{c.command}: {c.description}" for c in bot_commands(table)
             if c.command not in kinds]
    return "\n".join([*lines, _("Puzzles: {commands}").format(
        commands=" ".join(f"/{name}" for name in kinds))])


#: seconds a worker may take to parse a puzzle and write its SMT-LIB2 text
SMT_TIMEOUT = 20.0


async def smt(update: Update, context: Context) -> None:
    """/smt PUZZLE: the SMT-LIB2 text as a document."""
    message = message_of(update)
    text = command_argument(message)
    if not text:
        await message.reply_text(_("Usage: /smt followed by a puzzle, e.g.\n/smt {example}").format(
            example=next(k.smt_example for k in registry.KINDS if k.smt_example)))
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
        await message.reply_text(_("/smt: writing this puzzle out took longer than "
                                   "{seconds} s, so I stopped it.").format(
                                       seconds=f"{SMT_TIMEOUT:g}"))
        return
    except WorkerDied as error:
        await message.reply_text(failure_text(
            error, _("/smt: the worker stopped in the middle of this job; please send it "
                     "again.")))
        return
    lines = len(made.smtlib.splitlines())
    await message.reply_document(
        made.smtlib.encode(), filename=f"{made.kind_name}.smt2",
        caption=ngettext("{title}: SMT-LIB2, {lines} line. Run it with: z3 file.smt2",
                         "{title}: SMT-LIB2, {lines} lines. Run it with: z3 file.smt2",
                         lines).format(title=made.title, lines=lines))


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
                _(RESTARTING) if stopping else _("Sorry, something went wrong on my side."))
    elif isinstance(update, Update) and update.effective_message:
        with contextlib.suppress(TelegramError):
            await update.effective_message.reply_text(
                _(RESTARTING) if stopping else
                _("Sorry, something went wrong on my side. The error has been logged."))


#: what a person whose job was dropped because the bot is stopping is told
RESTARTING = N_("I am restarting, so I stopped this job. Please send it again in a minute.")

