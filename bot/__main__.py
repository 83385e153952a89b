"""`python -m bot`: start PuzzleBot (the local sandbox when TELEGRAM_BOT_TOKEN is unset)."""

from __future__ import annotations

import asyncio
import logging
import sys

from telegram.error import InvalidToken

from .app import serve
from .config import Config
from .logs import setup_logging

#: what a rejected token is told as, instead of a traceback that quotes the token
REJECTED_TOKEN = ("Telegram rejected the token in TELEGRAM_BOT_TOKEN: check it with "
                  "@BotFather (and TELEGRAM_API_URL, if set).")


def main() -> int:
    try:
        config = Config.from_env()
    except ValueError as error:  # a setting that cannot work: say which, no traceback
        print(f"PuzzleBot: {error}", file=sys.stderr, flush=True)
        return 2
    setup_logging(config.token)
    logging.getLogger(__name__).info("starting with %r", config)
    try:
        asyncio.run(serve(config))
    except InvalidToken:  # its message holds the token itself: never printed
        print(REJECTED_TOKEN, file=sys.stderr, flush=True)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
