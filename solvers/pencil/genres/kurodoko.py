"""Kurodoko: shade cells so that each number sees that many unshaded cells."""

from __future__ import annotations

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, codecs, pzprv3, rules
from ..engine import Model, Values
from ..genre import ClueBoard, Genre
from ..grid import STEPS, Cell, Grid
from ..layers import Answer
from ..link import Link
from ..render import Sheet
from ..shading import Shaded, answer_file, connected_rule, marked, shaded_cells


class Board(ClueBoard[int]):
    """The numbers: cell -> how many cells it sees, itself included (QUESTION for '?')."""


def seen(grid: Grid, cell: Cell, shaded: frozenset[Cell]) -> int:
    """How many cells a number sees: itself and the unshaded cells in line with it up
    to the first shaded cell or the edge, in the four directions."""
    count = 1
    for step in STEPS:
        for other in grid.line(cell, step):
            if other in shaded:
                break
            count += 1
    return count


class Kurodoko(Genre[Board, Shaded]):
    names = ("kurodoko",)
    title = N_("Kurodoko")
    rules = (
        N_("Shade some cells; numbered cells stay unshaded."),
        N_("Shaded cells never touch side by side; the unshaded cells are all connected."),
        N_("A number counts the unshaded cells it sees in its row and column, itself "
           "included, up to a shaded cell or the edge."),
    )

    def decode(self, link: Link) -> Board:
        values = codecs.read_number16(codecs.Reader(link.body), link.rows * link.cols)
        cells = Grid(link.rows, link.cols).cells()
        return Board(link.rows, link.cols, {cell: value for cell, value
                                            in zip(cells, values, strict=True)
                                            if value is not None})

    def encode(self, board: Board) -> str:
        body = codecs.write_number16([board.clues.get(c) for c in self.grid(board).cells()])
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Board, model: Model) -> Shaded:
        grid = self.grid(board)
        shaded = model.vars(grid.cells())
        model.show(shaded.values())
        model.clause(shaded.values())  # the player wants some shading
        for cell, number in board.clues.items():
            model.clause([-shaded[cell]])
            if number < 1:
                continue
            with model.about(_("the {number} at {where}").format(
                    number=number, where=check.where(cell))):
                visible = []
                for step in STEPS:
                    reach = model.true()
                    for other in grid.line(cell, step):
                        reach = model.all_of([reach, -shaded[other]])
                        visible.append(reach)
                rules.count_in(model, visible, number - 1)
        with model.about(_("no two shaded cells side by side")):
            rules.no_adjacent(model, grid, shaded)
        rules.connected_cells(model, grid, {cell: -lit for cell, lit in shaded.items()})
        return Shaded(shaded)

    def answer(self, board: Board, variables: Shaded, values: Values) -> Answer:
        return Answer(shaded=shaded_cells(variables.shaded, values))

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        white = [cell for cell in grid.cells() if cell not in answer.shaded]
        return [
            check.rule(_("Numbers stay unshaded"), sorted(answer.shaded & set(board.clues)),
                       check.where),  # type: ignore[arg-type]
            check.rule(_("Shaded cells never side by side"),
                       check.adjacent_pairs(grid, answer.shaded), check.where),  # type: ignore
            Rule(_("Some cell is shaded"), bool(answer.shaded)),
            connected_rule(grid, white, _("Unshaded cells connected")),
            check.rule(_("Numbers count the cells they see"), sorted(
                cell for cell, number in board.clues.items()
                if number > 0 and seen(grid, cell, answer.shaded) != number),
                check.where),  # type: ignore[arg-type]
        ]

    def draw(self, board: Board, answer: Answer | None) -> Image.Image:
        sheet = Sheet(board.rows, board.cols)
        if answer:
            sheet.fill(answer.shaded)
        sheet.grid()
        sheet.circles(board.clues)
        sheet.numbers(board.clues, scale=0.5)
        return sheet.finish()

    def pzprv3(self, board: Board, answer: Answer | None) -> str:
        shaded = answer.shaded if answer else frozenset()
        grid = self.grid(board)
        return pzprv3.write(self.name, grid, [
            pzprv3.cells(grid, lambda cell: pzprv3.clue(board.clues.get(cell))),
            pzprv3.cells(grid, lambda cell: "#" if cell in shaded else
                         "+" if answer and cell not in board.clues else ".")])

    def read_answer(self, board: Board, text: str) -> Answer:
        file = answer_file(text, board.rows, board.cols)
        file.cells()  # the clues
        return Answer(shaded=marked(file.cells()))


GENRE = Kurodoko()
