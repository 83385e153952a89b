"""The pencil toolkit: links, codecs, the kind, and each core genre judged by pzpr."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solvers.pencil import Pencil, codecs, pzprv3
from solvers.pencil.engine import Model
from solvers.pencil.layers import Answer
from solvers.pencil.link import read_link
from solvers.pipeline import run
from solvers.values import Limits, PuzzleError
from tests.pzpr import judge, links_of, solved_and_judged

KIND = Pencil()


@pytest.mark.parametrize("text", [
    "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
    "http://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
    "puzz.link/p?nurikabe/5/5/g5k2o1k3g",
    "http://pzv.jp/p.html?nurikabe/5/5/g5k2o1k3g",
    "pzv.jp/p.html?nurikabe_edit/5/5/g5k2o1k3g",
    "https://puzz.link/p?nurikabe_play/5/5/g5k2o1k3g\n",
])
def test_link_prefixes(text: str) -> None:
    link = read_link(text)
    assert (link.genre, link.cols, link.rows, link.body) == ("nurikabe", 5, 5, "g5k2o1k3g")
    assert KIND.detect(text)


@pytest.mark.parametrize("genre", [
    "nurikabe", "slither", "heyawake", "lightup", "hitori", "shikaku", "sudoku"])
def test_genre_solved_and_judged(genre: str) -> None:
    assert solved_and_judged(links_of(genre)) == []


def test_unknown_genre_named() -> None:
    with pytest.raises(PuzzleError) as error:
        KIND.parse("https://puzz.link/p?nosuchgenre/5/5/abc")
    assert str(error.value) == ("The genre 'nosuchgenre' is not supported yet; /help puzzles "
                                "lists the genres I solve (also in docs/kinds/pencil.md).")


@pytest.mark.parametrize(("text", "message"), [
    ("https://puzz.link/p?nurikabe/5/x/g5k2o1k3g",
     "The link's size (columns/rows after the genre) could not be read in "
     "'nurikabe/5/x/g5k2o1k3g'."),
    ("https://puzz.link/p?nurikabe/\u00b20/10/zh3j5t3g3h",
     "The link holds '\u00b2' at character 10; puzz.link links hold only plain letters, "
     "digits and signs."),
    ("https://puzz.link/p?starbattle/5/5/" + "9" * 5000 + "/g",
     "The star count '999999999999999999999999999999\u2026' in the link is not a number of "
     "stars."),
    ("https://puzz.link/p?nurikabe/61/5/g5",
     "The board is 61x5; boards up to 60x60 are solved (see the limits page)."),
    ("https://puzz.link/p?nurikabe/5/5/g5k2o1!k3g",
     "The link's body could not be read at character 7 (unexpected '!')."),
    ("https://puzz.link/p?heyawake/6/6/lll",
     "The link's room borders could not be read at character 4 (the body ends too soon)."),
    ("https://puzz.link/p?slither/x/5/5/cbcbcddad",
     "The slither option 'x' in the link is not supported."),
    ("https://puzz.link/p?nurikabe/v:hex/5/5/g5k2o1k3g",
     "The nurikabe variant 'hex' is not supported."),
    ("https://puzz.link/p?sudoku/5/5/g1",
     "A sudoku link must be 4x4, 6x6, 9x9, 16x16 or 25x25, not 5x5."),
])
def test_bad_links_say_what_could_not_be_read(text: str, message: str) -> None:
    with pytest.raises(PuzzleError) as error:
        KIND.parse(text)
    assert str(error.value) == message


@pytest.mark.parametrize("values", [
    [None, 5, None, None, 17, 300, -2, None, 0] + [None] * 30,
    [3] * 12,
])
def test_number_codecs_round_trip(values: list) -> None:
    body = codecs.write_number16(values)
    assert codecs.read_number16(codecs.Reader(body), len(values)) == values
    small = [v if v is None or 0 <= v < 10 or v == codecs.QUESTION else 9 for v in values]
    assert codecs.read_number10(codecs.Reader(codecs.write_number10(small)),
                                len(small)) == small


def test_cell_and_border_codecs_round_trip() -> None:
    clues = [0, None, None, 3, None, 4, codecs.QUESTION, None, 2, None, None, None, None, 1]
    assert codecs.read_4cell(codecs.Reader(codecs.write_4cell(clues)), len(clues)) == clues
    walls = frozenset({((0, 0), (0, 1)), ((1, 2), (2, 2)), ((2, 0), (2, 1))})
    body = codecs.write_borders(walls, 3, 4)
    assert codecs.read_borders(codecs.Reader(body), 3, 4) == walls
    trits = [0, 1, 2, 2, 1, 0, 1]
    assert codecs.read_trits(codecs.Reader(codecs.write_trits(trits)), 7) == trits
    arrows = [(1, 3), None, None, (4, 20), (0, codecs.BLANK), (2, codecs.QUESTION)]
    assert codecs.read_arrow_numbers(codecs.Reader(codecs.write_arrow_numbers(arrows)),
                                     6) == arrows
    numbers = [1, 35, 40, None, codecs.QUESTION]
    assert codecs.read_number36(codecs.Reader(codecs.write_number36(numbers)), 5) == numbers


def test_links_round_trip_through_the_genres() -> None:
    for genre in ("nurikabe", "slither", "heyawake", "lightup", "hitori", "shikaku"):
        for link in links_of(genre):
            puzzle = KIND.parse(link)
            assert KIND.parse(puzzle.link) == puzzle, link


def test_a_wrong_answer_fails_our_check_and_pzpr() -> None:
    puzzle = KIND.parse("https://puzz.link/p?nurikabe/5/5/g5k2o1k3g")
    right = KIND.solve(puzzle, Limits.within(30)).found[0]
    wrong = Answer(shaded=right.shaded - {(0, 2)})
    report = KIND.check(puzzle, wrong)
    assert not report.ok
    assert [rule.name for rule in report.broken()] == ["One number per area"]
    verdict = judge([{"pzprv3": KIND.format_solution(puzzle, wrong)}])[0]
    assert (verdict["complete"], verdict["code"]) == (False, "bkNumGe2")


def test_no_solution_names_the_clash() -> None:
    puzzle = KIND.parse("https://puzz.link/p?nurikabe/4/4/1r")
    found = KIND.solve(puzzle, Limits.within(30))
    assert (found.count, found.exhaustive) == (0, True)
    assert found.reason == "no solution: no 2x2 shaded block cannot hold with the clues."


def test_several_answers_show_where_they_differ() -> None:
    puzzle = KIND.parse("https://puzz.link/p?nurikabe/4/4/4o3h")
    found = KIND.solve(puzzle, Limits.within(30))
    assert len(found.found) == 2 and found.found[0] != found.found[1]
    assert KIND.alternatives_note(puzzle, found).startswith(
        "The puzzle is not unique; another solution differs at r")


def test_command_line_json_and_pzprv3(tmp_path: Path) -> None:
    source = tmp_path / "puzzle.txt"
    source.write_text("puzz.link/p?slither/5/5/cbcbcddad\n", encoding="utf-8")
    target = tmp_path / "answer.pzprv3"
    done = subprocess.run([sys.executable, "-m", "solvers", "solve", str(source), "--json",
                           "--pzprv3", str(target)], capture_output=True, text=True,
                          check=True, timeout=120)
    data = json.loads(done.stdout)
    assert (data["kind"], data["count"], data["exhaustive"]) == ("slither", 1, True)
    assert data["pzprv3"] == data["solutions"][0] == target.read_text(encoding="utf-8")
    assert data["pzprv3"].startswith("pzprv3\nslither\n5\n5\n")
    verdict = judge([{"pzprv3": data["pzprv3"]}])[0]
    assert verdict["complete"]


def test_a_search_stops_at_its_deadline_without_claiming_a_count() -> None:
    puzzle = KIND.parse("https://puzz.link/p?nurikabe/7/7/1s5zm.i3g2")
    found = KIND.solve(puzzle, Limits.within(0.0))
    assert (found.count, found.exhaustive) == (0, False)


def test_a_9x9_sudoku_link_goes_to_the_sudoku_kind_and_other_sizes_stay_here() -> None:
    nine = "https://puzz.link/p?sudoku/9/9/15i96l17i7g65i42k1g5368h2i7g2p3h5g48g2g9k3h7i6"
    result = run(nine)
    assert (result.kind, result.count, result.exhaustive, result.verdict_ok) == (
        "sudoku", 1, True, True)
    assert result.solutions[0].startswith("153249678\n")
    four = run("pzv.jp/p.html?sudoku/4/4/g2j1h1j3g")
    assert (four.kind, four.count, four.verdict_ok) == ("pencil", 1, True)


def pigeons(model: Model, pigeons: int, holes: int) -> None:
    """Each pigeon in one hole, no two in a hole: hard for CDCL when pigeons > holes."""
    seat = {(p, h): model.var() for p in range(pigeons) for h in range(holes)}
    for p in range(pigeons):
        model.clause([seat[p, h] for h in range(holes)])
    for h in range(holes):
        for p in range(pigeons):
            for q in range(p + 1, pigeons):
                model.clause([-seat[p, h], -seat[q, h]])


def test_a_long_search_stops_inside_its_call_at_the_deadline() -> None:
    """Eleven pigeons in ten holes take CaDiCaL over a minute to refute; a deadline
    just ahead stops the first search inside it (one round begun, none finished) with
    neither an answer nor a proof."""
    model = Model()
    pigeons(model, 11, 10)
    outcome = model.solve(deadline=time.monotonic() + 0.01)
    assert (outcome.stats["rounds"], outcome.stats["stopped"]) == (1, True)
    assert (outcome.found, outcome.exhaustive, outcome.clash) == ([], False, [])


def test_a_deadline_far_off_changes_nothing() -> None:
    """Sliced search finds what one call finds: three pigeons in three holes, 3! seatings."""
    results = []
    for deadline in (None, time.monotonic() + 3600):
        model = Model()
        pigeons(model, 3, 3)
        outcome = model.solve(limit=10, deadline=deadline)
        results.append((len(outcome.found), outcome.exhaustive, outcome.stats["stopped"]))
    assert results == [(6, True, False)] * 2


@pytest.mark.parametrize(("text", "line"), [
    ("pzprv3\nsudoku\nx\n", 3),
    ("pzprv3 1 2\n99\n", None),  # a size line past the text's last line (found by fuzzing)
    ("pzprv3/sudoku/x/1", None)])  # the one-line form: its parts are not the text's lines
def test_a_pzprv3_size_that_cannot_be_read_names_a_line_only_the_text_has(text, line):
    with pytest.raises(PuzzleError, match="size \\(line 3\\) could not be read") as refused:
        pzprv3.read(text, sizes=1)
    assert refused.value.line == line
