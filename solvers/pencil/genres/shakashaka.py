"""Shakashaka: put black triangles in white cells so that the white areas are rectangles."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, codecs, pzprv3, rules
from ..engine import Lit, Model, Values
from ..genre import ClueBoard, Genre
from ..grid import STEPS, Cell, Grid, Vertex
from ..layers import Answer
from ..link import Link
from ..render import Sheet
from ..shading import answer_file, marked

#: a triangle by the cell corner its right angle is in, as (down, right) offsets 0/1
CORNERS = {"tri-ul": (0, 0), "tri-ur": (0, 1), "tri-dl": (1, 0), "tri-dr": (1, 1)}
#: the player's file codes of the triangles
CODES = {"tri-dl": "2", "tri-dr": "3", "tri-ur": "4", "tri-ul": "5"}
#: the eight 45-degree slices around a vertex, clockwise from straight up: the cell
#: (offset from the vertex), the cell's corner at the vertex, and the side of the cell
#: the slice lies along ("v" upright, "h" level)
SLICES = (((-1, 0), (1, 0), "v"), ((-1, 0), (1, 0), "h"), ((0, 0), (0, 0), "h"),
          ((0, 0), (0, 0), "v"), ((0, -1), (0, 1), "v"), ((0, -1), (0, 1), "h"),
          ((-1, -1), (1, 1), "h"), ((-1, -1), (1, 1), "v"))
#: the white runs a vertex may show, in slices: a right angle, a straight side, inside
RUNS = (2, 4, 8)


class Board(ClueBoard[int]):
    """The black cells: cell -> number of triangles beside it (QUESTION: no number)."""


@dataclass
class Vars:
    #: each white cell's content: "" (empty) or a triangle mark -> literal
    states: dict[Cell, dict[str, Lit]]


def slice_white(state: str, corner: Cell, side: str) -> bool:
    """Whether a cell holding `state` is white in the slice by `corner` along `side`:
    a triangle blackens the slices at its right angle and those along its legs."""
    if state == "":
        return True
    right = CORNERS[state]
    other = (1 - corner[0], corner[1]) if side == "v" else (corner[0], 1 - corner[1])
    return right not in (corner, other)


def side_white(state: str, step: Cell) -> bool:
    """Whether a cell holding `state` is white along its side towards `step`."""
    if state == "":
        return True
    down, right = CORNERS[state]
    black = {(-1, 0) if down == 0 else (1, 0), (0, -1) if right == 0 else (0, 1)}
    return step not in black


class Shakashaka(Genre[Board, Vars]):
    names = ("shakashaka",)
    title = N_("Shakashaka")
    rules = (
        N_("Put black triangles, each half a cell cut corner to corner, in some white cells."),
        N_("A number counts the triangles in the cells beside it."),
        N_("Every white area is a rectangle, upright or tilted 45 degrees."),
    )

    def decode(self, link: Link) -> Board:
        values = codecs.read_4cell(codecs.Reader(link.body), link.rows * link.cols)
        cells = Grid(link.rows, link.cols).cells()
        return Board(link.rows, link.cols, {cell: value for cell, value
                                            in zip(cells, values, strict=True)
                                            if value is not None})

    def encode(self, board: Board) -> str:
        body = codecs.write_4cell([board.clues.get(c) for c in self.grid(board).cells()])
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Board, model: Model) -> Vars:
        grid = self.grid(board)
        states = {cell: {state: model.var() for state in ("", *CORNERS)}
                  for cell in grid.cells() if cell not in board.clues}
        for options in states.values():
            model.exactly(list(options.values()), 1)
        model.show([lit for options in states.values() for lit in options.values()])
        triangle = {cell: model.any_of([options[t] for t in CORNERS])
                    for cell, options in states.items()}
        model.clause(triangle.values())
        for cell, number in board.clues.items():
            if number >= 0:
                with model.about(_("the {number} at {where}").format(
                        number=number, where=check.where(cell))):
                    rules.count_in(model, [triangle[c] for c in grid.neighbours(cell)
                                           if c in triangle], number)
        with model.about(_("white areas are rectangles")):
            for vertex in grid.vertices():
                self._corner(model, vertex, states)
        return Vars(states)

    @staticmethod
    def _corner(model: Model, vertex: Vertex, states: dict[Cell, dict[str, Lit]]) -> None:
        """Around a vertex each white run of slices is a right angle, a straight side or
        the whole turn: anything else is a white area's sharp or reflex corner."""
        white: list[Lit] = []
        for (dr, dc), corner, side in SLICES:
            options = states.get((vertex[0] + dr, vertex[1] + dc))
            white.append(model.any_of([lit for state, lit in options.items()
                                       if slice_white(state, corner, side)])
                         if options else -model.true())
        for start in range(8):
            for length in range(1, 8):
                if length in RUNS:
                    continue
                run = [white[(start + k) % 8] for k in range(length)]
                model.clause([white[(start - 1) % 8], *(-lit for lit in run),
                              white[(start + length) % 8]])

    def answer(self, board: Board, variables: Vars, values: Values) -> Answer:
        return Answer(marks={cell: state for cell, options in variables.states.items()
                             for state, lit in options.items() if state and values(lit)})

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        wrong = [cell for cell, number in board.clues.items() if number >= 0
                 and number != sum(c in answer.marks for c in grid.neighbours(cell))]
        return [
            check.rule(_("Triangles only in white cells"),
                       sorted(set(answer.marks) & set(board.clues)),
                       check.where),  # type: ignore[arg-type]
            check.rule(_("Numbers count the triangles beside them"), sorted(wrong),
                       check.where),  # type: ignore[arg-type]
            Rule(_("Some triangle is placed"), bool(answer.marks)),
            check.rule(_("White areas are rectangles"), self._not_rectangles(board, answer),
                       check.where),  # type: ignore[arg-type]
        ]

    def _not_rectangles(self, board: Board, answer: Answer) -> list[Cell]:
        """The first cell of each white area that is no rectangle: areas join cells
        through sides white on both cells; an area is an upright rectangle (no
        triangles, filling its bounding box) or a tilted one (every cell's white
        sides lead into the area, and only those)."""
        grid = self.grid(board)

        def state(cell: Cell) -> str:
            return answer.marks.get(cell, "")

        def joined(a: Cell, b: Cell) -> bool:
            step = (b[0] - a[0], b[1] - a[1])
            return side_white(state(a), step) and side_white(state(b), (-step[0], -step[1]))

        out = []
        for area in check.pieces(grid, [c for c in grid.cells() if c not in board.clues],
                                 joined):
            inside = set(area)
            rows = {r for r, _c in area}
            cols = {c for _r, c in area}
            upright = (not inside & set(answer.marks)
                       and len(area) == len(rows) * len(cols))
            tilted = all(side_white(state(cell), step)
                         == ((cell[0] + step[0], cell[1] + step[1]) in inside)
                         for cell in area for step in STEPS)
            if not upright and not tilted:
                out.append(area[0])
        return out

    def draw(self, board: Board, answer: Answer | None) -> Image.Image:
        sheet = Sheet(board.rows, board.cols)
        sheet.fill(board.clues)
        if answer:
            sheet.marks(answer.marks)
        sheet.grid(dashed=True)  # over the triangles: half cells show as halves
        sheet.numbers({c: n for c, n in board.clues.items() if n >= 0}, shaded=board.clues)
        return sheet.finish()

    def pzprv3(self, board: Board, answer: Answer | None) -> str:
        marks = answer.marks if answer else {}
        grid = self.grid(board)

        def clue(cell: Cell) -> str:
            number = board.clues.get(cell)
            return "." if number is None else "5" if number < 0 else str(number)

        return pzprv3.write(self.name, grid, [
            pzprv3.cells(grid, clue),
            pzprv3.cells(grid, lambda cell: CODES.get(marks.get(cell, ""), "."))])

    def read_answer(self, board: Board, text: str) -> Answer:
        file = answer_file(text, board.rows, board.cols)
        file.cells()  # the black cells
        block = file.cells()
        return Answer(marks={cell: mark for mark, code in CODES.items()
                             for cell in marked(block, (code,))})


GENRE = Shakashaka()
