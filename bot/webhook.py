"""How updates reach the bot: long polling (the default), or Telegram's webhook.

With `PUZZLEBOT_WEBHOOK_URL` set, python-telegram-bot's webhook server listens on
`PUZZLEBOT_WEBHOOK_LISTEN:PUZZLEBOT_WEBHOOK_PORT`, at the URL's path, and the bot asks
Telegram (setWebhook) to POST every update to the URL with a secret token; a request
without that token is refused (403). TLS is left to the proxy that serves the public URL.
Starting with polling again deletes the webhook (python-telegram-bot does it first).
"""

from __future__ import annotations

import json
import logging
import secrets
from http import HTTPStatus
from typing import Any
from urllib.parse import urlsplit

from telegram import Update
from telegram.error import TelegramError
from telegram.ext import Updater
from telegram.request import HTTPXRequest

from .config import Config

log = logging.getLogger(__name__)

#: simultaneous webhook connections Telegram may open (its default)
MAX_CONNECTIONS = 40


class UpdatesRequest(HTTPXRequest):
    """The connection getUpdates goes through (python-telegram-bot keeps one apart for
    it, of one connection), remembering how its last call ended: /healthz says the bot
    is failing while getUpdates fails, as it does forever once a webhook is set from
    elsewhere (Telegram answers Conflict), though the polling loop itself runs on."""

    def __init__(self) -> None:
        super().__init__(connection_pool_size=1)
        #: what the last call failed with; None after a call that worked
        self.failure: str | None = None

    async def do_request(self, *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        try:
            code, payload = await super().do_request(*args, **kwargs)
        except TelegramError as error:  # no answer: refused, timed out, network gone
            self.failure = str(error)
            raise
        self.failure = None if code == HTTPStatus.OK else answer_error(code, payload)
        return code, payload


def answer_error(code: int, payload: bytes) -> str:
    """What a Bot API error answer says ("Conflict: ..."), else its HTTP status."""
    try:
        description = json.loads(payload).get("description")
    except (ValueError, AttributeError):
        description = None
    return str(description) if description else f"HTTP {code}"


def polling_failed(error: TelegramError) -> None:
    """One line per failed getUpdates (the polling loop retries, waiting up to 30 s), not
    python-telegram-bot's traceback each time."""
    log.warning("cannot get updates: %s", error)


async def start_updates(updater: Updater, config: Config) -> None:
    """Start receiving updates the way `config` says."""
    if config.webhook_url is None:
        await updater.start_polling(allowed_updates=Update.ALL_TYPES, poll_interval=0,
                                    timeout=config.poll_timeout, error_callback=polling_failed)
        return
    await updater.start_webhook(
        listen=config.webhook_listen,
        port=config.webhook_port,
        url_path=urlsplit(config.webhook_url).path.lstrip("/"),
        webhook_url=config.webhook_url,
        allowed_updates=Update.ALL_TYPES,
        max_connections=MAX_CONNECTIONS,
        secret_token=config.webhook_secret or secrets.token_urlsafe(32),
    )
