"""Yin-Yang: fill every cell with a black or white circle; each colour one connected area."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, codecs, pzprv3, rules
from ..engine import Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid
from ..layers import Answer
from ..link import Link
from ..render import LIGHT, Sheet
from ..shading import answer_file, connected_rule, marked, shaded_cells

#: the links' and files' circle codes
WHITE, BLACK = 1, 2


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    #: the given circles: cell -> WHITE or BLACK
    given: dict[Cell, int]

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, tuple(sorted(self.given.items()))))


@dataclass
class Vars:
    black: dict[Cell, Lit]


class YinYang(Genre[Board, Vars]):
    names = ("yinyang",)
    title = N_("Yin-Yang")
    rules = (
        N_("Put a black or a white circle in every cell."),
        N_("The black circles are all connected, and so are the white ones."),
        N_("No 2x2 block holds four circles of one colour."),
    )

    def decode(self, link: Link) -> Board:
        values = codecs.read_trits(codecs.Reader(link.body), link.rows * link.cols)
        cells = Grid(link.rows, link.cols).cells()
        return Board(link.rows, link.cols, {cell: value for cell, value
                                            in zip(cells, values, strict=True) if value})

    def encode(self, board: Board) -> str:
        body = codecs.write_trits([board.given.get(c, 0) for c in self.grid(board).cells()])
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Board, model: Model) -> Vars:
        grid = self.grid(board)
        black = model.vars(grid.cells())
        model.show(black.values())
        for cell, colour in board.given.items():
            model.clause([black[cell] if colour == BLACK else -black[cell]])
        white = {cell: -lit for cell, lit in black.items()}
        with model.about(_("no 2x2 block of one colour")):
            for side in (black, white):
                rules.no_2x2(model, grid, side)
        for side in (black, white):
            rules.connected_cells(model, grid, side)
        self._planar(model, grid, black)
        return Vars(black)

    @staticmethod
    def _planar(model: Model, grid: Grid, black: dict[Cell, Lit]) -> None:
        """Two consequences of both colours being connected on a flat board, given to
        the solver so that it need not find them cut by cut: no 2x2 block is a
        checkerboard (its two blacks would be joined around one of its whites, cutting
        the other off), and going round the board's edge the colour changes at most
        twice (two black runs there would be joined across, cutting the whites apart)."""
        for a, b, c, d in grid.squares():
            model.clause([-black[a], -black[d], black[b], black[c]])
            model.clause([black[a], black[d], -black[b], -black[c]])
        edge = list(dict.fromkeys(
            [(0, c) for c in range(grid.cols)] + [(r, grid.cols - 1) for r in range(grid.rows)]
            + [(grid.rows - 1, c) for c in reversed(range(grid.cols))]
            + [(r, 0) for r in reversed(range(grid.rows))]))
        if len(edge) > 2:
            changes = [model.var() for _cell in edge]  # holds where the colour changes
            for change, one, other in zip(changes, edge, edge[1:] + edge[:1], strict=True):
                model.clause([change, black[one], -black[other]])
                model.clause([change, -black[one], black[other]])
            model.at_most(changes, 2)

    def answer(self, board: Board, variables: Vars, values: Values) -> Answer:
        return Answer(shaded=shaded_cells(variables.black, values))

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        white = [cell for cell in grid.cells() if cell not in answer.shaded]
        changed = [cell for cell, colour in board.given.items()
                   if (cell in answer.shaded) != (colour == BLACK)]
        return [
            check.rule(_("Given circles kept"), sorted(changed), check.where),  # type: ignore
            check.rule(_("No 2x2 block of one colour"), sorted(
                check.squares_all(grid, answer.shaded) + check.squares_all(grid, white)),
                check.where),  # type: ignore[arg-type]
            connected_rule(grid, answer.shaded, _("Black circles connected")),
            connected_rule(grid, white, _("White circles connected")),
        ]

    def draw(self, board: Board, answer: Answer | None) -> Image.Image:
        sheet = Sheet(board.rows, board.cols)
        sheet.fill(board.given, LIGHT)
        sheet.grid()
        if answer:
            black = answer.shaded
            sheet.circles([c for c in self.grid(board).cells() if c not in black])
        else:
            black = frozenset(c for c, colour in board.given.items() if colour == BLACK)
            sheet.circles([c for c, colour in board.given.items() if colour == WHITE])
        sheet.circles(black, black=True)
        return sheet.finish()

    def pzprv3(self, board: Board, answer: Answer | None) -> str:
        grid = self.grid(board)

        def answered(cell: Cell) -> str:
            if answer is None or cell in board.given:
                return "."
            return str(BLACK if cell in answer.shaded else WHITE)

        return pzprv3.write(self.name, grid, [
            pzprv3.cells(grid, lambda cell: pzprv3.clue(board.given.get(cell))),
            pzprv3.cells(grid, answered)])

    def read_answer(self, board: Board, text: str) -> Answer:
        file = answer_file(text, board.rows, board.cols)
        file.cells()  # the given circles
        given = frozenset(cell for cell, colour in board.given.items() if colour == BLACK)
        return Answer(shaded=given | marked(file.cells(), (str(BLACK),)))


GENRE = YinYang()
