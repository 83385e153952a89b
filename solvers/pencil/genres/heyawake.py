"""Heyawake: shade cells in rooms; numbers count a room's shaded cells, no unshaded
run crosses two room borders."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, codecs, pzprv3, rules
from ..engine import Model, Values
from ..genre import Genre
from ..grid import Cell, Grid, Pair, top
from ..layers import Answer
from ..link import Link
from ..render import Sheet
from ..shading import Shaded


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    walls: frozenset[Pair]
    #: each room's clue (None: no clue, codecs.QUESTION: '?'), rooms in link order
    clues: tuple[int | None, ...]

    def rooms(self) -> list[list[Cell]]:
        return Grid(self.rows, self.cols).rooms(self.walls)


def runs(grid: Grid, walls: frozenset[Pair]) -> list[list[Cell]]:
    """The shortest straight runs of cells that cross two room borders: from the cell
    before one wall to the cell after the next wall in the same row or column."""
    out = []
    lines = ([[(r, c) for c in range(grid.cols)] for r in range(grid.rows)]
             + [[(r, c) for r in range(grid.rows)] for c in range(grid.cols)])
    for line in lines:
        cuts = [i for i in range(len(line) - 1) if (line[i], line[i + 1]) in walls]
        out += [line[a:b + 2] for a, b in zip(cuts, cuts[1:], strict=False)]
    return out


class Heyawake(Genre[Board, Shaded]):
    names = ("heyawake",)
    title = N_("Heyawake")
    rules = (
        N_("Shade some cells; shaded cells never touch side by side."),
        N_("The unshaded cells form one connected area."),
        N_("A number tells how many cells of its room are shaded."),
        N_("No straight run of unshaded cells crosses two room borders."),
    )

    def decode(self, link: Link) -> Board:
        reader = codecs.Reader(link.body)
        reader.part = _("room borders")
        walls = codecs.read_borders(reader, link.rows, link.cols)
        rooms = Grid(link.rows, link.cols).rooms(walls)
        reader.part = _("room numbers")
        clues = codecs.read_number16(reader, len(rooms))
        return Board(link.rows, link.cols, walls, tuple(clues))

    def encode(self, board: Board) -> str:
        body = (codecs.write_borders(board.walls, board.rows, board.cols)
                + codecs.write_number16(list(board.clues)))
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Board, model: Model) -> Shaded:
        grid = self.grid(board)
        shaded = model.vars(grid.cells())
        model.show(shaded.values())
        with model.about(_("no two shaded cells side by side")):
            rules.no_adjacent(model, grid, shaded)
        for room, clue in zip(board.rooms(), board.clues, strict=True):
            if clue is not None and clue >= 0:
                with model.about(_("the {clue} at {where}").format(
                        clue=clue, where=check.where(top(room)))):
                    model.exactly([shaded[c] for c in room], clue)
        with model.about(_("no unshaded run across two borders")):
            for run in runs(grid, board.walls):
                model.clause([shaded[c] for c in run])
        rules.connected_cells(model, grid, {c: -lit for c, lit in shaded.items()})
        return Shaded(shaded)

    def answer(self, board: Board, variables: Shaded, values: Values) -> Answer:
        return Answer(shaded=frozenset(c for c, lit in variables.shaded.items() if values(lit)))

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        white = [c for c in grid.cells() if c not in answer.shaded]
        areas = check.pieces(grid, white)
        counts = [top(room) for room, clue in zip(board.rooms(), board.clues, strict=True)
                  if clue is not None and clue >= 0
                  and sum(c in answer.shaded for c in room) != clue]
        long_runs = [run[0] for run in runs(grid, board.walls)
                     if not any(c in answer.shaded for c in run)]
        return [
            check.rule(_("No shaded cells side by side"),
                       check.adjacent_pairs(grid, answer.shaded), check.where),  # type: ignore
            Rule(_("Unshaded cells connected"), len(areas) <= 1,
                 check.pieces_text(len(areas)), ": "),
            check.rule(_("Room numbers count their shaded cells"), counts,
                       check.where),  # type: ignore[arg-type]
            check.rule(_("No unshaded run across two borders"), long_runs,
                       check.where),  # type: ignore[arg-type]
        ]

    def draw(self, board: Board, answer: Answer | None) -> Image.Image:
        sheet = Sheet(board.rows, board.cols)
        tops = {top(room): clue for room, clue in zip(board.rooms(), board.clues, strict=True)
                if clue is not None}
        if answer:
            sheet.fill(answer.shaded)
            sheet.dots(c for c in self.grid(board).cells()
                       if c not in answer.shaded and c not in tops)
        sheet.grid()
        sheet.walls(board.walls)
        sheet.numbers(tops, shaded=answer.shaded if answer else ())
        return sheet.finish()

    def pzprv3(self, board: Board, answer: Answer | None) -> str:
        grid = self.grid(board)
        rooms = board.rooms()
        number = check.room_of(rooms)
        tops = {top(room): clue for room, clue in zip(rooms, board.clues, strict=True)}
        shaded = answer.shaded if answer else frozenset()
        return pzprv3.write(self.name, grid, [
            [[str(len(rooms))]],
            pzprv3.cells(grid, lambda c: str(number[c])),
            pzprv3.cells(grid, lambda c: pzprv3.clue(tops.get(c))),
            pzprv3.cells(grid, lambda c: "#" if c in shaded else "+" if answer else ".")])

    def read_answer(self, board: Board, text: str) -> Answer:
        file = pzprv3.read(text)
        file.block(1, 1)
        file.cells()
        file.cells()
        return Answer(shaded=frozenset((r, c) for r, row in enumerate(file.cells())
                                       for c, token in enumerate(row) if token == "#"))


GENRE = Heyawake()
