"""Icebarn: one line through cell centres from the entrance (IN) to the exit (OUT) on the
board's edge. On ice it goes straight and may cross itself; elsewhere it turns or goes
straight but never branches or crosses. It passes every arrow the way the arrow points,
and visits every patch of ice.

The link's body is the ice (5-bit groups, a bit a cell), then the arrows on the walls
between cells in two passes (first those pointing up or left, then down or right; each
a base-36 count of arrowless walls before it, 'z' for 35 of them), then '/IN/OUT': the
entrance and the exit as places on the board's edge (top edge left to right, bottom
edge, left edge top to bottom, right edge).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image

from ...draw import centred_text, round_line
from ...i18n import N_, _
from ...values import PuzzleError, Rule
from .. import check, paths, pzprv3, render
from ..codecs import Reader, read_bits, write_bits
from ..engine import Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid, Pair, Segment, pair
from ..layers import Answer
from ..link import Link

Gate = paths.Gate
ROOT = "entrance"


@dataclass(frozen=True)
class Icebarn:
    """The ice cells, the arrows on walls between cells (pair -> the paths direction
    the line must cross it in), the entrance and the exit."""

    rows: int
    cols: int
    ice: frozenset[Cell]
    arrows: Mapping[Pair, int]
    entrance: Gate
    exit: Gate

    __hash__ = paths.board_hash


def read_arrows(reader: Reader, grid: Grid) -> dict[Pair, int]:
    """The two passes of arrows: up/left, then down/right."""
    order = grid.pairs()  # the player's order of the walls between cells
    out: dict[Pair, int] = {}
    for forward in (False, True):
        index = 0
        while index < len(order):
            char = reader.take()
            if not char or char == "/":
                raise reader.fail(_("the arrows end too soon"))
            if char == "z":
                index += 35
                continue
            try:
                index += int(char, 36)
            except ValueError:
                reader.pos -= 1
                raise reader.fail(_("unexpected {char!r}").format(char=char)) from None
            if index < len(order):
                a, b = order[index]
                level = a[0] == b[0]
                out[order[index]] = ((paths.RIGHT if level else paths.DOWN) if forward
                                     else (paths.LEFT if level else paths.UP))
            index += 1
    return out


def write_arrows(board: Icebarn, grid: Grid) -> str:
    out = []
    for forward in (False, True):
        gap = 0
        for wall in grid.pairs():
            if wall in board.arrows and (board.arrows[wall] in (paths.DOWN, paths.RIGHT)) \
                    == forward:
                out.append(_base36(gap))
                gap = 0
                continue
            gap += 1
            if gap == 35:
                out.append("z")
                gap = 0
        if gap:
            out.append(_base36(gap))
    return "".join(out)


def _base36(value: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[value]


def outside(gate: Gate) -> Cell:
    """The point just off the board beyond a gate."""
    return paths.step(*gate)


class IcebarnGenre(Genre[Icebarn, dict[Pair, Lit]]):
    names = ("icebarn",)
    title = N_("Icebarn")
    rules = (N_("Draw one line through the centres of cells from IN to OUT."),
             N_("On ice the line goes straight and may cross itself; elsewhere it never "
                "branches or crosses."),
             N_("The line passes every arrow the way it points."),
             N_("The line visits every patch of ice."))

    def decode(self, link: Link) -> Icebarn:
        grid = Grid(link.rows, link.cols)
        reader = Reader(link.body)
        reader.part = _("ice")
        ice = frozenset(c for c, on in zip(grid.cells(), read_bits(reader, len(grid.cells())),
                                           strict=True) if on)
        reader.part = _("arrows")
        found = read_arrows(reader, grid)
        reader.part = _("entrance and exit")
        places = paths.edge_places(grid)
        parts = reader.rest.split("/")
        try:
            where = [int(parts[1] or 0), int(parts[2] or 0)]
            if not all(0 <= place < len(places) for place in where):
                raise ValueError
            entrance, exit_ = (places[place] for place in where)
        except (IndexError, ValueError):
            raise PuzzleError(_("The link's entrance and exit ('/IN/OUT' after the arrows, "
                                "each 0-{last}) could not be read.").format(
                                    last=len(places) - 1)) from None
        return Icebarn(link.rows, link.cols, ice, found, entrance, exit_)

    def encode(self, board: Icebarn) -> str:
        grid = self.grid(board)
        places = paths.edge_places(grid)
        body = (write_bits([c in board.ice for c in grid.cells()]) + write_arrows(board, grid)
                + f"/{places.index(board.entrance)}/{places.index(board.exit)}")
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Icebarn, model: Model) -> dict[Pair, Lit]:
        """The line between two cells, either way (the answer; a hint decides one):
        below it each step has a direction, so that arrows and the route can be said."""
        grid = self.grid(board)
        start, finish = outside(board.entrance), outside(board.exit)
        going = {(a, b): model.var() for p in grid.pairs() for a, b in (p, p[::-1])}
        going[(start, board.entrance[0])] = model.true()
        going[(board.exit[0], finish)] = model.true()
        lines = {}
        for a, b in grid.pairs():
            model.clause([-going[(a, b)], -going[(b, a)]])
            lines[(a, b)] = model.any_of([going[(a, b)], going[(b, a)]])
        model.show(lines.values())
        nodes: dict[object, Lit] = {ROOT: model.true()}
        for cell in grid.cells():
            out = {w: going[(cell, paths.step(cell, w))] for w in range(4)
                   if (cell, paths.step(cell, w)) in going}
            into = {w: going[(paths.step(cell, w), cell)] for w in range(4)
                    if (paths.step(cell, w), cell) in going}
            if cell in board.ice:
                with model.about(_("the ice at {cell}").format(cell=check.where(cell))):
                    for way in range(4):
                        ahead = paths.BACK[way]
                        model.equal(into[way] if way in into else -model.true(),
                                    out[ahead] if ahead in out else -model.true())
                for axis, sides in (("|", (paths.UP, paths.DOWN)), ("-", (paths.LEFT,
                                                                          paths.RIGHT))):
                    nodes[(cell, axis)] = model.any_of(
                        [lit for w in sides for lit in (out.get(w), into.get(w)) if lit])
            else:
                model.at_most(list(out.values()), 1)
                model.at_most(list(into.values()), 1)
                nodes[cell] = model.any_of(list(out.values()))
                model.equal(nodes[cell], model.any_of(list(into.values())))
        for wall, way in sorted(board.arrows.items()):
            a, b = wall
            across = (a, b) if paths.step(a, way) == b else (b, a)
            with model.about(_("the arrow between {a} and {b}").format(
                    a=check.where(a), b=check.where(b))):
                model.clause([going[across]])
        for patch in check.pieces(grid, board.ice):
            with model.about(_("the ice at {cell}").format(cell=check.where(patch[0]))):
                model.clause([nodes[(c, axis)] for c in patch for axis in "|-"])
        links: list[tuple[object, object] | tuple[object, object, Lit]] = [
            (ROOT, self._node(board, board.entrance[0], board.entrance[1]))]
        for (a, b), lit in lines.items():
            way = paths.STEPS.index((b[0] - a[0], b[1] - a[1]))
            links.append((self._node(board, a, way), self._node(board, b, way), lit))
        with model.about(_("one line")):
            model.connected(nodes, links, ROOT)
        return lines

    @staticmethod
    def _node(board: Icebarn, cell: Cell, way: int) -> object:
        """The connectivity node of a cell for a line leaving it one way: on ice each
        axis is its own strand."""
        return (cell, "|" if paths.AXIS[way] == 0 else "-") if cell in board.ice else cell

    def answer(self, board: Icebarn, variables: dict[Pair, Lit], values: Values) -> Answer:
        return Answer(lines=frozenset(p for p, lit in variables.items() if values(lit)))

    def check(self, board: Icebarn, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        ways = paths.exits(answer.lines)
        for gate in (board.entrance, board.exit):
            ways.setdefault(gate[0], set()).add(gate[1])
        bad = [c for c, w in ways.items()
               if (c in board.ice and not (len(w) == 4 or paths.straight(w)))
               or (c not in board.ice and len(w) != 2)]
        route, arrived = trace(board, ways)
        crossed = {(a, b) for a, b in zip(route, route[1:], strict=False)}
        wrong_way = [wall[0] for wall, way in sorted(board.arrows.items())
                     if not any((a, b) in crossed for a, b in (wall, wall[::-1])
                                if paths.step(a, way) == b)]
        steps = {pair(a, b) for a, b in crossed if grid.inside(a) and grid.inside(b)}
        unvisited = [patch[0] for patch in check.pieces(grid, board.ice)
                     if not any(c in ways for c in patch)]
        return [paths.cell_rule(_("Straight on ice; no branch or crossing elsewhere"), bad),
                Rule(_("One line from IN to OUT"), arrived and steps == set(answer.lines),
                     _("OK") if arrived and steps == set(answer.lines)
                     else _("the line from IN does not reach OUT alone"), ": "),
                paths.cell_rule(_("Every arrow passed its way"), wrong_way),
                paths.cell_rule(_("Every patch of ice visited"), unvisited)]

    def draw(self, board: Icebarn, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols, outer=1)
        sheet.fill(board.ice, (190, 225, 250))
        sheet.grid()
        if answer is not None:
            sheet.lines(answer.lines)
            for cell, side in (board.entrance, board.exit):
                (x, y), (dr, dc) = sheet.centre(cell), paths.STEPS[side]
                reach = sheet.cell * 0.75
                round_line(sheet.draw, (x, y), (x + dc * reach, y + dr * reach), render.GREEN,
                           max(3, sheet.cell // 8))
        for wall, way in board.arrows.items():
            a, b = wall
            (xa, ya), (xb, yb) = sheet.centre(a), sheet.centre(b)
            x, y = (xa + xb) / 2, (ya + yb) / 2
            dr, dc = paths.STEPS[way]
            size = sheet.cell * 0.2
            tip = (x + dc * size, y + dr * size)
            back = (x - dc * size, y - dr * size)
            sheet.draw.polygon([tip, (back[0] + dr * size, back[1] + dc * size),
                                (back[0] - dr * size, back[1] - dc * size)],
                               fill=render.BLACK)
        # the player's marks of the entrance and the exit, in the reader's language
        for (cell, side), word in ((board.entrance, _("IN")), (board.exit, _("OUT"))):
            (x, y), (dr, dc) = sheet.centre(cell), paths.STEPS[side]
            reach = sheet.cell * (1.05 if dc else 1.0)
            centred_text(sheet.draw, (x + dc * reach, y + dr * reach), word,
                         int(sheet.cell * 0.3), fill=render.BLACK)
        return sheet.finish()

    def pzprv3(self, board: Icebarn, answer: Answer | None) -> str:
        grid = self.grid(board)
        lines = answer.lines if answer is not None else frozenset()
        inside = len(grid.pairs())
        places = paths.edge_places(grid)
        gates = {self._segment(gate) for gate in (board.entrance, board.exit)}

        def cells_of(segment: Segment) -> Pair:
            (r0, c0), (r1, c1) = segment
            if c0 == c1:  # upright: between (r0, c0 - 1) and (r0, c0)
                return ((r0, c0 - 1), (r0, c0))
            return ((r0 - 1, c0), (r0, c0))

        def arrow(segment: Segment) -> str:
            way = board.arrows.get(cells_of(segment))
            return "0" if way is None else "1" if way in (paths.UP, paths.LEFT) else "2"

        def line(segment: Segment) -> str:
            return "1" if cells_of(segment) in lines or segment in gates else "0"

        return pzprv3.write(self.name, grid, [
            [[str(inside + places.index(board.entrance))]],
            [[str(inside + places.index(board.exit))]],
            pzprv3.cells(grid, lambda c: "1" if c in board.ice else "0"),
            *pzprv3.segments(grid, arrow), *pzprv3.segments(grid, line)])

    @staticmethod
    def _segment(gate: Gate) -> Segment:
        """The frame segment of a gate."""
        (r, c), side = gate
        return {paths.UP: ((r, c), (r, c + 1)), paths.DOWN: ((r + 1, c), (r + 1, c + 1)),
                paths.LEFT: ((r, c), (r + 1, c)), paths.RIGHT: ((r, c + 1), (r + 1, c + 1))}[side]

    def read_answer(self, board: Icebarn, text: str) -> Answer:
        grid = self.grid(board)
        file = pzprv3.read(text)
        file.block(2, 1)
        file.cells()
        file.block(grid.rows, grid.cols + 1)  # the arrows
        file.block(grid.rows + 1, grid.cols)
        upright = file.block(grid.rows, grid.cols + 1)
        level = file.block(grid.rows + 1, grid.cols)
        lines = {((r, c - 1), (r, c)) for r, row in enumerate(upright)
                 for c, token in enumerate(row) if 0 < c < grid.cols and token[:1] == "1"}
        lines |= {((r - 1, c), (r, c)) for r, row in enumerate(level)
                  for c, token in enumerate(row) if 0 < r < grid.rows and token[:1] == "1"}
        return Answer(lines=frozenset(lines))


def trace(board: Icebarn, ways: Mapping[Cell, set[int]]) -> tuple[list[Cell], bool]:
    """Follow the line from the entrance: the points passed (from just outside IN) and
    whether it leaves the board through OUT."""
    grid = Grid(board.rows, board.cols)
    route = [outside(board.entrance), board.entrance[0]]
    moving = paths.BACK[board.entrance[1]]
    limit = 4 * len(grid.cells()) + 2
    while len(route) < limit:
        cell = route[-1]
        if not grid.inside(cell):
            return route, cell == outside(board.exit) and route[-2] == board.exit[0]
        here = ways.get(cell, set())
        if cell in board.ice or len(here) != 2:
            onward = moving
        else:
            onward = next(iter(here - {paths.BACK[moving]}), moving)
        if onward not in here:
            return route, False
        moving = onward
        route.append(paths.step(cell, moving))
    return route, False


GENRE = IcebarnGenre()
