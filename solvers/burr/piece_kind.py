"""The `piece` kind: one burr piece looked up by its ID, drawn with its other IDs and its
cubie table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from PIL import Image

from ..base import ASSEMBLY_PUZZLES, PuzzleKind
from ..i18n import Translated, _
from ..texts import check_size, clip, header_is
from ..values import CheckReport, Limits, PuzzleError, Rule, Solutions
from . import render
from .parse import read_id
from .pieces import MAX_ID, Piece, all_ids, cubie_table, orientations

#: the first line of a piece's solution text, as `PieceKind.format_solution` writes it
PIECE_HEADING = "Piece ID N, canonical C, weight W"
HEADING = re.compile(r"^piece\s+id\s+(\S+?)\s*(?:,\s*canonical\s+(\S+?)\s*)?"
                     r"(?:,\s*weight\s+(\S+?)\s*)?$", re.IGNORECASE)


@dataclass(frozen=True)
class PieceQuery:
    piece: Piece

    @property
    def name(self) -> str:
        return f"ID {self.piece.piece_id}"


class PieceKind(PuzzleKind[PieceQuery, Piece]):
    """`/piece 3322`: a picture of one burr piece, its other IDs and its cubie table."""

    name = "piece"
    family = ASSEMBLY_PUZZLES
    title = "Burr piece"
    summary = Translated("a burr piece ID 1..4096 (Cutler's numbering), e.g. 3322; add "
                         "`length 8`")
    example = "burr_piece.txt"
    version = "1"
    rules = Translated("Not a puzzle but a look-up: a burr stick's notches as a number from "
                       "1 to 4096 (Bill Cutler's numbering), drawn with its other numbers.")

    def detect(self, text: str) -> bool:
        return header_is(text, "piece")

    def parse(self, text: str) -> PieceQuery:
        check_size(text)
        words = [(n, w) for n, line in enumerate(text.splitlines(), 1)
                 if not line.strip().startswith("#") for w in line.split()]
        length = 6
        if len(words) == 3 and words[1][1].lower() in ("length", "len"):
            if words[2][1] not in ("6", "8"):
                raise PuzzleError(_("stick length must be 6 or 8"), words[2][0])
            length = int(words[2][1])
            words = words[:1]
        if len(words) != 1:
            raise PuzzleError(_("send one piece ID, a whole number 1..4096, such as 3322"),
                              words[1][0] if len(words) > 1 else None)
        line, word = words[0]
        return PieceQuery(Piece(read_id(word, line, length), "", "", length))

    def canonical(self, puzzle: PieceQuery) -> str:
        return f"{puzzle.piece.piece_id} length {puzzle.piece.length}"

    def solve(self, puzzle: PieceQuery, limits: Limits) -> Solutions:
        return Solutions([puzzle.piece], 1, True)

    def check(self, puzzle: PieceQuery, solution: Piece) -> CheckReport:
        ids = all_ids(solution.piece_id, solution.length)
        lines = [*cubie_table(solution.piece_id, solution.length),
                 _("Weight {weight} (removable cubies present)").format(weight=solution.weight),
                 _("Same piece as IDs: {ids}").format(ids=", ".join(map(str, ids))),
                 _("Canonical (smallest) ID: {id}").format(id=ids[0]),
                 _("Orientations with an ID: {ids} distinct of {all}").format(
                     ids=len(ids), all=len(orientations(solution.cubies, solution.length)))]
        return CheckReport(True, [Rule(line, None) for line in lines],
                           _("Piece OK: connected, all its cubies hold together."))

    def format_solution(self, puzzle: PieceQuery, solution: Piece) -> str:
        return "\n".join([f"Piece ID {solution.piece_id}, canonical {solution.canonical_id}, "
                          f"weight {solution.weight}", *cubie_table(solution.piece_id,
                                                                    solution.length)])

    def parse_solution(self, puzzle: PieceQuery, text: str) -> Piece:
        """`Piece ID N, canonical C, weight W`, then the four cubie rows if wanted.

        `check` is given only the piece, so every figure typed is compared here, each
        wrong one refused on its own line; canonical, weight and the rows may be left out.
        """
        check_size(text)
        lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1)
                 if line.strip()]
        if not lines:
            raise PuzzleError(_("send the piece as `{heading}`, then its four cubie rows if "
                                "you like").format(heading=PIECE_HEADING))
        piece = _read_heading(puzzle.piece, *lines[0])
        _compare_rows(piece, lines[1:])
        return piece

    def caption(self, puzzle: PieceQuery, solutions: Solutions,
                report: CheckReport | None) -> str:
        piece = puzzle.piece
        ids = ", ".join(map(str, all_ids(piece.piece_id, piece.length)))
        return _("Burr piece ID {id}: canonical ID {canonical}, weight {weight}, stick length "
                 "{length}\nSame piece as IDs {ids}").format(
            id=piece.piece_id, canonical=piece.canonical_id, weight=piece.weight,
            length=piece.length, ids=ids)

    def render(self, puzzle: PieceQuery, solution: Piece | None) -> Image.Image:
        """The piece from above and, turned half about its length, from below."""
        piece = puzzle.piece
        views = []
        for label, cubies in ((_("from above"), piece.cubies),
                              (_("turned over"), orientations(piece.cubies, piece.length)[2])):
            scene = [((u, 1 - v, w), 0) for u, v, w in cubies]
            views.append(render.stack([render.scene_image(scene, 34, margin=12)], label))
        picture = render.side_by_side(*views)
        return render.stack([picture], _("Burr piece ID {id}").format(id=piece.piece_id),
                            _("canonical {canonical}, weight {weight}").format(
                                canonical=piece.canonical_id, weight=piece.weight))


def _read_heading(asked: Piece, number: int, line: str) -> Piece:
    """The piece the heading line names; it must be the one asked about, its canonical
    ID and weight (when given) the piece's own."""
    found = HEADING.match(line)
    if not found:
        raise PuzzleError(_("expected `{heading}`, got '{line}'").format(
            heading=PIECE_HEADING, line=clip(line)), number)
    word, canonical, weight = found.groups()
    piece = Piece(read_id(word, number, asked.length), "", "", asked.length)
    if piece.piece_id != asked.piece_id:
        raise PuzzleError(_("this is piece ID {id}; the question is about piece ID {asked}")
                          .format(id=piece.piece_id, asked=asked.piece_id), number)
    for sentence, claimed, value in (
            (_("piece ID {id} has canonical ID {value}, not {claimed}"), canonical,
             piece.canonical_id),
            (_("piece ID {id} has weight {value}, not {claimed}"), weight, piece.weight)):
        if claimed is not None and not _says(claimed, value):
            raise PuzzleError(sentence.format(id=piece.piece_id, value=value,
                                              claimed=clip(claimed)), number)
    return piece


def _says(word: str, value: int) -> bool:
    """Does `word` write the number `value`? (No int() of a huge digit string.)"""
    return word.isdecimal() and len(word) <= len(str(MAX_ID)) and int(word) == value


def _compare_rows(piece: Piece, rows: list[tuple[int, str]]) -> None:
    """The typed cubie rows, if any, must be the piece's four rows in the seed's order
    (spaces inside a row do not matter)."""
    table = cubie_table(piece.piece_id, piece.length)
    if len(rows) > len(table):
        raise PuzzleError(_("a piece has {rows} cubie rows; this is row {row}").format(
            rows=len(table), row=len(table) + 1), rows[len(table)][0])
    if rows and len(rows) < len(table):
        raise PuzzleError(_("a piece has {rows} cubie rows, got {got}; give all of them or "
                            "none").format(rows=len(table), got=len(rows)), rows[-1][0])
    for (number, typed), row in zip(rows, table, strict=False):
        if "".join(typed.split()) != "".join(row.split()):
            raise PuzzleError(_("piece ID {id} has the cubie row {row} here, not '{typed}'")
                              .format(id=piece.piece_id, row=row, typed=clip(typed, 60)), number)
