"""End to end: a hint ladder speaks the language of the person climbing it (issue 39),
even when someone in another language climbed the same puzzle's ladder first: the
step's words (the technique, where, the sentence) and its picture are made for each
language, not kept once per puzzle."""

from __future__ import annotations

import random

import pytest
import pytest_asyncio
from botchat import bot_config, climb
from test_e2e_grid_hints import after, first_step, labels

from bot.__main__ import running_in_sandbox
from bot.rules import PUZZLES
from sandbox.client import SandboxClient
from solvers import i18n, registry

pytestmark = pytest.mark.asyncio(loop_scope="module")

ALICE, BERND, CARMEN = 301, 302, 303
SUDOKU = registry.get("sudoku")
#: the rung "Show this step" in each language, and words only that language's step says
SHOW_STEP = {"en": "Show this step", "de": "Diesen Schritt zeigen", "es": "Mostrar este paso"}


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def client(tmp_path_factory):
    config = bot_config(tmp_path_factory.mktemp("hintlanguages"), solve_timeout=30,
                        rate_burst=100)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as sandbox:
        yield sandbox


def step_words(text: str, code: str) -> tuple[str, str]:
    """The first step's technique and sentence as the library says them in `code`."""
    with i18n.language(code):
        step = SUDOKU.hint_steps(SUDOKU.parse(text), limit=1).steps[0]
    return step.technique, step.text


async def climb_to_the_step(client: SandboxClient, user: int, text: str, code: str) -> dict:
    """`user` (in language `code`) sends the puzzle, replies /hint and presses the rung
    that shows the step: the step's message."""
    typed = await client.send(user, text, language_code=code)
    await after(client, user, typed, 2)
    asked = await client.send(user, "/hint", language_code=code,
                              reply_to_message_id=typed["message_id"])
    offer = (await after(client, user, asked))[0]
    assert SHOW_STEP[code] in labels(offer)
    return await climb(client, user, offer, SHOW_STEP[code], language_code=code)


async def test_a_german_and_a_spanish_climber_after_an_english_one_read_their_language(client):
    text = SUDOKU.generate(random.Random(7), "easy")
    english = await climb_to_the_step(client, ALICE, text, "en")
    german = await climb_to_the_step(client, BERND, text, "de")
    spanish = await climb_to_the_step(client, CARMEN, text, "es")
    for step, code, opening, meaning in (
            (english, "en", "Step 1, ", "(R{row}C{column} = row {row}, column {column})"),
            (german, "de", "Schritt 1, ", "(R{row}C{column} = Zeile {row}, Spalte {column})"),
            (spanish, "es", "Paso 1, ", "(R{row}C{column} = fila {row}, columna {column})")):
        technique, sentence = step_words(text, code)
        assert step["caption"] == first_step(technique, sentence, opening, meaning)
    assert step_words(text, "de") != step_words(text, "en")
    assert step_words(text, "es") != step_words(text, "en")


@pytest.mark.parametrize(("code", "lines"), [
    ("de", ["Zeile 1: 1-9 je einmal OK", "Vorgaben: alle {givens} erhalten OK"]),
    ("es", ["Fila 1: 1-9 una vez cada uno OK", "Pistas: las {givens} respetadas OK"]),
])
async def test_a_sudoku_report_reads_in_the_askers_language(client, code, lines):
    text = SUDOKU.generate(random.Random(11), "easy")
    givens = sum(1 for digit in SUDOKU.parse(text).givens if digit)
    typed = await client.send(ALICE, text, language_code=code)
    said = " ".join(m.get("text") or m.get("caption") or ""
                    for m in await after(client, ALICE, typed, 2))
    for line in lines:
        assert line.format(givens=givens) in said
    assert "kept" not in said and "once each" not in said


async def test_an_anagram_report_reads_in_the_askers_language(client):
    typed = await client.send(BERND, "/check\nanagram dormitory\n---\ndirty rooms",
                              language_code="de")
    said = (await after(client, BERND, typed))[0]["text"]
    assert ("Buchstaben: Rätsel DIMOORRTY, Antwort DIMOORRSTY: FAIL; nicht im Rätsel: S"
            in said), said


async def test_an_example_rated_in_english_first_is_rated_in_german_for_a_german(client):
    """The example's rating note is kept per language, as the ladder's steps are."""
    asked = await client.send(ALICE, "/example sudoku", language_code="en")
    english = (await after(client, ALICE, asked, 2))[1]["text"]
    asked = await client.send(BERND, "/example sudoku", language_code="de")
    german = (await after(client, BERND, asked, 2))[1]["text"]
    assert "rated " in english and "bewertet mit " in german, german


#: the rungs "Where to look" and "Which technique", and the technique rung's sentence
TECHNIQUE_RUNG = {"de": ("Wo suchen", "Welche Technik",
                         "Schritt 1: Wende {technique} auf {where} an."),
                  "es": ("Dónde mirar", "Qué técnica", "Paso 1: usa {technique} en {where}.")}


@pytest.mark.parametrize("code,user", [("de", 304), ("es", 305)])
async def test_the_technique_rung_is_a_sentence_in_the_climbers_language(client, code, user):
    """Issue 39 point 7: the technique rung says what to do where as a sentence
    ("Wende X-Wing auf ... an"), not a technique and a place glued by a comma."""
    text = SUDOKU.generate(random.Random(11), "easy")
    where_label, technique_label, sentence = TECHNIQUE_RUNG[code]
    typed = await client.send(user, text, language_code=code)
    await after(client, user, typed, 2)
    asked = await client.send(user, "/hint", language_code=code,
                              reply_to_message_id=typed["message_id"])
    offer = (await after(client, user, asked))[0]
    where = await climb(client, user, offer, where_label, language_code=code)
    technique = await climb(client, user, where, technique_label, language_code=code)
    with i18n.language(code):
        step = SUDOKU.hint_steps(SUDOKU.parse(text), limit=1).steps[0]
    assert technique["text"] == sentence.format(technique=step.technique, where=step.where)


#: the Seki example's first technique rung (Two Rotors on rotors 2 and 3), and the Number
#: Workout example's first (Touching Pairs), in each language: what to do, in words
SEKI_AND_NW_RUNGS = {
    "de": ("Schritt 1: Dreh Rotoren 2 und 3 zusammen, auf jede Art, die noch geht.",
           "Schritt 1: Übertrage die Zahlen dort, wo sich zwei Sechsecke berühren."),
    "es": ("Paso 1: Gira los rotores 2 y 3 a la vez, de todas las formas en que aún pueden.",
           "Paso 1: Copia los números donde se tocan dos hexágonos.")}


@pytest.mark.parametrize("code,user", [("de", 306), ("es", 307)])
async def test_seki_and_number_workout_rungs_say_what_to_do(client, code, user):
    """Issue 39 point 7: "Step 2: Rotor, in rotor 6." said as what to do ("Turn rotor 6
    every way it can still go."), in the climber's language."""
    where_label, technique_label, _sentence = TECHNIQUE_RUNG[code]
    for name, expected in zip(("seki", "nw"), SEKI_AND_NW_RUNGS[code], strict=True):
        kind = registry.get(name)
        text = (PUZZLES / kind.example).read_text()
        asked = await client.send(user, f"/hint {text}", language_code=code)
        offer = (await after(client, user, asked))[0]
        where = await climb(client, user, offer, where_label, language_code=code)
        technique = await climb(client, user, where, technique_label, language_code=code)
        assert technique["text"] == expected
