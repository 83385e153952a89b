"""`python -m bot`: start PuzzleBot (the local sandbox when TELEGRAM_BOT_TOKEN is unset)."""

from __future__ import annotations

import asyncio
import logging

from .app import serve
from .config import Config
from .logs import setup_logging


def main() -> None:
    try:
        config = Config.from_env()
    except ValueError as error:  # a setting that cannot work: say which, no traceback
        raise SystemExit(f"PuzzleBot: {error}") from None
    setup_logging(config.token)
    logging.getLogger(__name__).info("starting with %r", config)
    asyncio.run(serve(config))


if __name__ == "__main__":
    main()
