"""One Bot API request as the methods see it (`Call`), and the errors they answer with.

A method is `async def name(self, call: Call) -> result`, marked with `bot_method`; the
Bot API server wraps its result in the envelope, and a `BotApiError` becomes
`{"ok": false, ...}` with Telegram's error code and text.
"""

from __future__ import annotations

import builtins
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

#: a Bot API method, bound to its object: the call in, the result (JSON data) out
Method = Callable[["Call"], Awaitable[Any]]


class BotApiError(Exception):
    """A Bot API error: Telegram's description, code and (for 429) its parameters."""

    def __init__(self, description: str, error_code: int = 400,
                 parameters: dict[str, Any] | None = None):
        super().__init__(description)
        self.error_code = error_code
        self.description = description
        self.parameters = parameters


def bad_request(text: str) -> BotApiError:
    return BotApiError(f"Bad Request: {text}")


@dataclass
class Upload:
    """A file sent in a multipart request."""

    filename: str | None
    content_type: str | None
    data: bytes


@dataclass
class Call:
    """One Bot API request: the token's bot and its parameters (all forms, decoded)."""

    bot: dict[str, Any]
    params: dict[str, Any]
    uploads: dict[str, Upload] = field(default_factory=dict)

    def raw(self, name: builtins.str) -> Any:
        return self.params.get(name)

    def has(self, name: builtins.str) -> builtins.bool:
        return self.params.get(name) not in (None, "")

    def str(self, name: builtins.str, required: builtins.bool = False,
            default: builtins.str | None = None) -> builtins.str | None:
        value = self.params.get(name)
        if value is None:
            if required:
                raise bad_request(f"parameter {name!r} is required")
            return default
        return value if isinstance(value, builtins.str) else json.dumps(value)

    def text(self, name: builtins.str) -> builtins.str:
        """A required string parameter."""
        value = self.str(name, required=True)
        assert value is not None
        return value

    def int(self, name: builtins.str, required: builtins.bool = False,
            default: builtins.int | None = None) -> builtins.int | None:
        value: Any = self.params.get(name)
        if value in (None, ""):
            if required:
                raise bad_request(f"parameter {name!r} is required")
            return default
        try:
            return builtins.int(value)
        except (TypeError, ValueError):
            raise bad_request(f"invalid integer in parameter {name!r}") from None

    def whole(self, name: builtins.str) -> builtins.int:
        """A required integer parameter."""
        value = self.int(name, required=True)
        assert value is not None
        return value

    def number(self, name: builtins.str, default: builtins.int) -> builtins.int:
        """An integer parameter with a default."""
        value = self.int(name, default=default)
        return default if value is None else value

    def bool(self, name: builtins.str, default: builtins.bool = False) -> builtins.bool:
        value = self.params.get(name)
        if value is None:
            return default
        if isinstance(value, builtins.str):
            return value.strip().lower() in ("true", "1", "yes")
        return builtins.bool(value)

    def json(self, name: builtins.str, default: Any = None) -> Any:
        value = self.params.get(name)
        if value in (None, ""):
            return default
        if isinstance(value, builtins.str):
            try:
                return json.loads(value)
            except ValueError:
                raise bad_request(f"can't parse {name} JSON object") from None
        return value

    def chat_id(self, name: builtins.str = "chat_id") -> builtins.int:
        value: Any = self.params.get(name)
        if value in (None, ""):
            raise bad_request("chat_id is empty")
        try:
            return builtins.int(value)
        except (TypeError, ValueError):
            raise bad_request("chat not found") from None


def bot_method(fn: Callable[[Any, Call], Awaitable[Any]]) -> Callable[[Any, Call], Awaitable[Any]]:
    """Mark a method as a Bot API method (answered by its name, any case)."""
    fn.__bot_api__ = True  # type: ignore[attr-defined]
    return fn


def methods_of(*groups: object) -> dict[builtins.str, Method]:
    """The Bot API methods of these objects by their lower-case names."""
    return {name.lower(): getattr(group, name) for group in groups for name in dir(group)
            if getattr(getattr(type(group), name, None), "__bot_api__", False)}
