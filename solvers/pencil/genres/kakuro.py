"""Kakuro: digits 1-9 in the white cells; each run of white cells adds up to the clue
on the black cell before it, with no digit twice in a run.

The link lists the board's cells (a black cell as its down clue and its across clue,
one character each, or '.' for a black cell without clues; k-z for 1-16 white cells),
then the clues outside the board: the down clue above each column whose top cell is
white, then the across clue left of each row whose first cell is white. A clue
character is 0-9 and a-j for 0-19, A-Z for 20-45; 0 (or '-') means no clue.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image

from ...draw import centred_text
from ...i18n import N_, _
from ...values import Rule
from .. import check, numbers, pzprv3, render
from ..codecs import Reader
from ..engine import IntVar, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid
from ..layers import Answer
from ..link import Link

#: the clue alphabet: 0-19 as 0-9a-j, 20-45 as A-Z
SMALL = "0123456789abcdefghij"
LARGE = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class Kakuro:
    """Black cells (`blocks`, including the frame's cells at row -1 / column -1) with
    their clues: `down` for the run below, `across` for the run to the right (0: none)."""

    rows: int
    cols: int
    blocks: frozenset[Cell]
    down: Mapping[Cell, int]
    across: Mapping[Cell, int]

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self.blocks, tuple(sorted(self.down.items())),
                     tuple(sorted(self.across.items()))))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def white(self) -> list[Cell]:
        return [cell for cell in self.grid.cells() if cell not in self.blocks]

    def runs(self) -> list[tuple[Cell, str, int, list[Cell]]]:
        """Every run of white cells: (its black cell, "down" / "across", clue, cells)."""
        heads = sorted({*self.blocks, *((-1, c) for c in range(self.cols)),
                        *((r, -1) for r in range(self.rows))})
        out = []
        for head in heads:
            for way, step, clues in (("across", (0, 1), self.across),
                                     ("down", (1, 0), self.down)):
                cells = []
                r, c = head[0] + step[0], head[1] + step[1]
                while 0 <= r < self.rows and 0 <= c < self.cols and (r, c) not in self.blocks:
                    cells.append((r, c))
                    r, c = r + step[0], c + step[1]
                if cells:
                    out.append((head, way, clues.get(head, 0), cells))
        return out


def clue_value(char: str) -> int:
    """A clue character's value; no clue (0) for '-' and anything unknown."""
    if char and char in SMALL:
        return SMALL.index(char)
    if char and char in LARGE:
        return LARGE.index(char) + 20
    return 0


def clue_char(value: int) -> str:
    return SMALL[value] if value < 20 else LARGE[value - 20]


class KakuroGenre(Genre):
    names = ("kakuro",)
    title = N_("Kakuro")
    rules = (N_("Write a digit from 1 to 9 in every white cell."),
             N_("A clue is the sum of the run of white cells to its right or below it."),
             N_("No digit appears twice in a run."))

    def decode(self, link: Link) -> Kakuro:
        reader = Reader(link.body)
        reader.part = _("board")
        rows, cols = link.rows, link.cols
        blocks: set[Cell] = set()
        down: dict[Cell, int] = {}
        across: dict[Cell, int] = {}
        index = 0
        while index < rows * cols:
            if not reader.peek():
                raise reader.fail(_("the body ends too soon"))
            char = reader.take()
            if "k" <= char <= "z":
                index += int(char, 36) - 19
                continue
            cell = divmod(index, cols)
            blocks.add(cell)
            if char != ".":
                down[cell], across[cell] = clue_value(char), clue_value(reader.take())
            index += 1
        reader.part = _("clues outside the board")
        for c in range(cols):
            if (0, c) not in blocks:
                down[(-1, c)] = clue_value(reader.take())
        for r in range(rows):
            if (r, 0) not in blocks:
                across[(r, -1)] = clue_value(reader.take())
        return Kakuro(rows, cols, frozenset(blocks),
                      {k: v for k, v in down.items() if v}, {k: v for k, v in across.items() if v})

    def encode(self, board: Kakuro) -> str:
        tokens: list[str] = []
        run = 0
        for cell in board.grid.cells():
            if cell not in board.blocks:
                run += 1
                if run == 16:
                    tokens.append("z")
                    run = 0
                continue
            if run:
                tokens.append(chr(ord("k") + run - 1))
                run = 0
            down, across = board.down.get(cell, 0), board.across.get(cell, 0)
            tokens.append(clue_char(down) + clue_char(across) if down or across else ".")
        if run:
            tokens.append(chr(ord("k") + run - 1))
        tokens += [clue_char(board.down.get((-1, c), 0)) for c in range(board.cols)
                   if (0, c) not in board.blocks]
        tokens += [clue_char(board.across.get((r, -1), 0)) for r in range(board.rows)
                   if (r, 0) not in board.blocks]
        return Link("kakuro", board.cols, board.rows, "".join(tokens)).url()

    def constrain(self, board: Kakuro, model: Model) -> dict[Cell, IntVar]:
        cells = numbers.digits(model, board.white())
        model.show(lit for var in cells.values() for lit in var.lits)
        for head, _way, clue, run in board.runs():
            variables = [cells[c] for c in run]
            if clue:
                with model.about(_("the clue {clue} at {cell}").format(
                        clue=clue, cell=check.where(head))):
                    numbers.sum_of_different(model, variables, clue)
            else:
                with model.about(_("No digit twice in a run")):
                    numbers.all_different(model, variables)
        return cells

    def answer(self, board: Kakuro, variables: dict[Cell, IntVar], values: Values) -> Answer:
        return Answer(numbers={cell: values.number(var) for cell, var in variables.items()})

    def check(self, board: Kakuro, answer: Answer) -> list[Rule]:
        filled = numbers.missing(board.white(), answer.numbers)
        twice: list[Cell] = []
        wrong: list[Cell] = []
        for head, _way, clue, run in board.runs():
            twice += numbers.repeated(run, answer.numbers)
            if clue and sum(answer.numbers.get(c, 0) for c in run) != clue:
                wrong.append(head)
        return [numbers.cells_rule(_("Every white cell holds a digit 1-9"), filled),
                numbers.cells_rule(_("No digit twice in a run"), sorted(set(twice))),
                numbers.cells_rule(_("Every run adds up to its clue"), wrong)]

    def draw(self, board: Kakuro, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows + 1, board.cols + 1)
        shift = {cell: (cell[0] + 1, cell[1] + 1) for cell in
                 [*board.blocks, *((-1, c) for c in range(-1, board.cols)),
                  *((r, -1) for r in range(board.rows))]}
        sheet.fill(shift.values(), render.LIGHT)
        sheet.grid()
        size = int(sheet.cell * 0.38)
        for cell, at in shift.items():
            x0, y0, x1, y1 = sheet.box(at)
            sheet.draw.line([(x0, y0), (x1, y1)], fill=render.BLACK, width=max(1, sheet.cell // 28))
            if board.across.get(cell):
                centred_text(sheet.draw, (x0 + 0.72 * sheet.cell, y0 + 0.3 * sheet.cell),
                             str(board.across[cell]), size, fill=render.BLACK)
            if board.down.get(cell):
                centred_text(sheet.draw, (x0 + 0.3 * sheet.cell, y0 + 0.72 * sheet.cell),
                             str(board.down[cell]), size, fill=render.BLACK)
        if answer is not None:
            sheet.numbers({(r + 1, c + 1): n for (r, c), n in answer.numbers.items()},
                          render.GREEN)
        return sheet.finish()

    def pzprv3(self, board: Kakuro, answer: Answer | None) -> str:
        written = {} if answer is None else answer.numbers
        frame = [["0", *(str(board.down.get((-1, c), 0)) for c in range(board.cols))]]
        for r in range(board.rows):
            frame.append([str(board.across.get((r, -1), 0)), *(
                f"{board.across.get((r, c), 0)},{board.down.get((r, c), 0)}"
                if (r, c) in board.blocks else "." for c in range(board.cols))])
        digits = pzprv3.cells(board.grid, lambda cell: str(written.get(cell, ".")))
        return pzprv3.write("kakuro", board.grid, [frame, digits])

    def read_answer(self, board: Kakuro, text: str) -> Answer:
        file = pzprv3.read(text)
        file.block(board.rows + 1, board.cols + 1)
        written = numbers.read_numbers(file.cells())
        return Answer(numbers={c: n for c, n in written.items() if c not in board.blocks})


GENRE = KakuroGenre()
