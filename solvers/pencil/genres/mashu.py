"""Masyu: one loop through cell centres that passes every pearl; it goes straight
through a white pearl and turns next to it, and turns on a black pearl and goes
straight on both sides of it.

The link's body is the pearls, three cells to a base-27 digit (0 none, 1 white, 2
black). The flag `f` (the player's "loop passes every cell") is honoured.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, paths, pzprv3, render, rules
from ..codecs import Reader, read_trits, write_trits
from ..engine import Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid, Pair, pair
from ..layers import Answer
from ..link import Link

WHITE, BLACK = 1, 2


@dataclass(frozen=True)
class Mashu:
    """The pearls (cell -> WHITE or BLACK); `full`: the loop must pass every cell."""

    rows: int
    cols: int
    pearls: Mapping[Cell, int]
    full: bool = False

    __hash__ = paths.board_hash


@dataclass(frozen=True)
class Loop:
    lines: dict[Pair, Lit]
    used: dict[Cell, Lit]


class MashuGenre(Genre[Mashu, Loop]):
    names = ("mashu", "masyu", "pearl")
    title = N_("Masyu")
    rules = (N_("Draw one loop through the centres of cells, without branches or crossings."),
             N_("The loop passes every pearl."),
             N_("On a white pearl it goes straight, and it turns in a cell next to it."),
             N_("On a black pearl it turns, and it goes straight through both cells next to "
                "it."))
    flags = ("f",)

    def decode(self, link: Link) -> Mashu:
        reader = Reader(link.body)
        reader.part = _("pearls")
        values = read_trits(reader, link.rows * link.cols)
        grid = Grid(link.rows, link.cols)
        pearls = {cell: value for cell, value in zip(grid.cells(), values, strict=True)
                  if value}
        return Mashu(link.rows, link.cols, pearls, link.flag == "f")

    def encode(self, board: Mashu) -> str:
        values = [board.pearls.get(cell, 0) for cell in self.grid(board).cells()]
        return Link(self.name, board.cols, board.rows, write_trits(values),
                    "f" if board.full else "").url()

    def constrain(self, board: Mashu, model: Model) -> Loop:
        grid = self.grid(board)
        lines, used = rules.cell_loop(model, grid)
        model.show(lines.values())
        with model.about(_("the loop")):
            model.clause(lines.values())
        for cell, pearl in sorted(board.pearls.items()):
            label = _("the white pearl at {cell}") if pearl == WHITE \
                else _("the black pearl at {cell}")
            with model.about(label.format(cell=check.where(cell))):
                model.clause([used[cell]])
                if pearl == WHITE:
                    self._white(model, grid, lines, cell)
                else:
                    self._black(model, grid, lines, cell)
        if board.full:
            with model.about(_("every cell on the loop")):
                for lit in used.values():
                    model.clause([lit])
        return Loop(lines, used)

    @staticmethod
    def _white(model: Model, grid: Grid, lines: dict[Pair, Lit], cell: Cell) -> None:
        """Straight through, and a turn in one of the two cells it passes to."""
        ways = paths.around(grid, lines, cell)
        for a in (paths.UP, paths.DOWN):
            for b in (paths.LEFT, paths.RIGHT):
                if a in ways and b in ways:
                    model.clause([-ways[a], -ways[b]])
        for first, second, across in ((paths.UP, paths.DOWN, (paths.LEFT, paths.RIGHT)),
                                      (paths.LEFT, paths.RIGHT, (paths.UP, paths.DOWN))):
            if first not in ways or second not in ways:
                continue
            turns = [lit for end in (first, second)
                     for way, lit in paths.around(grid, lines, paths.step(cell, end)).items()
                     if way in across]
            model.clause([-ways[first], *turns])

    @staticmethod
    def _black(model: Model, grid: Grid, lines: dict[Pair, Lit], cell: Cell) -> None:
        """A turn here, and straight on through each neighbour the loop goes to."""
        ways = paths.around(grid, lines, cell)
        for a, b in ((paths.UP, paths.DOWN), (paths.LEFT, paths.RIGHT)):
            if a in ways and b in ways:
                model.clause([-ways[a], -ways[b]])
        for way, lit in ways.items():
            nxt = paths.step(cell, way)
            beyond = paths.step(nxt, way)
            if grid.inside(beyond):
                model.implies(lit, lines[pair(nxt, beyond)])
            else:
                model.clause([-lit])

    def answer(self, board: Mashu, variables: Loop, values: Values) -> Answer:
        return Answer(lines=frozenset(p for p, lit in variables.lines.items() if values(lit)))

    def check(self, board: Mashu, answer: Answer) -> list[Rule]:
        ways = paths.exits(answer.lines)
        out = check.single_loop(answer.lines, _("the lines"))
        out.append(paths.cell_rule(_("Every pearl on the loop"),
                              [c for c in board.pearls if c not in ways]))
        white = [c for c, p in board.pearls.items() if p == WHITE]
        black = [c for c, p in board.pearls.items() if p == BLACK]
        out.append(paths.cell_rule(_("White pearls: straight, with a turn next to it"),
                              [c for c in white if c in ways and not self._white_ok(c, ways)]))
        out.append(paths.cell_rule(_("Black pearls: a turn, straight on both sides"),
                              [c for c in black if c in ways and not self._black_ok(c, ways)]))
        if board.full:
            out.append(paths.cell_rule(_("Every cell on the loop"),
                                  [c for c in self.grid(board).cells() if c not in ways]))
        return out

    @staticmethod
    def _white_ok(cell: Cell, ways: dict[Cell, set[int]]) -> bool:
        here = ways[cell]
        return paths.straight(here) and any(
            paths.turning(ways.get(paths.step(cell, way), set())) for way in here)

    @staticmethod
    def _black_ok(cell: Cell, ways: dict[Cell, set[int]]) -> bool:
        here = ways[cell]
        return paths.turning(here) and all(
            paths.straight(ways.get(paths.step(cell, way), set())) for way in here)

    def draw(self, board: Mashu, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols)
        sheet.grid(dashed=True)
        if answer is not None:
            sheet.lines(answer.lines)
        sheet.circles(c for c, p in board.pearls.items() if p == WHITE)
        sheet.circles((c for c, p in board.pearls.items() if p == BLACK), black=True)
        return sheet.finish()

    def pzprv3(self, board: Mashu, answer: Answer | None) -> str:
        grid = self.grid(board)
        lines = answer.lines if answer is not None else frozenset()
        return pzprv3.write(self.name, grid, [
            pzprv3.cells(grid, lambda c: str(board.pearls[c]) if c in board.pearls else "."),
            *pzprv3.pairs(grid, lambda p: "1" if p in lines else "0")],
            header=["f"] if board.full else [])

    def read_answer(self, board: Mashu, text: str) -> Answer:
        file = pzprv3.read(text)
        if file.lines and file.lines[0] == ["f"]:
            file.block(1, 1)
        file.cells()
        return Answer(lines=paths.read_lines(file, self.grid(board)))


GENRE = MashuGenre()
