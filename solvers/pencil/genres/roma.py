"""Roma: an arrow (up, down, left or right) in every empty cell, no direction twice in a
room, and from every cell, following the arrows leads to a goal (a circle).

The link's body is the walls (5-bit groups) then the given cells (0-9 with a-z skips):
1-4 an arrow up, down, left, right, 5 a goal.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import PuzzleError, Rule
from .. import arrows, check, paths, pzprv3, render
from ..codecs import Reader, read_borders, read_number10, write_borders, write_number10
from ..engine import Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid, Pair
from ..layers import Answer
from ..link import Link

#: arrows as the link and the player number them (a paths direction plus one), and goals
UP, DOWN, LEFT, RIGHT, GOAL = 1, 2, 3, 4, 5
ROOT = "goals"


@dataclass(frozen=True)
class Roma:
    """The walls, the rooms they make, and the given cells (cell -> arrow 1-4 or GOAL)."""

    rows: int
    cols: int
    walls: frozenset[Pair]
    rooms: tuple[tuple[Cell, ...], ...]
    given: Mapping[Cell, int]

    __hash__ = paths.board_hash


def target(cell: Cell, arrow: int) -> Cell:
    return paths.step(cell, arrow - 1)


class RomaGenre(Genre[Roma, dict[Cell, dict[int, Lit]]]):
    names = ("roma", "rome")
    title = N_("Roma")
    rules = (N_("Draw an arrow (up, down, left or right) in every empty cell."),
             N_("No room holds two arrows pointing the same way."),
             N_("From every cell, following the arrows leads to a goal."))

    def decode(self, link: Link) -> Roma:
        grid = Grid(link.rows, link.cols)
        reader = Reader(link.body)
        reader.part = _("walls")
        walls = read_borders(reader, link.rows, link.cols)
        reader.part = _("arrows")
        values = read_number10(reader, link.rows * link.cols)
        given = {c: v for c, v in zip(grid.cells(), values, strict=True) if v is not None}
        for cell, value in given.items():
            if not UP <= value <= GOAL:
                raise PuzzleError(_("The roma link gives {value!r} at {cell}; a cell holds 1-4 "
                                    "(an arrow) or 5 (a goal).").format(
                                        value="?" if value < 0 else value,
                                        cell=check.where(cell)))
        return Roma(link.rows, link.cols, walls,
                    tuple(tuple(room) for room in grid.rooms(walls)), given)

    def encode(self, board: Roma) -> str:
        body = write_borders(board.walls, board.rows, board.cols) + write_number10(
            [board.given.get(c) for c in self.grid(board).cells()])
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Roma, model: Model) -> dict[Cell, dict[int, Lit]]:
        grid = self.grid(board)
        choice: dict[Cell, dict[int, Lit]] = {}
        for cell in grid.cells():
            if cell in board.given:
                continue
            ways = [a for a in (UP, DOWN, LEFT, RIGHT) if grid.inside(target(cell, a))]
            number = model.number(ways)
            choice[cell] = dict(zip(number.values, number.lits, strict=True))
            model.show(number.lits)
        for room in board.rooms:
            with model.about(_("the room at {cell}").format(cell=check.where(room[0]))):
                for arrow in (UP, DOWN, LEFT, RIGHT):
                    fixed = sum(board.given.get(c) == arrow for c in room)
                    lits = [choice[c][arrow] for c in room if arrow in choice.get(c, {})]
                    model.at_most(lits, 1 - fixed)
        nodes: dict[object, Lit] = {cell: model.true() for cell in grid.cells()}
        nodes[ROOT] = model.true()
        links: list[tuple[object, object] | tuple[object, object, Lit]] = []
        for cell in grid.cells():
            given = board.given.get(cell)
            if given == GOAL:
                links.append((cell, ROOT))
            elif given is not None:
                if grid.inside(target(cell, given)):
                    links.append((cell, target(cell, given)))
            else:
                links += [(cell, target(cell, a), lit) for a, lit in choice[cell].items()]
        with model.about(_("every cell leads to a goal")):
            model.connected(nodes, links, ROOT)
        return choice

    def answer(self, board: Roma, variables: dict[Cell, dict[int, Lit]],
               values: Values) -> Answer:
        return Answer(numbers={cell: arrow for cell, lits in variables.items()
                               for arrow, lit in lits.items() if values(lit)})

    def check(self, board: Roma, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        arrow = {**answer.numbers, **board.given}
        twice = [room[0] for room in board.rooms
                 if any(sum(arrow.get(c) == a for c in room) > 1
                        for a in (UP, DOWN, LEFT, RIGHT))]
        lost = [c for c in grid.cells() if not reaches_goal(grid, arrow, c)]
        return [paths.cell_rule(_("An arrow in every cell"),
                                [c for c in grid.cells() if arrow.get(c) not in range(1, 6)]),
                paths.cell_rule(_("No direction twice in a room"), twice),
                paths.cell_rule(_("Every cell leads to a goal"), lost)]

    def draw(self, board: Roma, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols)
        sheet.grid()
        sheet.walls(board.walls)
        for cell, value in board.given.items():
            if value == GOAL:
                sheet.circles([cell])
            else:
                arrows.arrow(sheet, cell, value - 1, render.BLACK)
        if answer is not None:
            for cell, value in answer.numbers.items():
                arrows.arrow(sheet, cell, value - 1, render.GREEN)
        return sheet.finish()

    def pzprv3(self, board: Roma, answer: Answer | None) -> str:
        grid = self.grid(board)
        numbers = answer.numbers if answer is not None else {}
        room = {cell: index for index, cells in enumerate(board.rooms) for cell in cells}
        return pzprv3.write(self.name, grid, [
            [[str(len(board.rooms))]],
            pzprv3.cells(grid, lambda c: str(room[c])),
            pzprv3.cells(grid, lambda c: pzprv3.clue(board.given.get(c))),
            pzprv3.cells(grid, lambda c: str(numbers[c]) if c in numbers else ".")])

    def read_answer(self, board: Roma, text: str) -> Answer:
        file = pzprv3.read(text)
        file.block(1, 1)
        file.cells()
        file.cells()
        return Answer(numbers={(r, c): int(token) for r, row in enumerate(file.cells())
                               for c, token in enumerate(row) if token in "1234"})


def reaches_goal(grid: Grid, arrow: Mapping[Cell, int], start: Cell) -> bool:
    """Whether following the arrows from `start` ends on a goal."""
    seen = set()
    cell = start
    while grid.inside(cell) and cell not in seen:
        value = arrow.get(cell)
        if value == GOAL:
            return True
        if value not in (UP, DOWN, LEFT, RIGHT):
            return False
        seen.add(cell)
        cell = target(cell, value)
    return False


GENRE = RomaGenre()
