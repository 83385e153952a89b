"""Shimaguni (Islands): one island of shading in every region, neighbours of other sizes."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, codecs, pzprv3, rules
from ..engine import Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid, Pair, top
from ..layers import Answer
from ..link import Link
from ..render import Sheet
from ..shading import SHADE, Shaded, answer_file, at_least_counts, marked, room_blocks, shaded_cells


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    #: the walls between regions
    walls: frozenset[Pair]
    #: the regions' numbers, by the cell the player writes them in (`grid.top`)
    clues: dict[Cell, int]

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self.walls, tuple(sorted(self.clues.items()))))


def neighbouring_rooms(grid: Grid, rooms: list[list[Cell]]) -> set[tuple[int, int]]:
    """The pairs of regions (by index, smaller first) that share a side."""
    index = check.room_of(rooms)
    return {(min(index[a], index[b]), max(index[a], index[b])) for a, b in grid.pairs()
            if index[a] != index[b]}


class Shimaguni(Genre[Board, Shaded]):
    names = ("shimaguni",)
    title = N_("Shimaguni (Islands)")
    rules = (
        N_("Shade one connected island in every region; a number is its size."),
        N_("Islands in different regions never touch side by side."),
        N_("Islands in neighbouring regions have different sizes."),
    )

    def decode(self, link: Link) -> Board:
        reader = codecs.Reader(link.body)
        reader.part = _("room borders")
        walls = codecs.read_borders(reader, link.rows, link.cols)
        rooms = Grid(link.rows, link.cols).rooms(walls)
        reader.part = _("room numbers")
        values = codecs.read_number16(reader, len(rooms))
        return Board(link.rows, link.cols, walls, {top(room): value for room, value
                                                   in zip(rooms, values, strict=True)
                                                   if value is not None})

    def encode(self, board: Board) -> str:
        rooms = self.grid(board).rooms(board.walls)
        body = (codecs.write_borders(board.walls, board.rows, board.cols)
                + codecs.write_number16([board.clues.get(top(room)) for room in rooms]))
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Board, model: Model) -> Shaded:
        grid = self.grid(board)
        shaded = model.vars(grid.cells())
        model.show(shaded.values())
        rooms = grid.rooms(board.walls)
        numbers = [board.clues.get(top(room), -1) for room in rooms]
        for room, number in zip(rooms, numbers, strict=True):
            lits = [shaded[cell] for cell in room]
            with model.about(_("the region at {where}").format(where=check.where(room[0]))):
                model.clause(lits)
                if number >= 0:
                    rules.count_in(model, lits, number)
            rules.connected_cells(model, grid, {cell: shaded[cell] for cell in room})
        sizes = self._sizes(model, rooms, numbers, shaded)
        index = check.room_of(rooms)
        with model.about(_("islands never touch across a wall")):
            for a, b in grid.pairs():
                if index[a] != index[b]:
                    model.clause([-shaded[a], -shaded[b]])
        with model.about(_("neighbouring islands differ in size")):
            for one, other in neighbouring_rooms(grid, rooms):
                for size, lit in sizes[one].items():
                    if size in sizes[other]:
                        model.clause([-lit, -sizes[other][size]])
        return Shaded(shaded)

    @staticmethod
    def _sizes(model: Model, rooms: list[list[Cell]], numbers: list[int],
               shaded: dict[Cell, Lit]) -> list[dict[int, Lit]]:
        """Each region's island size as a literal per size, for comparing neighbours:
        a region with a number has that size; another counts its shading (sorted, so
        a large region stays small) up to its largest size."""
        true = model.true()
        sizes = []
        for room, number in zip(rooms, numbers, strict=True):
            if number >= 0:
                sizes.append({number: true})
                continue
            at_least = at_least_counts(model, [shaded[cell] for cell in room], len(room))
            sizes.append({size: model.all_of([at_least[size], -at_least[size + 1]])
                          for size in range(1, len(room) + 1)})
        return sizes

    def answer(self, board: Board, variables: Shaded, values: Values) -> Answer:
        return Answer(shaded=shaded_cells(variables.shaded, values))

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        rooms = grid.rooms(board.walls)
        index = check.room_of(rooms)
        islands = [[c for c in room if c in answer.shaded] for room in rooms]
        not_one = [room[0] for room, island in zip(rooms, islands, strict=True)
                   if len(check.pieces(grid, island)) != 1]
        wrong = [room[0] for room, island in zip(rooms, islands, strict=True)
                 if board.clues.get(top(room), -1) >= 0 and len(island) != board.clues[top(room)]]
        touching = sorted({a for a, b in grid.pairs() if index[a] != index[b]
                           and a in answer.shaded and b in answer.shaded})
        same = sorted(rooms[one][0] for one, other in neighbouring_rooms(grid, rooms)
                      if len(islands[one]) == len(islands[other]))
        return [
            check.rule(_("One island in every region"), not_one,
                       check.where),  # type: ignore[arg-type]
            check.rule(_("Numbers are the islands' sizes"), wrong,
                       check.where),  # type: ignore[arg-type]
            check.rule(_("Islands never touch across a wall"), touching,
                       check.where),  # type: ignore[arg-type]
            check.rule(_("Neighbouring islands differ in size"), same,
                       check.where),  # type: ignore[arg-type]
        ]

    def draw(self, board: Board, answer: Answer | None) -> Image.Image:
        sheet = Sheet(board.rows, board.cols)
        shaded = answer.shaded if answer else frozenset()
        sheet.fill(shaded, SHADE)
        sheet.grid()
        sheet.walls(board.walls)
        sheet.numbers(board.clues, shaded=shaded)
        return sheet.finish()

    def pzprv3(self, board: Board, answer: Answer | None) -> str:
        shaded = answer.shaded if answer else frozenset()
        grid = self.grid(board)
        return pzprv3.write(self.name, grid, [
            *room_blocks(grid, board.walls),
            pzprv3.cells(grid, lambda cell: pzprv3.clue(board.clues.get(cell))),
            pzprv3.cells(grid, lambda cell: "#" if cell in shaded else "+" if answer else ".")])

    def read_answer(self, board: Board, text: str) -> Answer:
        file = answer_file(text, board.rows, board.cols)
        file.block(1, 1)  # the number of regions
        file.cells()  # each cell's region
        file.cells()  # the clues
        return Answer(shaded=marked(file.cells()))


GENRE = Shimaguni()
