"""Akari (Light Up): place lights that light every white cell and never see each other."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, codecs, pzprv3
from ..engine import Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid
from ..layers import Answer
from ..link import Link
from ..render import WHITE, Sheet

#: the player's colour for lit cells
LIT = (255, 238, 160)


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    #: the black cells: cell -> number of lights beside it, or codecs.QUESTION for none
    walls: dict[Cell, int]

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, tuple(sorted(self.walls.items()))))

    def runs(self) -> list[list[Cell]]:
        """The straight runs of white cells between walls (rows, then columns): a light
        lights its runs, and two lights in one run see each other."""
        grid = Grid(self.rows, self.cols)
        lines = ([[(r, c) for c in range(grid.cols)] for r in range(grid.rows)]
                 + [[(r, c) for r in range(grid.rows)] for c in range(grid.cols)])
        out: list[list[Cell]] = []
        for line in lines:
            run: list[Cell] = []
            for cell in [*line, None]:
                if cell is None or cell in self.walls:
                    if run:
                        out.append(run)
                    run = []
                else:
                    run.append(cell)
        return out


@dataclass
class Vars:
    lights: dict[Cell, Lit]


def lit_cells(board: Board, lights: frozenset[Cell] | set[Cell]) -> set[Cell]:
    """The white cells some light shines on."""
    return {cell for run in board.runs() if any(c in lights for c in run) for cell in run}


class Lightup(Genre[Board, Vars]):
    names = ("lightup", "akari")
    title = N_("Akari (Light Up)")
    rules = (
        N_("Place lights in white cells; a light shines along its row and column up to a "
           "black cell."),
        N_("Every white cell is lit; no light shines on another."),
        N_("A number tells how many lights touch its black cell side by side."),
    )

    def decode(self, link: Link) -> Board:
        values = codecs.read_4cell(codecs.Reader(link.body), link.rows * link.cols)
        cells = Grid(link.rows, link.cols).cells()
        return Board(link.rows, link.cols, {c: v for c, v in zip(cells, values, strict=True)
                                            if v is not None})

    def encode(self, board: Board) -> str:
        body = codecs.write_4cell([board.walls.get(c) for c in self.grid(board).cells()])
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Board, model: Model) -> Vars:
        grid = self.grid(board)
        lights = model.vars(c for c in grid.cells() if c not in board.walls)
        model.show(lights.values())
        seen: dict[Cell, list[Lit]] = {cell: [] for cell in lights}
        for run in board.runs():
            model.at_most([lights[c] for c in run], 1)
            for cell in run:
                seen[cell] += [lights[c] for c in run]
        for lits in seen.values():
            model.clause(lits)
        for cell, clue in board.walls.items():
            if clue >= 0:
                with model.about(_("the {clue} at {where}").format(
                        clue=clue, where=check.where(cell))):
                    model.exactly([lights[n] for n in grid.neighbours(cell) if n in lights],
                                  clue)
        return Vars(lights)

    def answer(self, board: Board, variables: Vars, values: Values) -> Answer:
        return Answer(marks={c: "light" for c, lit in variables.lights.items() if values(lit)})

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        lights = {c for c, mark in answer.marks.items() if mark == "light"}
        lit = lit_cells(board, lights)
        dark = [c for c in grid.cells() if c not in board.walls and c not in lit]
        seeing = [run[0] for run in board.runs() if sum(c in lights for c in run) > 1]
        counts = [cell for cell, clue in sorted(board.walls.items()) if clue >= 0
                  and sum(n in lights for n in grid.neighbours(cell)) != clue]
        return [
            check.rule(_("No light shines on another"), seeing, check.where),  # type: ignore
            check.rule(_("Numbers count the lights beside them"), counts,
                       check.where),  # type: ignore[arg-type]
            check.rule(_("Every white cell is lit"), dark, check.where),  # type: ignore
        ]

    def draw(self, board: Board, answer: Answer | None) -> Image.Image:
        sheet = Sheet(board.rows, board.cols)
        if answer:
            sheet.fill(lit_cells(board, set(answer.marks)), LIT)
        sheet.fill(board.walls)
        sheet.grid()
        sheet.numbers({c: v for c, v in board.walls.items() if v >= 0}, WHITE)
        if answer:
            sheet.marks(answer.marks)
        return sheet.finish()

    def pzprv3(self, board: Board, answer: Answer | None) -> str:
        lights = set(answer.marks) if answer else set()

        def token(cell: Cell) -> str:
            if cell in board.walls:
                return pzprv3.clue(board.walls[cell])
            return "#" if cell in lights else "+" if answer else "."

        grid = self.grid(board)
        return pzprv3.write(self.name, grid, [pzprv3.cells(grid, token)])

    def read_answer(self, board: Board, text: str) -> Answer:
        rows = pzprv3.read(text).cells()
        return Answer(marks={(r, c): "light" for r, row in enumerate(rows)
                             for c, token in enumerate(row) if token == "#"})


GENRE = Lightup()
