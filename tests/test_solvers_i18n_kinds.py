"""The burr, assembly, photo and anagram kinds in German and Spanish (issue 31): their
parse errors, captions, counts and option errors through the pipeline, in the language
`solvers.i18n.language` names (no bot: the library alone)."""

from __future__ import annotations

from pathlib import Path

import pytest

from solvers import i18n
from solvers.photo import PhotoError, read_photo
from solvers.pipeline import run

ROOT = Path(__file__).resolve().parent.parent
EIGHT = (ROOT / "puzzles" / "burr_eight.txt").read_text()
SIX_SEVEN = "#Burr6 seven\n1 120 3328\n3322 3328 3305 3305"


def in_language(code: str, text: str):
    """The pipeline's result for `text`, as a reader of `code` gets it."""
    with i18n.language(code):
        return run(text, render=False)


def test_a_burr_parse_error_names_its_line():
    assert run(SIX_SEVEN, render=False).error == (
        "Line 3: a six-piece burr has 6 pieces; this is piece 7")
    assert in_language("de", SIX_SEVEN).error == (
        "Zeile 3: ein sechsteiliger Burr hat 6 Teile; dies ist Teil 7")
    assert in_language("es", SIX_SEVEN).error == (
        "Línea 3: un burr de seis piezas tiene 6 piezas; esta es la pieza 7")


def test_eight_is_enough_is_captioned_with_its_moves():
    english = run(EIGHT, render=False).caption
    german = in_language("de", EIGHT).caption
    spanish = in_language("es", EIGHT).caption
    assert "40 up to rotation" in english and "6 of them come apart" in english
    assert "Zusammensetzungen: genau 40 bis auf Drehung" in german
    assert "6 davon lassen sich zerlegen" in german
    assert "Gezeigt: Stufe " in german and "bewegt sich um 1 nach " in german
    assert "Montajes: exactamente 40 salvo rotación" in spanish
    assert "6 de ellos se desmontan" in spanish and "Se muestra: nivel " in spanish
    assert "se mueve 1 " in spanish
    for caption in (german, spanish):
        assert "moves" not in caption and "Assemblies" not in caption


@pytest.mark.parametrize(("text", "english", "german", "spanish"), [
    ("sg", "1 unique assembly, 8 if", "1 eindeutige Zusammensetzung,", "1 montaje distinto,"),
    ("pent 3", "2 unique assemblies, 8 if", "2 eindeutige Zusammensetzungen,",
     "2 montajes distintos,"),
])
def test_an_assembly_count_says_its_noun_in_the_singular_or_plural(text, english, german,
                                                                    spanish):
    assert english in run(text, render=False).count_line
    assert in_language("de", text).count_line.startswith(german)
    assert in_language("es", text).count_line.startswith(spanish)


def test_a_photo_that_is_no_picture_is_refused_in_the_readers_language():
    refusals = {}
    for code in ("en", "de", "es"):
        with i18n.language(code), pytest.raises(PhotoError) as raised:
            read_photo(b"%PDF-1.4 not a picture")
        refusals[code] = str(raised.value)
    assert refusals == {
        "en": "This file is not a picture I can read (JPEG or PNG).",
        "de": "Diese Datei ist kein Bild, das ich lesen kann (JPEG oder PNG).",
        "es": "Este archivo no es una imagen que pueda leer (JPEG o PNG).",
    }


def test_an_anagram_caption_in_german_and_spanish():
    german = in_language("de", "anagram lampe lang=de").caption.splitlines()
    assert german[0] == "Anagramme von LAMPE (5 Buchstaben)"
    assert "palme" in " ".join(german[1:4])
    spanish = in_language("es", "anagram amor lang=es").caption.splitlines()
    assert spanish[0] == "Anagramas de AMOR (4 letras)"
    assert spanish[-1].startswith("las ") and " mejores de " in spanish[-1]


def test_an_anagram_option_error_in_german_and_spanish():
    text = "anagram lampe colour=red"
    assert run(text, render=False).error.startswith("Line 1, column 15: unknown option 'colour='")
    assert in_language("de", text).error.startswith(
        "Zeile 1, Spalte 15: unbekannte Option 'colour='; Optionen: topic=")
    assert in_language("es", text).error.startswith(
        "Línea 1, columna 15: opción desconocida 'colour='; opciones: topic=")
