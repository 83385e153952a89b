"""Gogen's hints in German and Spanish: every sentence, place and technique name a person
reads comes from the catalogs, none is left in English (issue 39)."""

from __future__ import annotations

import re
from pathlib import Path

from solvers.gogen import Gogen
from solvers.i18n import language
from solvers.values import HintPath, Limits

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
KIND = Gogen()
#: a Gogen whose path uses Last Cell, Only Letter, Linked Letters and Probe
PUZZLE = KIND.parse((PUZZLES / "gogen_pb02.txt").read_text())
#: words of the English hint sentences that no German sentence has
ENGLISH = re.compile(r"\b(the|goes|there|must|touch|cannot|only|has|left|were|so|next|"
                     r"wrong|mistake|row|column|letter|word|guess)\b", re.IGNORECASE)
#: a cell's name, the same in every language
CELL = re.compile(r"R\dC\d")


def _path(code: str, entries: str | None = None) -> HintPath:
    with language(code):
        return KIND.hint_steps(PUZZLE, entries)


def test_a_german_gogen_hint_path_has_no_english_sentence():
    english, german = _path("en"), _path("de")
    assert [s.rating for s in german.steps] == [s.rating for s in english.steps]
    assert {s.technique for s in german.steps} == {
        "Letzte Zelle", "Einziger Buchstabe", "Verbundene Buchstaben", "Ausprobieren"}
    for ours, theirs in zip(german.steps, english.steps, strict=True):
        assert ours.text != theirs.text
        assert not ENGLISH.search(ours.text), ours.text
        assert ours.where != theirs.where or CELL.fullmatch(ours.where)
        assert not ENGLISH.search(ours.where), ours.where


def test_the_first_gogen_step_in_german_and_spanish():
    english, german, spanish = (_path(code).steps[0] for code in ("en", "de", "es"))
    assert (english.technique, english.where) == ("Linked Letters", "the word ASTIR")
    assert (german.technique, german.where) == ("Verbundene Buchstaben", "das Wort ASTIR")
    assert (spanish.technique, spanish.where) == ("Letras enlazadas", "la palabra ASTIR")
    assert german.text.startswith("In ASTIR steht A neben S: S steht auf R3C3")


def test_a_mistake_in_a_gogen_grid_is_told_in_german():
    solution = KIND.solve(PUZZLE, Limits(max_solutions=2)).found[0]
    cell = PUZZLE.grid.index(".")
    wrong = "x" if solution[cell] != "x" else "z"
    entries = PUZZLE.grid[:cell] + wrong + PUZZLE.grid[cell + 1:]
    mistake = _path("de", entries).mistake
    assert mistake is not None
    row, column = divmod(cell, PUZZLE.size)
    assert mistake.text == f"In Zeile {row + 1} ist ein Fehler."
    assert mistake.cell_text == (f"Das {wrong.upper()} in Zeile {row + 1}, Spalte {column + 1} "
                                 "ist falsch.")
