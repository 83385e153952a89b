"""Sukoro: write numbers 1-4 in some cells; a number says how many of its four
neighbours hold numbers. Neighbouring numbers differ and all numbers are connected.

The link holds the clue numbers, one digit a cell with skips a-z (the older codec).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, numbers, pzprv3, render, rules
from ..codecs import QUESTION, Reader, read_number10, write_number10
from ..engine import IntVar, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid
from ..layers import Answer
from ..link import Link


@dataclass(frozen=True)
class Sukoro:
    rows: int
    cols: int
    clues: tuple[int | None, ...]

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def clue(self, cell: Cell) -> int | None:
        return self.clues[cell[0] * self.cols + cell[1]]


class SukoroGenre(Genre):
    names = ("sukoro",)
    title = N_("Sukoro")
    rules = (N_("Write numbers in some cells: each says how many of its four neighbours "
                "hold numbers."),
             N_("Neighbouring numbers differ."),
             N_("All numbered cells are connected."))

    def decode(self, link: Link) -> Sukoro:
        reader = Reader(link.body)
        reader.part = _("clues")
        clues = read_number10(reader, link.rows * link.cols)
        numbers.rest_refused(reader, _("extra parts"))
        return Sukoro(link.rows, link.cols, tuple(clues))

    def encode(self, board: Sukoro) -> str:
        return Link("sukoro", board.cols, board.rows, write_number10(board.clues)).url()

    def constrain(self, board: Sukoro, model: Model) -> dict[Cell, IntVar]:
        grid = board.grid
        cells = numbers.digits(model, grid.cells(), range(5))  # 0: no number
        numbered = {cell: -var.lits[0] for cell, var in cells.items()}
        model.show(lit for var in cells.values() for lit in var.lits)
        for cell, var in cells.items():
            clue = board.clue(cell)
            if clue is not None:
                with model.about(_("the clue at {cell}").format(cell=check.where(cell))):
                    model.clause([numbered[cell]] if clue == QUESTION
                                 else numbers.value_lits(var, clue))
            with model.about(_("Each number counts its numbered neighbours")):
                numbers.count_equals(model, [numbered[o] for o in grid.neighbours(cell)],
                                     {v: lit for v, lit in zip(var.values, var.lits,
                                                               strict=True) if v})
        with model.about(_("Neighbouring numbers differ")):
            for a, b in grid.pairs():
                for value in range(1, 5):
                    model.clause([-cells[a].lits[value], -cells[b].lits[value]])
        rules.connected_cells(model, grid, numbered)
        return cells

    def answer(self, board: Sukoro, variables: dict[Cell, IntVar], values: Values) -> Answer:
        return Answer(numbers={cell: n for cell, var in variables.items()
                               if (n := values.number(var)) and board.clue(cell) is None})

    def check(self, board: Sukoro, answer: Answer) -> list[Rule]:
        grid = board.grid
        value = dict(answer.numbers)
        for cell in grid.cells():
            clue = board.clue(cell)
            if clue is not None:
                value[cell] = clue if clue != QUESTION else sum(
                    o in answer.numbers or board.clue(o) is not None for o in grid.neighbours(cell))
        counted = [cell for cell, n in value.items()
                   if n != sum(o in value for o in grid.neighbours(cell))]
        same = [a for a, b in grid.pairs() if a in value and value[a] == value.get(b)]
        pieces = check.pieces(grid, value)
        return [numbers.cells_rule(_("Each number counts its numbered neighbours"), counted),
                numbers.cells_rule(_("Neighbouring numbers differ"), same),
                Rule(_("Numbers connected"), len(pieces) == 1,
                     check.pieces_text(len(pieces)), ": ")]

    def draw(self, board: Sukoro, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols)
        sheet.grid()
        if answer is not None:
            sheet.numbers(answer.numbers, render.GREEN)
        sheet.numbers({c: v for c in board.grid.cells() if (v := board.clue(c)) is not None})
        return sheet.finish()

    def pzprv3(self, board: Sukoro, answer: Answer | None) -> str:
        written = {} if answer is None else answer.numbers
        clues = pzprv3.cells(board.grid, lambda c: pzprv3.clue(board.clue(c)))
        cells = pzprv3.cells(board.grid, lambda c: str(written.get(c, ".")))
        return pzprv3.write("sukoro", board.grid, [clues, cells])

    def read_answer(self, board: Sukoro, text: str) -> Answer:
        file = pzprv3.read(text)
        file.cells()
        return Answer(numbers={c: n for c, n in numbers.read_numbers(file.cells()).items()
                               if board.clue(c) is None})


GENRE = SukoroGenre()
