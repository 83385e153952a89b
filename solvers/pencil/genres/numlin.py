"""Numberlink: join each pair of equal numbers by a line through cell centres; lines
neither branch nor cross, and every cell holds at most one line (cells may stay empty).

The link's body is the numbers (base 16 with g-z skips, '.' for an unknown number).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, paths, pzprv3, render
from ..codecs import QUESTION, Reader, read_number16, write_number16
from ..engine import Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Pair
from ..layers import Answer
from ..link import Link

ROOT = "numbers"


@dataclass(frozen=True)
class Numberlink:
    """The numbers (cell -> value, QUESTION for '?')."""

    rows: int
    cols: int
    numbers: Mapping[Cell, int]

    __hash__ = paths.board_hash


class NumberlinkGenre(Genre[Numberlink, dict[Pair, Lit]]):
    names = ("numlin", "numberlink")
    title = N_("Numberlink")
    rules = (N_("Join each pair of equal numbers with a line through the centres of cells."),
             N_("Lines do not branch or cross, and no two lines share a cell."),
             N_("A line never passes through a number."))

    def decode(self, link: Link) -> Numberlink:
        reader = Reader(link.body)
        reader.part = _("numbers")
        values = read_number16(reader, link.rows * link.cols)
        cells = [(r, c) for r in range(link.rows) for c in range(link.cols)]
        return Numberlink(link.rows, link.cols,
                          {c: v for c, v in zip(cells, values, strict=True) if v is not None})

    def encode(self, board: Numberlink) -> str:
        body = write_number16([board.numbers.get(c) for c in self.grid(board).cells()])
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Numberlink, model: Model) -> dict[Pair, Lit]:
        grid = self.grid(board)
        lines = paths.line_vars(model, grid)
        model.show(lines.values())
        values = sorted({v for v in board.numbers.values() if v != QUESTION})
        colour = {cell: [model.var() for _ in values] for cell in grid.cells()} \
            if len(values) > 1 else {}
        used: dict[object, Lit] = {}
        for cell in grid.cells():
            ways = list(paths.around(grid, lines, cell).values())
            used[cell] = model.any_of(ways)
            if colour:  # a colour for each cell on a line, none for an empty cell
                model.at_most(colour[cell], 1)
                model.equal(used[cell], model.any_of(colour[cell]))
            number = board.numbers.get(cell)
            if number is None:
                paths.degree(model, ways, (0, 2))
                continue
            with model.about(_("the {number} at {cell}").format(
                    number="?" if number == QUESTION else number, cell=check.where(cell))):
                paths.degree(model, ways, (1,))
                if colour and number != QUESTION:
                    model.clause([colour[cell][values.index(number)]])
        for (a, b), lit in lines.items() if colour else ():
            for x, y in zip(colour[a], colour[b], strict=True):
                model.implies([lit, x], y)
                model.implies([lit, y], x)
        # every line reaches a number: no loose loop of empty cells
        nodes = {**used, ROOT: model.true()}
        links: list[tuple[object, object, Lit] | tuple[object, object]] = [
            (a, b, lit) for (a, b), lit in lines.items()]
        links += [(cell, ROOT) for cell in board.numbers]
        model.connected(nodes, links, ROOT)
        return lines

    def answer(self, board: Numberlink, variables: dict[Pair, Lit], values: Values) -> Answer:
        return Answer(lines=frozenset(p for p, lit in variables.items() if values(lit)))

    def check(self, board: Numberlink, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        ways = paths.exits(answer.lines)
        count = {cell: len(ways.get(cell, ())) for cell in grid.cells()}
        out = [
            paths.cell_rule(_("No branch or crossing"), [c for c, n in count.items() if n > 2]),
            paths.cell_rule(_("Each number has one line"),
                       [c for c in board.numbers if count[c] != 1]),
            paths.cell_rule(_("Lines end only at numbers"),
                       [c for c, n in count.items() if n == 1 and c not in board.numbers])]
        joined = set(answer.lines)
        wrong = []
        for piece in check.pieces(grid, ways, lambda a, b: (min(a, b), max(a, b)) in joined):
            found = [board.numbers[c] for c in piece if c in board.numbers]
            known = {v for v in found if v != QUESTION}
            if len(found) != 2 or len(known) > 1:
                wrong.append(piece[0])
        out.append(paths.cell_rule(_("Each line joins two equal numbers"), wrong))
        return out

    def draw(self, board: Numberlink, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols)
        sheet.grid()
        if answer is not None:
            sheet.lines(answer.lines)
        sheet.circles(board.numbers)
        sheet.numbers(board.numbers)
        return sheet.finish()

    def pzprv3(self, board: Numberlink, answer: Answer | None) -> str:
        grid = self.grid(board)
        lines = answer.lines if answer is not None else frozenset()
        return pzprv3.write(self.name, grid, [
            pzprv3.cells(grid, lambda c: pzprv3.clue(board.numbers.get(c))),
            *pzprv3.pairs(grid, lambda p: "1" if p in lines else "0")])

    def read_answer(self, board: Numberlink, text: str) -> Answer:
        file = pzprv3.read(text)
        file.cells()
        return Answer(lines=paths.read_lines(file, self.grid(board)))


GENRE = NumberlinkGenre()
