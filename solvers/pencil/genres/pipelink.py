"""Pipelink: one loop through the centre of every cell; it may cross itself (going
straight on both ways), and it follows the pipe pieces given in some cells.

The link's body is the cells: a-g a pipe piece (a cross, upright, level, then the four
corners up-right, up-left, down-left, down-right), '.' a cell marked '?', h-z skip 1-19
cells. (Digits, the circles of the variant Pipelink Returns, are refused.)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, paths, pzprv3, render
from ..codecs import QUESTION, Reader, _with_skips
from ..engine import Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid, Pair
from ..layers import Answer
from ..link import Link

U, D, L, R = paths.UP, paths.DOWN, paths.LEFT, paths.RIGHT
#: the pieces by their letter in the link: the directions their pipes leave in
PIECES = {"a": {U, D, L, R}, "b": {U, D}, "c": {L, R}, "d": {U, R}, "e": {U, L},
          "f": {D, L}, "g": {D, R}}
#: a cell marked '?' in the link (no piece shown)
MARK = "?"


@dataclass(frozen=True)
class Pipelink:
    """The given cells: cell -> a piece's letter (a-g) or MARK."""

    rows: int
    cols: int
    given: Mapping[Cell, str]

    __hash__ = paths.board_hash


def read_cells(link: Link) -> dict[Cell, str]:
    """The given cells of the body; PuzzleError at a character that is not a cell."""
    reader = Reader(link.body)
    reader.part = _("cells")
    grid = Grid(link.rows, link.cols)
    cells = grid.cells()
    given: dict[Cell, str] = {}
    index = 0
    while index < len(cells) and reader.peek():
        char = reader.take()
        if char in PIECES or char == ".":
            given[cells[index]] = MARK if char == "." else char
            index += 1
        elif "h" <= char <= "z":
            index += int(char, 36) - 16
        else:
            reader.pos -= 1
            raise reader.fail(_("unexpected {char!r}").format(char=char))
    return given


class PipelinkGenre(Genre[Pipelink, dict[Pair, Lit]]):
    names = ("pipelink",)
    title = N_("Pipelink")
    rules = (N_("Draw one loop through the centre of every cell."),
             N_("The loop may cross itself, going straight on both ways; it never branches "
                "or turns back."),
             N_("The loop follows the pipe pieces shown."))

    def decode(self, link: Link) -> Pipelink:
        return Pipelink(link.rows, link.cols, read_cells(link))

    def encode(self, board: Pipelink) -> str:
        tokens = [board.given.get(c) for c in self.grid(board).cells()]
        body = _with_skips([None if t is None else "." if t == MARK else t for t in tokens],
                           "h", 19)
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Pipelink, model: Model) -> dict[Pair, Lit]:
        grid = self.grid(board)
        lines = paths.line_vars(model, grid)
        model.show(lines.values())
        nodes: dict[object, Lit] = {}
        links: list[tuple[object, object, Lit]] = []
        for cell in grid.cells():
            ways = paths.around(grid, lines, cell)
            paths.degree(model, list(ways.values()), (2, 4))
            piece = board.given.get(cell, MARK)
            if piece != MARK:
                with model.about(_("the pipe at {cell}").format(cell=check.where(cell))):
                    for way in range(4):
                        if way in PIECES[piece]:
                            model.clause([ways[way]] if way in ways else [])
                        elif way in ways:
                            model.clause([-ways[way]])
            level = [ways[w] for w in (L, R) if w in ways]
            upright = [ways[w] for w in (U, D) if w in ways]
            nodes[(cell, "-")] = model.any_of(level)
            nodes[(cell, "|")] = model.any_of(upright)
            # a crossing keeps its two strands apart; a turn joins them
            links.append(((cell, "-"), (cell, "|"), -model.all_of(list(ways.values()))
                          if len(ways) == 4 else model.true()))
        for (a, b), lit in lines.items():
            strand = "-" if a[0] == b[0] else "|"
            links.append(((a, strand), (b, strand), lit))
        with model.about(_("one loop")):
            model.connected(nodes, links)
        return lines

    def answer(self, board: Pipelink, variables: dict[Pair, Lit], values: Values) -> Answer:
        return Answer(lines=frozenset(p for p, lit in variables.items() if values(lit)))

    def check(self, board: Pipelink, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        ways = paths.exits(answer.lines)
        wrong = [c for c, piece in sorted(board.given.items())
                 if piece != MARK and ways.get(c, set()) != PIECES[piece]]
        return [paths.cell_rule(_("Every cell passed, no branch"),
                           [c for c in grid.cells() if len(ways.get(c, ())) not in (2, 4)]),
                paths.cell_rule(_("Pipe pieces followed"), wrong),
                paths.one_piece(_("One loop"), strands(grid, answer.lines))]

    def draw(self, board: Pipelink, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols)
        sheet.grid(dashed=True)
        if answer is not None:
            sheet.lines(answer.lines)
        width = max(3, sheet.cell // 8)
        for cell, piece in board.given.items():
            x, y = sheet.centre(cell)
            if piece == MARK:
                sheet.numbers({cell: QUESTION})
                continue
            for way in PIECES[piece]:
                dr, dc = paths.STEPS[way]
                end = (x + dc * sheet.cell / 2, y + dr * sheet.cell / 2)
                sheet.draw.line([(x, y), end], fill=render.BLACK, width=width)
        return sheet.finish()

    def pzprv3(self, board: Pipelink, answer: Answer | None) -> str:
        grid = self.grid(board)
        lines = answer.lines if answer is not None else frozenset()
        shown = {**board.given, **{c: "-" for c, piece in board.given.items() if piece == MARK}}
        return pzprv3.write(self.name, grid, [
            [["pipe"]],  # the player's old display line
            pzprv3.cells(grid, lambda c: shown.get(c, ".")),
            *pzprv3.pairs(grid, lambda p: "1" if p in lines else "0")])

    def read_answer(self, board: Pipelink, text: str) -> Answer:
        file = pzprv3.read(text)
        file.block(1, 1)
        file.cells()
        return Answer(lines=paths.read_lines(file, self.grid(board)))


def strands(grid: Grid, lines: frozenset[Pair]) -> int:
    """How many separate lines there are, a crossing keeping its two lines apart."""
    ways = paths.exits(lines)
    parent: dict[tuple[Cell, str], tuple[Cell, str]] = {}

    def root(node: tuple[Cell, str]) -> tuple[Cell, str]:
        while parent.get(node, node) != node:
            node = parent[node]
        return node

    def join(a: tuple[Cell, str], b: tuple[Cell, str]) -> None:
        parent[root(a)] = root(b)

    nodes = set()
    for cell, here in ways.items():
        for way in here:
            nodes.add((cell, "-" if way in (L, R) else "|"))
        if len(here) == 2 and paths.turning(here):
            join((cell, "-"), (cell, "|"))
    for a, b in lines:
        strand = "-" if a[0] == b[0] else "|"
        join((a, strand), (b, strand))
    return len({root(n) for n in nodes})


GENRE = PipelinkGenre()
