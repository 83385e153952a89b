"""Hebi Ichigo (Snakes): place snakes, each five cells numbered 1 (the head) to 5 along
its body, in the empty cells; snakes do not touch each other side by side. A number
with an arrow gives the first snake cell seen that way (0: no snake before the next
clue cell or the edge), and a snake's head never looks straight at another snake.

The link's body is the clue cells: a direction (0 none, 1-4 up, down, left, right) and
a number (one hex digit, '.' unknown; 5-9 then two digits; '-' then direction and three
digits), a-z skip 1-26 cells.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import arrows, check, paths, pzprv3, render
from ..codecs import BLANK, QUESTION, Reader, read_arrow_numbers, write_arrow_numbers
from ..engine import IntVar, Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid
from ..layers import Answer
from ..link import Link

LENGTH = 5


@dataclass(frozen=True)
class Hebi:
    """The clue cells: cell -> (direction 0-4 as the link numbers them, number or
    QUESTION, or BLANK for a clue cell without a number)."""

    rows: int
    cols: int
    clues: Mapping[Cell, tuple[int, int]]

    __hash__ = paths.board_hash


def ray(grid: Grid, board: Hebi, cell: Cell, direction: int) -> list[Cell]:
    """The cells from `cell` (excluded) in a direction, up to a clue cell or the edge."""
    out = []
    nxt = paths.step(cell, direction)
    while grid.inside(nxt) and nxt not in board.clues:
        out.append(nxt)
        nxt = paths.step(nxt, direction)
    return out


def facing(body: tuple[Cell, ...]) -> int:
    """The direction a snake's head looks: away from its second cell."""
    (hr, hc), (nr, nc) = body[0], body[1]
    return paths.STEPS.index((hr - nr, hc - nc))


class HebiGenre(Genre[Hebi, dict[Cell, IntVar]]):
    names = ("hebi", "snakes")
    title = N_("Hebi Ichigo (Snakes)")
    rules = (N_("Place snakes of five cells, numbered 1 (the head) to 5 along the body, in "
                "the empty cells."),
             N_("Snakes do not touch each other side by side."),
             N_("A number with an arrow is the first snake cell seen that way (0: none "
                "before the next clue cell)."),
             N_("No snake's head looks straight at another snake."))

    def decode(self, link: Link) -> Hebi:
        reader = Reader(link.body)
        reader.part = _("clues")
        values = read_arrow_numbers(reader, link.rows * link.cols)
        cells = Grid(link.rows, link.cols).cells()
        return Hebi(link.rows, link.cols,
                    {c: v for c, v in zip(cells, values, strict=True) if v is not None})

    def encode(self, board: Hebi) -> str:
        body = write_arrow_numbers([board.clues.get(c) for c in self.grid(board).cells()])
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Hebi, model: Model) -> dict[Cell, IntVar]:
        grid = self.grid(board)
        free = [c for c in grid.cells() if c not in board.clues]
        value = {cell: model.number(range(LENGTH + 1)) for cell in free}
        for digits in value.values():
            model.show(digits.lits[1:])
        occupied = {cell: -digits.lits[0] for cell, digits in value.items()}

        def lit(cell: Cell, k: int) -> Lit:
            return value[cell].lits[k]

        with model.about(_("snakes of five cells numbered 1 to 5")):
            for cell in free:
                near = [n for n in grid.neighbours(cell) if n in value]
                for k in range(1, LENGTH + 1):
                    for step in (k - 1, k + 1):
                        if 1 <= step <= LENGTH:
                            self._exactly_one(model, lit(cell, k),
                                              [lit(n, step) for n in near])
        with model.about(_("snakes do not touch")):
            for a, b in grid.pairs():
                if a in value and b in value:
                    self._apart(model, grid, value, a, b)
        with model.about(_("no head looks at another snake")):
            for head in free:
                for neck in grid.neighbours(head):
                    if neck in value:
                        way = facing((head, neck))
                        for cell in ray(grid, board, head, way):
                            model.clause([-lit(head, 1), -lit(neck, 2), -occupied[cell]])
        for cell, (direction, number) in sorted(board.clues.items()):
            if direction == 0 or number < 0:
                continue
            seen = ray(grid, board, cell, direction - 1)
            with model.about(_("the {number} at {cell}").format(
                    number=number, cell=check.where(cell))):
                if number == 0:
                    for other in seen:
                        model.clause([-occupied[other]])
                    continue
                if number > LENGTH:
                    model.clause([])
                    continue
                model.clause([occupied[c] for c in seen])
                for index, other in enumerate(seen):
                    model.clause([*(occupied[c] for c in seen[:index]), -occupied[other],
                                  lit(other, number)])
        return value

    @staticmethod
    def _exactly_one(model: Model, guard: Lit, lits: list[Lit]) -> None:
        """When `guard` holds, exactly one of `lits` does."""
        model.clause([-guard, *lits])
        for i, a in enumerate(lits):
            for b in lits[i + 1:]:
                model.clause([-guard, -a, -b])

    @staticmethod
    def _apart(model: Model, grid: Grid, value: dict[Cell, IntVar], a: Cell, b: Cell) -> None:
        """Two neighbouring snake cells are consecutive (the counting rule keeps those in
        one snake) or belong to one snake curled in a 2x2 square: 1 beside 4 or 2 beside
        5, the two cells between them in the square numbered in order."""
        for x in range(1, LENGTH + 1):
            for y in range(1, LENGTH + 1):
                if abs(x - y) == 1:
                    continue
                clash = [-value[a].lits[x], -value[b].lits[y]]
                if {x, y} in ({1, 4}, {2, 5}):
                    low, high = (a, b) if x < y else (b, a)
                    start = min(x, y)
                    for block in grid.squares():
                        if low in block and high in block:
                            beside_low = next(c for c in block if c not in (low, high)
                                              and abs(c[0] - low[0]) + abs(c[1] - low[1]) == 1)
                            beside_high = next(c for c in block if c not in (low, high,
                                                                             beside_low))
                            if beside_low in value and beside_high in value:
                                clash.append(model.all_of([value[beside_low].lits[start + 1],
                                                           value[beside_high].lits[start + 2]]))
                model.clause(clash)

    def answer(self, board: Hebi, variables: dict[Cell, IntVar], values: Values) -> Answer:
        numbers = {cell: values.number(number) for cell, number in variables.items()}
        return Answer(numbers={cell: n for cell, n in numbers.items() if n})

    def check(self, board: Hebi, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        numbers = answer.numbers
        snakes = check.pieces(grid, numbers, lambda a, b: abs(numbers[a] - numbers[b]) == 1)
        which = {cell: index for index, snake in enumerate(snakes) for cell in snake}
        shapes = [s[0] for s in snakes
                  if sorted(numbers[c] for c in s) != list(range(1, LENGTH + 1))]
        touching = [a for a, b in grid.pairs() if a in which and b in which
                    and which[a] != which[b]]
        wrong, looking = [], []
        for cell, (direction, number) in sorted(board.clues.items()):
            if direction == 0 or number < 0:
                continue
            first = next((numbers[c] for c in ray(grid, board, cell, direction - 1)
                          if c in numbers), 0)
            if first != number:
                wrong.append(cell)
        for snake in snakes:
            heads = [c for c in snake if numbers[c] == 1]
            necks = [c for c in snake if numbers[c] == 2]
            if len(heads) == 1 and len(necks) == 1:
                body = (heads[0], necks[0])
                seen = [c for c in ray(grid, board, body[0], facing(body)) if c in numbers]
                if seen and which[seen[0]] != which[body[0]]:
                    looking.append(body[0])
        return [paths.cell_rule(_("No snake on a clue cell"),
                                [c for c in numbers if c in board.clues]),
                paths.cell_rule(_("Snakes of five cells numbered 1 to 5"), shapes),
                paths.cell_rule(_("Snakes do not touch"), touching),
                paths.cell_rule(_("Arrow numbers"), wrong),
                paths.cell_rule(_("No head looks at another snake"), looking)]

    def draw(self, board: Hebi, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols)
        sheet.fill(board.clues)
        sheet.grid()
        for cell, (direction, number) in board.clues.items():
            if number != BLANK and (direction or number != QUESTION):
                sheet.numbers({cell: number}, colour=render.WHITE, scale=0.5)
            if direction:
                arrows.pointer(sheet, cell, direction - 1, render.WHITE)
        if answer is not None:
            sheet.numbers(dict(answer.numbers), colour=render.GREEN)
        return sheet.finish()

    def pzprv3(self, board: Hebi, answer: Answer | None) -> str:
        grid = self.grid(board)
        numbers = answer.numbers if answer is not None else {}

        def clue(cell: Cell) -> str:
            if cell not in board.clues:
                return "."
            direction, number = board.clues[cell]
            if number == BLANK:
                return "#"
            return f"{direction},{'-' if number == QUESTION else number}"

        return pzprv3.write(self.name, grid, [
            pzprv3.cells(grid, clue),
            pzprv3.cells(grid, lambda c: str(numbers[c]) if c in numbers else ".")])

    def read_answer(self, board: Hebi, text: str) -> Answer:
        file = pzprv3.read(text)
        file.cells()
        return Answer(numbers={(r, c): int(token) for r, row in enumerate(file.cells())
                               for c, token in enumerate(row) if token in "12345"})


GENRE = HebiGenre()
