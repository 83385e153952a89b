"""Norinori: shade two cells in every region so that the shading is all dominoes."""

from __future__ import annotations

from itertools import combinations

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, pzprv3, rules
from ..engine import Model, Values
from ..genre import Genre, WallBoard
from ..layers import Answer
from ..link import Link
from ..render import Sheet
from ..shading import SHADE, Shaded, answer_file, marked, room_blocks, shaded_cells


class Board(WallBoard):
    """The walls between regions."""


class Norinori(Genre[Board, Shaded]):
    names = ("norinori",)
    title = N_("Norinori")
    rules = (
        N_("Shade exactly two cells in every region."),
        N_("Every shaded cell touches exactly one other shaded cell: the shading is dominoes."),
    )

    def decode(self, link: Link) -> Board:
        return Board.read(link)

    def encode(self, board: Board) -> str:
        return Link(self.name, board.cols, board.rows, board.body()).url()

    def constrain(self, board: Board, model: Model) -> Shaded:
        grid = self.grid(board)
        shaded = model.vars(grid.cells())
        model.show(shaded.values())
        for room in grid.rooms(board.walls):
            with model.about(_("the region at {where}").format(where=check.where(room[0]))):
                rules.count_in(model, [shaded[cell] for cell in room], 2)
        with model.about(_("the shading is dominoes")):
            for cell in grid.cells():
                near = [shaded[other] for other in grid.neighbours(cell)]
                model.implies(shaded[cell], near)
                for a, b in combinations(near, 2):
                    model.clause([-shaded[cell], -a, -b])
        return Shaded(shaded)

    def answer(self, board: Board, variables: Shaded, values: Values) -> Answer:
        return Answer(shaded=shaded_cells(variables.shaded, values))

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        rooms = grid.rooms(board.walls)
        return [
            check.rule(_("Two shaded cells in every region"),
                       [room[0] for room in rooms
                        if sum(c in answer.shaded for c in room) != 2],
                       check.where),  # type: ignore[arg-type]
            check.rule(_("The shading is dominoes"),
                       [piece[0] for piece in check.pieces(grid, answer.shaded)
                        if len(piece) != 2], check.where),  # type: ignore[arg-type]
        ]

    def draw(self, board: Board, answer: Answer | None) -> Image.Image:
        sheet = Sheet(board.rows, board.cols)
        if answer:
            sheet.fill(answer.shaded, SHADE)
        sheet.grid()
        sheet.walls(board.walls)
        return sheet.finish()

    def pzprv3(self, board: Board, answer: Answer | None) -> str:
        shaded = answer.shaded if answer else frozenset()
        grid = self.grid(board)
        return pzprv3.write(self.name, grid, [
            *room_blocks(grid, board.walls),
            pzprv3.cells(grid, lambda cell: "#" if cell in shaded else ".")])

    def read_answer(self, board: Board, text: str) -> Answer:
        file = answer_file(text, board.rows, board.cols)
        file.block(1, 1)  # the number of regions
        file.cells()  # each cell's region
        return Answer(shaded=marked(file.cells()))


GENRE = Norinori()
