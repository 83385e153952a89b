"""Star Battle: place stars, the same number in every row, column and region, none touching."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...texts import clip
from ...values import PuzzleError, Rule
from .. import check, codecs, pzprv3, rules
from ..engine import Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Pair
from ..layers import Answer
from ..link import Link
from ..render import Sheet
from ..shading import answer_file, marked, room_blocks, touching_pairs


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    #: stars in each row, column and region
    stars: int
    #: the walls between regions
    walls: frozenset[Pair]


@dataclass
class Vars:
    stars: dict[Cell, Lit]


class StarBattle(Genre[Board, Vars]):
    names = ("starbattle",)
    title = N_("Star Battle")
    rules = (
        N_("Place stars: the number given, in every row, every column and every region."),
        N_("Stars never touch, not even diagonally."),
    )

    def decode(self, link: Link) -> Board:
        count = link.body.partition("/")[0]
        if not count.isdigit() or len(count) > 2 or int(count) < 1:
            raise PuzzleError(_("The star count {count!r} in the link is not a number of "
                                "stars.").format(count=clip(count)))
        reader = codecs.Reader(link.body)
        reader.pos = len(count) + 1
        reader.part = _("room borders")
        walls = codecs.read_borders(reader, link.rows, link.cols)
        return Board(link.rows, link.cols, int(count), walls)

    def encode(self, board: Board) -> str:
        body = f"{board.stars}/" + codecs.write_borders(board.walls, board.rows, board.cols)
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Board, model: Model) -> Vars:
        grid = self.grid(board)
        stars = model.vars(grid.cells())
        model.show(stars.values())
        units = [(_("row {number}").format(number=r + 1), [(r, c) for c in range(board.cols)])
                 for r in range(board.rows)]
        units += [(_("column {number}").format(number=c + 1), [(r, c) for r in range(board.rows)])
                  for c in range(board.cols)]
        units += [(_("the region at {where}").format(where=check.where(room[0])), room)
                  for room in grid.rooms(board.walls)]
        for name, cells in units:
            with model.about(name):
                rules.count_in(model, [stars[cell] for cell in cells], board.stars)
        with model.about(_("no stars touching")):
            for a, b in touching_pairs(grid.cells()):
                model.clause([-stars[a], -stars[b]])
        return Vars(stars)

    def answer(self, board: Board, variables: Vars, values: Values) -> Answer:
        return Answer(marks={cell: "star" for cell, lit in variables.stars.items()
                             if values(lit)})

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        stars = set(answer.marks)
        rows = [(r, 0) for r in range(board.rows)
                if sum((r, c) in stars for c in range(board.cols)) != board.stars]
        cols = [(0, c) for c in range(board.cols)
                if sum((r, c) in stars for r in range(board.rows)) != board.stars]
        rooms = [room[0] for room in grid.rooms(board.walls)
                 if sum(cell in stars for cell in room) != board.stars]
        return [
            check.rule(_("Stars in every row"), [f"r{r + 1}" for r, _c in rows]),
            check.rule(_("Stars in every column"), [f"c{c + 1}" for _r, c in cols]),
            check.rule(_("Stars in every region"), rooms, check.where),  # type: ignore
            check.rule(_("No stars touching"), [a for a, _b in touching_pairs(stars)],
                       check.where),  # type: ignore[arg-type]
        ]

    def draw(self, board: Board, answer: Answer | None) -> Image.Image:
        sheet = Sheet(board.rows, board.cols)
        sheet.grid()
        sheet.walls(board.walls)
        if answer:
            sheet.marks(answer.marks)
        return sheet.finish()

    def pzprv3(self, board: Board, answer: Answer | None) -> str:
        stars = answer.marks if answer else {}
        grid = self.grid(board)
        return pzprv3.write(self.name, grid, [
            [[str(board.stars)]], *room_blocks(grid, board.walls),
            pzprv3.cells(grid, lambda cell: "#" if cell in stars else "+")])

    def read_answer(self, board: Board, text: str) -> Answer:
        file = answer_file(text, board.rows, board.cols)
        file.block(2, 1)  # the star count, the number of regions
        file.cells()  # each cell's region
        return Answer(marks=dict.fromkeys(marked(file.cells()), "star"))


GENRE = StarBattle()
