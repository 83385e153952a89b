"""End to end in German and Spanish, what tests/test_e2e_languages.py leaves out: a Sudoku
answered with a German caption and report, a Spanish parse error naming its line, a wrong
solution judged in Spanish, a Spanish anagram hint and a Spanish quiz round (its German
twin, /language and the restart are there)."""

from __future__ import annotations

from pathlib import Path

import pytest
from botchat import ask, reply_with

from solvers.anagram import lexicon

pytestmark = pytest.mark.asyncio(loop_scope="module")

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
SUDOKU = (PUZZLES / "sudoku_inkala.txt").read_text().strip()
SUDOKU_ROWS = ["812753649", "943682175", "675491283", "154237896", "369845721",
               "287169534", "521974368", "438526917", "796318452"]


@pytest.fixture
def puzzlebot(shared_puzzlebot):
    return shared_puzzlebot


def buttons(message: dict) -> dict[str, str]:
    rows = (message.get("reply_markup") or {}).get("inline_keyboard", [])
    return {b["text"]: b.get("callback_data", "") for row in rows for b in row}


async def test_a_sudoku_answered_in_german(puzzlebot, alice):
    _, client = puzzlebot
    photo = await ask(client, alice, SUDOKU, sent_as="photo", timeout=60, language_code="de")
    lines = photo["caption"].splitlines()
    assert lines[1] == "Geprüft: alle 28 Regeln sind erfüllt."
    assert lines[2:11] == SUDOKU_ROWS
    assert lines[-1].startswith("Lösungen: genau 1 · Schwierigkeit: bewertet mit ")
    report = await client.wait_for(alice, after=photo["message_id"], sent_as="text")
    assert report["text"].startswith("Prüfbericht: ")


async def test_a_spanish_parse_error_names_its_line(puzzlebot, alice):
    _, client = puzzlebot
    error = await ask(client, alice, "#sudoku\n123456789\n12345678.\n1234",
                      language_code="es-MX")
    assert error["text"] == "Sudoku: Línea 4: se esperaban 9 casillas en esta fila, hay 4"


async def test_a_wrong_solution_judged_in_spanish(puzzlebot, alice):
    _, client = puzzlebot
    wrong_rows = [SUDOKU_ROWS[0], "943682157", *SUDOKU_ROWS[2:]]
    wrong = await ask(client, alice, "\n".join(["/check", SUDOKU, "---", *wrong_rows]),
                      language_code="es", sent_as="photo")
    assert wrong["caption"].splitlines()[1:3] == [
        "Comprobado: 2 de 28 reglas no se cumplen.",
        "Con borde rojo: donde tu solución rompe una regla."]
    assert not any(row in wrong["caption"] for row in SUDOKU_ROWS)  # never the answer


async def test_a_spanish_anagram_hint(puzzlebot, alice):
    _, client = puzzlebot
    hint = await ask(client, alice, "/hint amor", language_code="es")
    assert hint["text"].startswith("Pista 1 de 6: ")
    sent = await client.press(alice, alice, hint["message_id"],
                              buttons(hint)["Mostrar solución"])
    await client.callback_answer(sent["callback_query_id"])
    shown = await client.wait_for(alice, after=hint["message_id"])
    body = (shown.get("text") or shown.get("caption") or "").lower()
    assert "ramo" in body or "roma" in body or "mora" in body, body


async def test_a_spanish_quiz_round(puzzlebot, alice, group):
    bot, client = puzzlebot
    started = await ask(client, group, "/quiz lang=es rounds=1 seconds=60 difficulty=easy",
                        user=alice, sent_as="photo", timeout=60, language_code="es")
    rows = await bot.application.bot_data.services.store.read(
        "SELECT r.letters, r.answer FROM game_rounds r JOIN games g ON g.id = r.game_id "
        "WHERE g.chat_id = ? ORDER BY r.game_id DESC LIMIT 1", (group,))
    letters, answer = rows[0]
    assert lexicon.load("es").lookup(answer) is not None
    assert sorted(letters.lower()) == sorted(lexicon.letters_of(answer))
    await client.send(group, answer, user_id=alice, language_code="es")
    won = await reply_with(client, group, started["message_id"], "✅")
    assert answer.upper() in won["text"]
