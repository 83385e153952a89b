"""What crosses between the bot and its workers: plain data, never pickle.

A job's arguments and its result are packed with msgpack. Besides msgpack's own types
(None, bool, int, float, str, bytes, list, dict) it carries tuples, and the dataclasses
listed here by name; a message can name no other class, so unpacking one builds nothing
but these plain records (fields by keyword, nothing run). The same packing serves the
local pool and Celery (`bot.work.celery_app` registers it with kombu as `SERIALIZER`), so a
job that works on one machine works across machines.

Each tuple and record is an extension whose bytes msgpack's C unpacker unpacks through
our hook, one C call inside another: a message nested a few hundred deep (under 1 KB)
would overflow the C stack and kill the process. So a message may nest extensions at
most `MAX_DEPTH` deep (the plain data the workers send nests four at most), and a
record's fields must have the types its class declares.
"""

from __future__ import annotations

import dataclasses
import threading
import types
import typing
from typing import Any

import msgpack

#: the name and content type under which Celery's messages use this packing
SERIALIZER = "puzzlebot"
CONTENT_TYPE = "application/x-puzzlebot-msgpack"

#: msgpack extension codes
_TUPLE = 1
_RECORD = 2

#: the deepest tuples and records may be nested in one message (each level costs the C
#: unpacker tens of kilobytes of stack)
MAX_DEPTH = 16

#: the dataclasses a message may carry, by name
_RECORDS: dict[str, type] = {}
#: each record's fields and their declared types
_FIELDS: dict[str, dict[str, Any]] = {}
#: how deep the unpacking in this thread is inside extensions
_nesting = threading.local()


class Unpackable(ValueError):
    """A message holds something this packing does not carry (an unknown record name, a
    field the record lacks, or a value of another type): it is refused whole."""


def records(*classes: type) -> None:
    """Let these dataclasses cross (their fields must be plain data or records too)."""
    for cls in classes:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{cls.__name__} is not a dataclass")
        _RECORDS[cls.__name__] = cls
        _FIELDS[cls.__name__] = typing.get_type_hints(cls)


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
    """msgpack's hook for our extensions, refusing them nested over `MAX_DEPTH` deep
    before the C unpacker is called once more."""
    depth = getattr(_nesting, "depth", 0)
    if depth >= MAX_DEPTH:
        raise Unpackable(f"nested deeper than {MAX_DEPTH} tuples or records")
    _nesting.depth = depth + 1
    try:
        if code == _TUPLE:
            return tuple(unpack(data))
        if code == _RECORD:
            return _record(unpack(data))
        raise Unpackable(f"unknown extension {code}")
    finally:
        _nesting.depth = depth


def _record(content: Any) -> Any:
    """A listed record from its name and fields, each field of its declared type."""
    if not (isinstance(content, list) and len(content) == 2 and isinstance(content[0], str)
            and isinstance(content[1], dict)):
        raise Unpackable("a record is its name and its fields")
    name, fields = content
    cls = _RECORDS.get(name)
    if cls is None:
        raise Unpackable(f"no record {name!r} crosses to a worker")
    declared = _FIELDS[name]
    for key, value in fields.items():
        if key not in declared:
            raise Unpackable(f"record {name!r} has no field {key!r}")
        if not fits(value, declared[key]):
            raise Unpackable(f"{name}.{key}: not a {declared[key]}")
    try:
        return cls(**fields)
    except TypeError as error:
        raise Unpackable(f"record {name!r}: {error}") from None


def fits(value: Any, hint: Any) -> bool:
    """Whether an unpacked value is of a declared type: plain types, records, None,
    unions, and lists, tuples and dicts of them (Any: anything unpacked)."""
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return any(fits(value, arm) for arm in arguments)
    if origin is list:
        return isinstance(value, list) and all(fits(item, arguments[0]) for item in value)
    if origin is dict:
        return isinstance(value, dict) and all(
            fits(key, arguments[0]) and fits(item, arguments[1]) for key, item in value.items())
    if origin is tuple:
        return isinstance(value, tuple) and _fits_tuple(value, arguments)
    if hint is float:
        return isinstance(value, float | int) and not isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(hint, type) and isinstance(value, hint)


def _fits_tuple(value: tuple, arguments: tuple) -> bool:
    if len(arguments) == 2 and arguments[1] is Ellipsis:
        return all(fits(item, arguments[0]) for item in value)
    return len(value) == len(arguments) and all(map(fits, value, arguments))


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
