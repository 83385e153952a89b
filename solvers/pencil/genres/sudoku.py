"""Sudoku from a link: every row, column and box holds each number once.

A 9x9 link is read by the Sudoku kind itself (`solvers.sudoku`, through `sudoku_text`),
which detects it before the pencil kind and gives its hints and ratings; the other sizes
the player offers (4x4, 6x6, 16x16, 25x25) are solved here on the shared engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import PuzzleError, Rule
from .. import check, codecs, pzprv3, rules
from ..engine import IntVar, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid
from ..layers import Answer
from ..link import Link, find_link, read_link
from ..render import GREEN, Sheet

#: box height and width for each side the player offers
BOXES = {4: (2, 2), 6: (2, 3), 9: (3, 3), 16: (4, 4), 25: (5, 5)}


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    givens: dict[Cell, int]

    def __hash__(self) -> int:
        return hash((self.rows, tuple(sorted(self.givens.items()))))

    def units(self) -> list[tuple[str, list[Cell]]]:
        """Each row, column and box, named."""
        size = self.rows
        high, wide = BOXES[size]
        out = [(_("Row {n}").format(n=r + 1), [(r, c) for c in range(size)])
               for r in range(size)]
        out += [(_("Column {n}").format(n=c + 1), [(r, c) for r in range(size)])
                for c in range(size)]
        for index in range(size):
            top, left = index // high * high, index % high * wide
            out.append((_("Box {n}").format(n=index + 1),
                        [(r, c) for r in range(top, top + high)
                         for c in range(left, left + wide)]))
        return out


@dataclass
class Vars:
    digits: dict[Cell, IntVar]


def sudoku_text(text: str) -> str | None:
    """The Sudoku kind's text for a text that is a 9x9 sudoku link, else None."""
    found = find_link(text)
    if found is None or found.strip() != text.strip():
        return None
    link = read_link(found)
    if link.genre != "sudoku" or (link.cols, link.rows) != (9, 9):
        return None
    board = GENRE.read(link)
    return "#sudoku\n" + "\n".join(
        "".join(str(board.givens.get((r, c), ".")) for c in range(9)) for r in range(9))


def candidates(board: Board) -> dict[Cell, tuple[int, ...]]:
    """Each cell's possible digits: its given, else every digit no given in its row,
    column or box holds (a model a fifth the size of all digits everywhere, and the
    same answers; a cell left with none keeps every digit, so that a clash of givens
    is still named by the givens)."""
    every = tuple(range(1, board.rows + 1))
    taken: dict[Cell, set[int]] = {}
    for _name, unit in board.units():
        seen = {board.givens[c] for c in unit if c in board.givens}
        for cell in unit:
            taken.setdefault(cell, set()).update(seen)
    out: dict[Cell, tuple[int, ...]] = {}
    for cell, used in taken.items():
        if cell in board.givens:
            out[cell] = (board.givens[cell],)
        else:
            out[cell] = tuple(v for v in every if v not in used) or every
    return dict(sorted(out.items()))


class Sudoku(Genre[Board, Vars]):
    names = ("sudoku",)
    title = N_("Sudoku")
    rules = (N_("Every row, column and box holds each number once."),)

    def decode(self, link: Link) -> Board:
        if link.cols != link.rows or link.rows not in BOXES:
            raise PuzzleError(_("A sudoku link must be 4x4, 6x6, 9x9, 16x16 or 25x25, not "
                                "{cols}x{rows}.").format(cols=link.cols, rows=link.rows))
        values = codecs.read_number16(codecs.Reader(link.body), link.rows * link.cols)
        cells = Grid(link.rows, link.cols).cells()
        givens = {c: v for c, v in zip(cells, values, strict=True) if v is not None and v > 0}
        if any(v > link.rows for v in givens.values()):
            raise PuzzleError(_("A given is larger than {size}.").format(size=link.rows))
        return Board(link.rows, link.cols, givens)

    def encode(self, board: Board) -> str:
        body = codecs.write_number16([board.givens.get(c) for c in self.grid(board).cells()])
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Board, model: Model) -> Vars:
        values = range(1, board.rows + 1)
        digits = {}
        for cell, options in candidates(board).items():
            if cell not in board.givens:
                digits[cell] = model.number(options)
                continue
            with model.about(_("the {value} at {where}").format(
                    value=board.givens[cell], where=check.where(cell))):
                digits[cell] = model.number(options)
        model.show(lit for var in digits.values() for lit in var.lits)
        lits = {cell: dict(zip(var.values, var.lits, strict=True))
                for cell, var in digits.items()}
        for _name, unit in board.units():
            rules.once_each(model, unit, lits, values)
        return Vars(digits)

    def answer(self, board: Board, variables: Vars, values: Values) -> Answer:
        return Answer(numbers={cell: values.number(var) for cell, var in
                               variables.digits.items() if cell not in board.givens})

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        full = {**answer.numbers, **board.givens}
        wanted = set(range(1, board.rows + 1))
        out = [check.rule(name, [] if {full.get(c) for c in unit} == wanted else [unit[0]],
                          check.where)  # type: ignore[arg-type]
               for name, unit in board.units()]
        changed = [c for c in board.givens if answer.numbers.get(c, board.givens[c])
                   != board.givens[c]]
        out.append(check.rule(_("Givens kept"), changed, check.where))  # type: ignore
        return out

    def draw(self, board: Board, answer: Answer | None) -> Image.Image:
        sheet = Sheet(board.rows, board.cols)
        sheet.grid()
        high, wide = BOXES[board.rows]
        grid = self.grid(board)
        sheet.walls(p for p in grid.pairs() if p[0][0] // high != p[1][0] // high
                    or p[0][1] // wide != p[1][1] // wide)
        sheet.numbers(board.givens)
        if answer:
            sheet.numbers(answer.numbers, GREEN)
        return sheet.finish()

    def pzprv3(self, board: Board, answer: Answer | None) -> str:
        grid = self.grid(board)
        numbers = answer.numbers if answer else {}
        return pzprv3.write(self.name, grid, [
            pzprv3.cells(grid, lambda c: pzprv3.clue(board.givens.get(c))),
            pzprv3.cells(grid, lambda c: str(numbers[c]) if c in numbers else ".")],
            sizes=[board.rows])

    def read_answer(self, board: Board, text: str) -> Answer:
        file = pzprv3.read(text, sizes=1)
        file.cells()
        return Answer(numbers={(r, c): value for r, row in enumerate(file.cells())
                               for c, token in enumerate(row)
                               if (value := pzprv3.number(token)) is not None and value >= 0})


GENRE = Sudoku()
