"""Assembly puzzles: the published counts of seed 003, the boxer format, checks, pictures."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from solvers import i18n, pipeline, registry
from solvers.assembly import boxer, presets
from solvers.assembly.bitmask import _down, _up, words
from solvers.assembly.box import Assembler, BoxPuzzle, Shape
from solvers.assembly.kinds import BoxerKind, SlothouberGraatsmaKind
from solvers.assembly.nuts import NutsKind
from solvers.assembly.queens import KNOWN, QueensKind
from solvers.assembly.shapes import normalise
from solvers.assembly.tangram import TangramKind
from solvers.exact_cover import ExactCover
from solvers.values import Limits, PuzzleError

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"


def count(puzzle, **kw):
    return Assembler(puzzle).solve(Limits(max_solutions=2, **kw))


@pytest.mark.parametrize("rows", [3, 4, 5, 6])
def test_pentomino_rectangles_have_the_published_counts(rows):
    found = count(presets.pentominoes(rows))
    assert found.exhaustive
    assert found.count == presets.EXPECTED[f"pent{rows}"]
    assert found.stats["raw_count"] == 4 * found.count  # no rectangle assembly is symmetric


def test_soma_has_240_unique_and_11520_raw_assemblies():
    found = count(presets.soma())
    assert (found.count, found.stats["raw_count"], found.exhaustive) == (240, 11520, True)


def test_scott_square_with_a_hole_has_65():
    assert count(presets.scott()).count == 65


def test_raw_count_without_symmetry_breaking_agrees():
    found = Assembler(presets.pentominoes(3)).solve(Limits(), unique=False)
    assert found.count == 8


def test_tesseract_dominoes_in_four_dimensions():
    """Perfect matchings of the 4-cube graph: 272 (OEIS A045310)."""
    found = count(presets.tesseract_dominoes())
    assert found.stats["raw_count"] == 272 and found.exhaustive


def test_slothouber_graatsma_has_its_one_published_assembly():
    """Coffin (The Puzzling World of Polyhedral Dissections, ch. 3): one solution; its
    unit cubes lie on a body diagonal, and 6 of the cube's 48 symmetries leave it as it is."""
    found = count(presets.slothouber_graatsma())
    assert (found.count, found.stats["raw_count"], found.exhaustive) == (1, 8, True)


def test_diabolical_cube_has_its_13_published_assemblies():
    """Coffin, ch. 3: 13 ways, a solution and its mirror image counted once."""
    found = count(presets.diabolical())
    assert (found.count, found.stats["raw_count"], found.exhaustive) == (13, 624, True)


def test_conway_puzzle_count_and_the_published_rule_for_its_1x1x3_blocks():
    """No published count was found, so the count (572 unique, 48 raw each) is ours,
    with miniexact's 1,144 anchored covers beside it in bench/bench_assembly.py. Every
    assembly must obey Winning Ways' rule: each 5x5x1 slice, along every axis, holds
    exactly one of the three 1x1x3 blocks."""
    kind = BoxerKind()
    puzzle = presets.conway()
    found = kind.solve(puzzle, Limits(max_solutions=600))
    assert (found.count, found.stats["raw_count"], found.exhaustive) == (572, 27456, True)
    for assembly in found.found:
        rods = [cells for label, cells in assembly if label in "xyz"]
        assert len(rods) == 3
        for axis in range(3):
            for layer in range(5):
                assert sum(any(c[axis] == layer for c in cells) for cells in rods) == 1


def test_a_single_location_part_fits_in_the_bitmask_search():
    """Unit cubes turn the walled-in test off; the search must still place them."""
    box = BoxPuzzle((2, 2, 1), frozenset(), (Shape(presets.block(1, 2, 1), "A"),
                                              Shape(presets.block(1, 1, 1), "xy")), "t")
    assembler = Assembler(box)
    assert assembler.use_bitmask()
    assert assembler.solve(Limits(), unique=False).count == 4


def test_y_pentacubes_in_a_4x4x5_box_give_xcovers_covers_in_the_two_word_search():
    """80 locations: the bitmask search's second word and its tight locations at work,
    checked cover for cover against xcover's dancing cells on the same symmetry-broken
    matrix (Y25's 125 locations take half a minute: a benchmark, not a test)."""
    parts = 16
    box = BoxPuzzle((4, 4, 5), frozenset(),
                    (Shape(normalise(presets.Y_PIECE), "abcdefghijklmnop"[:parts]),), "y16")
    assembler = Assembler(box)
    use = assembler.search_placements()
    problem = ExactCover()
    for cell in box.free:
        problem.primary(cell)
    for i in use:
        problem.option(list(assembler.placements[i][1]))
    theirs = {tuple(sorted(use[i] for i in cover)) for cover in problem.covers()}
    ours = [tuple(sorted(cover)) for cover, _ in assembler._bitmask_covers(use, Limits())
            if cover is not None]
    assert problem.backend == "xcover" and len(theirs) == 1064
    assert len(ours) == len(set(ours)) and set(ours) == theirs
    found = assembler.solve(Limits(max_solutions=1))
    assert found.stats["engine"] == "bitmask"
    assert (found.count, found.stats["raw_count"], found.exhaustive) == (141, 2128, True)


@pytest.mark.parametrize("step", [1, 5, 25, 63, 64, 100])
def test_two_word_shifts_carry_between_the_words(step):
    value = 0x9E3779B97F4A7C15_F39CC0605CEDC835
    pair = tuple(np.uint64(w) for w in words(value))
    assert tuple(map(int, _down(*pair, np.uint64(step)))) == words(value >> step)
    assert tuple(map(int, _up(*pair, np.uint64(step)))) == words(value << step & (2**128 - 1))


@pytest.mark.parametrize("preset", [presets.bedlam, presets.y25])
def test_big_cubes_give_a_checked_first_assembly_quickly(preset):
    """The full counts (19,186 and 1,264) are benchmark commands, not tests."""
    kind = BoxerKind()
    puzzle = preset()
    found = kind.solve(puzzle, Limits.within(1.0, max_solutions=1))
    assert found.found and not found.exhaustive
    assert kind.check(puzzle, found.found[0]).ok


def test_bedlam_reflections_are_not_assemblies():
    """Bedlam's parts are not closed under mirroring, so only the 24 rotations count."""
    assert len(Assembler(presets.bedlam()).symmetries) == 24
    assert len(Assembler(presets.soma()).symmetries) == 48


@pytest.mark.parametrize("name, build", sorted(presets.FILES.items()))
def test_boxer_files_hold_the_presets(name, build):
    assert boxer.parse((PUZZLES / name).read_text()) == build()


@pytest.mark.parametrize("text, message", [
    ("", "empty"),
    ("x", "'x' is not a number; expected the number of dimensions"),
    ("2 6 ten", "expected the length in dimension 2"),
    ("2 2 2 1 0 5", "offset of excluded location 1 in dimension 2 is 5"),
    ("2 2 2 0 ab a 1 0 0", "the input ends where the parts of shape 'b'"),
    ("2 2 2 0 a 3 1 0 0", "'3' is a number; expected the parts of shape 'a'"),
    ("2 1 2 0 a ab 1 0 0 7", "unexpected '7'"),
    ("2 2 2 0 a abcde 1 0 0", "the parts fill 5 locations but the box has only 4"),
    ("2 40 40 0 a a 1 0 0", "the box has 1,600 free locations; the limit is 1,000"),
])
def test_boxer_errors_name_the_token(text, message):
    with pytest.raises(PuzzleError) as error:
        BoxerKind().parse(text)
    assert message in str(error.value)


def test_boxer_error_gives_the_line():
    with pytest.raises(PuzzleError) as error:
        BoxerKind().parse("#boxer broken\n2 2 2\n0\nab\na 1 0 0\nb 1 0 x\n")
    assert error.value.line == 6 and error.value.column == 7


@pytest.mark.parametrize("lengths, line, message", [
    ("100 100 11", 2, "the box has 100 x 100 x 11 = 110,000 locations; the limit is 100,000"),
    ("100 100\n11", 3, "the box has 100 x 100 x 11 = 110,000 locations; the limit is 100,000"),
    ("100 100 100 100 10", 2, "the box has 100 x 100 x 100 x 100 x 10 = 1,000,000,000 "
                              "locations; the limit is 100,000"),
])
def test_boxer_box_over_the_limit_says_its_size_the_limit_and_the_line(lengths, line, message):
    """Refused on the line where the last length is read, before the holes."""
    dims = len(lengths.split())
    with pytest.raises(PuzzleError) as error:
        boxer.parse(f"#boxer huge\n{dims} {lengths}\n0\na\na 1 {'0 ' * dims}\n")
    assert (error.value.line, error.value.message) == (line, message)


def test_boxer_box_at_the_limit_is_read():
    puzzle = boxer.parse("#boxer huge\n3 100 100 10\n0\na\na 1 0 0 0\n")
    assert puzzle.lengths == (100, 100, 10)


def test_boxer_with_interchangeable_parts_counts_them_once():
    """Three dominoes in a 2x3 box: 3 tilings; up to symmetry 2."""
    found = count(boxer.parse("2 2 3 0 d abc 2 0 0 0 1"))
    assert (found.count, found.stats["raw_count"]) == (2, 3)


def test_solution_text_round_trips_and_check_catches_a_swap():
    kind = BoxerKind()
    puzzle = presets.soma()
    first = kind.solve(puzzle, Limits(max_solutions=1)).found[0]
    text = kind.format_solution(puzzle, first)
    assert kind.check(puzzle, kind.parse_solution(puzzle, text)).ok
    broken = text.replace("V", "#", 1).replace("L", "V", 1).replace("#", "L", 1)
    assert not kind.check(puzzle, kind.parse_solution(puzzle, broken)).ok


@pytest.mark.parametrize("n", sorted(KNOWN))
def test_queens_known_counts(n):
    kind = QueensKind()
    found = kind.solve(kind.parse(f"queens {n}"), Limits())
    assert (found.stats["all_placements"], found.count) == KNOWN[n]


def test_queens_8_check_and_refusals():
    kind = QueensKind()
    board = kind.parse("8")
    first = kind.solve(board, Limits()).found[0]
    assert kind.check(board, kind.parse_solution(board, kind.format_solution(board, first))).ok
    assert not kind.check(board, tuple(range(8))).ok
    with pytest.raises(PuzzleError, match="N must be from 1 to 16"):
        kind.parse("queens 40")


def test_drive_ya_nuts_has_exactly_one_assembly():
    kind = NutsKind()
    puzzle = kind.parse("nuts")
    found = kind.solve(puzzle, Limits())
    assert found.unique and kind.check(puzzle, found.found[0]).ok
    turned = kind.parse_solution(puzzle, kind.format_solution(puzzle, found.found[0]))
    assert kind.check(puzzle, turned).ok
    with pytest.raises(PuzzleError, match="numbers 1 to 6 once each"):
        kind.parse("\n".join(["1 2 3 4 5 5"] * 7))


def test_tangram_square_has_exactly_one_assembly():
    kind = TangramKind()
    puzzle = kind.parse("tangram")
    found = kind.solve(puzzle, Limits())
    assert found.unique
    text = kind.format_solution(puzzle, found.found[0])
    again = kind.parse_solution(puzzle, text)
    assert kind.check(puzzle, again).ok
    assert kind.check(puzzle, kind.parse_solution(puzzle, text.lower())).ok
    assert set(text) - set(" \n") == set("LBMSTQP")  # capitals only: no l to take for I


def test_tangram_caption_names_the_square_once():
    result = pipeline.run("tangram", None, Limits.within(30))
    assert result.caption.splitlines()[0] == "Tangram square"


def test_nuts_report_names_nuts_by_the_letters_the_picture_prints():
    kind = NutsKind()
    puzzle = kind.parse("nuts")
    report = kind.check(puzzle, kind.solve(puzzle, Limits()).found[0])
    assert report.lines[1] == "Nut E (centre) top edge 1, nut D (top) bottom edge 1: they match"
    assert report.lines[12] == ("Nut B (upper left) upper right edge 4, nut D (top) lower "
                                "left edge 4: they match")
    assert not any("Spot" in line or "side" in line for line in report.lines)


def test_assembly_reports_say_each_rule_in_words_in_each_language():
    """Issue 39: the report lines a person reads are words in their language, not the
    OK/FAIL marks; the seed-shaped verdict stays the report's last line."""
    queens = QueensKind()
    board = queens.parse("queens 8")
    placed = queens.solve(board, Limits()).found[0]
    with i18n.language("de"):
        report = queens.check(board, placed)
    assert report.lines == ["Eine Dame in jeder der 8 Reihen: ja",
                            "Eine Dame in jeder der 8 Spalten: ja",
                            "Keine zwei Damen auf einer Diagonale: ja"]
    assert report.verdict == "Puzzle OK Solution successful."
    nuts = NutsKind()
    puzzle = nuts.parse("nuts")
    with i18n.language("es"):
        lines = nuts.check(puzzle, nuts.solve(puzzle, Limits()).found[0]).lines
    assert lines[1] == ("Tuerca E (centro), borde superior 1, tuerca D (arriba), borde "
                        "inferior 1: coinciden")
    sg = SlothouberGraatsmaKind()
    box = sg.parse("sg")
    with i18n.language("de"):
        lines = sg.check(box, sg.solve(box, Limits(max_solutions=1)).found[0]).lines
    assert lines[0] == "Teil A: 4 Plätze"
    assert lines[-2:] == ["Benutzte Teile: 9 von 9", "Leere Plätze: 0"]


@pytest.mark.parametrize("command, kind, expected", [
    ("pent 3", "pent", "\n2 unique assemblies, 8 if rotations and reflections count as "
     "different (complete, "),
    ("/pent 3", None, "\n2 unique assemblies, 8 if"),
    ("queens 8", None, "\n12 unique placements, 92 if rotations and reflections count as "
     "different (complete, "),
    ("soma", "soma", "\n240 unique assemblies, 11,520 if rotations and"),
    ("nuts", "nuts", "Drive Ya Nuts"), ("tangram", None, "Checked: all"),
    ("sg", None, "\n1 unique assembly, 8 if rotations and"),
    ("/diabolical", None, "\n13 unique assemblies, 624 if rotations and"),
])
def test_commands_run_through_the_pipeline_with_a_picture(command, kind, expected):
    result = pipeline.run(command, kind, Limits.within(30, max_solutions=2))
    assert result.ok and result.verdict_ok, result.error
    assert expected in result.caption
    assert result.media and result.media[0].data[:4] == b"\x89PNG"


def test_every_example_file_parses():
    for kind in registry.KINDS:
        if kind.name in ("boxer", "pent", "soma", "bedlam", "y25", "sg", "conway", "diabolical",
                         "queens", "nuts", "tangram"):
            kind.parse((PUZZLES / kind.example).read_text())


def test_progress_is_reported_during_a_long_count():
    calls = []
    Assembler(presets.pentominoes(6)).solve(
        Limits(progress=lambda n, nodes: calls.append((n, nodes))))
    assert calls and calls[-1][0] == 2339


@pytest.mark.parametrize("command", ["bedlam", "queens 14"])
def test_a_long_count_hands_back_its_first_answers_early(command):
    """Asked for its first answers after a moment, a long count stops with them, checked
    and drawn, its figures "at least" and its state "still counting"."""
    result = pipeline.run(command, hand_back_after=0.3)
    assert result.ok and result.verdict_ok and result.counting and not result.exhaustive
    assert result.count >= 1 and result.media
    assert result.count_line.startswith(f"at least {result.count:,} unique ")
    assert ", at least " in result.count_line and "(still counting, " in result.count_line
    assert result.caption == f"{result.headline}\n{result.count_line}"


def test_a_count_stopped_at_its_limit_says_at_least_in_every_figure():
    result = pipeline.run("bedlam", seconds=1.0)
    assert result.ok and result.timed_out and not result.counting
    figures = result.count_line.split(" (")[0].split(", ")
    assert len(figures) == 2 and all(f.startswith("at least ") for f in figures)
    assert result.count_line.endswith(" s)") and "(stopped at the time limit, " in result.count_line


def test_a_short_count_within_the_hand_back_time_is_answered_in_full():
    result = pipeline.run("pent 3", hand_back_after=30)
    assert not result.counting and result.exhaustive and result.count == 2


def test_tangram_with_another_shape_gets_the_tangram_answer_not_an_anagram():
    assert registry.detect("tangram triangle").name == "tangram"
    assert registry.detect("/tangram square").name == "tangram"
    result = pipeline.run("tangram triangle", None, Limits.within(5))
    assert not result.ok
    assert result.error == "Line 1: the tangram kind solves the square only; send: tangram"
