"""Logging set-up that never lets the bot token reach a log line."""

from __future__ import annotations

import logging


class MaskToken(logging.Filter):
    """Replace the token wherever it appears (httpx logs request URLs that contain it)."""

    def __init__(self, token: str):
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self.token in message:
            record.msg = message.replace(self.token, "<token>")
            record.args = ()
        return True


def setup_logging(token: str | None, level: int = logging.INFO) -> None:
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("httpx").setLevel(logging.WARNING)
    if token:
        for handler in logging.getLogger().handlers:
            handler.addFilter(MaskToken(token))
