"""Hashiwokakero (Bridges): join the islands (numbered circles) with bridges, level or
upright, one or two between the same two islands; bridges do not cross, each island
has as many bridges as its number says, and all islands are joined into one group.

The link's body is the islands' numbers (base 16 with g-z skips, '.' for an island
without a number).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image

from ...draw import round_line
from ...i18n import N_, _
from ...values import Rule
from .. import check, paths, pzprv3, render
from ..codecs import QUESTION, Reader, read_number16, write_number16
from ..engine import Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid, Pair, pair
from ..layers import Answer
from ..link import Link


@dataclass(frozen=True)
class Hashikake:
    """The islands (cell -> number of bridges, QUESTION when not given)."""

    rows: int
    cols: int
    islands: Mapping[Cell, int]

    __hash__ = paths.board_hash


@dataclass(frozen=True)
class Bridges(Answer):
    """An answer whose `lines` are the bridges' steps between cells; `doubled` are the
    steps of double bridges."""

    doubled: frozenset[Pair] = frozenset()


@dataclass(frozen=True)
class Span:
    """A place for a bridge: two islands in line with nothing between them."""

    ends: tuple[Cell, Cell]
    cells: tuple[Cell, ...]  # the cells between the ends

    def steps(self) -> list[Pair]:
        route = [self.ends[0], *self.cells, self.ends[1]]
        return [pair(a, b) for a, b in zip(route, route[1:], strict=False)]


@dataclass(frozen=True)
class Crossings:
    spans: list[Span]
    one: list[Lit]  # at least one bridge
    two: list[Lit]  # two bridges


def spans(board: Hashikake) -> list[Span]:
    """Every pair of islands that can see each other to the right or downwards."""
    grid = Grid(board.rows, board.cols)
    out = []
    for island in sorted(board.islands):
        for direction in (paths.RIGHT, paths.DOWN):
            between: list[Cell] = []
            cell = paths.step(island, direction)
            while grid.inside(cell) and cell not in board.islands:
                between.append(cell)
                cell = paths.step(cell, direction)
            if grid.inside(cell):
                out.append(Span((island, cell), tuple(between)))
    return out


class HashikakeGenre(Genre[Hashikake, Crossings]):
    names = ("hashikake", "hashi", "bridges")
    title = N_("Hashiwokakero (Bridges)")
    rules = (N_("Join the islands with level or upright bridges, one or two between two "
                "islands."),
             N_("Bridges do not cross each other or islands."),
             N_("Each island has as many bridges as its number."),
             N_("All islands are joined into one group."))

    def decode(self, link: Link) -> Hashikake:
        reader = Reader(link.body)
        reader.part = _("islands")
        values = read_number16(reader, link.rows * link.cols)
        grid = Grid(link.rows, link.cols)
        return Hashikake(link.rows, link.cols, {
            c: v for c, v in zip(grid.cells(), values, strict=True) if v is not None})

    def encode(self, board: Hashikake) -> str:
        body = write_number16([board.islands.get(c) for c in self.grid(board).cells()])
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Hashikake, model: Model) -> Crossings:
        places = spans(board)
        one = [model.var() for _ in places]
        two = [model.var() for _ in places]
        model.show(one + two)
        for a, b in zip(one, two, strict=True):
            model.implies(b, a)
        under: dict[Cell, list[int]] = {}
        for index, span in enumerate(places):
            for cell in span.cells:
                under.setdefault(cell, []).append(index)
        with model.about(_("bridges do not cross")):
            for crossing in under.values():
                for i in crossing:
                    for j in crossing:
                        if i < j:
                            model.clause([-one[i], -one[j]])
        touching: dict[Cell, list[Lit]] = {island: [] for island in board.islands}
        for index, span in enumerate(places):
            for end in span.ends:
                touching[end] += [one[index], two[index]]
        for island, number in sorted(board.islands.items()):
            if number != QUESTION:
                with model.about(_("the {number} at {cell}").format(
                        number=number, cell=check.where(island))):
                    model.exactly(touching[island], number)
        with model.about(_("all islands joined")):
            nodes = {island: model.true() for island, number in board.islands.items()
                     if number != 0}
            model.connected(nodes, [(*span.ends, lit) for span, lit in zip(places, one,
                                                                              strict=True)
                                    if all(end in nodes for end in span.ends)])
        return Crossings(places, one, two)

    def answer(self, board: Hashikake, variables: Crossings, values: Values) -> Bridges:
        lines: set[Pair] = set()
        doubled: set[Pair] = set()
        for span, one, two in zip(variables.spans, variables.one, variables.two, strict=True):
            if values(one):
                lines.update(span.steps())
            if values(two):
                doubled.update(span.steps())
        return Bridges(lines=frozenset(lines), doubled=frozenset(doubled))

    def check(self, board: Hashikake, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        doubled = answer.doubled if isinstance(answer, Bridges) else frozenset()
        ways = paths.exits(answer.lines)
        count = {island: sum(1 + (p in doubled) for p in answer.lines if island in p)
                 for island in board.islands}
        crossed = [c for c, w in ways.items() if c not in board.islands and len(w) == 4]
        loose = [c for c, w in ways.items() if c not in board.islands and len(w) != 4
                 and not (paths.straight(w) and self._same(c, w, doubled))]
        joined = set(answer.lines)
        groups = [piece for piece in check.pieces(grid, set(ways) | set(board.islands),
                                                  lambda a, b: pair(a, b) in joined)
                  if any(c in board.islands for c in piece)]
        return [
            paths.cell_rule(_("Bridges run straight from island to island"), loose),
            paths.cell_rule(_("No crossing bridges"), crossed),
            paths.cell_rule(_("Island numbers"),
                       [c for c, n in board.islands.items() if n != QUESTION and count[c] != n]),
            paths.one_piece(_("All islands joined"), len(groups))]

    @staticmethod
    def _same(cell: Cell, ways: set[int], doubled: frozenset[Pair]) -> bool:
        """Both steps through a cell carry the same number of bridges."""
        one, other = (pair(cell, paths.step(cell, w)) for w in ways)
        return (one in doubled) == (other in doubled)

    def draw(self, board: Hashikake, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols)
        if answer is not None:
            doubled = answer.doubled if isinstance(answer, Bridges) else frozenset()
            width = max(3, sheet.cell // 10)
            for a, b in answer.lines:
                (x0, y0), (x1, y1) = sheet.centre(a), sheet.centre(b)
                if (a, b) not in doubled:
                    round_line(sheet.draw, (x0, y0), (x1, y1), render.GREEN, width)
                    continue
                gap = sheet.cell * 0.12
                dx, dy = (0, gap) if y0 == y1 else (gap, 0)
                for sign in (-1, 1):
                    round_line(sheet.draw, (x0 + sign * dx, y0 + sign * dy),
                               (x1 + sign * dx, y1 + sign * dy), render.GREEN, width)
        sheet.circles(board.islands)
        sheet.numbers({c: n for c, n in board.islands.items() if n != QUESTION})
        return sheet.finish()

    def pzprv3(self, board: Hashikake, answer: Answer | None) -> str:
        grid = self.grid(board)
        lines = answer.lines if answer is not None else frozenset()
        doubled = answer.doubled if isinstance(answer, Bridges) else frozenset()
        return pzprv3.write(self.name, grid, [
            pzprv3.cells(grid, lambda c: pzprv3.clue(board.islands.get(c))),
            *pzprv3.pairs(grid, lambda p: "0" if p not in lines else "2" if p in doubled
                          else "1")])

    def read_answer(self, board: Hashikake, text: str) -> Answer:
        file = pzprv3.read(text)
        file.cells()
        tokens = paths.read_pairs(file, self.grid(board))
        return Bridges(lines=frozenset(p for p, t in tokens.items() if t in ("1", "2")),
                       doubled=frozenset(p for p, t in tokens.items() if t == "2"))


GENRE = HashikakeGenre()
