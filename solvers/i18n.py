"""The solver library's texts in its users' languages: gettext catalogs made with Babel.

The library writes texts people read (parse errors, captions, the plain verdict of a
check, the rules of `/help KIND`), so it speaks the language of whoever asked. It has
its own catalogs (domain `solvers`, `solvers/locale/<lang>/LC_MESSAGES/solvers.po`), so
it stays usable without the bot, and the *current language* is a context variable of its
own, English unless someone says otherwise:

- the bot sets it once per update, beside its own (`set_language(code)`, which answers a
  token for `reset_language`);
- a worker runs each job inside `language(code)`, the code the submitting side put in
  the job's message (`current()` there), so a job speaks the asker's language;
- the command line and the benchmarks never set it: English.

The API is gettext's: `_("text")`, `ngettext(singular, plural, n)` and `N_("text")`
(marks a module-level constant, translated where it is used: `_(CONSTANT)`). Format after
translating, with named fields (`_("Line {line}").format(line=3)`), so a translator can
move them. `make install` compiles the catalogs (`pybabel compile`; the `.mo` files are
not kept in git), `make i18n` extracts the marked texts and updates the catalogs. A
language whose `.mo` is missing raises `CatalogMissing` at its first text, so nothing
speaks English by accident where German was asked for.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from pathlib import Path

DOMAIN = "solvers"
LOCALE_DIR = Path(__file__).parent / "locale"
SOURCE_LANGUAGE = "en"
#: the languages the library speaks; any other code is read as English
LANGUAGES = ("en", "de", "es")

_current: ContextVar[str] = ContextVar("solvers_language", default=SOURCE_LANGUAGE)
_catalogs: dict[str, gettext.NullTranslations] = {SOURCE_LANGUAGE: gettext.NullTranslations()}


class CatalogMissing(RuntimeError):
    """A language's compiled catalog is not there: `make install` compiles them."""


def add_catalog(language: str, catalog: gettext.NullTranslations) -> None:
    """Speak `language` with this catalog from now on (a test's pseudo-language too)."""
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


def valid(code: object) -> str:
    """A language code from outside (a job's message, a user's choice) as one the library
    speaks: `de`, `es`, `de-AT` -> `de`; anything else, or not a string, English."""
    if not isinstance(code, str):
        return SOURCE_LANGUAGE
    main = code.replace("-", "_").split("_")[0].lower()
    return main if main in LANGUAGES or main in _catalogs else SOURCE_LANGUAGE


def current() -> str:
    """The language of the texts made now (what a job's message carries)."""
    return _current.get()


def set_language(code: str) -> Token[str]:
    """Make `code` (validated) the current language for the rest of this context (an
    update and the tasks it starts): what the bot calls beside its own language."""
    return _current.set(valid(code))


def reset_language(token: Token[str]) -> None:
    """Undo a `set_language`."""
    _current.reset(token)


@contextmanager
def language(code: str) -> Iterator[str]:
    """The texts made inside are in `code` (validated; unknown codes are English): how a
    worker runs a job for the language its message names. Yields the language used."""
    token = set_language(code)
    try:
        yield current()
    finally:
        reset_language(token)


def _(message: str) -> str:
    """`message` in the current language."""
    return catalog(current()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for `n` in the current language (English: `singular` when n is 1)."""
    return catalog(current()).ngettext(singular, plural, n)


#: how each language groups a number's thousands ("20,000", "20.000")
THOUSANDS = {"en": ",", "de": ".", "es": "."}


def number(figure: int) -> str:
    """A whole number as the current language writes it: 20,000 in English, 20.000 in
    German and Spanish."""
    return f"{figure:,}".replace(",", THOUSANDS.get(current(), ","))


def N_(message: str) -> str:
    """Mark `message` for the catalogs without translating it now."""
    return message


class Translated:
    """A class attribute read in the current language: a kind's `summary`, `rules` and
    `solution_form` are set once, at import (`rules = Translated("Fill the grid...")`),
    and read per asker (`kind.rules` is German for a German reader), so whoever shows
    them (the bot's /help) needs no change. `pybabel extract` knows the name."""

    def __init__(self, message: str):
        self.message = message

    def __get__(self, owner: object, cls: type | None = None) -> str:
        return _(self.message)
