"""The hint engines and the parsers of Sudoku, Number Workout and Seki in German and
Spanish: through the kinds' hooks directly (`hint_steps`, `parse`), inside
`solvers.i18n.language(...)`, as a worker runs a job for a German or Spanish asker."""

from __future__ import annotations

from pathlib import Path

import pytest

from solvers.i18n import language
from solvers.number_workout import NumberWorkout
from solvers.seki import Seki
from solvers.sudoku import Sudoku
from solvers.values import PuzzleError

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
#: a classic easy Sudoku whose first step is a hidden single in box 2
SUDOKU_TEXT = ("#sudoku classic\n530070000\n600195000\n098000060\n800060003\n403803001\n"
               "700020006\n060000280\n000419005\n000080079\n").replace("403803001",
                                                                    "400803001")


def _first_step(language_code: str) -> tuple[str, str, str]:
    kind = Sudoku()
    with language(language_code):
        step = kind.hint_steps(kind.parse(SUDOKU_TEXT), limit=1).steps[0]
    return step.technique, step.where, step.text


def test_a_sudoku_hint_step_in_german_and_spanish():
    assert _first_step("en") == (
        "Hidden Single", "box 2", "In box 2 the 8 can only go in R1C6: every other empty "
        "cell of the box already sees a 8.")
    assert _first_step("de") == (
        "Versteckter Einer", "Block 2", "In Block 2 kann die 8 nur in R1C6 stehen: jedes "
        "andere leere Feld des Blocks sieht schon eine 8.")
    assert _first_step("es") == (
        "Single oculto", "bloque 2", "En bloque 2 el 8 solo puede ir en R1C6: todas las "
        "demás casillas vacías del bloque ya ven un 8.")


def test_a_difficulty_line_in_german_names_the_band_and_the_technique():
    kind = Sudoku()
    with language("de"):
        rated = kind.difficulty(kind.parse(SUDOKU_TEXT)).text()
    assert rated == "bewertet mit 1.2 (Leicht: Versteckter Einer)"


def test_a_number_workout_parse_error_in_german_names_its_line():
    text = (PUZZLES / "nw_003.txt").read_text().replace("040000050", "04000005")
    with language("de"):
        with pytest.raises(PuzzleError) as caught:
            NumberWorkout().parse(text)
        said = str(caught.value)
    assert said == "Zeile 3: Vorlage verletzt: Zeile 2 des Rätsels braucht 9 Ziffern, erhalten 8"


def test_a_seki_parse_error_in_german_names_its_line_and_column():
    with language("de"):
        with pytest.raises(PuzzleError) as caught:
            Seki().parse("#seki t\noo+\nooz\noo-\n")
        said = str(caught.value)
    assert (caught.value.line, caught.value.column) == (3, 3)
    assert said.startswith("Zeile 3, Spalte 3: 'z' ist kein Rotor; schreib + (einer schwarz)")


def test_a_number_workout_hint_in_spanish():
    kind = NumberWorkout()
    puzzle = kind.parse((PUZZLES / "nw_003.txt").read_text())
    with language("es"):
        path = kind.hint_steps(puzzle, limit=3)
    first = path.steps[0]
    assert first.technique == "Pares que se tocan"
    assert first.text.startswith("Donde se tocan dos hexágonos, los dos segmentos tienen el "
                                 "mismo número: copia ")
    assert all("hexagon" not in step.text for step in path.steps)


def test_a_seki_hint_in_spanish():
    kind = Seki()
    puzzle = kind.parse((PUZZLES / "sk_6018.txt").read_text())
    with language("es"):
        path = kind.hint_steps(puzzle, limit=2)
        rated = path.difficulty.text()
    first = path.steps[0]
    assert first.technique in ("Rotor", "Dos rotores", "Prueba")
    assert first.text.startswith(("Rotor ", "Los rotores ", "Si "))
    assert " is " not in first.text and (" es " in first.text or " son " in first.text)
    assert rated.startswith("valorado en ")
