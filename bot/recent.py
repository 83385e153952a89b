"""A bounded memory of recent values by key, for what the bot keeps to save work or to
recognise a message again (hint steps, photo readings, the puzzles of its answers)."""

from __future__ import annotations

from collections import OrderedDict
from typing import ClassVar, Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """At most LIMIT values, the least recently used forgotten first. A module keeps one
    in `bot_data` as a subclass of its own that sets LIMIT (`context.Kept.own`)."""

    LIMIT: ClassVar[int] = 256

    def __init__(self) -> None:
        self._values: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K) -> V | None:
        """The value kept for `key`, now the most recently used; None if it is not kept."""
        if key not in self._values:
            return None
        self._values.move_to_end(key)
        return self._values[key]

    def put(self, key: K, value: V) -> None:
        """Keep `value`, forgetting the least recently used beyond LIMIT."""
        self._values[key] = value
        self._values.move_to_end(key)
        while len(self._values) > self.LIMIT:
            self._values.popitem(last=False)

    def clear(self) -> None:
        """Forget everything (as a restart would)."""
        self._values.clear()
