"""Webhooks in the sandbox: while the bot has set one, updates are POSTed to it, as
Telegram does, instead of being handed out by getUpdates (which then answers 409).

As on Telegram: one update per request, in order, with the bot's secret token in the
`X-Telegram-Bot-Api-Secret-Token` header; an update is forgotten once the webhook answers
2xx, and delivery is retried after a pause when it does not (the error is shown by
getWebhookInfo). Unlike Telegram, the URL may be http, and it must name a loopback
address: the sandbox never sends anything off this machine.

The webhook belongs to the bot, not to the chats: a sandbox reset keeps it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

import aiohttp

from .loopback import is_loopback_name
from .state import SandboxState

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
#: Telegram's rule for secret_token: 1-256 characters, A-Z, a-z, 0-9, _ and -
SECRET_RE = re.compile(r"^[A-Za-z0-9_-]{1,256}$")
#: the first pause after a failed delivery, doubled each time up to the last
FIRST_RETRY, LAST_RETRY = 0.2, 5.0
#: how long a webhook may take to answer one update
DELIVERY_TIMEOUT = 10.0


def url_problem(url: str) -> str | None:
    """Why the sandbox will not deliver to `url`, or None when it will."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return "bad webhook: an HTTP or HTTPS URL must be provided for webhook"
    if not is_loopback_name(parts.hostname):
        return "bad webhook: the sandbox delivers to loopback addresses only"
    return None


@dataclass
class Webhook:
    """What setWebhook set, and how the last delivery went."""

    url: str
    secret_token: str | None
    max_connections: int
    allowed_updates: list[str] | None
    last_error_date: int | None = None
    last_error_message: str | None = None

    def info(self, pending: int) -> dict:
        """The Bot API's WebhookInfo."""
        fields = {"url": self.url, "has_custom_certificate": False,
                  "pending_update_count": pending, "max_connections": self.max_connections,
                  "allowed_updates": self.allowed_updates,
                  "last_error_date": self.last_error_date,
                  "last_error_message": self.last_error_message}
        return {key: value for key, value in fields.items() if value is not None}


class WebhookDelivery:
    """The bot's webhook, if any, and the task that POSTs the pending updates to it."""

    def __init__(self, state: SandboxState):
        self.state = state
        self.webhook: Webhook | None = None
        self._task: asyncio.Task | None = None

    def set(self, webhook: Webhook) -> None:
        self.webhook = webhook
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._deliver(), name="sandbox-webhook")
        self.state.changed()

    def delete(self) -> None:
        self.webhook = None
        self.state.changed()

    async def stop(self) -> None:
        self.webhook = None
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def _next(self) -> dict | None:
        """The oldest pending update, while there is a webhook to send it to."""
        if self.webhook is None:
            return None
        pending = self.state.pending(1)
        return pending[0] if pending else None

    async def _deliver(self) -> None:
        """Send the updates one by one until the webhook is deleted."""
        pause = FIRST_RETRY
        timeout = aiohttp.ClientTimeout(total=DELIVERY_TIMEOUT)
        async with aiohttp.ClientSession(timeout=timeout) as session:
            while self.webhook is not None and not self.state.closing:
                update = await self.state.wait_until(self._next, 30)
                hook = self.webhook
                if update is None or hook is None:
                    continue
                error = await self._post(session, hook, update)
                if error is None:
                    self.state.confirm(update["update_id"] + 1)
                    pause = FIRST_RETRY
                    continue
                hook.last_error_date, hook.last_error_message = int(time.time()), error
                log.info("webhook delivery of update %d failed: %s", update["update_id"], error)
                await asyncio.sleep(pause)
                pause = min(2 * pause, LAST_RETRY)

    @staticmethod
    async def _post(session: aiohttp.ClientSession, hook: Webhook, update: dict) -> str | None:
        """POST one update; None when the webhook took it, else Telegram's error text."""
        headers = {SECRET_HEADER: hook.secret_token} if hook.secret_token else {}
        try:
            async with session.post(hook.url, json=update, headers=headers,
                                    allow_redirects=False) as response:
                if 200 <= response.status < 300:
                    return None
                return f"Wrong response from the webhook: {response.status} {response.reason}"
        except TimeoutError:
            return "Read timeout expired"
        except aiohttp.ClientConnectorError:
            return "Connection refused"
        except aiohttp.ClientError as error:
            return f"Connection failed: {error}"
