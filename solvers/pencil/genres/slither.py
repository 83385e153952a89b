"""Slitherlink: one loop along the grid's edges; a number counts its cell's sides used."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, codecs, pzprv3, rules
from ..engine import Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid, Segment, Vertex
from ..layers import Answer
from ..link import Link
from ..render import BLACK, Sheet


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    clues: dict[Cell, int]
    #: the `f` option: the loop passes through every vertex
    full: bool = False

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self.full, tuple(sorted(self.clues.items()))))


@dataclass
class Vars:
    edges: dict[Segment, Lit]
    used: dict[Vertex, Lit]


class Slither(Genre[Board, Vars]):
    names = ("slither", "slitherlink")
    title = N_("Slitherlink")
    rules = (
        N_("Draw one loop along the grid lines, without branches or crossings."),
        N_("A number tells how many of its cell's four sides the loop uses."),
    )
    flags = ("f",)

    def decode(self, link: Link) -> Board:
        values = codecs.read_4cell(codecs.Reader(link.body), link.rows * link.cols)
        cells = Grid(link.rows, link.cols).cells()
        return Board(link.rows, link.cols, {c: v for c, v in zip(cells, values, strict=True)
                                            if v is not None}, link.flag == "f")

    def encode(self, board: Board) -> str:
        body = codecs.write_4cell([board.clues.get(c) for c in self.grid(board).cells()])
        return Link(self.name, board.cols, board.rows, body, "f" if board.full else "").url()

    def constrain(self, board: Board, model: Model) -> Vars:
        grid = self.grid(board)
        edges, used = rules.edge_loop(model, grid)
        model.show(edges.values())
        model.clause(edges.values())  # some loop
        for cell, clue in board.clues.items():
            if clue >= 0:
                with model.about(_("the {clue} at {where}").format(
                        clue=clue, where=check.where(cell))):
                    model.exactly([edges[side] for side in grid.sides(cell)], clue)
        if board.full:
            for lit in used.values():
                model.clause([lit])
        return Vars(edges, used)

    def answer(self, board: Board, variables: Vars, values: Values) -> Answer:
        return Answer(edges=frozenset(s for s, lit in variables.edges.items() if values(lit)))

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        wrong = [cell for cell, clue in board.clues.items()
                 if clue >= 0 and check.segments_around(grid, cell, answer.edges) != clue]
        out = check.single_loop(answer.edges, _("The lines"))
        out.append(check.rule(_("Numbers count their sides"), sorted(wrong),
                              check.where))  # type: ignore[arg-type]
        if board.full:
            missed = [v for v in grid.vertices() if check.degrees(answer.edges)[v] == 0]
            out.append(check.rule(_("The loop passes every corner"), missed,
                                  check.where))  # type: ignore[arg-type]
        return out

    def draw(self, board: Board, answer: Answer | None) -> Image.Image:
        sheet = Sheet(board.rows, board.cols)
        sheet.numbers(board.clues, BLACK)
        if answer:
            sheet.edges(answer.edges)
        sheet.vertex_dots()
        return sheet.finish()

    def pzprv3(self, board: Board, answer: Answer | None) -> str:
        grid = self.grid(board)
        edges = answer.edges if answer else frozenset()
        return pzprv3.write(self.name, grid, [
            pzprv3.cells(grid, lambda c: pzprv3.clue(board.clues.get(c))),
            *pzprv3.segments(grid, lambda s: "1" if s in edges else "0")])

    def read_answer(self, board: Board, text: str) -> Answer:
        file = pzprv3.read(text)
        grid = self.grid(board)
        file.cells()
        upright = file.block(grid.rows, grid.cols + 1)
        level = file.block(grid.rows + 1, grid.cols)
        edges = {((r, c), (r + 1, c)) for r, row in enumerate(upright)
                 for c, token in enumerate(row) if token not in ("0", "-1")}
        edges |= {((r, c), (r, c + 1)) for r, row in enumerate(level)
                  for c, token in enumerate(row) if token not in ("0", "-1")}
        return Answer(edges=frozenset(edges))


GENRE = Slither()
