"""Test helpers for the translations: the pseudo-language `en_XA` and the check that a
reply passed through gettext.

`pseudo_language()` makes and adds (bot.i18n.add_catalog) a catalog in which every text
of the bot is its English source wrapped in ⟦ ⟧, from the texts `pybabel extract` finds
now; a user whose app is in `en-XA` then gets only wrapped texts. `untranslated(text,
*data)` lists the words of a reply outside every ⟦ ⟧ other than the user data given
(puzzle letters, names): an e2e test asserts it is empty, e.g.

    reply = await ask(client, user, "/settings", language_code=PSEUDO)
    assert untranslated(reply["text"]) == []

A worker process does not know a catalog added in the test's process, so it would answer
a pseudo-language job in English: `pseudo_locale_dir(folder)` compiles the catalogs into
`folder` as `.mo` files, and a bot configured with `test_extra_locale_dir=folder` (and
its workers, local or Celery) speaks the pseudo-language in every process.
"""

from __future__ import annotations

import gettext
import io
import re
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from bot import i18n
from solvers import i18n as solvers_i18n

ROOT = Path(__file__).resolve().parent.parent
PSEUDO = "en_XA"
OPEN, CLOSE = "⟦", "⟧"


#: each gettext domain: its extraction settings and where its catalogs are added
DOMAINS = {"puzzlebot": (ROOT / "babel.cfg", [], i18n.add_catalog),
           "solvers": (ROOT / "solvers" / "locale" / "babel.cfg", ["-k", "Translated"],
                       solvers_i18n.add_catalog)}


def extracted(into: Path, domain: str = "puzzlebot") -> Path:
    """The texts marked now for `domain` (bot/ or the solver library), as a template
    (.pot) in `into`."""
    config, keywords, _ = DOMAINS[domain]
    pot = into / f"{domain}.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "-q", "extract",
                    "-F", str(config), "-o", str(pot), "--no-location", *keywords,
                    "--sort-output", str(ROOT)], check=True, cwd=ROOT)
    return pot


@cache
def pseudo_language() -> str:
    """Add the pseudo-language's catalogs, the bot's and the solver library's (once, in
    this process: a worker process does not know it and answers in English), and return
    its code."""
    for domain, (_, _, add) in DOMAINS.items():
        add(PSEUDO, pseudo_catalog(domain))
    return PSEUDO


def pseudo_catalog(domain: str) -> gettext.GNUTranslations:
    """Every text of `domain` as its English wrapped in ⟦ ⟧."""
    return gettext.GNUTranslations(io.BytesIO(pseudo_mo(domain)))


def pseudo_locale_dir(folder: Path) -> Path:
    """`folder` as a locale folder holding the pseudo-language's compiled catalogs of
    every domain (`en_XA/LC_MESSAGES/<domain>.mo`): a bot's `test_extra_locale_dir`."""
    messages = folder / PSEUDO / "LC_MESSAGES"
    messages.mkdir(parents=True, exist_ok=True)
    for domain in DOMAINS:
        (messages / f"{domain}.mo").write_bytes(pseudo_mo(domain))
    return folder


@cache
def pseudo_mo(domain: str) -> bytes:
    """The compiled catalog of `domain` in which every text is its English wrapped in
    ⟦ ⟧, from the texts marked now (extracted once per test run)."""
    with tempfile.TemporaryDirectory() as folder:
        catalog = read_po(extracted(Path(folder), domain).open("rb"))
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            message.string = tuple(OPEN + form + CLOSE for form in message.id)
        else:
            message.string = OPEN + message.id + CLOSE
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def untranslated(text: str, *data: str) -> list[str]:
    """The words of `text` outside every ⟦ ⟧ that are not in `data` (user data: puzzle
    text, names, numbers are always fine): [] when every word passed through gettext."""
    while (inner := re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", " ", text)) != text:
        text = inner
    for piece in sorted(data, key=len, reverse=True):
        text = re.sub(re.escape(piece), " ", text, flags=re.IGNORECASE)
    return re.findall(r"[^\W\d_]{2,}", text)
