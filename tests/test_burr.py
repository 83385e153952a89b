"""Six-piece burr: numbering, assembly counts, disassembly, checks, errors, pictures."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from solvers import i18n, pipeline
from solvers.burr import disassemble as engine
from solvers.burr.assemble import assemble, solid_assemblies
from solvers.burr.geometry import cube_rotations, frame
from solvers.burr.kind import Burr
from solvers.burr.parse import parse_burr
from solvers.burr.piece_kind import PieceKind
from solvers.burr.pieces import all_ids, canonical_id, cubie_table, cubies_of
from solvers.burr.solid import solid_burrs
from solvers.burr.solution import piece_cells
from solvers.values import Limits, PuzzleError

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
BURR = Burr()

#: the seed's printed cubie tables ([row, layer] then six cubies along the stick)
SEED_TABLES = {
    120: ["111111", "111111", "100011", "100011"],
    3322: ["110011", "111111", "100001", "101101"],
    1024: ["111111", "110011", "100001", "100001"],
    216: ["111111", "111111", "101001", "100011"],
}


def seed_cells(rows: list[str]) -> set[tuple[int, int, int]]:
    """The seed's rows [0,0] [1,0] [0,1] [1,1] as cells (u, row, layer)."""
    keys = [(0, 0), (1, 0), (0, 1), (1, 1)]
    return {(u, a, b) for (a, b), row in zip(keys, rows, strict=True)
            for u, bit in enumerate(row) if bit == "1"}


def normal(cells) -> frozenset:
    low = [min(c[i] for c in cells) for i in range(3)]
    return frozenset(tuple(c[i] - low[i] for i in range(3)) for c in cells)


def shapes_up_to_rotation_and_mirror(cells) -> set[frozenset]:
    mirrored = {(-x, y, z) for x, y, z in cells}
    return {normal([tuple(sum(m[i][j] * c[j] for j in range(3)) for i in range(3))
                    for c in version])
            for m in cube_rotations() for version in (cells, mirrored)}


@pytest.mark.parametrize("piece_id", sorted(SEED_TABLES))
def test_seed_cubie_tables_match_standard_numbering(piece_id):
    ours = set(cubies_of(piece_id))
    assert normal(seed_cells(SEED_TABLES[piece_id])) in shapes_up_to_rotation_and_mirror(ours)
    # in fact the tables come out identical, row for row
    assert [row.split("][")[1] for row in cubie_table(piece_id)] == [
        ", ".join(row) + "]" for row in SEED_TABLES[piece_id]]


@pytest.mark.parametrize(("typed", "other", "smallest"), [
    (3322, 928, 928), (3328, 1024, 1024), (120, 239, 120), (1, 1, 1)])
def test_one_piece_has_several_ids(typed, other, smallest):
    assert other in all_ids(typed)
    assert canonical_id(typed) == canonical_id(other) == smallest


def test_mirror_images_are_different_pieces():
    # 216 is not symmetric: its mirror image is no rotation of it, so it is another piece
    pieces = set(cubies_of(216))
    rotated = {normal([tuple(sum(m[i][j] * c[j] for j in range(3)) for i in range(3))
                       for c in pieces]) for m in cube_rotations()}
    assert normal({(5 - u, v, w) for u, v, w in pieces}) not in rotated


def test_geometry_has_32_core_cells_and_12_rotations():
    for length in (6, 8):
        geometry = frame(length)
        assert len(geometry.core) == 32
        assert len(geometry.rotations) == 12


@pytest.mark.parametrize(("ids", "count", "raw"), [
    ([1, 120, 3328, 3322, 3328, 3305], 1, 24),
    ([1, 188, 976, 768, 824, 1024], 1, 12),
    ([216, 412, 751, 896, 960, 1024], 40, 480),
])
def test_assembly_counts(ids, count, raw):
    found = assemble(frame(6), ids)
    assert found.exhaustive
    assert len(found.assemblies) == count
    assert found.raw == raw


def test_assembly_counts_do_not_depend_on_piece_order_or_length():
    assert len(assemble(frame(6), [3305, 3328, 1, 3322, 120, 3328]).assemblies) == 1
    assert len(assemble(frame(8), [216, 412, 751, 896, 960, 1024]).assemblies) == 40


def test_solid_search_finds_the_antique_burr_from_its_own_pieces():
    found, finished = solid_assemblies(frame(6), [1, 120, 3328, 3322, 3305])
    assert finished
    sets = [sorted(ids) for _, ids in found]
    assert sorted(map(canonical_id, [1, 120, 3328, 3322, 3328, 3305])) in [
        sorted(map(canonical_id, s)) for s in sets]


def solve_file(name: str, **limits):
    puzzle = BURR.parse((PUZZLES / name).read_text())
    return puzzle, BURR.solve(puzzle, Limits(**{"max_solutions": 50, **limits}))


def test_antique_puzzle_unique_and_level():
    puzzle, solutions = solve_file("burr_antique.txt")
    assert solutions.unique
    best = solutions.found[0]
    assert best.disassembly.complete
    assert best.disassembly.level == "1.2.1.1.1"
    report = BURR.check(puzzle, best)
    assert report.ok and "comes apart" in report.verdict
    assert "piece 0 (ID 1) moves left 6 and comes free" in report.text()


def test_shop_puzzle_unique():
    puzzle, solutions = solve_file("burr_shop.txt")
    assert solutions.unique
    assert solutions.found[0].disassembly.level == "1.1.1.1.1"
    assert BURR.check(puzzle, solutions.found[0]).ok


def test_eight_is_enough_forty_assemblies():
    puzzle, solutions = solve_file("burr_eight.txt")
    assert solutions.exhaustive and solutions.count == 40
    apart = [s for s in solutions.found if s.disassembly.complete]
    assert len(apart) == solutions.stats["come_apart"] == 6
    assert apart[0] is solutions.found[0]  # one that comes apart is shown first
    assert solutions.found[0].disassembly.level == "6.2.1.2.1"
    for solution in solutions.found:
        assert BURR.check(puzzle, solution).ok


def test_disassembly_does_not_depend_on_where_the_search_pauses(monkeypatch):
    """The compiled search returns to Python between layers (to look at the clock) and
    when its arrays are full; stopping after every layer, from the smallest arrays, must
    give the same moves, levels and state counts."""
    puzzle, solutions = solve_file("burr_eight.txt")
    monkeypatch.setattr(engine, "CHECK_STATES", 1)
    monkeypatch.setattr(engine, "_WORKS", {})
    for solution in solutions.found:
        again = engine.disassemble(piece_cells(puzzle, solution.assembly), puzzle.length)
        before = solution.disassembly
        assert (again.moves, again.levels, again.complete, again.exhaustive, again.states) == (
            before.moves, before.levels, before.complete, before.exhaustive, before.states)


def test_solid_run_counts_and_levels():
    """Cutler's figures for the 25 notchable pieces: 1063 assemblies, 314 come apart."""
    result = solid_burrs()
    assert (result["assemblies"], result["come_apart"], result["exhaustive"]) == (1063, 314, True)
    assert result["levels"] == {"1.1.1.1.1": 257, "1.2.1.1.1": 57}


def test_solution_text_round_trip_and_check_catches_a_bad_one():
    puzzle, solutions = solve_file("burr_antique.txt")
    text = BURR.format_solution(puzzle, solutions.found[0])
    typed = BURR.parse_solution(puzzle, text)
    assert typed.assembly.key == solutions.found[0].assembly.key
    assert BURR.check(puzzle, typed).ok
    # the ShortCup (piece 1) turned half about its length shows its notch outside
    wrong = re.sub(r"piece 1 turn (\d)", lambda m: f"piece 1 turn {(int(m[1]) + 2) % 8}", text)
    report = BURR.check(puzzle, BURR.parse_solution(puzzle, wrong))
    assert not report.ok
    # said in words, not the OK/FAIL marks of a seed's format (issue 39)
    assert "Cells shared by two pieces: 6 (two pieces cannot share a cell)" in report.lines
    assert "Outer skin: 70 of 72 cells filled, 2 empty" in report.lines
    assert not any(re.search(r"\b(OK|FAIL)\b", line) for line in report.lines)


def test_short_form_and_length_8():
    puzzle = BURR.parse("1 120 3328 3322 3328 3305 length 8")
    assert puzzle.length == 8 and [p.mark for p in puzzle.pieces] == list("123456")
    solutions = BURR.solve(puzzle, Limits())
    assert solutions.count == 1 and solutions.found[0].disassembly.complete
    assert BURR.detect("1 120 3328 3322 3328 3305")


@pytest.mark.parametrize(("text", "line", "words"), [
    ("#Burr6 x\n0,1,a\n1,120,b\n2,3328,c\n3,3322,d\n4,3328,e\n", 6, "needs 6 pieces"),
    ("#Burr6 x\n0,1,a\n1,120,b\n2,5000,c\n3,3322,d\n4,3328,e\n5,3305,f\n", 4, "outside"),
    ("#Burr6 x\n0,1,a\n1,120,b\n2,4096,c\n3,3322,d\n4,3328,e\n5,3305,f\n", 4, "connected"),
    ("#Burr6 x\n0,120,a\n1,1,b\n2,3328,c\n3,3322,d\n4,3328,e\n5,3305,f\n", 3, "key piece"),
    ("#Burr6 x\n0,1,a\n0,120,b\n2,3328,c\n3,3322,d\n4,3328,e\n5,3305,f\n", 3, "mark"),
    ("#Burr6 x\n0,1,a\n1,abc,b\n2,3328,c\n3,3322,d\n4,3328,e\n5,3305,f\n", 3, "not a piece"),
    ("1 120 3328 3322 3328 3305 7\n", 1, "this is piece 7"),
    ("length 7\n1 120 3328 3322 3328 3305\n", 1, "length 7"),
])
def test_bad_input_names_the_line(text, line, words):
    with pytest.raises(PuzzleError) as error:
        BURR.parse(text)
    assert error.value.line == line
    assert words in str(error.value)


def test_too_heavy_is_answered_without_search():
    solutions = BURR.solve(BURR.parse("1 1 1 120 3328 3322"), Limits())
    assert solutions.count == 0 and solutions.exhaustive and "32" in solutions.reason


def test_expired_deadline_returns_quietly():
    puzzle = BURR.parse((PUZZLES / "burr_eight.txt").read_text())
    solutions = BURR.solve(puzzle, Limits(deadline=0.0))
    assert not solutions.exhaustive


@given(st.text(alphabet="0123456789 ,#\nBurlength", max_size=80))
def test_any_text_gives_a_puzzle_or_a_puzzle_error(text):
    with contextlib.suppress(PuzzleError):
        parse_burr(text)


def test_pipeline_reply_has_picture_animation_and_pieces():
    result = pipeline.run((PUZZLES / "burr_eight.txt").read_text())
    assert result.ok and result.kind == "burr" and result.count == 40
    kinds = [m.sent_as for m in result.media]
    assert kinds == ["photo", "animation", "photo"]
    gif = Image.open(io.BytesIO(result.media[1].data))
    assert gif.format == "GIF" and gif.n_frames == 13  # assembled + 12 moves
    assert "40 up to rotation" in result.caption and "6 of them come apart" in result.caption
    assert result.verdict_ok


def test_the_caption_says_pieces_and_levels_in_words_in_each_language():
    """Issue 39: no seed shorthand (`2:3328=1024 (w2)`) in a caption a person reads; the
    level is explained where it is shown."""
    puzzle, solutions = solve_file("burr_antique.txt")
    lines = BURR.caption(puzzle, solutions, None).splitlines()
    assert lines[1] == ("Pieces: 0 = ID 1 (weight 12), 1 = ID 120 (weight 6), 2 = ID 3328 "
                        "(same piece as ID 1024, weight 2), 3 = ID 3322 (same piece as ID 928, "
                        "weight 4), 4 = ID 3328 (same piece as ID 1024, weight 2), 5 = ID 3305 "
                        "(same piece as ID 792, weight 6)")
    assert lines[3] == ("Assemblies: exactly 1 up to rotation (24 if each turn of the burr "
                        "and each placing of alike pieces counts, 4 with the first piece held "
                        "in place); 1 of them comes apart")
    assert lines[4] == "Shown: level 1.2.1.1.1 (how many moves free each part in turn)"
    with i18n.language("de"):
        german = BURR.caption(puzzle, solutions, None).splitlines()
        report = BURR.check(puzzle, solutions.found[0]).lines
    assert german[1].endswith("5 = ID 3305 (dasselbe Teil wie ID 792, Gewicht 6)")
    assert german[4] == ("Gezeigt: Stufe 1.2.1.1.1 (wie viele Züge jedes Teil der Reihe nach "
                         "freigeben)")
    assert report[0].endswith(": seine eigene Form, innerhalb seines Stabs")
    with i18n.language("es"):
        spanish = BURR.check(puzzle, solutions.found[0]).lines
    assert spanish[6:8] == ["Celdas compartidas por dos piezas: ninguna",
                            "Capa exterior: las 72 celdas llenas"]


def test_extras_later_leaves_the_main_picture_alone_and_draws_the_same_others_after():
    text = (PUZZLES / "burr_eight.txt").read_text()
    whole = pipeline.run(text)
    first = pipeline.run(text, extras_later=True)
    assert [m.data for m in first.media] == [whole.media[0].data]
    assert first.caption == whole.caption and whole.later is None
    assert first.later is not None
    assert first.later == pipeline.Later("burr", text, None)  # plain data: a worker can take it
    assert pipeline.later_media(first.later) == whole.media[1:]


def test_pipeline_bad_input_is_a_line_numbered_error():
    result = pipeline.run("#Burr6 x\n0,1,a\n1,120,b\n", "burr")
    assert not result.ok and result.error.startswith("Line 3:")


def test_piece_kind():
    kind = PieceKind()
    result = pipeline.run("#piece\n3322")
    assert result.ok and result.kind == "piece"
    assert "canonical ID 928" in result.caption
    assert Image.open(io.BytesIO(result.media[0].data)).width > 300
    with pytest.raises(PuzzleError):
        kind.parse("4096")
    assert kind.parse("1024 length 8").piece.length == 8


PIECE_3322 = ("Piece ID 3322, canonical 928, weight 4\n"
              "[0,0][1, 1, 0, 0, 1, 1]\n[1,0][1, 1, 1, 1, 1, 1]\n"
              "[0,1][1, 0, 0, 0, 0, 1]\n[1,1][1, 0, 1, 1, 0, 1]")


@pytest.mark.parametrize("query", ["#piece\n3322", "#piece\n3322 length 8", "#piece\n1"])
def test_piece_solution_text_round_trip(query):
    kind = PieceKind()
    puzzle = kind.parse(query)
    text = kind.format_solution(puzzle, puzzle.piece)
    assert kind.parse_solution(puzzle, text) == puzzle.piece


def test_piece_solution_text_reads_the_seed_rows_and_leaves_out_what_is_not_given():
    kind = PieceKind()
    puzzle = kind.parse("#piece\n3322")
    assert kind.format_solution(puzzle, puzzle.piece) == PIECE_3322
    assert kind.parse_solution(puzzle, PIECE_3322.upper().replace(", ", ",")) == puzzle.piece
    assert kind.parse_solution(puzzle, "\npiece id 3322\n") == puzzle.piece
    assert kind.parse_solution(puzzle, "Piece ID 3322, weight 4") == puzzle.piece


@pytest.mark.parametrize("text, message", [
    ("", "send the piece as `Piece ID N, canonical C, weight W`, "
         "then its four cubie rows if you like"),
    ("\n\nThe ID is 3322", "Line 3: expected `Piece ID N, canonical C, weight W`, "
                           "got 'The ID is 3322'"),
    ("Piece ID 4097", "Line 1: piece ID 4097 is outside 1..4096"),
    ("Piece ID 928, canonical 928", "Line 1: this is piece ID 928; the question is about "
                                    "piece ID 3322"),
    (PIECE_3322.replace("canonical 928", "canonical 927"),
     "Line 1: piece ID 3322 has canonical ID 928, not 927"),
    (PIECE_3322.replace("weight 4", "weight 5"), "Line 1: piece ID 3322 has weight 4, not 5"),
    (PIECE_3322.replace("[1,1][1, 0, 1", "[1,1][1, 1, 1"),
     "Line 5: piece ID 3322 has the cubie row [1,1][1, 0, 1, 1, 0, 1] here, "
     "not '[1,1][1, 1, 1, 1, 0, 1]'"),
    ("\n".join(PIECE_3322.splitlines()[:3]),
     "Line 3: a piece has 4 cubie rows, got 2; give all of them or none"),
    (PIECE_3322 + "\n[0,0][1]", "Line 6: a piece has 4 cubie rows; this is row 5"),
])
def test_piece_solution_bad_text_names_the_line(text, message):
    kind = PieceKind()
    puzzle = kind.parse("#piece\n3322")
    with pytest.raises(PuzzleError) as caught:
        kind.parse_solution(puzzle, text)
    assert str(caught.value) == message
