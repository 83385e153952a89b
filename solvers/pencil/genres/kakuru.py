"""Kakuru: write a digit 1-9 in every white cell. The white cells around a clue (its
eight neighbours) hold different digits adding up to the clue, and touching cells,
diagonals included, never hold the same digit.

The link: '+' a black cell, a clue character (0-9, a-j for 0-19, A-Z for 20-45, '_' a
'?' clue), '.' one white cell, k-z 2-17 white cells.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, numbers, pzprv3, render
from ..codecs import QUESTION, Reader
from ..engine import IntVar, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid
from ..layers import Answer
from ..link import Link

SMALL = "0123456789abcdefghij"
LARGE = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: a black cell, in the board's `cells`
BLOCK = -1


@dataclass(frozen=True)
class Kakuru:
    """`cells`: None a white cell, BLOCK a black one, else a clue (QUESTION: '?')."""

    rows: int
    cols: int
    cells: tuple[int | None, ...]

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def at(self, cell: Cell) -> int | None:
        return self.cells[cell[0] * self.cols + cell[1]]

    def white(self) -> list[Cell]:
        return [cell for cell in self.grid.cells() if self.at(cell) is None]

    def around(self, cell: Cell) -> list[Cell]:
        """The white cells among the eight neighbours."""
        r, c = cell
        return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and self.grid.inside((r + dr, c + dc))
                and self.at((r + dr, c + dc)) is None]

    def clues(self) -> dict[Cell, int]:
        return {cell: v for cell in self.grid.cells() if (v := self.at(cell)) is not None
                and v > 0}


def touching(cells: list[Cell]) -> list[tuple[Cell, Cell]]:
    """Pairs of the cells that touch, diagonals included (each pair once)."""
    present = set(cells)
    return [((r, c), (r + dr, c + dc)) for r, c in cells
            for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)) if (r + dr, c + dc) in present]


class KakuruGenre(Genre):
    names = ("kakuru",)
    title = N_("Kakuru")
    rules = (N_("Write a digit from 1 to 9 in every white cell."),
             N_("The white cells around a clue hold different digits adding up to it."),
             N_("Touching cells, diagonals included, never hold the same digit."))

    def decode(self, link: Link) -> Kakuru:
        reader = Reader(link.body)
        reader.part = _("board")
        cells: list[int | None] = []
        total = link.rows * link.cols
        while len(cells) < total and reader.peek():
            char = reader.take()
            if char == "+":
                cells.append(BLOCK)
            elif char == "_":
                cells.append(QUESTION)
            elif char == ".":
                cells.append(None)
            elif "k" <= char <= "z":
                cells += [None] * (int(char, 36) - 18)
            elif char in SMALL:
                cells.append(SMALL.index(char))
            elif char in LARGE:
                cells.append(LARGE.index(char) + 20)
            else:
                reader.pos -= 1
                raise reader.fail(_("unexpected {char!r}").format(char=char))
        numbers.rest_refused(reader, _("extra parts"))
        # the player leaves the cells after a short body white (and a final '.', one
        # white cell, is easily lost at the end of a sentence)
        return Kakuru(link.rows, link.cols, tuple((cells + [None] * total)[:total]))

    def encode(self, board: Kakuru) -> str:
        tokens: list[str] = []
        run = 0
        for value in board.cells:
            if value is None:
                run += 1
                if run == 17:
                    tokens.append("z")
                    run = 0
                continue
            if run:
                tokens.append("." if run == 1 else chr(ord("a") + run + 8))
                run = 0
            tokens.append("+" if value == BLOCK else "_" if value == QUESTION
                          else SMALL[value] if value < 20 else LARGE[value - 20])
        if run:
            tokens.append("." if run == 1 else chr(ord("a") + run + 8))
        return Link("kakuru", board.cols, board.rows, "".join(tokens)).url()

    def constrain(self, board: Kakuru, model: Model) -> dict[Cell, IntVar]:
        cells = numbers.digits(model, board.white())
        model.show(lit for var in cells.values() for lit in var.lits)
        with model.about(_("Touching cells hold different digits")):
            for a, b in touching(board.white()):
                numbers.all_different(model, [cells[a], cells[b]])
        for cell, clue in board.clues().items():
            with model.about(_("the clue {clue} at {cell}").format(clue=clue,
                                                                   cell=check.where(cell))):
                numbers.sum_of_different(model, [cells[c] for c in board.around(cell)], clue)
        return cells

    def answer(self, board: Kakuru, variables: dict[Cell, IntVar], values: Values) -> Answer:
        return Answer(numbers={cell: values.number(var) for cell, var in variables.items()})

    def check(self, board: Kakuru, answer: Answer) -> list[Rule]:
        digits = answer.numbers
        empty = numbers.missing(board.white(), digits)
        wrong = [cell for cell, clue in board.clues().items()
                 if numbers.repeated(board.around(cell), digits)
                 or sum(digits.get(c, 0) for c in board.around(cell)) != clue]
        same = [a for a, b in touching(board.white()) if a in digits and digits[a] == digits.get(b)]
        return [numbers.cells_rule(_("Every white cell holds a digit 1-9"), empty),
                numbers.cells_rule(_("Different digits around each clue add up to it"), wrong),
                numbers.cells_rule(_("Touching cells hold different digits"), same)]

    def draw(self, board: Kakuru, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols)
        blocks = [c for c in board.grid.cells() if board.at(c) == BLOCK]
        clues = {c: v for c in board.grid.cells() if (v := board.at(c)) is not None
                 and v != BLOCK}
        sheet.fill(clues, render.LIGHT)
        sheet.fill(blocks)
        sheet.grid()
        sheet.numbers(clues)
        if answer is not None:
            sheet.numbers(answer.numbers, render.GREEN)
        return sheet.finish()

    def pzprv3(self, board: Kakuru, answer: Answer | None) -> str:
        written = {} if answer is None else answer.numbers

        def clue(cell: Cell) -> str:
            value = board.at(cell)
            return ("." if value is None else "b" if value == BLOCK
                    else "?" if value == QUESTION else str(value))

        clues = pzprv3.cells(board.grid, clue)
        digits = pzprv3.cells(board.grid, lambda c: str(written.get(c, ".")))
        return pzprv3.write("kakuru", board.grid, [clues, digits])

    def read_answer(self, board: Kakuru, text: str) -> Answer:
        file = pzprv3.read(text)
        file.cells()
        return Answer(numbers={c: n for c, n in numbers.read_numbers(file.cells()).items()
                               if board.at(c) is None and n})


GENRE = KakuruGenre()
