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
from contextvars import ContextVar
from pathlib import Path

DOMAIN = "puzzlebot"
LOCALE_DIR = Path(__file__).parent / "locale"
#: the languages the bot speaks, each by its own name (the /language menu's buttons)
LANGUAGES = {"en": "English", "de": "Deutsch", "es": "Español"}
SOURCE_LANGUAGE = "en"

_current: ContextVar[str] = ContextVar("puzzlebot_language", default=SOURCE_LANGUAGE)
_catalogs: dict[str, gettext.NullTranslations] = {SOURCE_LANGUAGE: gettext.NullTranslations()}


class CatalogMissing(RuntimeError):
    """A language's compiled catalog is not there: `make install` compiles them."""


def add_catalog(language: str, catalog: gettext.NullTranslations) -> None:
    """Speak `language` with this catalog from now on (`catalog` loads the compiled ones;
    tests add a pseudo-language the same way, tests/i18n_check.py)."""
    _catalogs[language] = catalog


def catalog(language: str) -> gettext.NullTranslations:
    """The translations of a language, read from its `.mo` file on first use."""
    found = _catalogs.get(language)
    if found is None:
        path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
        if not path.exists():
            raise CatalogMissing(f"{path} is missing: run `make install` (it compiles the "
                                 "catalogs with pybabel compile)")
        with path.open("rb") as file:
            found = gettext.GNUTranslations(file)
        add_catalog(language, found)
    return found


def known(language: str) -> bool:
    return language in LANGUAGES or language in _catalogs


def language_of(code: str | None) -> str:
    """The language the bot speaks to someone whose Telegram says `code` (`de`, `es-MX`,
    `pt-br`): the exact one if spoken here, else its main language, else English."""
    if not code:
        return SOURCE_LANGUAGE
    exact = code.replace("-", "_")
    for wanted in (exact, exact.lower(), exact.split("_")[0].lower()):
        if known(wanted):
            return wanted
    return SOURCE_LANGUAGE


def current() -> str:
    """The language of the texts made now."""
    return _current.get()


def set_current(language: str) -> None:
    """Make `language` the current one for the rest of this update (and the tasks it
    starts): called once per update by `bot.language`."""
    _current.set(language)


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """The texts made inside are in `language` (for work not tied to an update)."""
    token = _current.set(language)
    try:
        yield
    finally:
        _current.reset(token)


def _(message: str) -> str:
    """`message` in the current language."""
    return catalog(current()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for `n` in the current language (English: `singular` when n is 1)."""
    return catalog(current()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark `message` for the catalogs without translating it now."""
    return message
