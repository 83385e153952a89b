"""Nurimaze: shade whole regions so that the rest is a maze from S to G past every circle."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from PIL import Image

from ...draw import centred_text
from ...i18n import N_, _
from ...values import PuzzleError, Rule
from .. import check, codecs, pzprv3, rules
from ..engine import Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid, Pair
from ..layers import Answer
from ..link import Link
from ..render import Sheet
from ..shading import SHADE, Shaded, answer_file, connected_rule, marked, room_blocks, shaded_cells

#: the marks a cell can hold, by their code in links, and their letter in files
START, GOAL, CIRCLE, TRIANGLE = "1", "2", "3", "4"
FILE = {START: "s", GOAL: "g", CIRCLE: "o", TRIANGLE: "t"}


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    #: the walls between regions
    walls: frozenset[Pair]
    #: the marked cells: cell -> START, GOAL, CIRCLE or TRIANGLE
    marks: dict[Cell, str]

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self.walls, tuple(sorted(self.marks.items()))))

    def only(self, mark: str) -> Cell:
        """The cell of a mark the board has once (START, GOAL)."""
        return next(cell for cell, kind in self.marks.items() if kind == mark)


def read_marks(reader: codecs.Reader, count: int) -> list[str | None]:
    """The marks of a Nurimaze body: '1' start, '2' goal, '3' circle, '4' triangle,
    '5'-'z' skip 1-31 cells."""
    out: list[str | None] = []
    while len(out) < count and reader.peek():
        char = reader.take()
        if char in FILE:
            out.append(char)
        elif "5" <= char <= "9" or "a" <= char <= "z":
            out.extend([None] * (int(char, 36) - 4))
        else:
            reader.pos -= 1
            raise reader.fail(_("unexpected {char!r}").format(char=char))
    return out[:count] + [None] * (count - len(out))


def write_marks(values: list[str | None]) -> str:
    """The body of the marks (the reverse of `read_marks`): runs of 1-31 empty cells as
    '5'-'z'."""
    out, skipped = [], 0
    for value in values + [""]:
        if value is None:
            skipped += 1
            if skipped < 31:
                continue
        if skipped:
            out.append("0123456789abcdefghijklmnopqrstuvwxyz"[skipped + 4])
            skipped = 0
        if value:
            out.append(value)
    return "".join(out)


def route(grid: Grid, open_cells: set[Cell], start: Cell, goal: Cell) -> list[Cell]:
    """The cells on the way from start to goal through the open cells (the first way
    found by a search from the start; in a maze without loops, the only one)."""
    before: dict[Cell, Cell | None] = {start: None}
    todo = [start]
    while todo:
        cell = todo.pop()
        for other in grid.neighbours(cell):
            if other in open_cells and other not in before:
                before[other] = cell
                todo.append(other)
    if goal not in before:
        return []
    way: list[Cell] = []
    at: Cell | None = goal
    while at is not None:
        way.append(at)
        at = before[at]
    return way


class Nurimaze(Genre[Board, Shaded]):
    names = ("nurimaze",)
    title = N_("Nurimaze")
    rules = (
        N_("Shade some regions whole; S, G, circles and triangles stay unshaded."),
        N_("The unshaded cells are connected, without loops, and no 2x2 block is all "
           "shaded or all unshaded."),
        N_("The way from S to G passes every circle and no triangle."),
    )

    def decode(self, link: Link) -> Board:
        reader = codecs.Reader(link.body)
        reader.part = _("room borders")
        walls = codecs.read_borders(reader, link.rows, link.cols)
        reader.part = _("marks")
        values = read_marks(reader, link.rows * link.cols)
        cells = Grid(link.rows, link.cols).cells()
        marks = {cell: value for cell, value in zip(cells, values, strict=True) if value}
        for mark, name in ((START, "S"), (GOAL, "G")):
            if list(marks.values()).count(mark) != 1:
                raise PuzzleError(_("A Nurimaze needs exactly one {mark}; the link has "
                                    "{count}.").format(mark=name,
                                                       count=list(marks.values()).count(mark)))
        return Board(link.rows, link.cols, walls, marks)

    def encode(self, board: Board) -> str:
        body = (codecs.write_borders(board.walls, board.rows, board.cols)
                + write_marks([board.marks.get(c) for c in self.grid(board).cells()]))
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Board, model: Model) -> Shaded:
        grid = self.grid(board)
        shaded = model.vars(grid.cells())
        model.show(shaded.values())
        for room in grid.rooms(board.walls):
            for cell in room[1:]:
                model.equal(shaded[room[0]], shaded[cell])
        with model.about(_("marks stay unshaded")):
            for cell in board.marks:
                model.clause([-shaded[cell]])
        white = {cell: -lit for cell, lit in shaded.items()}
        with model.about(_("no 2x2 block of one kind")):
            rules.no_2x2(model, grid, shaded)
            rules.no_2x2(model, grid, white)
        rules.connected_cells(model, grid, white)
        self._no_loop(model, grid, board.only(START), white)
        with model.about(_("the way from S to G passes every circle and no triangle")):
            self._route(model, grid, board, white)
        return Shaded(shaded)

    @staticmethod
    def _no_loop(model: Model, grid: Grid, root: Cell, white: dict[Cell, Lit]) -> None:
        """No loop in the connected maze: every open cell but the start picks one open
        neighbour as its parent, and every two open neighbours are parent and child one
        way round; then the open links number the open cells less one, which for a
        connected area means a tree."""
        parent = {(a, b): model.var() for a in grid.cells() for b in grid.neighbours(a)}
        for (a, b), lit in parent.items():
            model.implies(lit, [white[a]])
            model.implies(lit, [white[b]])
        for cell in grid.cells():
            mine = [parent[cell, other] for other in grid.neighbours(cell)]
            if cell == root:
                for lit in mine:
                    model.clause([-lit])
                continue
            model.implies(white[cell], mine)
            model.at_most(mine, 1)
        for a, b in grid.pairs():
            model.clause([-white[a], -white[b], parent[a, b], parent[b, a]])
            model.clause([-parent[a, b], -parent[b, a]])

    @staticmethod
    def _route(model: Model, grid: Grid, board: Board, white: dict[Cell, Lit]) -> None:
        """The way from S to G: its cells are open, S and G have one neighbour on it,
        the others two (in a maze without loops that is a single path)."""
        way = model.vars(grid.cells())
        ends = (board.only(START), board.only(GOAL))
        for cell in grid.cells():
            model.implies(way[cell], white[cell])
            near = [way[other] for other in grid.neighbours(cell)]
            kind = board.marks.get(cell)
            if cell in ends:
                model.clause([way[cell]])
                model.clause(near)
                model.at_most(near, 1)
                continue
            if kind == CIRCLE:
                model.clause([way[cell]])
            elif kind == TRIANGLE:
                model.clause([-way[cell]])
            for lit in near:  # on the way: at least two neighbours on it ...
                model.clause([-way[cell], *(other for other in near if other != lit)])
            for three in combinations(near, 3):  # ... and at most two
                model.clause([-way[cell], *(-lit for lit in three)])

    def answer(self, board: Board, variables: Shaded, values: Values) -> Answer:
        return Answer(shaded=shaded_cells(variables.shaded, values))

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        white = {cell for cell in grid.cells() if cell not in answer.shaded}
        split = [room[0] for room in grid.rooms(board.walls)
                 if 0 < sum(cell in answer.shaded for cell in room) < len(room)]
        links = sum(a in white and b in white for a, b in grid.pairs())
        way = set(route(grid, white, board.only(START), board.only(GOAL)))
        missed = sorted(cell for cell, kind in board.marks.items()
                        if (kind == CIRCLE) != (cell in way) and kind in (CIRCLE, TRIANGLE))
        return [
            check.rule(_("Regions shaded whole"), split, check.where),  # type: ignore
            check.rule(_("Marks stay unshaded"), sorted(answer.shaded & set(board.marks)),
                       check.where),  # type: ignore[arg-type]
            connected_rule(grid, white, _("Unshaded cells connected")),
            Rule(_("No loop in the maze"), links == len(white) - 1),
            check.rule(_("No 2x2 block of one kind"), sorted(
                check.squares_all(grid, answer.shaded) + check.squares_all(grid, white)),
                check.where),  # type: ignore[arg-type]
            check.rule(_("The way passes every circle and no triangle"), missed,
                       check.where),  # type: ignore[arg-type]
        ]

    def draw(self, board: Board, answer: Answer | None) -> Image.Image:
        sheet = Sheet(board.rows, board.cols)
        if answer:
            sheet.fill(answer.shaded, SHADE)
        sheet.grid()
        sheet.walls(board.walls)
        size = sheet.cell
        for cell, kind in board.marks.items():
            x, y = sheet.centre(cell)
            if kind == CIRCLE:
                sheet.circles([cell])
            elif kind == TRIANGLE:
                sheet.draw.polygon([(x, y - size * 0.3), (x + size * 0.3, y + size * 0.25),
                                    (x - size * 0.3, y + size * 0.25)], outline=(0, 0, 0),
                                   width=max(2, size // 16))
            else:
                centred_text(sheet.draw, (x, y), "S" if kind == START else "G",
                             int(size * 0.6))
        return sheet.finish()

    def pzprv3(self, board: Board, answer: Answer | None) -> str:
        shaded = answer.shaded if answer else frozenset()
        grid = self.grid(board)
        return pzprv3.write(self.name, grid, [
            *room_blocks(grid, board.walls),
            pzprv3.cells(grid, lambda cell: FILE.get(board.marks.get(cell, ""), ".")),
            pzprv3.cells(grid, lambda cell: "#" if cell in shaded else "+" if answer else ".")])

    def read_answer(self, board: Board, text: str) -> Answer:
        file = answer_file(text, board.rows, board.cols)
        file.block(1, 1)  # the number of regions
        file.cells()  # each cell's region
        file.cells()  # the clues
        return Answer(shaded=marked(file.cells()))


GENRE = Nurimaze()
