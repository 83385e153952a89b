"""What crosses between the bot and its workers: plain data, never pickle.

A job's arguments and its result are packed with msgpack. Besides msgpack's own types
(None, bool, int, float, str, bytes, list, dict) it carries tuples, and the dataclasses
listed here by name; a message can name no other class, so unpacking one builds nothing
but these plain records (fields by keyword, nothing run). The same packing serves the
local pool and Celery (`bot.work.broker` registers it with kombu as `SERIALIZER`), so a
job that works on one machine works across machines.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import msgpack

#: the name and content type under which Celery's messages use this packing
SERIALIZER = "puzzlebot"
CONTENT_TYPE = "application/x-puzzlebot-msgpack"

#: msgpack extension codes
_TUPLE = 1
_RECORD = 2

#: the dataclasses a message may carry, by name
_RECORDS: dict[str, type] = {}


class Unpackable(ValueError):
    """A message holds something this packing does not carry (an unknown record name, a
    field the record lacks, or a value of another type): it is refused whole."""


def records(*classes: type) -> None:
    """Let these dataclasses cross (their fields must be plain data or records too)."""
    for cls in classes:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{cls.__name__} is not a dataclass")
        _RECORDS[cls.__name__] = cls


def _default(value: Any) -> msgpack.ExtType:
    """msgpack's hook for what it cannot pack itself: tuples and the listed records."""
    if isinstance(value, tuple):
        return msgpack.ExtType(_TUPLE, pack(list(value)))
    name = type(value).__name__
    cls = _RECORDS.get(name)
    if cls is not None and cls is type(value):
        fields = {f.name: getattr(value, f.name) for f in dataclasses.fields(cls)}
        return msgpack.ExtType(_RECORD, pack([name, fields]))
    raise TypeError(f"{name} cannot cross to a worker: not plain data")


def _ext_hook(code: int, data: bytes) -> Any:
    if code == _TUPLE:
        return tuple(unpack(data))
    if code == _RECORD:
        name, fields = unpack(data)
        cls = _RECORDS.get(name)
        if cls is None or not isinstance(fields, dict):
            raise Unpackable(f"no record {name!r} crosses to a worker")
        try:
            return cls(**fields)
        except TypeError as error:
            raise Unpackable(f"record {name!r}: {error}") from None
    raise Unpackable(f"unknown extension {code}")


def pack(value: Any) -> bytes:
    """Plain data (and listed records) as bytes; TypeError for anything else."""
    return msgpack.packb(value, default=_default, use_bin_type=True, strict_types=True)


def unpack(data: bytes) -> Any:
    """The value `pack` made; Unpackable when the bytes hold anything else."""
    try:
        return msgpack.unpackb(data, ext_hook=_ext_hook, raw=False, strict_map_key=False)
    except Unpackable:
        raise
    except (ValueError, TypeError, msgpack.UnpackException) as error:
        raise Unpackable(f"not a message of ours: {error}") from None
