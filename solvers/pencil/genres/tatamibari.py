"""Tatamibari: divide the board into rectangles, each holding exactly one mark: '+' a
square, '-' a rectangle wider than tall, '|' one taller than wide. Four rectangles
never meet at one corner.

The link: '1' a '|' mark, '2' a '-', '3' a '+', '.' a mark of unknown shape, g-z skip
1-20 cells.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, numbers, pzprv3, render
from ..codecs import QUESTION, Reader
from ..engine import Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid
from ..layers import Answer
from ..link import Link

#: the marks as the player numbers them
SQUARE, TALL, WIDE = 1, 2, 3
#: link characters and file tokens of each mark
LINK_CHAR = {TALL: "1", WIDE: "2", SQUARE: "3", QUESTION: "."}
FILE_TOKEN = {TALL: "a", WIDE: "b", SQUARE: "c", QUESTION: "-"}
#: a rectangle: top row, left column, height, width
Rect = tuple[int, int, int, int]


@dataclass(frozen=True)
class Tatamibari:
    rows: int
    cols: int
    marks: tuple[int | None, ...]

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def mark(self, cell: Cell) -> int | None:
        return self.marks[cell[0] * self.cols + cell[1]]

    def given(self) -> dict[Cell, int]:
        return {c: m for c in self.grid.cells() if (m := self.mark(c)) is not None}


def fits(mark: int, height: int, width: int) -> bool:
    return (mark == QUESTION or mark == SQUARE and height == width
            or mark == TALL and height > width or mark == WIDE and width > height)


def cells_of(rect: Rect) -> list[Cell]:
    top, left, height, width = rect
    return [(r, c) for r in range(top, top + height) for c in range(left, left + width)]


def candidates(board: Tatamibari, cell: Cell, mark: int) -> list[Rect]:
    """Every rectangle holding this mark and no other, of the mark's shape. Growing a
    rectangle only adds marks, so each direction stops at the first second mark (a
    table of mark counts answers "how many marks in this rectangle" at once)."""
    count = mark_counts(board)

    def marks_in(top: int, left: int, bottom: int, right: int) -> int:
        return (count[bottom + 1][right + 1] - count[top][right + 1]
                - count[bottom + 1][left] + count[top][left])

    out = []
    row, col = cell
    for top in range(row, -1, -1):
        if marks_in(top, col, row, col) > 1:
            break
        for bottom in range(row, board.rows):
            if marks_in(top, col, bottom, col) > 1:
                break
            for left in range(col, -1, -1):
                if marks_in(top, left, bottom, col) > 1:
                    break
                for right in range(col, board.cols):
                    if marks_in(top, left, bottom, right) > 1:
                        break
                    height, width = bottom - top + 1, right - left + 1
                    if fits(mark, height, width):
                        out.append((top, left, height, width))
    return out


def mark_counts(board: Tatamibari) -> list[list[int]]:
    """count[r][c]: the marks above row r and left of column c (a summed-area table)."""
    count = [[0] * (board.cols + 1) for _ in range(board.rows + 1)]
    for r in range(board.rows):
        for c in range(board.cols):
            count[r + 1][c + 1] = (count[r][c + 1] + count[r + 1][c] - count[r][c]
                                   + (board.mark((r, c)) is not None))
    return count


class TatamibariGenre(Genre):
    names = ("tatamibari",)
    title = N_("Tatamibari")
    rules = (N_("Divide the board into rectangles, each holding exactly one mark."),
             N_("'+' is a square, '-' wider than tall, '|' taller than wide."),
             N_("Four rectangles never meet at one corner."))

    def decode(self, link: Link) -> Tatamibari:
        reader = Reader(link.body)
        reader.part = _("marks")
        marks: list[int | None] = []
        total = link.rows * link.cols
        codes = {char: mark for mark, char in LINK_CHAR.items()}
        while len(marks) < total and reader.peek():
            char = reader.take()
            if char in codes:
                marks.append(codes[char])
            elif "g" <= char <= "z":
                marks += [None] * (int(char, 36) - 15)
            else:
                reader.pos -= 1
                raise reader.fail(_("unexpected {char!r}").format(char=char))
        numbers.rest_refused(reader, _("extra parts"))
        return Tatamibari(link.rows, link.cols, tuple((marks + [None] * total)[:total]))

    def encode(self, board: Tatamibari) -> str:
        out, run = [], 0
        for mark in board.marks:
            if mark is None:
                run += 1
                if run == 20:
                    out.append("z")
                    run = 0
                continue
            if run:
                out.append(chr(ord("f") + run))
                run = 0
            out.append(LINK_CHAR[mark])
        if run:
            out.append(chr(ord("f") + run))
        return Link("tatamibari", board.cols, board.rows, "".join(out)).url()

    def constrain(self, board: Tatamibari, model: Model) -> dict[Rect, Lit]:
        chosen: dict[Rect, Lit] = {}
        for cell, mark in board.given().items():
            rects = candidates(board, cell, mark)
            lits = [model.var() for _ in rects]
            chosen.update(zip(rects, lits, strict=True))
            with model.about(_("the mark at {cell}").format(cell=check.where(cell))):
                model.exactly(lits, 1)
        model.show(chosen.values())
        covering: dict[Cell, list[Lit]] = {cell: [] for cell in board.grid.cells()}
        corner: dict[tuple[Cell, str], list[Lit]] = {}
        for rect, lit in chosen.items():
            for cell in cells_of(rect):
                covering[cell].append(lit)
            top, left, height, width = rect
            for name, cell in (("dr", (top + height - 1, left + width - 1)),
                               ("dl", (top + height - 1, left)),
                               ("ur", (top, left + width - 1)), ("ul", (top, left))):
                corner.setdefault((cell, name), []).append(lit)
        for lits in covering.values():
            model.exactly(lits, 1)
        with model.about(_("No four areas meet at a corner (below right of the cell)")):
            for r in range(1, board.rows):
                for c in range(1, board.cols):
                    meet = [corner.get(((r - 1, c - 1), "dr"), []),
                            corner.get(((r - 1, c), "dl"), []),
                            corner.get(((r, c - 1), "ur"), []), corner.get(((r, c), "ul"), [])]
                    if all(meet):
                        model.clause([-model.any_of(lits) for lits in meet])
        return chosen

    def answer(self, board: Tatamibari, variables: dict[Rect, Lit], values: Values) -> Answer:
        owner = {cell: rect for rect, lit in variables.items() if values(lit)
                 for cell in cells_of(rect)}
        return Answer(borders=frozenset(p for p in board.grid.pairs()
                                        if owner[p[0]] != owner[p[1]]))

    def check(self, board: Tatamibari, answer: Answer) -> list[Rule]:
        rooms = board.grid.rooms(answer.borders)
        marked = board.given()
        counted, shape = [], []
        for room in rooms:
            inside = [marked[c] for c in room if c in marked]
            rows = {r for r, _c in room}
            cols = {c for _r, c in room}
            height, width = len(rows), len(cols)
            if len(inside) != 1:
                counted.append(room[0])
            elif height * width != len(room) or not fits(inside[0], height, width):
                shape.append(room[0])
        crossing = [(r - 1, c - 1) for r in range(1, board.rows) for c in range(1, board.cols)
                    if {((r - 1, c - 1), (r - 1, c)), ((r, c - 1), (r, c)),
                        ((r - 1, c - 1), (r, c - 1)), ((r - 1, c), (r, c))} <= answer.borders]
        return [numbers.cells_rule(_("One mark in every area"), counted),
                numbers.cells_rule(_("Every area is a rectangle of its mark's shape"), shape),
                numbers.cells_rule(_("No four areas meet at a corner (below right of the cell)"),
                                   crossing)]

    def draw(self, board: Tatamibari, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols)
        sheet.grid(dashed=True)
        if answer is not None:
            sheet.walls(answer.borders)
        arm, width = sheet.cell * 0.28, max(3, sheet.cell // 12)
        for cell, mark in board.given().items():
            x, y = sheet.centre(cell)
            if mark in (SQUARE, WIDE):
                sheet.draw.line([(x - arm, y), (x + arm, y)], fill=render.BLACK, width=width)
            if mark in (SQUARE, TALL):
                sheet.draw.line([(x, y - arm), (x, y + arm)], fill=render.BLACK, width=width)
        sheet.numbers({c: "?" for c, m in board.given().items() if m == QUESTION})
        return sheet.finish()

    def pzprv3(self, board: Tatamibari, answer: Answer | None) -> str:
        walls = frozenset() if answer is None else answer.borders
        marks = pzprv3.cells(board.grid, lambda c: FILE_TOKEN.get(board.mark(c) or 0, "."))
        borders = pzprv3.pairs(board.grid, lambda p: "1" if p in walls else "0")
        return pzprv3.write("tatamibari", board.grid, [marks, *borders])

    def read_answer(self, board: Tatamibari, text: str) -> Answer:
        file = pzprv3.read(text)
        file.cells()
        return Answer(borders=numbers.read_walls(file))


GENRE = TatamibariGenre()
