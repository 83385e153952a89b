"""The bot's texts in its users' languages: gettext catalogs made with Babel.

The API for every module that writes to people:

- `_("text")`: the text in the current language (English is the source language: an
  English reader gets the text as written). Format after translating, with named
  fields, so translators can move them: `_("Hint {step} of {steps}").format(step=1, ...)`.
- `ngettext("{n} answer", "{n} answers", n)`: the plural form for `n` (then `.format`).
- `N_("text")`: marks a module-level constant for extraction without translating it
  (there is no language yet at import time); translate it where it is used: `_(LABEL)`.
- The *current language* is a context variable: `bot.language` sets it once per update
  (before any handler runs) from the chat's and the person's choice and their Telegram
  `language_code`; a task started from a handler inherits it. Work not tied to an update
  (job-queue callbacks, a long count's later messages) says whose language it speaks:
  `with speaking(language): ...` around the texts it makes.

Catalogs live in `bot/locale/<lang>/LC_MESSAGES/puzzlebot.po` (domain `puzzlebot`);
`make i18n` extracts the marked texts (`pybabel extract`, configured in babel.cfg) and
updates every catalog; `make install` compiles them to `.mo` files, which are not kept
in git. A language whose `.mo` is missing raises `CatalogMissing` at its first text, so
a bot (or a test) never speaks English by accident where German was asked for.
Adding a language: docs/architecture.md ("Adding a language").

This module imports no Telegram code, so `bot.work` may use it.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from solvers.i18n import (
    SOURCE_LANGUAGE,
    CatalogMissing,
    Catalogs,
    current,
    language,
    set_language,
    valid,
)

DOMAIN = "puzzlebot"
LOCALE_DIR = Path(__file__).parent / "locale"
#: the languages the bot speaks, each by its own name (the /language menu's buttons)
LANGUAGES = {"en": "English", "de": "Deutsch", "es": "Español"}
CATALOGS = Catalogs(DOMAIN, LOCALE_DIR)

__all__ = ["LANGUAGES", "SOURCE_LANGUAGE", "CatalogMissing", "N_", "_", "add_catalog",
           "current", "language_of", "ngettext", "set_current", "speaking"]


def add_catalog(language: str, catalog: gettext.NullTranslations) -> None:
    """Speak `language` with this catalog of the bot's texts from now on (tests add a
    pseudo-language the same way, tests/i18n_check.py)."""
    CATALOGS.add(language, catalog)


def language_of(code: str | None) -> str:
    """The language the bot speaks to someone whose Telegram says `code` (`de`, `es-MX`,
    `pt-br`): the exact one if spoken here, else its main language, else English."""
    return valid(code or SOURCE_LANGUAGE)


def set_current(code: str) -> None:
    """Make `code` the current language for the rest of this update (and the tasks it
    starts), for the bot's texts and the solver library's alike: called once per update
    by `bot.language`."""
    set_language(code)


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """The texts made inside are in `code` (for work not tied to an update)."""
    with language(code):
        yield


def _(message: str) -> str:
    """`message` in the current language."""
    return CATALOGS.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for `n` in the current language (English: `singular` when n is 1)."""
    return CATALOGS.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark `message` for the catalogs without translating it now."""
    return message
