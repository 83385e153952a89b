"""Country Road: one loop through cell centres that enters every room exactly once; a
room's number counts the loop's cells in that room, and two cells on either side of a
room's wall are never both left out of the loop.

The link's body is the walls (5-bit groups) then each room's number in room order
(base 16 with g-z skips). The flag `e` (rooms may be left out) is honoured.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image

from ...draw import centred_text
from ...i18n import N_, _
from ...values import Rule
from .. import check, paths, pzprv3, render, rules
from ..codecs import QUESTION, Reader, read_borders, read_number16, write_borders, write_number16
from ..engine import Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid, Pair, top
from ..layers import Answer
from ..link import Link


@dataclass(frozen=True)
class Country:
    """The walls between cells, the rooms they make (in the link's order) and the
    rooms' numbers (room index -> number, QUESTION for '?'); `empty`: rooms may be
    left out of the loop."""

    rows: int
    cols: int
    walls: frozenset[Pair]
    rooms: tuple[tuple[Cell, ...], ...]
    numbers: Mapping[int, int]
    empty: bool = False

    __hash__ = paths.board_hash


@dataclass(frozen=True)
class Road:
    lines: dict[Pair, Lit]
    used: dict[Cell, Lit]


class CountryGenre(Genre[Country, Road]):
    names = ("country",)
    title = N_("Country Road")
    rules = (N_("Draw one loop through the centres of cells, without branches or crossings."),
             N_("The loop enters every room exactly once."),
             N_("A room's number is how many of its cells the loop passes."),
             N_("Two cells side by side across a room's wall are not both left out."))
    flags = ("e",)

    def decode(self, link: Link) -> Country:
        reader = Reader(link.body)
        reader.part = _("walls")
        walls = read_borders(reader, link.rows, link.cols)
        rooms = tuple(tuple(room) for room in Grid(link.rows, link.cols).rooms(walls))
        reader.part = _("room numbers")
        values = read_number16(reader, len(rooms))
        return Country(link.rows, link.cols, walls, rooms,
                       {i: v for i, v in enumerate(values) if v is not None},
                       link.flag == "e")

    def encode(self, board: Country) -> str:
        body = write_borders(board.walls, board.rows, board.cols) + write_number16(
            [board.numbers.get(i) for i in range(len(board.rooms))])
        return Link(self.name, board.cols, board.rows, body, "e" if board.empty else "").url()

    def constrain(self, board: Country, model: Model) -> Road:
        grid = self.grid(board)
        lines, used = rules.cell_loop(model, grid)
        model.show(lines.values())
        with model.about(_("the loop")):
            model.clause(lines.values())
        for index, room in enumerate(board.rooms):
            inside = set(room)
            doors = [lit for p, lit in lines.items() if p in board.walls
                     and (p[0] in inside) != (p[1] in inside)]
            with model.about(_("the room at {cell}").format(cell=check.where(room[0]))):
                if board.empty or len(board.rooms) == 1:
                    model.at_most(doors, 2)
                else:
                    model.exactly(doors, 2)
                number = board.numbers.get(index, QUESTION)
                if number != QUESTION:
                    model.exactly([used[c] for c in room], number)
        with model.about(_("no two empty cells across a wall")):
            for a, b in sorted(board.walls):
                model.clause([used[a], used[b]])
        return Road(lines, used)

    def answer(self, board: Country, variables: Road, values: Values) -> Answer:
        return Answer(lines=frozenset(p for p, lit in variables.lines.items() if values(lit)))

    def check(self, board: Country, answer: Answer) -> list[Rule]:
        on = {cell for p in answer.lines for cell in p}
        twice, skipped, miscounted = [], [], []
        for index, room in enumerate(board.rooms):
            inside = set(room)
            doors = [p for p in answer.lines if p in board.walls
                     and (p[0] in inside) != (p[1] in inside)]
            count = len(inside & on)
            if len(doors) > 2:
                twice.append(room[0])
            if count == 0 and not board.empty:
                skipped.append(room[0])
            number = board.numbers.get(index, QUESTION)
            if number != QUESTION and number != count:
                miscounted.append(room[0])
        out = check.single_loop(answer.lines, _("the lines"))
        out += [paths.cell_rule(_("Each room entered once"), twice)]
        if not board.empty:
            out.append(paths.cell_rule(_("Every room visited"), skipped))
        out += [paths.cell_rule(_("Room numbers"), miscounted),
                paths.cell_rule(_("No two empty cells across a wall"),
                           [a for a, b in sorted(board.walls) if a not in on and b not in on])]
        return out

    def draw(self, board: Country, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols)
        sheet.grid(dashed=True)
        if answer is not None:
            sheet.lines(answer.lines)
        sheet.walls(board.walls)
        for index, number in board.numbers.items():
            x, y, *_rest = sheet.box(top(board.rooms[index]))
            centred_text(sheet.draw, (x + sheet.cell * 0.26, y + sheet.cell * 0.28),
                         "?" if number == QUESTION else str(number), int(sheet.cell * 0.42),
                         fill=render.BLACK)
        return sheet.finish()

    def pzprv3(self, board: Country, answer: Answer | None) -> str:
        grid = self.grid(board)
        lines = answer.lines if answer is not None else frozenset()
        room = {cell: index for index, cells in enumerate(board.rooms) for cell in cells}
        first = {top(cells): index for index, cells in enumerate(board.rooms)}
        return pzprv3.write(self.name, grid, [
            [[str(len(board.rooms))]],
            pzprv3.cells(grid, lambda c: str(room[c])),
            pzprv3.cells(grid, lambda c: pzprv3.clue(board.numbers.get(first[c]))
                         if c in first else "."),
            *pzprv3.pairs(grid, lambda p: "1" if p in lines else "0"),
            pzprv3.cells(grid, lambda c: "0")],
            version="pzprv3.1" if board.empty else "pzprv3",
            header=["country_empty"] if board.empty else [])

    def read_answer(self, board: Country, text: str) -> Answer:
        file = pzprv3.read(text)
        if file.lines and file.lines[0] == ["country_empty"]:
            file.block(1, 1)
        file.block(1, 1)
        file.cells()
        file.cells()
        return Answer(lines=paths.read_lines(file, self.grid(board)))


GENRE = CountryGenre()
