"""Hotaru Beam (Firefly): lines through cell centres join the fireflies (circles), each
line running from one firefly's dot (its head) to another firefly's body; a number
counts the turns of the line leaving that firefly's dot. Every dot has its line, lines
neither branch nor cross between fireflies, and all lines form one network.

The link's body is the fireflies: the dot's direction (1-4 up, down, left, right) and
the number (one hex digit, '.' unknown; 5-9 then two digits; '-' then direction and
three digits), a-z skip 1-26 cells.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, paths, pzprv3, render
from ..codecs import BLANK, QUESTION, Reader, read_arrow_numbers, write_arrow_numbers
from ..engine import IntVar, Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid, Pair, pair
from ..layers import Answer
from ..link import Link

#: the turn count of a line leaving a dot whose number is unknown
FREE = -1


@dataclass(frozen=True)
class Firefly:
    """The fireflies: cell -> (dot direction 1-4 as the link numbers them, 0 for none;
    number of turns, or QUESTION)."""

    rows: int
    cols: int
    flies: Mapping[Cell, tuple[int, int]]

    __hash__ = paths.board_hash


@dataclass(frozen=True)
class Beams:
    lines: dict[Pair, Lit]


class FireflyGenre(Genre[Firefly, Beams]):
    names = ("firefly",)
    title = N_("Hotaru Beam (Firefly)")
    rules = (N_("Draw lines through the centres of cells, each from one firefly's dot to "
                "another firefly's body."),
             N_("Every dot has its line; between fireflies lines do not branch or cross."),
             N_("A firefly's number is how many times the line from its dot turns."),
             N_("All lines form one network."))

    def decode(self, link: Link) -> Firefly:
        reader = Reader(link.body)
        reader.part = _("fireflies")
        values = read_arrow_numbers(reader, link.rows * link.cols)
        cells = Grid(link.rows, link.cols).cells()
        return Firefly(link.rows, link.cols, {
            c: (d, QUESTION if n == BLANK else n)
            for c, v in zip(cells, values, strict=True) if v is not None for d, n in [v]})

    def encode(self, board: Firefly) -> str:
        body = write_arrow_numbers([board.flies.get(c) for c in self.grid(board).cells()])
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Firefly, model: Model) -> Beams:
        grid = self.grid(board)
        top = max([n for _d, n in board.flies.values()] + [0])
        # a directed step a -> b for each way along each pair, and its turn count
        going = {(a, b): model.var() for p in grid.pairs() for a, b in (p, p[::-1])}
        count = {step: model.number([FREE, *range(top + 1)]) for step in going}
        lines = {}
        for a, b in grid.pairs():
            lines[(a, b)] = model.any_of([going[(a, b)], going[(b, a)]])
            model.clause([-going[(a, b)], -going[(b, a)]])
        model.show(lines.values())
        with model.about(_("some line")):
            model.clause(lines.values())
        for cell in grid.cells():
            out = {w: going[(cell, paths.step(cell, w))] for w in range(4)
                   if grid.inside(paths.step(cell, w))}
            into = {w: going[(paths.step(cell, w), cell)] for w in out}
            if cell in board.flies:
                self._fly(model, board, cell, out, into, count)
            else:
                self._path(model, cell, out, into, count)
        used = {cell: model.any_of(list(paths.around(grid, lines, cell).values()))
                for cell in grid.cells()}
        with model.about(_("one network")):
            model.connected(used, [(a, b, lit) for (a, b), lit in lines.items()])
        return Beams(lines)

    @staticmethod
    def _fly(model: Model, board: Firefly, cell: Cell, out: dict[int, Lit],
             into: dict[int, Lit], count: dict[tuple[Cell, Cell], IntVar]) -> None:
        """Lines leave by the dot (with the firefly's number) and arrive elsewhere
        having used up their turns."""
        direction, number = board.flies[cell]
        with model.about(_("the firefly at {cell}").format(cell=check.where(cell))):
            for way in out:
                step_out = (cell, paths.step(cell, way))
                step_in = (paths.step(cell, way), cell)
                if way == direction - 1:
                    model.clause([out[way]])
                    label = count[step_out].eq(FREE if number == QUESTION else number)
                    model.clause([label] if label is not None else [])
                else:
                    model.clause([-out[way]])
                    settled = [count[step_in].eq(v) for v in (FREE, 0)]
                    model.clause([-into[way], *(lit for lit in settled if lit is not None)])
            if direction and direction - 1 not in out:
                model.clause([])

    @staticmethod
    def _path(model: Model, cell: Cell, out: dict[int, Lit], into: dict[int, Lit],
              count: dict[tuple[Cell, Cell], IntVar]) -> None:
        """An empty cell: no line, or one coming in and one going on, its turn count
        kept when it goes straight and one less when it turns."""
        model.at_most(list(out.values()), 1)
        model.at_most(list(into.values()), 1)
        model.equal(model.any_of(list(out.values())), model.any_of(list(into.values())))
        for come, lit_in in into.items():
            moving = paths.BACK[come]  # the direction the line travels entering the cell
            for go, lit_out in out.items():
                if go == come:
                    model.clause([-lit_in, -lit_out])
                    continue
                before = count[(paths.step(cell, come), cell)]
                after = count[(cell, paths.step(cell, go))]
                turn = paths.AXIS[go] != paths.AXIS[moving]
                for value, lit in zip(before.values, before.lits, strict=True):
                    target = after.eq(value if value == FREE or not turn else value - 1) \
                        if value != 0 or not turn else None
                    model.clause([-lit_in, -lit_out, -lit, *([target] if target else [])])

    def answer(self, board: Firefly, variables: Beams, values: Values) -> Answer:
        return Answer(lines=frozenset(p for p, lit in variables.lines.items() if values(lit)))

    def check(self, board: Firefly, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        ways = paths.exits(answer.lines)
        crowded = [c for c, w in ways.items() if c not in board.flies and len(w) > 2]
        dark = [c for c, (d, _n) in board.flies.items()
                if d and d - 1 not in ways.get(c, set())]
        loose, heads, counts = [], [], []
        for cell, (direction, number) in sorted(board.flies.items()):
            for way in sorted(ways.get(cell, set())):
                route, turns, last = paths.follow(cell, way, ways, board.flies)
                end = route[-1]
                if end not in board.flies:
                    loose.append(cell)
                    continue
                dots = (way == direction - 1) + (paths.BACK[last] == board.flies[end][0] - 1)
                if dots != 1:
                    heads.append(cell)
                elif way == direction - 1 and number >= 0 and turns != number:
                    counts.append(cell)
        joined = set(answer.lines)
        networks = check.pieces(grid, ways, lambda a, b: pair(a, b) in joined)
        return [paths.cell_rule(_("No branch or crossing between fireflies"), crowded),
                paths.cell_rule(_("Lines run from firefly to firefly"), loose),
                paths.cell_rule(_("Every dot has its line"), dark),
                paths.cell_rule(_("Each line joins a dot to a body"), heads),
                paths.cell_rule(_("Turn counts"), counts),
                paths.one_piece(_("One network"), len(networks))]

    def draw(self, board: Firefly, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols)
        sheet.grid(dashed=True)
        if answer is not None:
            sheet.lines(answer.lines)
        sheet.circles(board.flies)
        radius = sheet.cell * 0.1
        for cell, (direction, number) in board.flies.items():
            if number != QUESTION:
                sheet.numbers({cell: number}, scale=0.45)
            if direction:
                x, y = sheet.centre(cell)
                dr, dc = paths.STEPS[direction - 1]
                x, y = x + dc * sheet.cell * 0.36, y + dr * sheet.cell * 0.36
                sheet.draw.ellipse([x - radius, y - radius, x + radius, y + radius],
                                   fill=render.BLACK)
        return sheet.finish()

    def pzprv3(self, board: Firefly, answer: Answer | None) -> str:
        grid = self.grid(board)
        lines = answer.lines if answer is not None else frozenset()

        def fly(cell: Cell) -> str:
            if cell not in board.flies:
                return "."
            direction, number = board.flies[cell]
            return f"{direction},{'-' if number == QUESTION else number}"

        return pzprv3.write(self.name, grid, [
            pzprv3.cells(grid, fly),
            *pzprv3.pairs(grid, lambda p: "1" if p in lines else "0")])

    def read_answer(self, board: Firefly, text: str) -> Answer:
        file = pzprv3.read(text)
        file.cells()
        return Answer(lines=paths.read_lines(file, self.grid(board)))


GENRE = FireflyGenre()
