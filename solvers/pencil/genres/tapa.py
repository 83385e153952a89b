"""Tapa: shade one connected wall; each clue lists the runs of shading around it."""

from __future__ import annotations

from itertools import product

from PIL import Image

from ...draw import centred_text
from ...i18n import N_, _
from ...values import Rule
from .. import check, codecs, pzprv3, rules
from ..codecs import QUESTION
from ..engine import Model, Values
from ..genre import ClueBoard, Genre
from ..grid import Cell, Grid
from ..layers import Answer
from ..link import Link
from ..render import Sheet
from ..shading import (
    Shaded,
    answer_file,
    clue_fits,
    connected_rule,
    marked,
    ring,
    runs,
    shaded_cells,
)

#: where a clue's numbers sit in its cell, as offsets from the centre (a cell is 1)
PLACES = {1: ((0, 0),), 2: ((-0.19, -0.19), (0.19, 0.19)),
          3: ((-0.23, -0.2), (0.23, -0.2), (0, 0.23)),
          4: ((-0.23, -0.22), (0.23, -0.22), (-0.23, 0.23), (0.23, 0.23))}
#: base-36 values of a two-letter clue: two numbers 360-395, three 396-459, four 460-475
PAIRS, TRIPLES, QUADS, END = 360, 396, 460, 476

Clue = tuple[int, ...]


class Board(ClueBoard[Clue]):
    """The clues: cell -> the run lengths (QUESTION for '?')."""


def read_clues(reader: codecs.Reader, count: int) -> list[Clue | None]:
    """Tapa's body: '0'-'8' one number, '9' four 1s, '.' one '?', a-f with the next
    letter a base-36 value holding two to four numbers (0 = '?'), g-z skip 1-20 cells."""
    out: list[Clue | None] = []
    while len(out) < count and reader.peek():
        char = reader.take()
        if char in "012345678":
            out.append((int(char),))
        elif char == "9":
            out.append((1, 1, 1, 1))
        elif char == ".":
            out.append((QUESTION,))
        elif char in "abcdef":
            out.append(_several(reader, char + reader.take()))
        elif "g" <= char <= "z":
            out.extend([None] * (int(char, 36) - 15))
        else:
            reader.pos -= 1
            raise reader.fail(_("unexpected {char!r}").format(char=char))
    return out[:count] + [None] * (count - len(out))


def _several(reader: codecs.Reader, text: str) -> Clue:
    """A clue of two to four numbers from its two base-36 letters."""
    value = int(text, 36) if len(text) == 2 and text.isalnum() else -1
    numbers: tuple[int, ...]
    if PAIRS <= value < TRIPLES:
        numbers = divmod(value - PAIRS, 6)
    elif TRIPLES <= value < QUADS:
        high, low = divmod(value - TRIPLES, 16)
        numbers = (high, *divmod(low, 4))
    elif QUADS <= value < END:
        numbers = tuple((value - QUADS) >> shift & 1 for shift in (3, 2, 1, 0))
    else:
        reader.pos -= len(text)
        raise reader.fail(_("{text!r} is not a Tapa clue").format(text=text))
    return tuple(n or QUESTION for n in numbers)


def write_clues(values: list[Clue | None]) -> str:
    """The body of a list of clues (the reverse of `read_clues`)."""
    out, skipped = [], 0
    for clue in values:
        if clue is None:
            skipped += 1
            if skipped == 20:
                out.append("z")
                skipped = 0
            continue
        if skipped:
            out.append(chr(ord("f") + skipped))
            skipped = 0
        numbers = [max(n, 0) for n in clue]
        if len(clue) == 1:
            out.append("." if clue[0] == QUESTION else str(clue[0]))
        elif clue == (1, 1, 1, 1):
            out.append("9")
        elif len(clue) == 2:
            out.append(_base36(PAIRS + numbers[0] * 6 + numbers[1]))
        elif len(clue) == 3:
            out.append(_base36(TRIPLES + numbers[0] * 16 + numbers[1] * 4 + numbers[2]))
        else:
            out.append(_base36(QUADS + sum(min(n, 1) << s for n, s
                                           in zip(numbers, (3, 2, 1, 0), strict=True))))
    if skipped:
        out.append(chr(ord("f") + skipped))
    return "".join(out)


def _base36(value: int) -> str:
    """A value below 36 * 36 as two base-36 letters."""
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return digits[value // 36] + digits[value % 36]


def text(clue: Clue) -> list[str]:
    """A clue's numbers as shown ('?' for an unknown one)."""
    return ["?" if n == QUESTION else str(n) for n in clue]


class Tapa(Genre[Board, Shaded]):
    names = ("tapa",)
    title = N_("Tapa")
    rules = (
        N_("Shade some cells that have no clue; the shaded cells are all connected."),
        N_("A clue lists the lengths of the runs of shaded cells among its eight "
           "neighbours, in any order."),
        N_("No 2x2 block is all shaded."),
    )

    def decode(self, link: Link) -> Board:
        values = read_clues(codecs.Reader(link.body), link.rows * link.cols)
        cells = Grid(link.rows, link.cols).cells()
        return Board(link.rows, link.cols, {cell: value for cell, value
                                            in zip(cells, values, strict=True) if value})

    def encode(self, board: Board) -> str:
        body = write_clues([board.clues.get(c) for c in self.grid(board).cells()])
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Board, model: Model) -> Shaded:
        grid = self.grid(board)
        shaded = model.vars(grid.cells())
        model.show(shaded.values())
        model.clause(shaded.values())
        for cell, clue in board.clues.items():
            model.clause([-shaded[cell]])
            around = ring(grid, cell)
            free = [i for i, other in enumerate(around)
                    if other is not None and other not in board.clues]
            with model.about(_("the clue {clue} at {where}").format(
                    clue=" ".join(text(clue)), where=check.where(cell))):
                for pattern in product((False, True), repeat=len(free)):
                    flags = [False] * 8
                    for i, on in zip(free, pattern, strict=True):
                        flags[i] = on
                    if not clue_fits(clue, runs(flags)):
                        model.clause([-shaded[around[i]] if on else shaded[around[i]]
                                      for i, on in zip(free, pattern, strict=True)
                                      if around[i] is not None])
        with model.about(_("no 2x2 shaded block")):
            rules.no_2x2(model, grid, shaded)
        rules.connected_cells(model, grid, shaded)
        return Shaded(shaded)

    def answer(self, board: Board, variables: Shaded, values: Values) -> Answer:
        return Answer(shaded=shaded_cells(variables.shaded, values))

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        wrong = [cell for cell, clue in board.clues.items() if not clue_fits(
            clue, runs([other in answer.shaded for other in ring(grid, cell)]))]
        return [
            check.rule(_("Clues stay unshaded"), sorted(answer.shaded & set(board.clues)),
                       check.where),  # type: ignore[arg-type]
            check.rule(_("Clues match the runs around them"), sorted(wrong),
                       check.where),  # type: ignore[arg-type]
            check.rule(_("No 2x2 shaded block"), check.squares_all(grid, answer.shaded),
                       check.where),  # type: ignore[arg-type]
            Rule(_("Some cell is shaded"), bool(answer.shaded)),
            connected_rule(grid, answer.shaded, _("Shaded cells connected")),
        ]

    def draw(self, board: Board, answer: Answer | None) -> Image.Image:
        sheet = Sheet(board.rows, board.cols)
        if answer:
            sheet.fill(answer.shaded)
        sheet.grid()
        size = sheet.cell
        for cell, clue in board.clues.items():
            x, y = sheet.centre(cell)
            scale = 0.62 if len(clue) == 1 else 0.46 if len(clue) == 2 else 0.4
            for number, (dx, dy) in zip(text(clue), PLACES[len(clue)], strict=True):
                centred_text(sheet.draw, (x + dx * size, y + dy * size), number,
                             int(size * scale))
        return sheet.finish()

    def pzprv3(self, board: Board, answer: Answer | None) -> str:
        shaded = answer.shaded if answer else frozenset()
        grid = self.grid(board)

        def token(cell: Cell) -> str:
            if cell in board.clues:
                return ",".join("-" if n == QUESTION else str(n) for n in board.clues[cell])
            return "#" if cell in shaded else "+" if answer else "."

        return pzprv3.write(self.name, grid, [pzprv3.cells(grid, token)])

    def read_answer(self, board: Board, text: str) -> Answer:
        file = answer_file(text, board.rows, board.cols)
        return Answer(shaded=marked(file.cells()))


GENRE = Tapa()
