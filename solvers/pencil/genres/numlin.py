"""Numberlink: join each pair of equal numbers by a line through cell centres; lines
neither branch nor cross, and every cell holds at most one line (cells may stay empty).

The link's body is the numbers (base 16 with g-z skips, '.' for an unknown number).

Solving (`solve`) does not search the rules as they stand: "no loose loop" needs lazy
connectivity cuts and lets a line wander through empty cells, which left a sparse 26x26
without an answer in 20 s and an 11x11's proof of uniqueness at 20 s. It searches a model
whose answers, loose loops deleted, are exactly the *tight* answers (no line passes
beside itself: two neighbouring cells of one line are joined), and reasons about the
rest (`solve`'s docstring). The hints keep the rules as they stand (`constrain`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, paths, pzprv3, render
from ..codecs import QUESTION, Reader, read_number16, write_number16
from ..engine import Lit, Model, Values
from ..genre import Found, Genre
from ..grid import Cell, Grid, Pair, pair
from ..layers import Answer
from ..link import Link

ROOT = "numbers"


@dataclass(frozen=True)
class Numberlink:
    """The numbers (cell -> value, QUESTION for '?')."""

    rows: int
    cols: int
    numbers: Mapping[Cell, int]

    __hash__ = paths.board_hash


class NumberlinkGenre(Genre[Numberlink, dict[Pair, Lit]]):
    names = ("numlin", "numberlink")
    title = N_("Numberlink")
    rules = (N_("Join each pair of equal numbers with a line through the centres of cells."),
             N_("Lines do not branch or cross, and no two lines share a cell."),
             N_("A line never passes through a number."))

    def decode(self, link: Link) -> Numberlink:
        reader = Reader(link.body)
        reader.part = _("numbers")
        values = read_number16(reader, link.rows * link.cols)
        cells = [(r, c) for r in range(link.rows) for c in range(link.cols)]
        return Numberlink(link.rows, link.cols,
                          {c: v for c, v in zip(cells, values, strict=True) if v is not None})

    def encode(self, board: Numberlink) -> str:
        body = write_number16([board.numbers.get(c) for c in self.grid(board).cells()])
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Numberlink, model: Model) -> dict[Pair, Lit]:
        grid = self.grid(board)
        lines = paths.line_vars(model, grid)
        model.show(lines.values())
        values = sorted({v for v in board.numbers.values() if v != QUESTION})
        colour = {cell: [model.var() for _ in values] for cell in grid.cells()} \
            if len(values) > 1 else {}
        used: dict[object, Lit] = {}
        for cell in grid.cells():
            ways = list(paths.around(grid, lines, cell).values())
            used[cell] = model.any_of(ways)
            if colour:  # a colour for each cell on a line, none for an empty cell
                model.at_most(colour[cell], 1)
                model.equal(used[cell], model.any_of(colour[cell]))
            number = board.numbers.get(cell)
            if number is None:
                paths.degree(model, ways, (0, 2))
                continue
            with model.about(_("the {number} at {cell}").format(
                    number="?" if number == QUESTION else number, cell=check.where(cell))):
                paths.degree(model, ways, (1,))
                if colour and number != QUESTION:
                    model.clause([colour[cell][values.index(number)]])
        for (a, b), lit in lines.items() if colour else ():
            for x, y in zip(colour[a], colour[b], strict=True):
                model.implies([lit, x], y)
                model.implies([lit, y], x)
        # every line reaches a number: no loose loop of empty cells
        nodes = {**used, ROOT: model.true()}
        links: list[tuple[object, object, Lit] | tuple[object, object]] = [
            (a, b, lit) for (a, b), lit in lines.items()]
        links += [(cell, ROOT) for cell in board.numbers]
        model.connected(nodes, links, ROOT)
        return lines

    def answer(self, board: Numberlink, variables: dict[Pair, Lit], values: Values) -> Answer:
        """The lines that hold, less any loose loop (the tight model allows them)."""
        grid = self.grid(board)
        lines = {p for p, lit in variables.items() if values(lit)}
        ways = paths.exits(lines)
        loops = [piece for piece in check.pieces(grid, ways, lambda a, b: pair(a, b) in lines)
                 if not any(cell in board.numbers for cell in piece)]
        for cell in (cell for piece in loops for cell in piece):
            lines -= {pair(cell, other) for other in grid.neighbours(cell)}
        return Answer(lines=frozenset(lines))

    def solve(self, board: Numberlink, limit: int = 2, deadline: float | None = None) -> Found:
        """The first answer and whether there is a second, through the tight model.

        Why that is enough: a line of an answer that passes beside itself can be cut
        short there (joining the two cells, emptying the cells between), which leaves an
        answer with fewer cells on lines; so every answer shrinks to a tight one. A tight
        answer B other than the first answer A lacks one of A's lines (with all of them,
        A's cells are full and B's other lines could only be loose loops), so "a model
        lacking one of A's lines" finds one if there is one. If there is none, another
        answer can only shrink to A, and its last step back is a *detour* of A: one of
        A's lines replaced by a path through empty cells, which is looked for directly.
        Likewise a corner of a line in a top cell of a 2x2 square whose bottom cell
        across is empty can move down into it (same length, the cells' rows add up to
        one more), so every answer also moves to one where no such corner is left: the
        model asks for that too, and the first answer's own corner moves, in all four
        directions, are looked for directly (`corner_moved`).
        A first guess that every cell is on a line (usual in published puzzles) is tried
        first and dropped when impossible. Exact counts beyond two, and boards with '?'
        or a number that is not one pair, take the rules as they stand."""
        if limit > 2 or not paired(board):
            return super().solve(board, limit, deadline)
        model = Model()
        lines, used = self.tight(board, model)
        first = model.solve(1, deadline=deadline, prefer=list(used.values()))
        if not first.found:
            return Found([], first.exhaustive, first.stats, first.clash)
        answer = self.answer(board, lines, first.found[0])
        other = (detour(self.grid(board), board, answer.lines)
                 or corner_moved(self.grid(board), board, answer.lines))
        if limit == 1 or other is not None:
            more = [Answer(lines=other)] if other is not None and limit > 1 else []
            return Found([answer, *more], False, first.stats)
        model.clause([-lines[p] for p in answer.lines])
        second = model.solve(1, deadline=deadline)
        stats = {**second.stats, "first": first.stats["first"],
                 **{key: first.stats[key] + second.stats[key]
                    for key in ("rounds", "cuts", "seconds")}}
        found = [self.answer(board, lines, values) for values in second.found]
        return Found([answer, *found], second.exhaustive and not found, stats)

    def tight(self, board: Numberlink, model: Model) -> tuple[dict[Pair, Lit], dict[Cell, Lit]]:
        """The rules less "no loose loop", for tight answers: each cell on a line holds
        its line's number in binary (a few bits a cell, not one literal per number);
        joined cells hold the same, and neighbouring cells that hold the same are
        joined; so no three sides of a 2x2 square are lines (said directly too: it
        finds a sparse 26x26's answer in 0.2 s instead of 10 s). The lines and each
        cell's "on a line"."""
        grid = self.grid(board)
        lines = paths.line_vars(model, grid)
        model.show(lines.values())
        values = sorted(set(board.numbers.values()))
        bits = {cell: [model.var() for _ in range(max(1, (len(values) - 1).bit_length()))]
                for cell in grid.cells()}
        used: dict[Cell, Lit] = {}
        for cell in grid.cells():
            ways = list(paths.around(grid, lines, cell).values())
            used[cell] = model.any_of(ways)
            for bit in bits[cell]:  # an empty cell's bits are all 0
                model.implies(bit, used[cell])
            number = board.numbers.get(cell)
            if number is None:
                paths.degree(model, ways, (0, 2))
                continue
            with model.about(_("the {number} at {cell}").format(number=number,
                                                               cell=check.where(cell))):
                paths.degree(model, ways, (1,))
                code = values.index(number)
                for i, bit in enumerate(bits[cell]):
                    model.clause([bit if code >> i & 1 else -bit])
        for (a, b), lit in lines.items():
            same = []
            for x, y in zip(bits[a], bits[b], strict=True):
                model.implies([lit, x], y)
                model.implies([lit, y], x)
                same.append(model.var())  # holds when x and y agree
                model.clause([same[-1], x, y])
                model.clause([same[-1], -x, -y])
            model.clause([-used[a], -used[b], *(-s for s in same), lit])
        for tl, tr, bl, br in grid.squares():  # three sides: a U-turn, four: a loop
            sides = [lines[(tl, tr)], lines[(tr, br)], lines[(bl, br)], lines[(tl, bl)]]
            for left_out in sides:
                model.clause([-side for side in sides if side != left_out])
            # a corner in a top cell of a square whose bottom cell across is empty
            # would move down into it (see `solve`)
            if br not in board.numbers:
                model.clause([-lines[(tl, tr)], -lines[(tl, bl)], used[br]])
            if bl not in board.numbers:
                model.clause([-lines[(tl, tr)], -lines[(tr, br)], used[bl]])
        return lines, used

    def check(self, board: Numberlink, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        ways = paths.exits(answer.lines)
        count = {cell: len(ways.get(cell, ())) for cell in grid.cells()}
        out = [
            paths.cell_rule(_("No branch or crossing"), [c for c, n in count.items() if n > 2]),
            paths.cell_rule(_("Each number has one line"),
                       [c for c in board.numbers if count[c] != 1]),
            paths.cell_rule(_("Lines end only at numbers"),
                       [c for c, n in count.items() if n == 1 and c not in board.numbers])]
        joined = set(answer.lines)
        wrong = []
        for piece in check.pieces(grid, ways, lambda a, b: (min(a, b), max(a, b)) in joined):
            found = [board.numbers[c] for c in piece if c in board.numbers]
            known = {v for v in found if v != QUESTION}
            if len(found) != 2 or len(known) > 1:
                wrong.append(piece[0])
        out.append(paths.cell_rule(_("Each line joins two equal numbers"), wrong))
        return out

    def draw(self, board: Numberlink, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols)
        sheet.grid()
        if answer is not None:
            sheet.lines(answer.lines)
        sheet.circles(board.numbers)
        sheet.numbers(board.numbers)
        return sheet.finish()

    def pzprv3(self, board: Numberlink, answer: Answer | None) -> str:
        grid = self.grid(board)
        lines = answer.lines if answer is not None else frozenset()
        return pzprv3.write(self.name, grid, [
            pzprv3.cells(grid, lambda c: pzprv3.clue(board.numbers.get(c))),
            *pzprv3.pairs(grid, lambda p: "1" if p in lines else "0")])

    def read_answer(self, board: Numberlink, text: str) -> Answer:
        file = pzprv3.read(text)
        file.cells()
        return Answer(lines=paths.read_lines(file, self.grid(board)))


def paired(board: Numberlink) -> bool:
    """Whether every number is known and appears exactly twice (one line each)."""
    values = list(board.numbers.values())
    return QUESTION not in values and all(values.count(v) == 2 for v in values)


def detour(grid: Grid, board: Numberlink, lines: frozenset[Pair]) -> frozenset[Pair] | None:
    """Another answer made from `lines` by one detour, or None: a line between two
    cells replaced by a path through empty cells from a neighbour of one to a
    neighbour of the other (the shortest, in the empty piece they share)."""
    on = {cell for p in lines for cell in p} | set(board.numbers)
    empty = [cell for cell in grid.cells() if cell not in on]
    piece = {cell: n for n, part in enumerate(check.pieces(grid, empty)) for cell in part}
    for u, v in sorted(lines):
        for x in (x for x in grid.neighbours(u) if x in piece):
            for y in grid.neighbours(v):
                if y != x and piece.get(y) == piece[x]:
                    route = shortest(grid, piece, x, y)
                    steps = [pair(a, b) for a, b in zip(route, route[1:], strict=False)]
                    return (lines - {(u, v)}) | {pair(u, x), *steps, pair(y, v)}
    return None


def corner_moved(grid: Grid, board: Numberlink, lines: frozenset[Pair]
                 ) -> frozenset[Pair] | None:
    """Another answer made from `lines` by moving one corner across its 2x2 square
    into the empty cell there (same length, so no detour finds it), or None."""
    on = {cell for p in lines for cell in p} | set(board.numbers)
    for square in grid.squares():  # top-left, top-right, bottom-left, bottom-right
        for corner, across, beside in ((0, 3, (1, 2)), (3, 0, (1, 2)), (1, 2, (0, 3)),
                                       (2, 1, (0, 3))):
            k, o, sides = square[corner], square[across], [square[i] for i in beside]
            if o not in on and all(pair(k, n) in lines for n in sides):
                return (lines - {pair(k, n) for n in sides}) | {pair(o, n) for n in sides}
    return None


def shortest(grid: Grid, piece: Mapping[Cell, int], start: Cell, end: Cell) -> list[Cell]:
    """The shortest path from `start` to `end` through cells of the same piece."""
    came: dict[Cell, Cell | None] = {start: None}
    todo = [start]
    for cell in todo:
        for other in grid.neighbours(cell):
            if piece.get(other) == piece[start] and other not in came:
                came[other] = cell
                todo.append(other)
    route = [end]
    while (back := came[route[-1]]) is not None:
        route.append(back)
    return route[::-1]


GENRE = NumberlinkGenre()
