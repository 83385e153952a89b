"""`python -m bot`: start PuzzleBot (the local sandbox when TELEGRAM_BOT_TOKEN is unset).

This is the development entry point, and the only part of `bot` that knows the sandbox:
it starts one for the bot when there is no token (`running_in_sandbox`, which the tests
and benchmarks use too), and `bot.app.running` is only told the Bot API's address.
"""

from __future__ import annotations

import asyncio
import faulthandler
import logging
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager

from telegram.error import InvalidToken, NetworkError

from sandbox import Sandbox

from .app import Running, running
from .config import Config
from .logs import setup_logging

#: what a rejected token is told as, instead of a traceback that quotes the token
REJECTED_TOKEN = ("Telegram rejected the token in TELEGRAM_BOT_TOKEN: check it with "
                  "@BotFather (and TELEGRAM_API_URL, if set).")
#: the Bot API python-telegram-bot talks to when TELEGRAM_API_URL is unset
TELEGRAM_API = "https://api.telegram.org"


def unreachable(config: Config, error: NetworkError) -> str:
    """What to say when the Bot API cannot be reached at start: where, and what to check
    (the error's own text, with the token masked, says how it failed)."""
    reason = str(error).replace(config.token or "\0", "<token>")
    return (f"PuzzleBot cannot reach the Bot API at {config.api_url or TELEGRAM_API} "
            f"({reason}): check TELEGRAM_API_URL, the network and any proxy.")


@asynccontextmanager
async def running_in_sandbox(config: Config, port: int = 0) -> AsyncIterator[Running]:
    """The bot against a sandbox started on 127.0.0.1:`port` (0: a free port), whose
    address is `Running.url`; the bot stops first, then the sandbox."""
    async with Sandbox(host="127.0.0.1", port=port) as sandbox, \
            running(config, sandbox.url, sandbox.token) as bot:
        yield bot


def started(config: Config) -> AbstractAsyncContextManager[Running]:
    """The bot as configured: against Telegram with a token, else against a sandbox on
    PUZZLEBOT_SANDBOX_PORT."""
    if config.sandbox:
        return running_in_sandbox(config, config.sandbox_port)
    return running(config)


def announce(config: Config, bot: Running) -> None:
    """Say where the started bot can be reached."""
    if config.sandbox:
        print(f"PuzzleBot sandbox: open {bot.url}/ in a browser to chat with the bot",
              flush=True)
    elif config.webhook_url:
        print(f"PuzzleBot receives Telegram's updates at {config.webhook_url}", flush=True)
    else:
        print("PuzzleBot is polling Telegram", flush=True)
    if bot.ops_url:
        print(f"Health and metrics: {bot.ops_url}/healthz, {bot.ops_url}/metrics", flush=True)


async def serve(config: Config) -> None:
    """Run until SIGINT or SIGTERM."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    async with started(config) as bot:
        announce(config, bot)
        await stop.wait()


def main() -> int:
    try:
        config = Config.from_env()
    except ValueError as error:  # a setting that cannot work: say which, no traceback
        print(f"PuzzleBot: {error}", file=sys.stderr, flush=True)
        return 2
    setup_logging(config.token)
    faulthandler.enable(all_threads=True)  # a fatal signal writes every thread's stack
    logging.getLogger(__name__).info("starting with %r", config)
    try:
        asyncio.run(serve(config))
    except InvalidToken:  # its message holds the token itself: never printed
        print(REJECTED_TOKEN, file=sys.stderr, flush=True)
        return 2
    except NetworkError as error:  # at start: after the Bot API's retries (bot/flood.py)
        print(unreachable(config, error), file=sys.stderr, flush=True)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
