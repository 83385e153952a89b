"""Creek: shade cells so that each corner's number counts the shaded cells around it."""

from __future__ import annotations

from PIL import Image

from ...draw import centred_text
from ...i18n import N_, _
from ...values import Rule
from .. import check, codecs, pzprv3, rules
from ..engine import Model, Values
from ..genre import ClueBoard, Genre
from ..grid import Cell, Grid, Vertex
from ..layers import Answer
from ..link import Link
from ..render import BLACK, WHITE, Sheet
from ..shading import Shaded, answer_file, connected_rule, marked, shaded_cells


class Board(ClueBoard[int]):
    """The numbers on the grid's corners: vertex -> count (QUESTION for '?')."""


def around(grid: Grid, vertex: Vertex) -> list[Cell]:
    """The cells (one to four) that meet at a vertex."""
    r, c = vertex
    return [cell for cell in ((r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c))
            if grid.inside(cell)]


class Creek(Genre[Board, Shaded]):
    names = ("creek",)
    title = N_("Creek")
    rules = (
        N_("Shade some cells; a number on a corner counts the shaded cells around it."),
        N_("The unshaded cells are all connected."),
    )

    def decode(self, link: Link) -> Board:
        grid = Grid(link.rows, link.cols)
        values = codecs.read_4cell(codecs.Reader(link.body), len(grid.vertices()))
        return Board(link.rows, link.cols, {vertex: value for vertex, value
                                            in zip(grid.vertices(), values, strict=True)
                                            if value is not None})

    def encode(self, board: Board) -> str:
        body = codecs.write_4cell([board.clues.get(v) for v in self.grid(board).vertices()])
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Board, model: Model) -> Shaded:
        grid = self.grid(board)
        shaded = model.vars(grid.cells())
        model.show(shaded.values())
        model.clause(shaded.values())
        for vertex, number in board.clues.items():
            if number >= 0:
                with model.about(_("the {number} at the corner {where}").format(
                        number=number, where=check.where(vertex))):
                    rules.count_in(model, [shaded[c] for c in around(grid, vertex)], number)
        rules.connected_cells(model, grid, {cell: -lit for cell, lit in shaded.items()})
        return Shaded(shaded)

    def answer(self, board: Board, variables: Shaded, values: Values) -> Answer:
        return Answer(shaded=shaded_cells(variables.shaded, values))

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        wrong = [vertex for vertex, number in board.clues.items() if number >= 0
                 and number != sum(c in answer.shaded for c in around(grid, vertex))]
        white = [cell for cell in grid.cells() if cell not in answer.shaded]
        return [
            check.rule(_("Corner numbers count the shaded cells"), sorted(wrong),
                       check.where),  # type: ignore[arg-type]
            Rule(_("Some cell is shaded"), bool(answer.shaded)),
            connected_rule(grid, white, _("Unshaded cells connected")),
        ]

    def draw(self, board: Board, answer: Answer | None) -> Image.Image:
        sheet = Sheet(board.rows, board.cols)
        if answer:
            sheet.fill(answer.shaded)
        sheet.grid()
        radius = sheet.cell * 0.24
        for vertex, number in board.clues.items():
            x, y = sheet.corner(vertex)
            sheet.draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=WHITE,
                               outline=BLACK, width=max(1, sheet.cell // 24))
            centred_text(sheet.draw, (x, y), "?" if number < 0 else str(number),
                         int(sheet.cell * 0.36))
        return sheet.finish()

    def pzprv3(self, board: Board, answer: Answer | None) -> str:
        shaded = answer.shaded if answer else frozenset()
        grid = self.grid(board)
        corners = [[pzprv3.clue(board.clues.get((r, c))) for c in range(board.cols + 1)]
                   for r in range(board.rows + 1)]
        return pzprv3.write(self.name, grid, [
            corners, pzprv3.cells(grid, lambda cell: "#" if cell in shaded else
                                  "+" if answer else ".")])

    def read_answer(self, board: Board, text: str) -> Answer:
        file = answer_file(text, board.rows, board.cols)
        file.block(board.rows + 1, board.cols + 1)  # the corner numbers
        return Answer(shaded=marked(file.cells()))


GENRE = Creek()
