"""LITS: shade one tetromino in every region, all joined, without equal shapes touching."""

from __future__ import annotations

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, pzprv3, rules
from ..engine import Lit, Model, Values
from ..genre import Genre, WallBoard
from ..grid import Cell
from ..layers import Answer
from ..link import Link
from ..render import Sheet
from ..shading import (
    SHADE,
    Shaded,
    answer_file,
    connected_rule,
    marked,
    placements,
    room_blocks,
    shaded_cells,
    tetromino,
)

#: the shapes LITS places (the square is ruled out by the 2x2 rule)
LETTERS = ("L", "I", "T", "S")


class Board(WallBoard):
    """The walls between regions."""


class Lits(Genre[Board, Shaded]):
    names = ("lits",)
    title = N_("LITS")
    rules = (
        N_("Shade four connected cells in every region: an L, I, T or S tetromino."),
        N_("All shaded cells are connected; no 2x2 block is all shaded."),
        N_("Two tetrominoes of the same shape never touch across a region border."),
    )

    def decode(self, link: Link) -> Board:
        return Board.read(link)

    def encode(self, board: Board) -> str:
        return Link(self.name, board.cols, board.rows, board.body()).url()

    def constrain(self, board: Board, model: Model) -> Shaded:
        grid = self.grid(board)
        shaded = model.vars(grid.cells())
        model.show(shaded.values())
        rooms = grid.rooms(board.walls)
        letter_of: dict[Cell, dict[str, Lit]] = {}
        for room in rooms:
            with model.about(_("the region at {where}").format(where=check.where(room[0]))):
                # four shaded cells, and some tetromino among them: then they are it (a
                # placement holds when its four cells are shaded; no choice to make)
                rules.count_in(model, [shaded[cell] for cell in room], 4)
                chosen = [(letter, model.all_of([shaded[cell] for cell in cells]))
                          for letter, cells in placements(room) if letter in LETTERS]
                model.clause([lit for _, lit in chosen])
                letters = {letter: model.any_of([lit for name, lit in chosen
                                                 if name == letter]) for letter in LETTERS}
            for cell in room:
                letter_of[cell] = letters
        index = check.room_of(rooms)
        with model.about(_("no equal shapes touching")):
            for a, b in grid.pairs():
                if index[a] == index[b]:
                    continue
                for letter in LETTERS:
                    model.clause([-shaded[a], -shaded[b], -letter_of[a][letter],
                                  -letter_of[b][letter]])
        # all shaded cells connected: each region's tetromino is, so the regions must be,
        # joined where two tetrominoes touch across a wall (a far smaller graph to cut)
        joins: dict[tuple[int, int], list[Lit]] = {}
        for a, b in grid.pairs():
            if index[a] != index[b]:
                key = (min(index[a], index[b]), max(index[a], index[b]))
                joins.setdefault(key, []).append(model.all_of([shaded[a], shaded[b]]))
        true = model.true()
        model.connected({room: true for room in range(len(rooms))},
                        [(one, other, model.any_of(lits)) for (one, other), lits in joins.items()])
        with model.about(_("no 2x2 shaded block")):
            rules.no_2x2(model, grid, shaded)
        return Shaded(shaded)

    def answer(self, board: Board, variables: Shaded, values: Values) -> Answer:
        return Answer(shaded=shaded_cells(variables.shaded, values))

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        rooms = grid.rooms(board.walls)
        shapes = {}
        for room in rooms:
            shape = tetromino([c for c in room if c in answer.shaded])
            for cell in room:
                shapes[cell] = shape
        not_tetromino = [room[0] for room in rooms if shapes[room[0]] is None]
        index = check.room_of(rooms)
        same = sorted({a for a, b in grid.pairs() if index[a] != index[b]
                       and a in answer.shaded and b in answer.shaded
                       and shapes[a] is not None and shapes[a] == shapes[b]})
        return [
            check.rule(_("A tetromino in every region"), not_tetromino,
                       check.where),  # type: ignore[arg-type]
            check.rule(_("No equal shapes touching"), same, check.where),  # type: ignore
            check.rule(_("No 2x2 shaded block"), check.squares_all(grid, answer.shaded),
                       check.where),  # type: ignore[arg-type]
            connected_rule(grid, answer.shaded, _("Shaded cells connected")),
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


GENRE = Lits()
