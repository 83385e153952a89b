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

Tests add languages of their own (the pseudo-language `en_XA`, every text wrapped in
markers) by compiling them into a folder of theirs: `add_locale_dir(folder)`, in the bot
and in each worker (the bot's test-only setting `PUZZLEBOT_TEST_EXTRA_LOCALE_DIR`), reads
every catalog there at once, so a language code from outside never names a file.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar, Token
from pathlib import Path

DOMAIN = "solvers"
LOCALE_DIR = Path(__file__).parent / "locale"
SOURCE_LANGUAGE = "en"
#: the languages the library speaks; any other code is read as English
LANGUAGES = ("en", "de", "es")

_current: ContextVar[str] = ContextVar("language", default=SOURCE_LANGUAGE)
#: folders of extra catalogs (tests' languages), read by every domain, now and to come
_extra_dirs: list[Path] = []


class CatalogMissing(RuntimeError):
    """A language's compiled catalog is not there: `make install` compiles them."""


class Catalogs:
    """One gettext domain's catalogs, read from `<locale_dir>/<lang>/LC_MESSAGES/<domain>.mo`
    on first use. The library has one (`solvers`) and the bot another (`puzzlebot`); both
    speak the one current language of this module, so a job and the reply around it agree."""

    def __init__(self, domain: str, locale_dir: Path):
        self.domain = domain
        self.locale_dir = locale_dir
        self.loaded: dict[str, gettext.NullTranslations] = {
            SOURCE_LANGUAGE: gettext.NullTranslations()}
        _domains.append(self)
        for folder in _extra_dirs:
            self.read_extra(folder)

    def add(self, language: str, catalog: gettext.NullTranslations) -> None:
        """Speak `language` with this catalog from now on (a test's pseudo-language too)."""
        self.loaded[language] = catalog

    def read_extra(self, folder: Path) -> None:
        """Speak every language that has this domain's `.mo` in `folder` (laid out as
        the locale folder), read now: later look-ups never touch the folder. The
        library's own languages keep their catalogs."""
        for path in sorted(folder.glob(f"*/LC_MESSAGES/{self.domain}.mo")):
            if path.parent.parent.name not in LANGUAGES:
                with path.open("rb") as file:
                    self.add(path.parent.parent.name, gettext.GNUTranslations(file))

    def catalog(self, language: str) -> gettext.NullTranslations:
        """The translations of a language, read from its `.mo` file on first use."""
        found = self.loaded.get(language)
        if found is None:
            path = self.locale_dir / language / "LC_MESSAGES" / f"{self.domain}.mo"
            if not path.exists():
                raise CatalogMissing(f"{path} is missing: run `make install` (it compiles "
                                     "the catalogs with pybabel compile)")
            with path.open("rb") as file:
                found = gettext.GNUTranslations(file)
            self.add(language, found)
        return found

    def gettext(self, message: str) -> str:
        """`message` in the current language."""
        return self.catalog(current()).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form for `n` in the current language (English: `singular` when n is 1)."""
        return self.catalog(current()).ngettext(singular, plural, n)


_domains: list[Catalogs] = []
CATALOGS = Catalogs(DOMAIN, LOCALE_DIR)


def add_catalog(language: str, catalog: gettext.NullTranslations) -> None:
    """Speak `language` with this catalog of the library's texts from now on."""
    CATALOGS.add(language, catalog)


def add_locale_dir(folder: Path) -> None:
    """Speak the languages compiled into `folder` too, in every domain, the ones made
    later included (for tests: the pseudo-language; English, German and Spanish keep
    their own catalogs)."""
    if folder in _extra_dirs:
        return
    _extra_dirs.append(folder)
    for domain in _domains:
        domain.read_extra(folder)


def spoken(language: str) -> bool:
    """Whether some domain has a catalog for `language` (a test's pseudo-language too)."""
    return language in LANGUAGES or any(language in d.loaded for d in _domains)


def valid(code: object) -> str:
    """A language code from outside (a job's message, a user's choice) as one spoken
    here: `de`, `es`, `de-AT` -> `de`; anything else, or not a string, English."""
    if not isinstance(code, str):
        return SOURCE_LANGUAGE
    exact = code.replace("-", "_")
    for wanted in (exact, exact.split("_")[0].lower()):
        if spoken(wanted):
            return wanted
    return SOURCE_LANGUAGE


def current() -> str:
    """The language of the texts made now (what a job's message carries)."""
    return _current.get()


def set_language(code: str) -> Token[str]:
    """Make `code` (validated) the current language for the rest of this context (an
    update and the tasks it starts): what the bot calls once per update."""
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
    return CATALOGS.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for `n` in the current language (English: `singular` when n is 1)."""
    return CATALOGS.ngettext(singular, plural, n)


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


def capital(text: str) -> str:
    """The text with its first letter a capital, for a name that starts a sentence (unlike
    `str.capitalize`, the rest is left as it is: "R5C2" stays)."""
    return text[:1].upper() + text[1:]


def listing(words: Sequence[str]) -> str:
    """"a, b and c" in the current language ("a, b und c"): a list inside a sentence,
    joined the way the language joins its last item."""
    if len(words) < 2:
        return "".join(words)
    return _("{items} and {last}").format(items=", ".join(words[:-1]), last=words[-1])


def alternatives(words: Sequence[str]) -> str:
    """"a, b or c" in the current language ("a, b oder c")."""
    if len(words) < 2:
        return "".join(words)
    return _("{items} or {last}").format(items=", ".join(words[:-1]), last=words[-1])
