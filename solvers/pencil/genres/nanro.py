"""Nanro: write numbers in some cells; every room holds at least one number, and its
numbers all equal how many numbers the room holds. All numbered cells are connected,
never fill a 2x2 block, and equal numbers never touch across a room's wall.

The link holds the rooms' walls (border bits), then the clue numbers (base 16).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, numbers, pzprv3, render, rules
from ..codecs import QUESTION, Reader, read_borders, read_number16, write_borders, write_number16
from ..engine import IntVar, Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid, Pair
from ..layers import Answer
from ..link import Link


@dataclass(frozen=True)
class Nanro:
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


@dataclass
class NanroVars:
    numbered: dict[Cell, Lit]
    rooms: list[tuple[list[Cell], IntVar]]


class NanroGenre(Genre):
    names = ("nanro",)
    title = N_("Nanro")
    rules = (N_("Write numbers in some cells: each room holds at least one number."),
             N_("A room's numbers all equal how many numbers it holds."),
             N_("All numbered cells are connected and never fill a 2x2 block."),
             N_("Equal numbers never touch across a room's wall."))

    def decode(self, link: Link) -> Nanro:
        reader = Reader(link.body)
        reader.part = _("rooms")
        walls = read_borders(reader, link.rows, link.cols)
        reader.part = _("clues")
        clues = read_number16(reader, link.rows * link.cols)
        numbers.rest_refused(reader, _("extra parts"))
        return Nanro(link.rows, link.cols, walls, tuple(clues))

    def encode(self, board: Nanro) -> str:
        body = write_borders(board.walls, board.rows, board.cols) + write_number16(board.clues)
        return Link("nanro", board.cols, board.rows, body).url()

    def constrain(self, board: Nanro, model: Model) -> NanroVars:
        grid = board.grid
        numbered = model.vars(grid.cells())
        model.show(numbered.values())
        rooms = []
        for room in board.rooms():
            size = model.number(range(1, len(room) + 1))
            with model.about(_("Each room's numbers equal how many it holds")):
                numbers.count_equals(model, [numbered[c] for c in room],
                                     dict(zip(size.values, size.lits, strict=True)))
            for cell in room:
                clue = board.clue(cell)
                if clue is not None:
                    with model.about(_("the clue at {cell}").format(cell=check.where(cell))):
                        model.clause([numbered[cell]])
                        if clue != QUESTION:
                            model.clause(numbers.value_lits(size, clue))
            rooms.append((room, size))
        room_size = {cell: size for room, size in rooms for cell in room}
        with model.about(_("No equal numbers touch across a wall")):
            for a, b in grid.pairs():
                if room_size[a] is not room_size[b]:
                    for value in room_size[a].values:
                        for x in numbers.value_lits(room_size[a], value):
                            for y in numbers.value_lits(room_size[b], value):
                                model.clause([-numbered[a], -numbered[b], -x, -y])
        with model.about(_("No 2x2 block of numbers")):
            rules.no_2x2(model, grid, numbered)
        rules.connected_cells(model, grid, numbered)
        return NanroVars(numbered, rooms)

    def answer(self, board: Nanro, variables: NanroVars, values: Values) -> Answer:
        written = {cell: values.number(size) for room, size in variables.rooms for cell in room
                   if values(variables.numbered[cell]) and board.clue(cell) is None}
        return Answer(numbers=written)

    def value(self, board: Nanro, answer: Answer) -> dict[Cell, int]:
        """Every numbered cell's number (a '?' clue counts as its room's number)."""
        value = dict(answer.numbers)
        for room in board.rooms():
            for cell in room:
                clue = board.clue(cell)
                if clue is not None:
                    value[cell] = clue if clue != QUESTION else sum(c in value or
                                                                    board.clue(c) is not None
                                                                    for c in room)
        return value

    def check(self, board: Nanro, answer: Answer) -> list[Rule]:
        value = self.value(board, answer)
        wrong = []
        for room in board.rooms():
            held = [value[c] for c in room if c in value]
            if not held or any(n != len(held) for n in held):
                wrong.append(room[0])
        index = check.room_of(board.rooms())
        touching = [a for a, b in board.grid.pairs() if index[a] != index[b]
                    and a in value and b in value and value[a] == value[b]]
        pieces = check.pieces(board.grid, value)
        return [numbers.cells_rule(_("Each room's numbers equal how many it holds"), wrong),
                numbers.cells_rule(_("No equal numbers touch across a wall"), touching),
                numbers.cells_rule(_("No 2x2 block of numbers"),
                                   check.squares_all(board.grid, value)),
                Rule(_("Numbers connected"), len(pieces) == 1,
                     check.pieces_text(len(pieces)), ": ")]

    def draw(self, board: Nanro, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols)
        sheet.grid()
        sheet.walls(board.walls)
        if answer is not None:
            sheet.numbers(answer.numbers, render.GREEN)
        sheet.numbers({c: v for c in board.grid.cells() if (v := board.clue(c)) is not None})
        return sheet.finish()

    def pzprv3(self, board: Nanro, answer: Answer | None) -> str:
        if answer is None:
            answer = Answer()
        rooms = board.rooms()
        index = check.room_of(rooms)
        ids = [[str(len(rooms))], *pzprv3.cells(board.grid, lambda c: str(index[c]))]
        clues = pzprv3.cells(board.grid, lambda c: pzprv3.clue(board.clue(c)))
        written = pzprv3.cells(board.grid, lambda c: str(answer.numbers.get(c, ".")))
        return pzprv3.write("nanro", board.grid, [ids, clues, written])

    def read_answer(self, board: Nanro, text: str) -> Answer:
        file = pzprv3.read(text)
        file.block(1, 1)
        file.cells()
        file.cells()
        return Answer(numbers={c: n for c, n in numbers.read_numbers(file.cells()).items()
                               if board.clue(c) is None})


GENRE = NanroGenre()
