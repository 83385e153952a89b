"""The sandbox's Bot API face: what python-telegram-bot calls (`/bot<token>/<method>`) and
the file downloads (`/file/bot<token>/<path>`), with the faults a test asked for.

The Bot API takes one token, made afresh at each start (`Sandbox.token`; any other is 401
Unauthorized, as Telegram answers).
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from aiohttp import web

from . import markup
from .botapi import BotApi
from .botcall import BotApiError, Call, Upload
from .state import Fault, SandboxState
from .web import Identity, json_response

#: Telegram's texts for the error codes a fault may simulate
FAULT_TEXTS = {500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
               504: "Gateway Timeout", 400: "Bad Request: simulated fault",
               403: "Forbidden: bot was blocked by the user"}


class BotServer:
    """Answers the Bot API for the one token it knows."""

    def __init__(self, state: SandboxState, api: BotApi, identity: Identity):
        self.state = state
        self.api = api
        self.identity = identity

    def add_routes(self, router: web.UrlDispatcher) -> None:
        router.add_route("*", "/bot{token}/{method}", self.bot_api)
        router.add_get("/file/bot{token}/{path:.+}", self.download)

    def _known(self, token: str) -> bool:
        """`token` is the sandbox's (compared in constant time, as bytes: a path may hold
        any character)."""
        return secrets.compare_digest(token.encode(), self.identity.token.encode())

    async def bot_api(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        method = request.match_info["method"]
        if not self._known(token):
            return envelope_error(BotApiError("Unauthorized", 401))
        handler = self.api.methods.get(method.lower())
        if handler is None:
            return envelope_error(BotApiError("Not Found", 404))
        try:
            params, uploads = await read_params(request)
        except BotApiError as err:
            return envelope_error(err)
        call = Call(bot=self.api.bot_user(token), params=params, uploads=uploads)
        logged = {**params,
                  **{k: f"<upload {u.filename} {len(u.data)} bytes>" for k, u in uploads.items()}}
        fault = self.state.take_fault(method)
        if fault is not None:
            if fault.delay:
                await asyncio.sleep(fault.delay)
            if fault.error_code:
                self.state.log_call(method, logged, False, f"fault {fault.error_code}")
                return envelope_error(fault_error(fault))
        try:
            result = await handler(call)
        except BotApiError as err:
            self.state.log_call(method, logged, False, err.description)
            return envelope_error(err)
        self.state.log_call(method, logged, True)
        return json_response({"ok": True, "result": result})

    async def download(self, request: web.Request) -> web.Response:
        if not self._known(request.match_info["token"]):
            return web.Response(status=401, text="Unauthorized")
        record = self.state.files_by_path.get(request.match_info["path"])
        if record is None:
            return web.Response(status=404, text="Not Found")
        return web.Response(body=record.data, content_type=record.mime_type)


def fault_error(fault: Fault) -> BotApiError:
    """The error a simulated fault answers with, in Telegram's words."""
    if fault.error_code == 429:
        retry = fault.retry_after if fault.retry_after is not None else 1
        return BotApiError(fault.description or f"Too Many Requests: retry after {retry}",
                           429, {"retry_after": retry})
    return BotApiError(fault.description or FAULT_TEXTS.get(fault.error_code, "Simulated fault"),
                       fault.error_code)


def envelope_error(err: BotApiError) -> web.Response:
    body: dict[str, Any] = {"ok": False, "error_code": err.error_code,
                            "description": err.description}
    if err.parameters:
        body["parameters"] = err.parameters
    return json_response(body, err.error_code)


async def read_params(request: web.Request) -> tuple[dict[str, Any], dict[str, Upload]]:
    """A Bot API request's parameters from its query, JSON body or form, and its uploads."""
    params: dict[str, Any] = dict(request.query)
    uploads: dict[str, Upload] = {}
    if request.method == "POST" and request.can_read_body:
        if request.content_type == "application/json":
            try:
                body = await request.json()
            except ValueError:
                raise BotApiError("Bad Request: can't parse JSON body") from None
            if not isinstance(body, dict):
                raise BotApiError("Bad Request: the JSON body must be an object")
            params.update(body)
        else:
            form = await request.post()
            for name, value in form.items():
                if isinstance(value, web.FileField):
                    uploads[name] = Upload(value.filename, value.content_type,
                                           value.file.read())
                else:
                    params[name] = value
    if markup.lone_surrogate(params) is not None:
        raise BotApiError("Bad Request: strings must be encoded in UTF-8")
    return params, uploads
