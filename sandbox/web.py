"""What both faces of the sandbox's HTTP server share: JSON answers, the client API's
errors and its readers of bodies and parameters, and the guard every request passes.

Only loopback addresses are served, and requests whose Host (or Origin) is not a loopback
name are refused, so a web page elsewhere cannot reach the sandbox through DNS rebinding.
The Bot API refuses any request that carries a browser's Origin: bots are programs, and
the sandbox's own page speaks the client API, so a page on another local port cannot post
as the bot or set a webhook that stops its getUpdates. A write to the client API (POST or
DELETE under /sandbox/) must be JSON (`Content-Type: application/json`, which a plain
HTML form cannot send) and, when the browser names its Origin, come from the sandbox's
own page: a form on another site, a sandboxed frame or a file (`Origin: null`) cannot
reset the sandbox or post as a user.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol
from urllib.parse import urlsplit

from aiohttp import web

from . import markup
from .loopback import is_loopback_name

log = logging.getLogger(__name__)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*")


class Identity(Protocol):
    """Who the sandbox's bot is now: the one token the Bot API takes and its bot user (a
    test may give a running sandbox another token: another bot)."""

    @property
    def token(self) -> str: ...

    @property
    def bot(self) -> dict[str, Any]: ...


class ClientError(Exception):
    """A client API request the sandbox refuses: its text and HTTP status."""

    def __init__(self, text: str, status: int = 400):
        super().__init__(text)
        self.status = status


def json_response(data: Any, status: int = 200) -> web.Response:
    return web.Response(text=json.dumps(data, ensure_ascii=False), status=status,
                        content_type="application/json")


def client_error(text: str, status: int = 400) -> web.Response:
    return json_response({"ok": False, "error": text}, status)


def host_of(header: str) -> str:
    """The host part of a Host header value ("127.0.0.1:8080", "[::1]:80", "localhost")."""
    header = header.strip()
    if header.startswith("["):
        return header[1 : header.find("]")] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def same_origin(origin: str, host: str) -> bool:
    """The browser's Origin is the sandbox's own page (its scheme, Host and port)."""
    return origin.strip().lower().rstrip("/") == f"http://{host.strip().lower()}"


def refusal(request: web.Request) -> web.Response | None:
    """Why the guard refuses a request (its answer), or None when it may pass."""
    host = request.headers.get("Host", "")
    if not is_loopback_name(host_of(host)):
        return web.Response(status=403, text="the sandbox answers loopback names only")
    origin = request.headers.get("Origin")
    if origin is not None and not is_loopback_name(urlsplit(origin).hostname or ""):
        return web.Response(status=403, text="cross-origin requests are refused")
    if origin is not None and request.path.startswith(("/bot", "/file/bot")):
        return web.Response(status=403, text="the Bot API is for bots, not web pages")
    if request.path.startswith("/sandbox/") and request.method in ("POST", "DELETE"):
        if origin is not None and not same_origin(origin, host):
            return web.Response(status=403, text="cross-origin requests are refused")
        if request.content_type != "application/json":
            return client_error("send JSON with Content-Type: application/json", 415)
    return None


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Every request: refused as `refusal` says, else answered with a client API error
    for a `ClientError` and the headers that keep a browser from guessing types."""
    refused = refusal(request)
    if refused is not None:
        return refused
    try:
        response = await handler(request)
    except ClientError as err:
        response = client_error(str(err), err.status)
    except ConnectionResetError:  # the client went away (a load test's timeout): no bug
        log.debug("%s %s: the client went away", request.method, request.path)
        return web.Response(status=400, text="the client went away")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    return response


async def body_of(request: web.Request) -> dict[str, Any]:
    """A client API request's JSON object (no lone surrogates)."""
    try:
        body = await request.json()
    except ValueError:
        raise ClientError("the body must be a JSON object") from None
    if not isinstance(body, dict):
        raise ClientError("the body must be a JSON object")
    if problem := markup.lone_surrogate(body):
        raise ClientError(problem)
    return body


def language_of(body: Mapping[str, Any]) -> str | None:
    """The `language_code` a user's app sends (an IETF tag such as `de` or `es-MX`),
    if the call gives one."""
    code = body.get("language_code")
    if code is not None and not (isinstance(code, str) and LANGUAGE_TAG.fullmatch(code)):
        raise ClientError("language_code is a language tag such as de or es-MX")
    return code or None


def int_of(source: Mapping[str, Any], name: str, default: int | None = None) -> int:
    """An integer field (required unless it has a default)."""
    value = source.get(name, default)
    if value is None or value == "":
        if default is None:
            raise ClientError(f"{name} is required")
        return default
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ClientError(f"{name} must be an integer") from None


def optional_int_of(source: Mapping[str, Any], name: str) -> int | None:
    """An integer field that may be missing."""
    return int_of(source, name) if source.get(name) not in (None, "") else None


def wait_of(request: web.Request) -> float:
    """The seconds a reading request may wait for news (`wait`, at most a minute)."""
    try:
        return min(max(float(request.query.get("wait", 0)), 0.0), 60.0)
    except ValueError:
        raise ClientError("wait must be a number of seconds") from None
