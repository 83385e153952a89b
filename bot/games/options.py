"""A game command's options: `key=value` words, and bare words that stand for one (`hard`
for `difficulty=hard`). Kept apart from the games' shared handler helpers (common.py), so
a mode's rules read their options without the store or the context below them."""

from __future__ import annotations

import re

from solvers.texts import clip

from ..i18n import _

OPTION = re.compile(r"^([a-z]+)=(\S+)$")


def parse_options(args: list[str], known: tuple[str, ...],
                  words: dict[str, str] | None = None) -> dict[str, str]:
    """`key=value` words (and bare words that stand for one, such as `hard` for
    `difficulty=hard`) into a dict; ValueError with a readable message otherwise."""
    words = words or {}
    options: dict[str, str] = {}
    for arg in args:
        match = OPTION.match(arg.lower())
        if match:
            key, value = match.groups()
        elif arg.lower() in words:
            key, value = words[arg.lower()], arg.lower()
        else:
            raise ValueError(_("'{option}' is not an option I know").format(option=clip(arg)))
        if key not in known:
            raise ValueError(_("'{option}' is not an option I know").format(option=clip(key)))
        if key in options:
            raise ValueError(_("'{option}' is given twice").format(option=key))
        options[key] = value
    return options


def int_option(options: dict[str, str], key: str, default: int, low: int, high: int) -> int:
    if key not in options:
        return default
    text = options[key]
    # isdigit() alone lets ² and 5,000-digit numbers reach int(), which refuses them
    if not (text.isascii() and text.isdigit() and len(text) < 7) or not low <= int(text) <= high:
        raise ValueError(_("{option} must be a whole number from {low} to {high}, "
                           "not '{text}'").format(option=key, low=low, high=high,
                                                  text=clip(text)))
    return int(text)
