"""The sandbox's HTTP server: its two faces on one port, started and stopped together.

    sandbox = Sandbox()              # 127.0.0.1, a free port
    url = await sandbox.start()      # "http://127.0.0.1:PORT"
    Application.builder().token(sandbox.token)
        .base_url(f"{url}/bot").base_file_url(f"{url}/file/bot")...
    await sandbox.stop()

The Bot API face (botserver.py, methods in botapi.py) is what python-telegram-bot calls;
the client API face (client_send.py, client_view.py, client_actions.py) is what the web
chat page and the tests call. Every request passes the guard of web.py first.
"""

from __future__ import annotations

import re
import secrets
from typing import Any

from aiohttp import web

from .botapi import BotApi
from .botserver import BotServer
from .client_actions import ClientActions
from .client_send import ClientSend
from .client_view import ClientView
from .loopback import is_loopback_name
from .state import SandboxState
from .web import guard

TOKEN_RE = re.compile(r"^(\d{1,20}):[A-Za-z0-9_-]{1,100}$")
#: the sandbox's bot's id, the first part of its token (the rest is new at each start)
BOT_ID = 4242424242
MAX_REQUEST = 60 * 1024 * 1024


class Sandbox:
    """A local stand-in for Telegram's Bot API with a JSON client API and a web chat page."""

    def __init__(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        token: str | None = None,
        bot_username: str = "PuzzleBot",
        bot_name: str = "PuzzleBot",
    ):
        if not is_loopback_name(host):
            raise ValueError(f"the sandbox only listens on loopback addresses, not {host!r}")
        if token is not None and not TOKEN_RE.match(token):
            raise ValueError("a token looks like 123456:letters")
        self.host = "127.0.0.1" if host.lower() == "localhost" else host
        self.port = port
        #: the one token the Bot API takes: the caller's, else a random one of BOT_ID's
        self.token = token or f"{BOT_ID}:{secrets.token_urlsafe(30)}"
        self.state = SandboxState()
        self.api = BotApi(self.state, bot_username, bot_name)
        self.url: str | None = None
        self._runner: web.AppRunner | None = None

    @property
    def bot(self) -> dict[str, Any]:
        """The bot user of the token the sandbox takes now."""
        return self.api.bot_user(self.token)

    async def start(self) -> str:
        self.state.closing = False
        self._runner = web.AppRunner(self.make_app(), access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = self._runner.addresses[0][1]  # the real port when port=0
        host = f"[{self.host}]" if ":" in self.host else self.host
        self.url = f"http://{host}:{self.port}"
        return self.url

    async def stop(self) -> None:
        self.state.closing = True
        self.state.changed()
        await self.api.webhooks.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Sandbox:
        await self.start()
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()

    def make_app(self) -> web.Application:
        """Both faces' routes behind the guard."""
        app = web.Application(client_max_size=MAX_REQUEST, middlewares=[guard])
        BotServer(self.state, self.api, self).add_routes(app.router)
        ClientView(self.state, self).add_routes(app.router)
        ClientSend(self.state).add_routes(app.router)
        ClientActions(self.state, self, self.api.methods).add_routes(app.router)
        return app
