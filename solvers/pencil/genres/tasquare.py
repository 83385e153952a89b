"""Tasukuea (Tasquare): shade squares; a number sums the sizes of the squares it touches."""

from __future__ import annotations

from itertools import product

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
from ..shading import Shaded, answer_file, connected_rule, marked, shaded_cells


class Board(ClueBoard[int]):
    """The numbers: cell -> the sum of the touching squares' areas (QUESTION for '?')."""


def is_square(piece: list[Cell]) -> bool:
    """Whether a piece fills a square: as many rows as columns, and all of them."""
    rows = {r for r, _c in piece}
    cols = {c for _r, c in piece}
    return len(rows) == len(cols) and len(piece) == len(rows) ** 2


def touching(grid: Grid, cell: Cell, pieces: list[list[Cell]]) -> list[list[Cell]]:
    """The pieces that touch a cell side to side."""
    near = set(grid.neighbours(cell))
    return [piece for piece in pieces if near.intersection(piece)]


class Tasquare(Genre[Board, Shaded]):
    names = ("tasquare",)
    title = N_("Tasukuea (Tasquare)")
    rules = (
        N_("Shade some cells without numbers; each piece of shaded cells is a square."),
        N_("The unshaded cells are all connected."),
        N_("A number is the total area of the squares it touches; a '?' touches at least "
           "one square."),
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
        model.clause(shaded.values())
        for cell in board.clues:
            model.clause([-shaded[cell]])
        with model.about(_("shaded pieces are squares")):
            self._squares(model, grid, shaded)
        for cell, number in board.clues.items():
            with model.about(_("the {number} at {where}").format(
                    number="?" if number < 0 else number, where=check.where(cell))):
                if number < 0:
                    model.clause([shaded[other] for other in grid.neighbours(cell)])
                else:
                    self._sum(model, grid, cell, number, shaded)
        rules.connected_cells(model, grid, {cell: -lit for cell, lit in shaded.items()})
        return Shaded(shaded)

    @staticmethod
    def _squares(model: Model, grid: Grid, shaded: dict[Cell, Lit]) -> None:
        """Every piece of shaded cells is a square, said locally: no 2x2 block holds
        exactly three shaded cells (a piece without an inner corner is a rectangle),
        and from a piece's top-left cell it runs as far right as down."""
        for block in grid.squares():
            for odd in block:
                model.clause([shaded[odd], *(-shaded[c] for c in block if c != odd)])
        false = -model.true()
        right: dict[Cell, list[Lit]] = {}  # right[cell][i]: the cell and i more rightwards
        down: dict[Cell, list[Lit]] = {}
        for r in reversed(range(grid.rows)):
            for c in reversed(range(grid.cols)):
                for runs, nxt in ((right, (r, c + 1)), (down, (r + 1, c))):
                    runs[r, c] = [shaded[r, c]] + [model.all_of([shaded[r, c], lit])
                                                   for lit in runs.get(nxt, [])]
        for (r, c), lit in shaded.items():
            corner = [lit, -shaded.get((r - 1, c), false), -shaded.get((r, c - 1), false)]
            across, deep = right[r, c], down[r, c]
            for i in range(max(len(across), len(deep))):
                one = across[i] if i < len(across) else false
                other = deep[i] if i < len(deep) else false
                model.implies(corner + [one], other)
                model.implies(corner + [other], one)

    @staticmethod
    def _sum(model: Model, grid: Grid, cell: Cell, number: int,
             shaded: dict[Cell, Lit]) -> None:
        """The areas of the squares on the cell's sides add up to `number`. A square
        beside the cell has the side of the shaded run through the neighbour across
        that side; each side touches at most one square (two sides' square would hold
        the cell itself), so every combination of areas, one a side, that misses the
        sum is ruled out."""
        false = -model.true()
        sides = []
        for other in grid.neighbours(cell):
            across = (other[1] - cell[1], other[0] - cell[0])  # along the touching side
            areas = {0: -shaded[other]}
            for side in range(1, int(number ** 0.5) + 1):
                runs = []
                for first in range(side):  # the run holds `other` as its cell `first`
                    cells = [(other[0] + (k - first) * across[0], other[1] + (k - first)
                              * across[1]) for k in range(-1, side + 1)]
                    if all(grid.inside(c) for c in cells[1:-1]):
                        runs.append(model.all_of(
                            [-shaded.get(cells[0], false), -shaded.get(cells[-1], false),
                             *(shaded[c] for c in cells[1:-1])]))
                if runs:
                    areas[side * side] = model.any_of(runs)
            model.implies(shaded[other], list(areas.values())[1:])
            sides.append(areas)
        for combination in product(*(areas.items() for areas in sides)):
            if sum(area for area, _lit in combination) != number:
                model.clause([-lit for _area, lit in combination])

    def answer(self, board: Board, variables: Shaded, values: Values) -> Answer:
        return Answer(shaded=shaded_cells(variables.shaded, values))

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        pieces = check.pieces(grid, answer.shaded)
        wrong = [cell for cell, number in board.clues.items()
                 if (number >= 0 and sum(map(len, touching(grid, cell, pieces))) != number)
                 or (number < 0 and not touching(grid, cell, pieces))]
        white = [cell for cell in grid.cells() if cell not in answer.shaded]
        return [
            check.rule(_("Numbers stay unshaded"), sorted(answer.shaded & set(board.clues)),
                       check.where),  # type: ignore[arg-type]
            check.rule(_("Shaded pieces are squares"),
                       [piece[0] for piece in pieces if not is_square(piece)],
                       check.where),  # type: ignore[arg-type]
            Rule(_("Some cell is shaded"), bool(answer.shaded)),
            connected_rule(grid, white, _("Unshaded cells connected")),
            check.rule(_("Numbers sum the touching squares"), sorted(wrong),
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

        def token(cell: Cell) -> str:
            if cell in board.clues:
                return pzprv3.clue(board.clues[cell])
            return "#" if cell in shaded else "+" if answer else "."

        return pzprv3.write(self.name, grid, [pzprv3.cells(grid, token)])

    def read_answer(self, board: Board, text: str) -> Answer:
        file = answer_file(text, board.rows, board.cols)
        return Answer(shaded=marked(file.cells()))


GENRE = Tasquare()
