"""Hints for the pencil genres (issue 41): every genre's example gets a ladder of forced
steps that reaches its solution, each step the solution's own decision, its sentence
naming the cell and the rule in the genre's words, in German and Spanish too."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.rules import PUZZLES
from bot.work import jobs
from solvers import i18n, registry
from solvers.pencil import hints
from solvers.values import Limits

GENRES = [kind for kind in registry.KINDS if kind.example.startswith("pencil/")]


def example(kind):
    return kind.parse((PUZZLES / kind.example).read_text(encoding="utf-8").strip())


@pytest.mark.parametrize("kind", GENRES, ids=lambda kind: kind.name)
def test_every_genre_climbs_to_its_solution_one_forced_decision_at_a_time(kind):
    puzzle = example(kind)
    assert kind.hints
    path = kind.hint_steps(puzzle)
    assert path.steps and path.complete
    for step in path.steps:
        assert step.text[0].isupper() and step.text.endswith("."), step.text
        assert "R" in step.text and step.cells
    picture = kind.hint_picture(puzzle, path.steps[len(path.steps) // 2])
    assert picture.width >= 200


def test_the_first_nurikabe_steps_name_the_rule_and_the_cell():
    nurikabe = registry.get("nurikabe")
    steps = nurikabe.hint_steps(example(nurikabe), limit=2).steps
    assert [step.text for step in steps] == [
        "R1C3 is shaded: the other way breaks “the 2 at R2C3”.",
        "R1C4 is shaded: the other way breaks “the 2 at R2C3”."]
    assert (steps[0].technique, steps[0].where, steps[0].rating) == (
        "One rule", "the 2 at R2C3", 1.5)


def test_a_step_is_the_solutions_decision():
    """Each step's decision is the solution's: the shaded cells the nurikabe ladder
    names are exactly the solution's shaded cells."""
    nurikabe = registry.get("nurikabe")
    puzzle = example(nurikabe)
    solution = nurikabe.solve(puzzle, Limits.within(30, 1)).found[0]
    steps = nurikabe.hint_steps(puzzle).steps
    shaded = {step.cells[0] for step in steps if " is shaded" in step.text}
    assert shaded == set(solution.shaded)


def test_a_half_done_file_starts_where_the_person_is():
    """A person's file with the first row done: the hints skip what it decides."""
    nurikabe = registry.get("nurikabe")
    puzzle = example(nurikabe)
    entries = nurikabe.hint_entries(puzzle, "pzprv3\nnurikabe\n5\n5\n"
                                    "+ 5 # # # \n. . . . . \n. . . . . \n. . . . . \n"
                                    ". . . . . \n")
    first = nurikabe.hint_steps(puzzle, entries, limit=1).steps[0]
    assert first.cells[0][0] > 0, first.text  # not in the first row


@pytest.mark.parametrize(("code", "words"), [("de", "sonst"), ("es", "si no")])
def test_hint_sentences_in_german_and_spanish(code, words):
    slither = registry.get("slither")
    with i18n.language(code):
        steps = slither.hint_steps(example(slither), limit=3).steps
    for step in steps:
        assert "the other way" not in step.text and "line" not in step.text, step.text
        assert words in step.text, step.text


def test_the_tentaisho_ladder_decides_every_wall_as_the_solution_draws_it():
    """Tentaisho's answer is its walls: the ladder decides each pair of neighbouring
    cells once, and the walls it puts up are the solution's."""
    tentaisho = registry.get("tentaisho")
    puzzle = example(tentaisho)
    solution = tentaisho.solve(puzzle, Limits.within(30, 1)).found[0]
    path = tentaisho.hint_steps(puzzle)
    assert path.complete and len(path.steps) == 40  # 5x5: 40 pairs
    up = {tuple(step.text.split(":")[0].removeprefix("A wall stands between ").split(" and "))
          for step in path.steps if step.text.startswith("A wall")}
    walls = {tuple(f"R{r + 1}C{c + 1}" for r, c in pair) for pair in solution.borders}
    assert up == walls and len(walls) == 22


def test_a_hint_job_opens_its_board_once_and_its_ladder_on_a_fresh_solver(monkeypatch):
    """The steps and the step's picture come from one opening of the board (solving it
    and proving it unique); the next step opens a fresh one, so the same puzzle's steps
    and rating never depend on what the process solved before."""
    opened = []
    real = hints.open_board
    monkeypatch.setattr(hints, "open_board", lambda *args: opened.append(1) or real(*args))
    hints.let_go()
    for genre in ("nurikabe", "slither"):
        link = (PUZZLES / "pencil" / f"{genre}.txt").read_text(encoding="utf-8").strip()
        first = jobs.grid_hint(genre, link, "", 0)
        assert first.picture and len(opened) == 1, (genre, len(opened))
        second = jobs.grid_hint(genre, link, "", 1)
        assert second.text != first.text and len(opened) == 2
        assert jobs.grid_hint(genre, link, "", 0).text == first.text
        opened.clear()


@pytest.mark.parametrize(("genre", "layer"), [("tentaisho", "borders"), ("slither", "edges"),
                                              ("numlin", "lines")])
def test_a_half_done_file_with_lines_or_walls_starts_where_the_person_is(genre, layer):
    """A person's file with the solution's lines (or walls) of the top rows drawn: the
    ladder decides none of them again."""
    kind = registry.get(genre)
    puzzle = example(kind)
    solution = kind.solve(puzzle, Limits.within(30, 1)).found[0]
    drawn = frozenset(piece for piece in getattr(solution, layer)
                      if max(point[0] for point in piece) <= 1)
    assert drawn
    half_done = kind.genre.pzprv3(puzzle.board, replace(solution, **{layer: drawn}))
    whole = kind.hint_steps(puzzle).steps
    rest = kind.hint_steps(puzzle, kind.hint_entries(puzzle, half_done)).steps
    piece_of = {d.lit: d.piece for d in hints.opened(kind.genre, puzzle.board).decisions}

    def drawn_by(steps) -> set:
        return {piece_of[step.state[1]][1] for step in steps} & drawn

    assert drawn_by(whole) and not drawn_by(rest)
    assert len(rest) == len(whole) - len(drawn_by(whole))
