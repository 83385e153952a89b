"""How updates reach the bot: long polling (the default), or Telegram's webhook.

With `PUZZLEBOT_WEBHOOK_URL` set, python-telegram-bot's webhook server listens on
`PUZZLEBOT_WEBHOOK_LISTEN:PUZZLEBOT_WEBHOOK_PORT`, at the URL's path, and the bot asks
Telegram (setWebhook) to POST every update to the URL with a secret token; a request
without that token is refused (403). TLS is left to the proxy that serves the public URL.
Starting with polling again deletes the webhook (python-telegram-bot does it first).
"""

from __future__ import annotations

import secrets
from urllib.parse import urlsplit

from telegram import Update
from telegram.ext import Updater

from .config import Config

#: simultaneous webhook connections Telegram may open (its default)
MAX_CONNECTIONS = 40


async def start_updates(updater: Updater, config: Config) -> None:
    """Start receiving updates the way `config` says."""
    if config.webhook_url is None:
        await updater.start_polling(allowed_updates=Update.ALL_TYPES, poll_interval=0,
                                    timeout=10)
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
