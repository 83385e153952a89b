"""Wiring: build the python-telegram-bot Application and run it, against Telegram or
against the local sandbox. Every handler is registered here and nowhere else.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from telegram import BotCommand, Update
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    CommandHandler,
    InlineQueryHandler,
    MessageHandler,
    filters,
)

from solvers import registry

from . import anagrams, check, commands, files, photos, routing
from .config import Config
from .context import CONTEXT_TYPES, App, Services
from .flood import PatientRateLimiter
from .games import wiring as games
from .metrics import Metrics
from .pool import SolverPool
from .ratelimit import RateLimiter
from .store import Store

log = logging.getLogger(__name__)

#: updates handled at once; solving happens in the pool, so this only bounds waiting
CONCURRENT_UPDATES = 256


def build_application(config: Config, base_url: str | None = None,
                      token: str | None = None) -> App:
    """The Application with every handler; `base_url` points it at a Bot API server."""
    limiter = (PatientRateLimiter(group_max_rate=0, max_retries=3) if config.sandbox
               else PatientRateLimiter(max_retries=3))
    builder = (Application.builder().token(token or config.token)
               .concurrent_updates(CONCURRENT_UPDATES).rate_limiter(limiter)
               .context_types(CONTEXT_TYPES))
    if base_url:
        builder = builder.base_url(f"{base_url}/bot").base_file_url(f"{base_url}/file/bot")
    application = builder.build()
    add_handlers(application)
    application.bot_data.install(Services(
        config=config,
        pool=SolverPool(config.workers, config.solve_timeout),
        store=Store(config.db_path),
        metrics=Metrics(),
        limiter=RateLimiter(config.rate_burst, config.rate_per_minute / 60),
    ))
    return application


def add_handlers(application: App) -> None:
    application.add_handler(CommandHandler(["start", "help"], commands.start))
    application.add_handler(CommandHandler("example", commands.example))
    application.add_handler(CommandHandler("smt", commands.smt))
    application.add_handler(CommandHandler("check", check.check_command))
    application.add_handler(CommandHandler("admin", commands.admin))
    application.add_handler(CommandHandler("hint", anagrams.hint_command))
    application.add_handler(CallbackQueryHandler(anagrams.hint_button, pattern=r"^hint:"))
    application.add_handler(InlineQueryHandler(anagrams.inline_query))
    games.add_handlers(application)
    kind_names = [kind.name for kind in registry.KINDS]
    application.add_handler(CommandHandler(kind_names, routing.kind_command))
    application.add_handler(
        MessageHandler(filters.TEXT & ~filters.COMMAND, routing.on_text))
    application.add_handler(MessageHandler(photos.PHOTOS, photos.on_photo))
    application.add_handler(MessageHandler(filters.Document.ALL, files.on_document))
    application.add_error_handler(commands.on_error)


def bot_commands() -> list[BotCommand]:
    """The command menu shown by Telegram clients."""
    commands = [
        BotCommand("help", "What I do and the puzzles I know"),
        BotCommand("example", "A ready puzzle to try: /example seki"),
        BotCommand("smt", "SMT-LIB2 text of a puzzle"),
        BotCommand("check", "Is my solution right? Reply to a puzzle: /check + solution"),
        BotCommand("hint", "Anagram hints step by step: /hint dormitory"),
        BotCommand("quiz", "Anagram quiz in a group: /quiz rounds=5 seconds=30"),
        BotCommand("race", "Puzzle race in a group: /race seki"),
        BotCommand("submit", "Send a race solution privately: /submit RACE_ID"),
        BotCommand("top", "Scores of this game and of all time here"),
        BotCommand("stats", "Your own game record"),
    ]
    commands += [BotCommand(kind.name, f"Solve a {kind.title} puzzle")
                 for kind in registry.KINDS]
    return commands


async def open_services(application: App) -> None:
    svc = application.bot_data.services
    await svc.store.open()
    svc.pool.start()
    await games.resume(application)
    await application.bot.set_my_commands(bot_commands())


async def close_services(application: App) -> None:
    svc = application.bot_data.services
    await svc.pool.close()
    await svc.store.close()


@dataclass
class Running:
    """A started bot: its Application and, in sandbox mode, the sandbox's address."""

    application: App
    url: str | None


@asynccontextmanager
async def running(config: Config, sandbox_port: int | None = None) -> AsyncIterator[Running]:
    """Start the bot (and the sandbox when there is no token); stop both on exit."""
    sandbox = None
    if config.sandbox:
        from .sandbox import Sandbox

        port = config.sandbox_port if sandbox_port is None else sandbox_port
        sandbox = Sandbox(host="127.0.0.1", port=port)
        url = await sandbox.start()
        application = build_application(config, base_url=url, token=sandbox.token)
    else:
        url = None
        application = build_application(config, base_url=config.api_url)
    try:
        async with application:
            await open_services(application)
            await application.start()
            await application.updater.start_polling(
                allowed_updates=Update.ALL_TYPES, poll_interval=0, timeout=10)
            try:
                yield Running(application, url)
            finally:
                await application.updater.stop()
                await application.stop()
                await close_services(application)
    finally:
        if sandbox is not None:
            await sandbox.stop()


async def serve(config: Config) -> None:
    """Run until SIGINT or SIGTERM."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    async with running(config) as bot:
        if bot.url:
            print(f"PuzzleBot sandbox: open {bot.url}/ in a browser to chat with the bot",
                  flush=True)
        else:
            print("PuzzleBot is polling Telegram", flush=True)
        await stop.wait()
