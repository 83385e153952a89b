"""Yajikazu: shade cells; an unshaded arrow counts the shaded cells it points at."""

from __future__ import annotations

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, codecs, pzprv3, rules
from ..engine import Model, Values
from ..genre import ClueBoard, Genre
from ..grid import Grid
from ..layers import Answer
from ..link import Link
from ..render import Sheet
from ..shading import (
    Shaded,
    answer_file,
    arrow_token,
    connected_rule,
    count_is,
    draw_arrow_clues,
    marked,
    pointed,
    shaded_cells,
)


class Board(ClueBoard[tuple[int, int]]):
    """The clue cells: cell -> (arrow 0-4, number | QUESTION | BLANK)."""


class Yajikazu(Genre[Board, Shaded]):
    names = ("yajikazu",)
    title = N_("Yajikazu")
    rules = (
        N_("Shade some cells, clue cells too; shaded cells never touch side by side."),
        N_("The unshaded cells are all connected."),
        N_("An unshaded arrow's number counts the shaded cells it points at; a shaded "
           "clue says nothing."),
    )

    def decode(self, link: Link) -> Board:
        values = codecs.read_arrow_numbers(codecs.Reader(link.body), link.rows * link.cols)
        cells = Grid(link.rows, link.cols).cells()
        return Board(link.rows, link.cols, {cell: value for cell, value
                                            in zip(cells, values, strict=True) if value})

    def encode(self, board: Board) -> str:
        body = codecs.write_arrow_numbers([board.clues.get(c)
                                           for c in self.grid(board).cells()])
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Board, model: Model) -> Shaded:
        grid = self.grid(board)
        shaded = model.vars(grid.cells())
        model.show(shaded.values())
        model.clause(shaded.values())
        for cell, (direction, number) in board.clues.items():
            if number >= 0 and direction:
                with model.about(_("the arrow {number} at {where}").format(
                        number=number, where=check.where(cell))):
                    counted = count_is(model, [shaded[c] for c in pointed(grid, cell, direction)],
                                       number)
                    model.clause([shaded[cell], counted])
        with model.about(_("no two shaded cells side by side")):
            rules.no_adjacent(model, grid, shaded)
        rules.connected_cells(model, grid, {cell: -lit for cell, lit in shaded.items()})
        return Shaded(shaded)

    def answer(self, board: Board, variables: Shaded, values: Values) -> Answer:
        return Answer(shaded=shaded_cells(variables.shaded, values))

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        wrong = [cell for cell, (direction, number) in board.clues.items()
                 if cell not in answer.shaded and number >= 0 and direction and number != sum(
                     c in answer.shaded for c in pointed(grid, cell, direction))]
        white = [cell for cell in grid.cells() if cell not in answer.shaded]
        return [
            check.rule(_("Shaded cells never side by side"),
                       check.adjacent_pairs(grid, answer.shaded), check.where),  # type: ignore
            Rule(_("Some cell is shaded"), bool(answer.shaded)),
            connected_rule(grid, white, _("Unshaded cells connected")),
            check.rule(_("Unshaded arrows count the shaded cells"), sorted(wrong),
                       check.where),  # type: ignore[arg-type]
        ]

    def draw(self, board: Board, answer: Answer | None) -> Image.Image:
        sheet = Sheet(board.rows, board.cols)
        shaded = answer.shaded if answer else frozenset()
        sheet.fill(shaded)
        sheet.grid()
        draw_arrow_clues(sheet, board.clues, shaded)
        return sheet.finish()

    def pzprv3(self, board: Board, answer: Answer | None) -> str:
        shaded = answer.shaded if answer else frozenset()
        grid = self.grid(board)

        return pzprv3.write(self.name, grid, [
            pzprv3.cells(grid, lambda cell: arrow_token(board.clues.get(cell))),
            pzprv3.cells(grid, lambda cell: "#" if cell in shaded else "+" if answer else ".")])

    def read_answer(self, board: Board, text: str) -> Answer:
        file = answer_file(text, board.rows, board.cols)
        file.cells()  # the clues
        return Answer(shaded=marked(file.cells()))


GENRE = Yajikazu()
