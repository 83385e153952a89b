"""Easy as ABC: write the letters A, B, C... (as many as the link says) once each in
every row and column, leaving the other cells empty; a letter outside the board is
the first letter seen from there.

The link holds the number of letters, a '/', then the clues around the board (top
row, bottom row, left column, right column, each in reading order) as base-16 numbers
(1 for A) with skips g-z.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...texts import clip
from ...values import PuzzleError, Rule
from .. import check, numbers, pzprv3, render
from ..codecs import QUESTION, Reader, read_number16, write_number16
from ..engine import IntVar, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid
from ..layers import Answer
from ..link import Link

#: a clue's place outside the board: the side ("top", "bottom", "left", "right"), and
#: the column (top, bottom) or row (left, right) it faces
Side = tuple[str, int]
#: the way a clue looks into the board from each side
LOOK = {"top": (1, 0), "bottom": (-1, 0), "left": (0, 1), "right": (0, -1)}


@dataclass(frozen=True)
class EasyAsAbc:
    rows: int
    cols: int
    letters: int
    clues: tuple[int | None, ...]

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def sides(self) -> list[Side]:
        """The clue places in the link's order."""
        return ([("top", c) for c in range(self.cols)] + [("bottom", c) for c in range(self.cols)]
                + [("left", r) for r in range(self.rows)]
                + [("right", r) for r in range(self.rows)])

    def given(self) -> dict[Side, int]:
        return {side: clue for side, clue in zip(self.sides(), self.clues, strict=True)
                if clue is not None and clue != QUESTION}

    def sight(self, side: Side) -> list[Cell]:
        """The cells a clue looks along, nearest first."""
        where, index = side
        step = LOOK[where]
        start = {"top": (0, index), "bottom": (self.rows - 1, index), "left": (index, 0),
                 "right": (index, self.cols - 1)}[where]
        return [start, *self.grid.line(start, step)]

    def lines(self) -> list[list[Cell]]:
        """Every row and column."""
        return ([[(r, c) for c in range(self.cols)] for r in range(self.rows)]
                + [[(r, c) for r in range(self.rows)] for c in range(self.cols)])


def letter(value: int) -> str:
    return chr(ord("A") + value - 1) if value > 0 else "?"


class EasyAsAbcGenre(Genre):
    names = ("easyasabc",)
    title = N_("Easy as ABC")
    rules = (N_("Each row and column holds each letter once; other cells stay empty."),
             N_("A letter outside the board is the first letter seen from there."))

    def decode(self, link: Link) -> EasyAsAbc:
        count, _slash, body = link.body.partition("/")
        if not count.isdigit() or len(count) > 2 or not 0 < int(count) <= min(link.rows, link.cols):
            raise PuzzleError(_("The link's number of letters {count!r} could not be read "
                                "(at most the board's side).").format(count=clip(count)))
        reader = Reader(body)
        reader.part = _("clues around the board")
        clues = read_number16(reader, 2 * (link.rows + link.cols))
        numbers.rest_refused(reader, _("letters given inside the board"))
        if any(c is not None and c > int(count) for c in clues):
            raise PuzzleError(_("A clue names a letter past the last one."))
        return EasyAsAbc(link.rows, link.cols, int(count), tuple(clues))

    def encode(self, board: EasyAsAbc) -> str:
        body = f"{board.letters}/{write_number16(board.clues)}"
        return Link("easyasabc", board.cols, board.rows, body).url()

    def constrain(self, board: EasyAsAbc, model: Model) -> dict[Cell, IntVar]:
        cells = numbers.digits(model, board.grid.cells(), range(board.letters + 1))
        model.show(lit for var in cells.values() for lit in var.lits)
        with model.about(_("Each row and column holds each letter once")):
            for line in board.lines():
                for value in range(1, board.letters + 1):
                    model.exactly([cells[c].lits[value] for c in line], 1)
        for side, clue in board.given().items():
            seen = board.sight(side)
            with model.about(_("the clue {letter} at {side} {index}").format(
                    letter=letter(clue), side=side[0], index=side[1] + 1)):
                for depth, cell in enumerate(seen):
                    before = [-cells[c].lits[0] for c in seen[:depth]]
                    for value in range(1, board.letters + 1):
                        if value != clue:
                            model.clause([-cells[cell].lits[value], *before])
        return cells

    def answer(self, board: EasyAsAbc, variables: dict[Cell, IntVar], values: Values) -> Answer:
        return Answer(numbers={cell: n for cell, var in variables.items()
                               if (n := values.number(var))})

    def first_seen(self, board: EasyAsAbc, answer: Answer, side: Side) -> int | None:
        return next((answer.numbers[c] for c in board.sight(side) if c in answer.numbers), None)

    def check(self, board: EasyAsAbc, answer: Answer) -> list[Rule]:
        wanted = list(range(1, board.letters + 1))
        lines = [line[0] for line in board.lines()
                 if sorted(answer.numbers[c] for c in line if c in answer.numbers) != wanted]
        seen = [side for side, clue in board.given().items()
                if self.first_seen(board, answer, side) != clue]
        return [numbers.cells_rule(_("Each row and column holds each letter once"), lines),
                check.rule(_("Each clue is the first letter seen"), seen,
                           lambda s: f"{s[0]} {s[1] + 1}")]  # type: ignore[index]

    def draw(self, board: EasyAsAbc, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols, outer=1)
        sheet.grid()
        outside = {}
        for (where, index), clue in zip(board.sides(), board.clues, strict=True):
            if clue is not None:
                spot = {"top": (-1, index), "bottom": (board.rows, index), "left": (index, -1),
                        "right": (index, board.cols)}[where]
                outside[spot] = letter(clue)
        sheet.numbers(outside)
        if answer is not None:
            sheet.numbers({c: letter(n) for c, n in answer.numbers.items()}, render.GREEN)
        return sheet.finish()

    def pzprv3(self, board: EasyAsAbc, answer: Answer | None) -> str:
        written = {} if answer is None else answer.numbers
        clue = dict(zip(board.sides(), board.clues, strict=True))

        def token(r: int, c: int) -> str:
            inside_r, inside_c = 0 <= r < board.rows, 0 <= c < board.cols
            if inside_r and inside_c:
                return str(written.get((r, c), "."))
            side = (("top", c) if r < 0 else ("bottom", c) if r == board.rows else
                    ("left", r) if c < 0 else ("right", r))
            value = clue.get(side) if inside_r != inside_c else None
            return "." if value is None or value == QUESTION else str(value)

        block = [[token(r, c) for c in range(-1, board.cols + 1)]
                 for r in range(-1, board.rows + 1)]
        return pzprv3.write("easyasabc", board.grid, [[[str(board.letters)]], block])

    def read_answer(self, board: EasyAsAbc, text: str) -> Answer:
        file = pzprv3.read(text)
        file.block(1, 1)
        block = file.block(board.rows + 2, board.cols + 2)
        inside = [row[1:-1] for row in block[1:-1]]
        return Answer(numbers=numbers.read_numbers(inside))


GENRE = EasyAsAbcGenre()
