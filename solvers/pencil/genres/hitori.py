"""Hitori: shade repeated numbers away; shaded cells never touch, the rest stay joined."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, codecs, pzprv3, rules
from ..engine import Model, Values
from ..genre import Genre
from ..grid import Cell, Grid
from ..layers import Answer
from ..link import Link
from ..render import Sheet
from ..shading import Shaded


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    numbers: dict[Cell, int]

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, tuple(sorted(self.numbers.items()))))

    def lines(self) -> list[list[Cell]]:
        """Every row, then every column."""
        return ([[(r, c) for c in range(self.cols)] for r in range(self.rows)]
                + [[(r, c) for r in range(self.rows)] for c in range(self.cols)])


def repeats(board: Board, shaded: frozenset[Cell], line: list[Cell]) -> list[Cell]:
    """The unshaded cells of a line whose number appears unshaded more than once."""
    seen = Counter(board.numbers[c] for c in line if c in board.numbers and c not in shaded
                   and board.numbers[c] >= 0)
    return [c for c in line if c in board.numbers and c not in shaded
            and seen[board.numbers[c]] > 1]


class Hitori(Genre[Board, Shaded]):
    names = ("hitori",)
    title = N_("Hitori")
    rules = (
        N_("Shade cells so that no number appears twice unshaded in a row or column."),
        N_("Shaded cells never touch side by side."),
        N_("The unshaded cells form one connected area."),
    )

    def decode(self, link: Link) -> Board:
        values = codecs.read_number36(codecs.Reader(link.body), link.rows * link.cols)
        cells = Grid(link.rows, link.cols).cells()
        return Board(link.rows, link.cols, {c: v for c, v in zip(cells, values, strict=True)
                                            if v is not None})

    def encode(self, board: Board) -> str:
        body = codecs.write_number36([board.numbers.get(c) for c in self.grid(board).cells()])
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Board, model: Model) -> Shaded:
        grid = self.grid(board)
        shaded = model.vars(grid.cells())
        model.show(shaded.values())
        with model.about(_("no two shaded cells side by side")):
            rules.no_adjacent(model, grid, shaded)
        for line in board.lines():
            by_value: dict[int, list[Cell]] = {}
            for cell in line:
                if board.numbers.get(cell, -1) >= 0:
                    by_value.setdefault(board.numbers[cell], []).append(cell)
            for value, cells in by_value.items():
                if len(cells) > 1:
                    with model.about(_("the {value}s from {where}").format(
                            value=value, where=check.where(cells[0]))):
                        model.at_most([-shaded[c] for c in cells], 1)
        rules.connected_cells(model, grid, {c: -lit for c, lit in shaded.items()})
        return Shaded(shaded)

    def answer(self, board: Board, variables: Shaded, values: Values) -> Answer:
        return Answer(shaded=frozenset(c for c, lit in variables.shaded.items() if values(lit)))

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        areas = check.pieces(grid, [c for c in grid.cells() if c not in answer.shaded])
        twice = sorted({c for line in board.lines() for c in repeats(board, answer.shaded,
                                                                       line)})
        return [
            check.rule(_("No shaded cells side by side"),
                       check.adjacent_pairs(grid, answer.shaded), check.where),  # type: ignore
            Rule(_("Unshaded cells connected"), len(areas) <= 1,
                 check.pieces_text(len(areas)), ": "),
            check.rule(_("No number twice unshaded in a row or column"), twice,
                       check.where),  # type: ignore[arg-type]
        ]

    def draw(self, board: Board, answer: Answer | None) -> Image.Image:
        sheet = Sheet(board.rows, board.cols)
        shaded = answer.shaded if answer else frozenset()
        sheet.fill(shaded)
        sheet.grid()
        sheet.numbers(board.numbers, shaded=shaded)
        return sheet.finish()

    def pzprv3(self, board: Board, answer: Answer | None) -> str:
        grid = self.grid(board)
        shaded = answer.shaded if answer else frozenset()
        return pzprv3.write(self.name, grid, [
            pzprv3.cells(grid, lambda c: pzprv3.clue(board.numbers.get(c))),
            pzprv3.cells(grid, lambda c: "#" if c in shaded else "+" if answer else ".")])

    def read_answer(self, board: Board, text: str) -> Answer:
        file = pzprv3.read(text)
        file.cells()
        return Answer(shaded=frozenset((r, c) for r, row in enumerate(file.cells())
                                       for c, token in enumerate(row) if token == "#"))


GENRE = Hitori()
