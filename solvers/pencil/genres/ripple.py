"""Ripple Effect (Hakyuu): each room holds the numbers 1 to its size once each; two
equal numbers N in a row or a column have at least N cells between them.

The link holds the rooms' walls (border bits), then the clue numbers (base 16). A
newer player may add empty cells after them; that part is refused by name.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, numbers, pzprv3, render
from ..codecs import QUESTION, Reader, read_borders, read_number16, write_borders, write_number16
from ..engine import IntVar, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid, Pair
from ..layers import Answer
from ..link import Link


@dataclass(frozen=True)
class Ripple:
    rows: int
    cols: int
    walls: frozenset[Pair]
    clues: tuple[int | None, ...]

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def rooms(self) -> list[list[Cell]]:
        return self.grid.rooms(self.walls)

    def clue(self, cell: Cell) -> int | None:
        return self.clues[cell[0] * self.cols + cell[1]]

    def given(self) -> dict[Cell, int]:
        return {cell: value for cell in self.grid.cells()
                if (value := self.clue(cell)) is not None and value != QUESTION}


def too_close(grid: Grid, value: dict[Cell, int]) -> list[Cell]:
    """Cells with the same number N less than N+1 cells away right or below."""
    out = []
    for cell, number in value.items():
        for step in ((0, 1), (1, 0)):
            for distance, other in enumerate(grid.line(cell, step), start=1):
                if distance > number:
                    break
                if value.get(other) == number:
                    out.append(cell)
    return sorted(set(out))


class RippleGenre(Genre):
    names = ("ripple",)
    title = N_("Ripple Effect (Hakyuu Kouka)")
    rules = (N_("Each room holds the numbers from 1 to its size, once each."),
             N_("Two equal numbers N in a row or column have at least N cells between them."))

    def decode(self, link: Link) -> Ripple:
        reader = Reader(link.body)
        reader.part = _("rooms")
        walls = read_borders(reader, link.rows, link.cols)
        reader.part = _("clues")
        clues = read_number16(reader, link.rows * link.cols)
        numbers.rest_refused(reader, _("empty cells"))
        return Ripple(link.rows, link.cols, walls, tuple(clues))

    def encode(self, board: Ripple) -> str:
        body = write_borders(board.walls, board.rows, board.cols) + write_number16(board.clues)
        return Link("ripple", board.cols, board.rows, body).url()

    def constrain(self, board: Ripple, model: Model) -> dict[Cell, IntVar]:
        cells: dict[Cell, IntVar] = {}
        for room in board.rooms():
            sizes = range(1, len(room) + 1)
            cells.update(numbers.digits(model, room, sizes))
            with model.about(_("No number twice in a room")):
                for value in sizes:
                    model.exactly([lit for c in room
                                   for lit in numbers.value_lits(cells[c], value)], 1)
        model.show(lit for var in cells.values() for lit in var.lits)
        for cell, clue in board.given().items():
            with model.about(_("the clue {clue} at {cell}").format(clue=clue,
                                                                   cell=check.where(cell))):
                model.clause(numbers.value_lits(cells[cell], clue))
        with model.about(_("Equal numbers N are more than N cells apart")):
            for cell, var in cells.items():
                for step in ((0, 1), (1, 0)):
                    for distance, other in enumerate(board.grid.line(cell, step), start=1):
                        for value in var.values:
                            if value >= distance:
                                for a in numbers.value_lits(var, value):
                                    for b in numbers.value_lits(cells[other], value):
                                        model.clause([-a, -b])
        return cells

    def answer(self, board: Ripple, variables: dict[Cell, IntVar], values: Values) -> Answer:
        return Answer(numbers={cell: values.number(var) for cell, var in variables.items()
                               if board.clue(cell) in (None, QUESTION)})

    def check(self, board: Ripple, answer: Answer) -> list[Rule]:
        value = {**answer.numbers, **board.given()}
        wrong = [c for room in board.rooms() for c in room
                 if not 1 <= value.get(c, 0) <= len(room)]
        twice = [c for room in board.rooms() for c in numbers.repeated(room, value)]
        return [numbers.cells_rule(_("Every cell holds a number from 1 to its room's size"),
                                   wrong),
                numbers.cells_rule(_("No number twice in a room"), twice),
                numbers.cells_rule(_("Equal numbers N are more than N cells apart"),
                                   too_close(board.grid, value))]

    def draw(self, board: Ripple, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols)
        sheet.grid()
        sheet.walls(board.walls)
        if answer is not None:
            sheet.numbers({c: n for c, n in answer.numbers.items() if board.clue(c) is None},
                          render.GREEN)
        sheet.numbers({c: v for c in board.grid.cells() if (v := board.clue(c)) is not None})
        return sheet.finish()

    def pzprv3(self, board: Ripple, answer: Answer | None) -> str:
        if answer is None:
            answer = Answer()
        walls = pzprv3.pairs(board.grid, lambda p: "1" if p in board.walls else "0")
        clues = pzprv3.cells(board.grid, lambda c: pzprv3.clue(board.clue(c)))
        written = pzprv3.cells(board.grid, lambda c: str(answer.numbers.get(c, "."))
                                if board.clue(c) is None else ".")
        return pzprv3.write("ripple", board.grid, [*walls, clues, written])

    def read_answer(self, board: Ripple, text: str) -> Answer:
        """A person's board; a '?' clue takes the one number its room lacks."""
        file = pzprv3.read(text)
        file.block(board.rows, board.cols - 1)
        file.block(board.rows - 1, board.cols)
        file.cells()
        written = {c: n for c, n in numbers.read_numbers(file.cells()).items()
                   if board.clue(c) is None}
        value = {**written, **board.given()}
        for room in board.rooms():
            unknown = [c for c in room if board.clue(c) == QUESTION]
            lacking = set(range(1, len(room) + 1)) - {value[c] for c in room if c in value}
            if len(unknown) == 1 == len(lacking):
                written[unknown[0]] = lacking.pop()
        return Answer(numbers=written)


GENRE = RippleGenre()
