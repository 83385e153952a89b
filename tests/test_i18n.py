"""The translations: every catalog complete and up to date with the code, compiled, with
the same placeholders as the English; the pseudo-language and its check."""

from __future__ import annotations

import string

import pytest
from babel.messages.pofile import read_po
from i18n_check import PSEUDO, extracted, pseudo_language, untranslated

from bot import i18n
from bot.i18n import LANGUAGES, _, language_of, ngettext, speaking

TRANSLATED = [code for code in LANGUAGES if code != i18n.SOURCE_LANGUAGE]


def catalog_of(language: str):
    path = i18n.LOCALE_DIR / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    with path.open("rb") as file:
        return read_po(file, locale=language)


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_entry_is_translated_and_none_is_fuzzy(language):
    entries = [m for m in catalog_of(language) if m.id]
    assert entries
    assert [m.id for m in entries if not m.string or (isinstance(m.string, tuple)
                                                      and not all(m.string))] == []
    assert [m.id for m in entries if m.fuzzy] == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_translation_keeps_the_placeholders_of_its_english(language):
    for message in catalog_of(language):
        if message.id and isinstance(message.id, str):
            assert fields(message.string) == fields(message.id), message.id


def test_the_catalogs_hold_exactly_the_texts_marked_in_the_code(tmp_path):
    with extracted(tmp_path).open("rb") as file:
        marked = {m.id for m in read_po(file) if m.id}
    for language in TRANSLATED:
        held = {m.id for m in catalog_of(language) if m.id}
        assert marked - held == set(), f"new texts: run `make i18n` and translate ({language})"
        assert held - marked == set(), f"texts gone from the code: run `make i18n` ({language})"


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalogs_are_compiled(language):
    try:
        i18n.CATALOGS.catalog(language)
    except i18n.CatalogMissing as error:
        pytest.fail(f"{error} (the tests need the compiled catalogs)")


def test_texts_follow_the_current_language():
    assert _("Saved.") == "Saved."
    with speaking("de"):
        assert _("Saved.") == "Gespeichert."
        with speaking("es"):
            assert _("Show the solution") == "Mostrar la solución"
        assert _("Show the solution") == "Lösung zeigen"
    assert ngettext("{n} answer", "{n} answers", 2) == "{n} answers"


@pytest.mark.parametrize("code, language", [
    ("de", "de"), ("de-AT", "de"), ("es-MX", "es"), ("ES", "es"), ("fr", "en"), ("", "en"),
    (None, "en"), ("pt-br", "en"),
])
def test_a_telegram_language_code_picks_the_language(code, language):
    assert language_of(code) == language


def test_the_pseudo_language_wraps_every_text():
    language = pseudo_language()
    assert language_of("en-XA") == PSEUDO
    with speaking(language):
        assert _("Saved.") == "⟦Saved.⟧"
        hello = _("{title}: {wrong}\nCorrect it and send it again.").format(
            title="Sudoku", wrong=_("Saved."))
    assert untranslated(hello, "Sudoku") == []
    assert untranslated(f"Sudoku {hello}") == ["Sudoku"]
    assert untranslated("⟦Anagrams of⟧ LAMPE: 1. palme 👍 12", "lampe", "palme") == []
    assert untranslated("Saved, ⟦but⟧ not here") == ["Saved", "not", "here"]
