"""Fillomino: divide the board into areas and write each area's size in its cells; two
areas of the same size never share a side.

The link holds the clue numbers (the shared base-16 codec), then, in newer links, the
walls given between areas (border bits). A `t` flag before the size asks for areas of
at most three cells. (The judge's player, pzpr 0.10.1, knows neither: it reads such a
link as plain fillomino.)
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, numbers, pzprv3, render
from ..codecs import QUESTION, Reader, read_borders, read_number16, write_borders, write_number16
from ..engine import IntVar, Model, Values
from ..genre import Found, Genre
from ..grid import Cell, Grid, Pair, pair
from ..layers import Answer
from ..link import Link

#: areas up to this size (or the largest clue) are searched first; larger ones, which
#: only a stretch of the board without clues can hold, are searched apart afterwards
#: (they rarely exist, and one search over every size is several times slower)
COMMON_AREA = 12
#: the largest area with the `t` flag
SMALL_AREA = 3


@dataclass(frozen=True)
class Fillomino:
    """The clues, the walls given between areas, and whether areas have at most three
    cells (`small`, the link's `t` flag)."""

    rows: int
    cols: int
    clues: tuple[int | None, ...]
    walls: frozenset[Pair] = frozenset()
    small: bool = False

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def clue(self, cell: Cell) -> int | None:
        return self.clues[cell[0] * self.cols + cell[1]]

    def given(self) -> dict[Cell, int]:
        """The clue numbers (a '?' clue gives no number)."""
        return {cell: value for cell in self.grid.cells()
                if (value := self.clue(cell)) is not None and value != QUESTION}

    def common(self) -> int:
        """The largest size searched first."""
        return max([COMMON_AREA, *self.given().values()])

    def sizes(self) -> dict[Cell, list[int]]:
        """The numbers each cell may hold: a clue's own; elsewhere a clue's size (its area
        may reach a clue) or at most the cells of the clue-free stretch around it."""
        given = self.given()
        free = check.pieces(self.grid, [c for c in self.grid.cells() if c not in given])
        reach = {cell: len(piece) for piece in free for cell in piece}
        clued = set(given.values())
        top = SMALL_AREA if self.small else self.rows * self.cols
        return {cell: [given[cell]] if cell in given else
                sorted(v for v in clued | set(range(1, reach[cell] + 1)) if v <= top)
                for cell in self.grid.cells()}


class FillominoGenre(Genre):
    names = ("fillomino",)
    flags = ("t",)
    title = N_("Fillomino")
    rules = (N_("Divide the board into areas and write each area's size in all its cells."),
             N_("Areas of the same size never share a side."),
             N_("A clue is the size of the area it lies in; a given wall separates areas."),
             N_("With the link's t option, no area has more than three cells."))

    def decode(self, link: Link) -> Fillomino:
        reader = Reader(link.body)
        reader.part = _("clues")
        clues = read_number16(reader, link.rows * link.cols)
        walls: frozenset[Pair] = frozenset()
        if reader.rest:
            reader.part = _("given walls")
            walls = read_borders(reader, link.rows, link.cols)
            numbers.rest_refused(reader, _("extra parts"))
        return Fillomino(link.rows, link.cols, tuple(clues), walls, link.flag == "t")

    def encode(self, board: Fillomino) -> str:
        body = write_number16(board.clues)
        if board.walls:
            body += write_borders(board.walls, board.rows, board.cols)
        return Link("fillomino", board.cols, board.rows, body, "t" if board.small else "").url()

    def constrain(self, board: Fillomino, model: Model) -> dict[Cell, IntVar]:
        """The rules with areas up to the common size (see `solve` for the rest)."""
        return self.sized(board, model, larger=False)

    def sized(self, board: Fillomino, model: Model, larger: bool) -> dict[Cell, IntVar]:
        """The rules with every area at most the common size C; or (`larger`) with
        some area larger, every such area written C+1 ("larger than C"): a clue-free
        stretch of C+1 or more cells is then one area of its own size, so the two
        searches split the answers between them (see `solve`)."""
        common = board.common()
        cells = {}
        for cell, values in board.sizes().items():
            kept = [v for v in values if v <= common]
            if larger and values[-1] > common:
                kept.append(common + 1)
            cells[cell] = model.number(kept)
        if larger:
            model.clause([lit for var in cells.values()
                          for lit in numbers.value_lits(var, common + 1)])
        model.show(lit for var in cells.values() for lit in var.lits)
        for cell, clue in board.given().items():
            with model.about(_("the clue {clue} at {cell}").format(clue=clue,
                                                                   cell=check.where(cell))):
                model.clause(numbers.value_lits(cells[cell], clue))
        with model.about(_("Walls run between different numbers")):
            for a, b in board.walls:
                for value in cells[a].values:
                    for x in numbers.value_lits(cells[a], value):
                        for y in numbers.value_lits(cells[b], value):
                            model.clause([-x, -y])
        if board.small:
            with model.about(_("Areas of at most three cells")):
                for var in cells.values():
                    model.clause([lit for v, lit in zip(var.values, var.lits, strict=True)
                                  if v <= SMALL_AREA])
        numbers.sized_regions(model, board.grid, cells, common + 1 if larger else None)
        numbers.anchored_regions(model, board.grid, cells, list(board.given().items()),
                                 board.walls)
        return cells

    def solve(self, board: Fillomino, limit: int = 2, deadline: float | None = None) -> Found:
        """Answers with areas up to the common size, then those with a larger area. A
        search of the second kind finds each answer whose large areas do not touch
        one another; when it finds some but fewer than `limit`, two touching large
        areas might make more, so the count is then not claimed exact."""
        found = super().solve(board, limit, deadline)
        if not found.exhaustive or len(found.answers) >= limit:
            return found
        model = Model()
        variables = self.sized(board, model, larger=True)
        outcome = model.solve(limit - len(found.answers), deadline=deadline)
        answers = [self.answer(board, variables, values) for values in outcome.found]
        # both searches' figures added up (a figure one search lacks, or None, is 0)
        stats = {key: (found.stats.get(key) or 0) + (outcome.stats.get(key) or 0)
                 for key in {*found.stats, *outcome.stats}}
        exhaustive = outcome.exhaustive and not answers
        return Found(found.answers + answers, exhaustive, stats,
                     found.clash if not found.answers and not answers else [])

    def answer(self, board: Fillomino, variables: dict[Cell, IntVar], values: Values) -> Answer:
        filled = {cell: values.number(var) for cell, var in variables.items()}
        common = board.common()
        for area in numbers.areas(board.grid, filled):
            if filled[area[0]] > common:  # "larger than the common size": its own size
                filled.update(dict.fromkeys(area, len(area)))
        walls = frozenset(p for p in board.grid.pairs() if filled[p[0]] != filled[p[1]])
        return Answer(numbers={c: n for c, n in filled.items()
                               if board.clue(c) in (None, QUESTION)},
                      borders=walls)

    def filled(self, board: Fillomino, answer: Answer) -> dict[Cell, int]:
        return {**answer.numbers, **board.given()}

    def check(self, board: Fillomino, answer: Answer) -> list[Rule]:
        value = self.filled(board, answer)
        empty = [c for c in board.grid.cells() if c not in value]
        full = {c: value.get(c, 0) for c in board.grid.cells()}
        areas = numbers.areas(board.grid, full)
        wrong = [area[0] for area in areas if full[area[0]] and len(area) != full[area[0]]]
        walls = [p[0] for p in board.grid.pairs()
                 if (full[p[0]] != full[p[1]]) != (pair(*p) in answer.borders)
                 or p in board.walls and full[p[0]] == full[p[1]]]
        out = [numbers.cells_rule(_("Every cell holds a number"), empty),
               numbers.cells_rule(_("Every area's size is its number"), wrong),
               numbers.cells_rule(_("Walls run between different numbers"), walls)]
        if board.small:
            out.append(numbers.cells_rule(_("Areas of at most three cells"),
                                          [c for c, n in full.items() if n > SMALL_AREA]))
        return out

    def draw(self, board: Fillomino, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols)
        sheet.grid(dashed=True)
        sheet.walls(board.walls)
        if answer is not None:
            sheet.walls(answer.borders)
            sheet.numbers({c: n for c, n in answer.numbers.items() if board.clue(c) is None},
                          render.GREEN)
        sheet.numbers({c: v for c in board.grid.cells() if (v := board.clue(c)) is not None})
        return sheet.finish()

    def pzprv3(self, board: Fillomino, answer: Answer | None) -> str:
        if answer is None:
            answer = Answer()
        clues = pzprv3.cells(board.grid, lambda c: pzprv3.clue(board.clue(c)))
        written = pzprv3.cells(board.grid, lambda c: str(answer.numbers.get(c, "."))
                                if board.clue(c) is None else ".")
        walls = pzprv3.pairs(board.grid, lambda p: "1" if p in answer.borders else "0")
        return pzprv3.write("fillomino", board.grid, [clues, written, *walls])

    def read_answer(self, board: Fillomino, text: str) -> Answer:
        """A person's board; a '?' clue takes the size of the area its walls close."""
        file = pzprv3.read(text)
        file.cells()
        written = numbers.read_numbers(file.cells())
        walls = numbers.read_walls(file)
        for room in board.grid.rooms(walls):
            for cell in room:
                if board.clue(cell) == QUESTION:
                    written[cell] = len(room)
        return Answer(numbers={c: n for c, n in written.items()
                               if board.clue(c) in (None, QUESTION)}, borders=walls)


GENRE = FillominoGenre()
