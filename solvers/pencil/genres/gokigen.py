"""Gokigen Naname (Slant): a diagonal in every cell; a number on a grid corner counts the
diagonals that touch it, and the diagonals never make a loop.

The link's body is the corners' numbers, (rows+1) x (cols+1) of them in reading order,
in the 4-cell packing (0-4 a number, 5-9 and a-e a number followed by one or two empty
corners, g-z skips, '.' an unknown number). The flag `d` marks the player's older body
(a character a corner, 0-4 a number); `c` (the current body) is accepted as well.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image

from ...draw import centred_text
from ...i18n import N_, _
from ...values import Rule
from .. import check, paths, pzprv3, render
from ..codecs import QUESTION, Reader, read_4cell, write_4cell
from ..engine import Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid, Vertex
from ..layers import Answer
from ..link import Link

#: a cell's diagonals: "\\" from its top-left corner, "/" from its top-right corner
BACKSLASH, SLASH = "\\", "/"
ROOT = "outside"


@dataclass(frozen=True)
class Gokigen:
    """The numbers on the grid's corners (vertex -> number, QUESTION for '?')."""

    rows: int
    cols: int
    corners: Mapping[Vertex, int]

    __hash__ = paths.board_hash


def touching(grid: Grid, vertex: Vertex) -> list[tuple[Cell, str]]:
    """The cells around a corner, each with the diagonal that would touch the corner."""
    r, c = vertex
    around = [((r - 1, c - 1), BACKSLASH), ((r, c), BACKSLASH),
              ((r - 1, c), SLASH), ((r, c - 1), SLASH)]
    return [(cell, mark) for cell, mark in around if grid.inside(cell)]


def ends(cell: Cell, mark: str) -> tuple[Vertex, Vertex]:
    """The two corners a diagonal joins."""
    r, c = cell
    return ((r, c), (r + 1, c + 1)) if mark == BACKSLASH else ((r, c + 1), (r + 1, c))


class GokigenGenre(Genre[Gokigen, dict[Cell, Lit]]):
    names = ("gokigen",)
    title = N_("Gokigen Naname (Slant)")
    rules = (N_("Draw a diagonal in every cell."),
             N_("A number on a corner is how many diagonals touch it."),
             N_("The diagonals never form a loop."))
    flags = ("c", "d")

    def decode(self, link: Link) -> Gokigen:
        grid = Grid(link.rows, link.cols)
        corners = grid.vertices()
        reader = Reader(link.body)
        reader.part = _("corner numbers")
        if link.flag == "d":
            values: list[int | None] = [int(ch) if ch in "01234" else None
                                        for ch in link.body[:len(corners)]]
            values += [None] * (len(corners) - len(values))
        else:
            values = read_4cell(reader, len(corners))
        return Gokigen(link.rows, link.cols,
                       {v: n for v, n in zip(corners, values, strict=True) if n is not None})

    def encode(self, board: Gokigen) -> str:
        body = write_4cell([board.corners.get(v) for v in self.grid(board).vertices()])
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Gokigen, model: Model) -> dict[Cell, Lit]:
        grid = self.grid(board)
        back = model.vars(grid.cells())  # True: "\\", False: "/"
        model.show(back.values())
        for vertex, number in sorted(board.corners.items()):
            if number == QUESTION:
                continue
            with model.about(_("the {number} at the corner {where}").format(
                    number=number, where=check.where(vertex))):
                model.exactly([back[cell] if mark == BACKSLASH else -back[cell]
                               for cell, mark in touching(grid, vertex)], number)
        with model.about(_("no loop")):
            self._no_loop(model, grid, back)
        return back

    @staticmethod
    def _no_loop(model: Model, grid: Grid, back: dict[Cell, Lit]) -> None:
        """Each cell is four triangles (top, bottom, left, right) that its diagonal
        pairs off; the diagonals make no loop exactly when every triangle reaches the
        board's edge."""
        nodes: dict[object, Lit] = {ROOT: model.true()}
        links: list[tuple[object, object] | tuple[object, object, Lit]] = []
        for cell in grid.cells():
            r, c = cell
            for side in "TBLR":
                nodes[(cell, side)] = model.true()
            lit = back[cell]
            links += [((cell, "T"), (cell, "R"), lit), ((cell, "B"), (cell, "L"), lit),
                      ((cell, "T"), (cell, "L"), -lit), ((cell, "B"), (cell, "R"), -lit)]
            links.append(((cell, "B"), ((r + 1, c), "T")) if r + 1 < grid.rows
                         else ((cell, "B"), ROOT))
            links.append(((cell, "R"), ((r, c + 1), "L")) if c + 1 < grid.cols
                         else ((cell, "R"), ROOT))
            if r == 0:
                links.append(((cell, "T"), ROOT))
            if c == 0:
                links.append(((cell, "L"), ROOT))
        model.connected(nodes, links, ROOT)

    def answer(self, board: Gokigen, variables: dict[Cell, Lit], values: Values) -> Answer:
        return Answer(marks={cell: BACKSLASH if values(lit) else SLASH
                             for cell, lit in variables.items()})

    def check(self, board: Gokigen, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        marks = {c: m for c, m in answer.marks.items() if m in (SLASH, BACKSLASH)}
        wrong = [v for v, n in sorted(board.corners.items()) if n != QUESTION
                 and n != sum(marks.get(cell) == mark for cell, mark in touching(grid, v))]
        return [paths.cell_rule(_("A diagonal in every cell"),
                           [c for c in grid.cells() if c not in marks]),
                paths.cell_rule(_("Corner numbers"), wrong),
                paths.cell_rule(_("No loop"), loops(marks))]

    def draw(self, board: Gokigen, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols)
        sheet.grid(dashed=True)
        if answer is not None:
            sheet.marks(answer.marks)
        corner_numbers(sheet, board.corners)
        return sheet.finish()

    def pzprv3(self, board: Gokigen, answer: Answer | None) -> str:
        grid = self.grid(board)
        marks = answer.marks if answer is not None else {}
        token = {BACKSLASH: "1", SLASH: "2"}
        return pzprv3.write(self.name, grid, [
            [[pzprv3.clue(board.corners.get((r, c))) for c in range(grid.cols + 1)]
             for r in range(grid.rows + 1)],
            pzprv3.cells(grid, lambda c: token.get(marks.get(c, ""), "."))])

    def read_answer(self, board: Gokigen, text: str) -> Answer:
        file = pzprv3.read(text)
        file.block(board.rows + 1, board.cols + 1)
        marks = {"1": BACKSLASH, "2": SLASH}
        return Answer(marks={(r, c): marks[token] for r, row in enumerate(file.cells())
                             for c, token in enumerate(row) if token in marks})


def loops(marks: Mapping[Cell, str]) -> list[Cell]:
    """Cells whose diagonal closes a loop (joins two corners already joined)."""
    parent: dict[Vertex, Vertex] = {}

    def root(v: Vertex) -> Vertex:
        while parent.get(v, v) != v:
            v = parent[v]
        return v

    closing = []
    for cell in sorted(marks):
        a, b = (root(v) for v in ends(cell, marks[cell]))
        if a == b:
            closing.append(cell)
        else:
            parent[a] = b
    return closing


def corner_numbers(sheet: render.Sheet, numbers: Mapping[Vertex, int]) -> None:
    """Numbers in small open circles on the grid's corners."""
    radius = sheet.cell * 0.22
    for vertex, number in numbers.items():
        x, y = sheet.corner(vertex)
        sheet.draw.ellipse([x - radius, y - radius, x + radius, y + radius],
                           fill=render.WHITE, outline=render.BLACK,
                           width=max(1, sheet.cell // 24))
        centred_text(sheet.draw, (x, y), "?" if number == QUESTION else str(number),
                            int(sheet.cell * 0.34), fill=render.BLACK)


GENRE = GokigenGenre()
