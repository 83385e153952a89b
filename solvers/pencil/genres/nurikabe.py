"""Nurikabe: shade cells into one connected wall around numbered islands."""

from __future__ import annotations

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, codecs, pzprv3, rules
from ..engine import Lit, Model, Values
from ..genre import ClueBoard, Genre
from ..grid import Cell, Grid
from ..layers import Answer
from ..link import Link
from ..render import Sheet
from ..shading import Shaded


class Board(ClueBoard[int]):
    """The clues: cell -> size (codecs.QUESTION for '?')."""


class Nurikabe(Genre[Board, Shaded]):
    names = ("nurikabe",)
    title = N_("Nurikabe")
    rules = (
        N_("Shade some cells; the shaded cells form one connected wall."),
        N_("Each area of unshaded cells holds exactly one number, its size."),
        N_("No 2x2 block is all shaded."),
    )

    def decode(self, link: Link) -> Board:
        reader = codecs.Reader(link.body)
        values = codecs.read_number16(reader, link.rows * link.cols)
        grid = Grid(link.rows, link.cols)
        return Board(link.rows, link.cols, {cell: value for cell, value
                                            in zip(grid.cells(), values, strict=True)
                                            if value is not None})

    def encode(self, board: Board) -> str:
        body = codecs.write_number16([board.clues.get(c) for c in self.grid(board).cells()])
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Board, model: Model) -> Shaded:
        grid = self.grid(board)
        shaded = model.vars(grid.cells())
        model.show(shaded.values())
        for cell in board.clues:
            model.clause([-shaded[cell]])
        # each unshaded cell belongs to one numbered island, near enough to its number
        labels: dict[Cell, dict[Cell, Lit]] = {cell: {} for cell in grid.cells()}
        for clue, size in board.clues.items():
            reach = size - 1 if size > 0 else board.rows + board.cols
            for cell in grid.cells():
                if abs(cell[0] - clue[0]) + abs(cell[1] - clue[1]) <= reach:
                    labels[cell][clue] = model.var()
        for cell, own in labels.items():
            model.clause([shaded[cell], *own.values()])  # unshaded: some island
            model.at_most(list(own.values()), 1)
            for lit in own.values():
                model.clause([-lit, -shaded[cell]])
        for a, b in grid.pairs():
            for x, y in ((a, b), (b, a)):
                for clue, lit in labels[x].items():
                    other = labels[y].get(clue)
                    model.clause([shaded[x], shaded[y], -lit] + ([other] if other else []))
        for clue, size in board.clues.items():
            mine = {cell: own[clue] for cell, own in labels.items() if clue in own}
            with model.about(_("the {size} at {where}").format(
                    size="?" if size < 0 else size, where=check.where(clue))):
                model.clause([mine[clue]])
                if size > 0:
                    model.exactly(list(mine.values()), size)
            rules.connected_cells(model, grid, mine, root=clue)
        with model.about(_("no 2x2 shaded block")):
            rules.no_2x2(model, grid, shaded)
        rules.connected_cells(model, grid, shaded)
        return Shaded(shaded)

    def answer(self, board: Board, variables: Shaded, values: Values) -> Answer:
        shaded = frozenset(c for c, lit in variables.shaded.items() if values(lit))
        return Answer(shaded=shaded)

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        white = [c for c in grid.cells() if c not in answer.shaded]
        islands = check.pieces(grid, white)
        numbers = [[c for c in island if c in board.clues] for island in islands]
        wrong_size = [island[0] for island, nums in zip(islands, numbers, strict=True)
                      if len(nums) == 1 and board.clues[nums[0]] > 0
                      and board.clues[nums[0]] != len(island)]
        walls = check.pieces(grid, answer.shaded)
        return [
            check.rule(_("No 2x2 shaded block"), check.squares_all(grid, answer.shaded),
                       check.where),  # type: ignore[arg-type]
            check.rule(_("Every area has a number"),
                       [i[0] for i, n in zip(islands, numbers, strict=True) if not n],
                       check.where),  # type: ignore[arg-type]
            Rule(_("Shaded cells connected"), len(walls) <= 1,
                 check.pieces_text(len(walls)), ": "),
            check.rule(_("One number per area"),
                       [n[1] for n in numbers if len(n) > 1], check.where),  # type: ignore
            check.rule(_("Area sizes match their numbers"), wrong_size,
                       check.where),  # type: ignore[arg-type]
        ]

    def draw(self, board: Board, answer: Answer | None) -> Image.Image:
        sheet = Sheet(board.rows, board.cols)
        if answer:
            sheet.fill(answer.shaded)
            sheet.dots(c for c in self.grid(board).cells()
                       if c not in answer.shaded and c not in board.clues)
        sheet.grid()
        sheet.numbers(board.clues)
        return sheet.finish()

    def pzprv3(self, board: Board, answer: Answer | None) -> str:
        shaded = answer.shaded if answer else frozenset()
        dotted = answer is not None

        def token(cell: Cell) -> str:
            if cell in board.clues:
                return pzprv3.clue(board.clues[cell])
            return "#" if cell in shaded else "+" if dotted else "."

        grid = self.grid(board)
        return pzprv3.write(self.name, grid, [pzprv3.cells(grid, token)])

    def read_answer(self, board: Board, text: str) -> Answer:
        file = pzprv3.read(text)
        rows = file.cells()
        return Answer(shaded=frozenset((r, c) for r, row in enumerate(rows)
                                       for c, token in enumerate(row) if token == "#"))


GENRE = Nurikabe()
