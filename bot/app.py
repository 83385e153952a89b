"""Wiring: build the python-telegram-bot Application and run it, against Telegram or
against another Bot API server its caller names (the sandbox, under `python -m bot`).
Every handler is registered here and nowhere else.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from telegram import Update
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    CommandHandler,
    InlineQueryHandler,
    MessageHandler,
    TypeHandler,
    filters,
)

from solvers import registry
from solvers.i18n import add_locale_dir

from . import (
    anagrams,
    check,
    commands,
    deeplinks,
    examples,
    files,
    grid_hints,
    inline,
    language,
    pages,
    photo_reading,
    photos,
    routing,
    settings,
    share_buttons,
    solution_files,
    welcome,
)
from .cancel import cancel_command, cancel_pressed
from .config import Config
from .context import CONTEXT_TYPES, App, Services
from .counts import Counts
from .flood import PatientRateLimiter
from .games import modes
from .games import wiring as games
from .i18n import LANGUAGES, N_, SOURCE_LANGUAGE, _, speaking
from .menu import Command, CommandTable
from .metrics import Metrics
from .ops import OpsServer, host_names
from .plain import PlainApplication
from .ratelimit import RateLimiter
from .store.facade import Store
from .webhook import UpdatesRequest, start_updates
from .work.setup import lanes_for

log = logging.getLogger(__name__)

#: updates handled at once; solving happens in the pool, so this only bounds waiting
CONCURRENT_UPDATES = 256


def build_application(config: Config, base_url: str | None = None,
                      token: str | None = None) -> App:
    """The Application with every handler; `base_url` points it at a Bot API server, and
    `token` is the one that server knows (without one, the configured token is needed)."""
    bot_token = token or config.token
    if bot_token is None:
        raise ValueError("no bot token: set TELEGRAM_BOT_TOKEN, or use the sandbox")
    for spec in config.plugin_kinds:  # before the handlers, which offer every kind
        registry.add(spec)
    if config.test_extra_locale_dir:  # a test's extra languages (its workers load them too)
        add_locale_dir(Path(config.test_extra_locale_dir))
    metrics = Metrics()
    limiter = (PatientRateLimiter(group_max_rate=0, max_retries=3, metrics=metrics)
               if config.sandbox else PatientRateLimiter(max_retries=3, metrics=metrics))
    updates = UpdatesRequest()
    builder = (Application.builder().application_class(PlainApplication).token(bot_token)
               .concurrent_updates(CONCURRENT_UPDATES).rate_limiter(limiter)
               .get_updates_request(updates).context_types(CONTEXT_TYPES))
    if base_url:
        builder = builder.base_url(f"{base_url}/bot").base_file_url(f"{base_url}/file/bot")
    application = builder.build()
    add_handlers(application)
    lanes, store = lanes_for(config), Store(config.store_location)
    application.bot_data.install(Services(
        config=config,
        pool=lanes,
        counts=Counts(lanes.count, store.put_result),
        store=store,
        metrics=metrics,
        limiter=RateLimiter(config.rate_burst, config.rate_per_minute / 60),
        updates=updates,
    ))
    return application


def command_table() -> list[Command]:
    """Every command, in the order of the menus: registered, listed in the menus by scope
    (bot/commands.py) and on the /help pages (bot/welcome.py) from this one table; the
    game modes bring their own (bot/games/modes.py)."""
    return [
        Command("start", welcome.start, private=False),
        Command("help", welcome.help_command, menu=N_("What I do and the puzzles I know"),
                group=True),
        Command("settings", settings.settings_command,
                menu=N_("How I answer you: spoilers, hints first, language")),
        Command("language", language.language_command,
                menu=N_("The language I speak to you (or in a group)"), group=True),
        Command("example", examples.example, menu=lambda: _(
            "A ready puzzle to try: /example {kind}").format(
                kind=registry.with_example()[0].name)),
        Command("smt", commands.smt, menu=N_("SMT-LIB2 text of a puzzle")),
        Command("check", check.check_command,
                menu=N_("Is my solution right? Reply to a puzzle: /check + solution"),
                group=True),
        Command("hint", grid_hints.hint_command,
                menu=N_("The next step: reply /hint to a puzzle, or /hint LETTERS"), group=True),
        Command("cancel", cancel_command,
                menu=N_("Stop your own puzzle being solved or long count")),
        Command("admin", commands.admin, private=False),
        *games.commands(modes.MODES),
    ]


def add_handlers(application: App) -> None:
    # first of all, in a group of its own (before the games' guesses, group -1): the
    # language this update is answered in
    application.add_handler(TypeHandler(Update, language.set_language), group=-2)
    table = command_table()
    doors = welcome.doors_of(application.bot_data)  # what the welcome opens, owned elsewhere
    doors.open_shared, doors.examples_menu = deeplinks.open_shared, examples.family_menu
    application.bot_data.own(CommandTable).commands = table
    for command in table:
        application.add_handler(CommandHandler(command.name, command.handler))
    application.add_handler(CallbackQueryHandler(welcome.help_pressed, pattern=r"^help:"))
    application.add_handler(CallbackQueryHandler(examples.example_pressed, pattern=r"^ex:"))
    application.add_handler(CallbackQueryHandler(settings.setting_pressed, pattern=r"^set:"))
    application.add_handler(CallbackQueryHandler(language.language_pressed, pattern=r"^lang:"))
    application.add_handler(CallbackQueryHandler(deeplinks.reveal_pressed, pattern=r"^reveal:"))
    application.add_handler(CallbackQueryHandler(deeplinks.hint_pressed, pattern=r"^shint:"))
    application.add_handler(CallbackQueryHandler(cancel_pressed, pattern=r"^cancel$"))
    application.add_handler(CallbackQueryHandler(anagrams.hint_button, pattern=r"^hint:"))
    application.add_handler(CallbackQueryHandler(grid_hints.hint_button, pattern=r"^gh:"))
    application.add_handler(CallbackQueryHandler(solution_files.file_pressed,
                                                 pattern=rf"^{share_buttons.FILE_DATA}$"))
    application.add_handler(CallbackQueryHandler(pages.page_pressed, pattern=r"^more:"))
    application.add_handler(InlineQueryHandler(inline.inline_query))
    games.add_handlers(application, modes.MODES)
    kind_names = [name for kind in registry.KINDS for name in (kind.name, *kind.aliases)]
    application.add_handler(CommandHandler(kind_names, routing.kind_command))
    application.add_handler(MessageHandler(commands.HELP_WORDS, welcome.help_command))
    application.add_handler(
        MessageHandler(filters.TEXT & ~filters.COMMAND, routing.on_text))
    application.add_handler(MessageHandler(photo_reading.PHOTOS, photos.on_photo))
    application.add_handler(MessageHandler(filters.Document.ALL, files.on_document))
    # after every CommandHandler: a command none of them took
    application.add_handler(MessageHandler(filters.COMMAND, commands.unknown_command))
    # after every MessageHandler: a new private message none of them took (a sticker...;
    # not its edits: a live location is edited every few seconds)
    application.add_handler(MessageHandler(
        filters.ChatType.PRIVATE & filters.UpdateType.MESSAGE & ~filters.StatusUpdate.ALL,
        files.on_other))
    # last: a press whose data no handler above takes is still answered
    application.add_handler(CallbackQueryHandler(routing.unknown_button))
    application.add_error_handler(commands.on_error)


async def open_services(application: App) -> None:
    svc = application.bot_data.services
    await svc.store.open()
    svc.pool.start()
    await games.resume(application)
    share_buttons.plan_cleanup(application)
    table = application.bot_data.own(CommandTable).commands
    for code in LANGUAGES:  # English for every language without a menu of its own
        with speaking(code):
            for scope, menu in commands.command_menus(table):
                await application.bot.set_my_commands(
                    menu, scope=scope, language_code=None if code == SOURCE_LANGUAGE else code)


async def drop_work(application: App) -> None:
    """The bot is stopping: end the counts and the jobs still waiting now, telling the
    people who asked, so the stop does not wait for them."""
    svc = application.bot_data.services
    await svc.counts.close()
    svc.pool.drop_jobs()


async def close_services(application: App) -> None:
    svc = application.bot_data.services
    await svc.pool.close()
    await svc.store.close()


async def start_ops(application: App, config: Config) -> OpsServer | None:
    """Serve /healthz and /metrics when PUZZLEBOT_METRICS_PORT is set."""
    if config.metrics_port is None:
        return None
    svc = application.bot_data.services
    ops = OpsServer(application, svc.metrics, svc.pool, svc.store, svc.updates,
                    host_names(config))
    await ops.start(config.metrics_host, config.metrics_port)
    return ops


@dataclass
class Running:
    """A started bot: its Application, the Bot API server's address when the caller named
    one (the sandbox's), and the address of /healthz and /metrics when they are served."""

    application: App
    url: str | None
    ops_url: str | None = None


@asynccontextmanager
async def running(config: Config, base_url: str | None = None,
                  token: str | None = None) -> AsyncIterator[Running]:
    """Start the bot, against the Bot API server at `base_url` with `token` when given (a
    stand-in such as the sandbox, which the caller starts and stops), else against the
    configured one; stop it on exit."""
    application = build_application(config, base_url=base_url or config.api_url, token=token)
    updater = application.updater
    if updater is None:  # the builder makes one unless told not to
        raise RuntimeError("the Application was built without an Updater")
    async with application:
        await open_services(application)
        await application.start()
        await start_updates(updater, config)
        ops = None
        try:
            ops = await start_ops(application, config)
            yield Running(application, base_url, ops.url if ops else None)
        finally:
            if ops is not None:
                await ops.stop()
            await updater.stop()
            await drop_work(application)
            await application.stop()
            await close_services(application)

