"""Tentaisho (Spiral Galaxies): divide the board along the grid lines into areas, each
holding exactly one star, and each looking the same turned half a turn about its star.

Stars sit on cell centres, on the sides between cells or on grid corners. The link
numbers these places (2 rows-1) x (2 cols-1) in reading order; a hex digit marks a
star (odd: black, even: white) and skips half its value more places, g-z skip 1-20. A
newer player may add empty cells after the stars; that part is refused by name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import PuzzleError, Rule
from .. import check, numbers, pzprv3, render
from ..codecs import Reader
from ..engine import Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Grid, Pair
from ..layers import Answer
from ..link import Link

#: a star's place in half-cells: (2 row, 2 col) is a cell's centre, odd values the lines
Place = tuple[int, int]
WHITE_STAR, BLACK_STAR = 1, 2


@dataclass(frozen=True)
class Tentaisho:
    rows: int
    cols: int
    stars: Mapping[Place, int]

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, tuple(sorted(self.stars.items()))))

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def cells_of(self, star: Place) -> list[Cell]:
        """The cells a star touches (one, two or four): they belong to its area."""
        y, x = star
        return [(r, c) for r in {y // 2, (y + 1) // 2} for c in {x // 2, (x + 1) // 2}]

    def mirror(self, cell: Cell, star: Place) -> Cell:
        """The cell a half turn about the star takes a cell to."""
        return (star[0] - cell[0], star[1] - cell[1])


def star_of(board: Tentaisho, walls: frozenset[Pair]) -> dict[Cell, list[Place]]:
    """For each area cut by the walls, its first cell and the stars inside it (a star on
    a line between two cells of one area is inside; one on a wall is not)."""
    rooms = board.grid.rooms(walls)
    room = check.room_of(rooms)
    inside: dict[Cell, list[Place]] = {r[0]: [] for r in rooms}
    for star in board.stars:
        ids = {room[c] for c in board.cells_of(star)}
        if len(ids) == 1:
            inside[rooms[ids.pop()][0]].append(star)
    return inside


def reachable(board: Tentaisho, star: Place) -> set[Cell]:
    """The cells the star's area may take: those joined to the star through cells that
    are no other star's and whose mirror image about the star is such a cell too (an
    area is connected and turns onto itself; a search on every cell of the board was
    too free: cuts by the thousand on a 19x22)."""
    grid = board.grid
    taken = {cell for other in board.stars if other != star
             for cell in board.cells_of(other)}
    free = {cell for cell in grid.cells() if cell not in taken
            and grid.inside(board.mirror(cell, star)) and board.mirror(cell, star) not in taken}
    while True:
        seen = set(board.cells_of(star)) & free
        stack = list(seen)
        while stack:
            for near in grid.neighbours(stack.pop()):
                if near in free and near not in seen:
                    seen.add(near)
                    stack.append(near)
        kept = {cell for cell in seen if board.mirror(cell, star) in seen}
        if kept == free:
            return kept
        free = kept


class TentaishoGenre(Genre):
    names = ("tentaisho",)
    title = N_("Tentaisho (Spiral Galaxies)")
    rules = (N_("Divide the board into areas along the grid lines, one star in each."),
             N_("Each area looks the same turned half a turn about its star."),
             N_("No wall runs through a star."))

    def decode(self, link: Link) -> Tentaisho:
        reader = Reader(link.body)
        reader.part = _("stars")
        height, width = 2 * link.rows - 1, 2 * link.cols - 1
        stars: dict[Place, int] = {}
        place = 0
        while place < height * width and reader.peek():
            char = reader.take()
            if char in "0123456789abcdef":
                value = int(char, 16)
                stars[divmod(place, width)] = BLACK_STAR if value % 2 else WHITE_STAR
                place += value // 2 + 1
            elif "g" <= char <= "z":
                place += int(char, 36) - 15
            else:
                reader.pos -= 1
                raise reader.fail(_("unexpected {char!r}").format(char=char))
        numbers.rest_refused(reader, _("empty cells"))
        if not stars:
            raise PuzzleError(_("The board has no star."))
        return Tentaisho(link.rows, link.cols, stars)

    def encode(self, board: Tentaisho) -> str:
        width = 2 * board.cols - 1
        count = (2 * board.rows - 1) * width
        tokens: list[str | None] = []
        place = 0
        while place < count:
            colour = board.stars.get(divmod(place, width))
            if colour is None:
                tokens.append(None)
                place += 1
                continue
            gap = next((g for g in range(1, 8) if divmod(place + g, width) in board.stars), 8)
            tokens.append(format(2 * (gap - 1) + colour - 1, "x"))
            place += gap
        return Link("tentaisho", board.cols, board.rows, _skips(tokens)).url()

    def constrain(self, board: Tentaisho, model: Model) -> dict[Pair, Lit]:
        """Each star's area as a variable per cell it may take; the answer shown is the
        walls between cells of different areas (a hint decides one wall, which reads as
        an answer on its own: an owner flipped alone leaves a cell in no area)."""
        grid = board.grid
        owner: dict[Place, dict[Cell, Lit]] = {}
        for star in board.stars:
            owner[star] = {cell: model.var() for cell in sorted(reachable(board, star))}
        for cell in grid.cells():
            model.exactly([cells[cell] for cells in owner.values() if cell in cells], 1)
        for star, cells in owner.items():
            with model.about(_("the star at {cell}").format(
                    cell=check.where(board.cells_of(star)[0]))):
                for cell in board.cells_of(star):  # not in `cells`: another star's
                    model.clause([cells[cell]] if cell in cells else [])
                for cell, lit in cells.items():
                    model.implies(lit, cells[board.mirror(cell, star)])
                centre = set(board.cells_of(star))
                for cell, lit in cells.items():  # no cell of an area stands alone
                    if cell not in centre:
                        model.implies(lit, [cells[n] for n in grid.neighbours(cell)
                                            if n in cells])
                links = [(a, b) for a, b in grid.pairs() if a in cells and b in cells]
                model.connected(cells, links, root=board.cells_of(star)[0])
        walls = walls_between(grid.pairs(), owner, model)
        model.show(walls.values())
        return walls

    def answer(self, board: Tentaisho, variables: dict[Pair, Lit], values: Values) -> Answer:
        return Answer(borders=frozenset(pair for pair, wall in variables.items()
                                        if values(wall)))

    def check(self, board: Tentaisho, answer: Answer) -> list[Rule]:
        inside = star_of(board, answer.borders)
        rooms = board.grid.rooms(answer.borders)
        counted = [room[0] for room in rooms if len(inside[room[0]]) != 1]
        turned = []
        for room in rooms:
            if len(inside[room[0]]) == 1:
                star, cells = inside[room[0]][0], set(room)
                if any(board.mirror(cell, star) not in cells for cell in room):
                    turned.append(room[0])
        on_wall = [board.cells_of(star)[0] for star in board.stars
                   if any(a in board.cells_of(star) and b in board.cells_of(star)
                          for a, b in answer.borders)]
        return [numbers.cells_rule(_("One star in every area"), counted),
                numbers.cells_rule(_("Every area turns onto itself about its star"), turned),
                numbers.cells_rule(_("No wall through a star"), on_wall)]

    def draw(self, board: Tentaisho, answer: Answer | None) -> Image.Image:
        sheet = render.Sheet(board.rows, board.cols)
        sheet.grid(dashed=True)
        if answer is not None:
            sheet.walls(answer.borders)
        radius = max(4, sheet.cell * 0.28)
        for (y, x), colour in board.stars.items():
            cx = sheet.pad + (x + 1) * sheet.cell / 2
            cy = sheet.pad + (y + 1) * sheet.cell / 2
            sheet.draw.ellipse([cx - radius, cy - radius, cx + radius, cy + radius],
                               fill=render.BLACK if colour == BLACK_STAR else render.WHITE,
                               outline=render.BLACK, width=max(2, sheet.cell // 20))
        return sheet.finish()

    def pzprv3(self, board: Tentaisho, answer: Answer | None) -> str:
        walls = frozenset() if answer is None else answer.borders
        stars = [["".join(str(board.stars.get((y, x), ".")) for x in range(2 * board.cols - 1))]
                 for y in range(2 * board.rows - 1)]
        borders = pzprv3.pairs(board.grid, lambda p: "1" if p in walls else "0")
        shades = pzprv3.cells(board.grid, lambda c: "0")
        return pzprv3.write("tentaisho", board.grid, [stars, *borders, shades])

    def read_answer(self, board: Tentaisho, text: str) -> Answer:
        file = pzprv3.read(text)
        file.block(2 * board.rows - 1, 1)
        return Answer(borders=numbers.read_walls(file))


def walls_between(pairs: list[Pair], owner: dict[Place, dict[Cell, Lit]],
                  model: Model) -> dict[Pair, Lit]:
    """A wall variable per pair of neighbouring cells, true exactly when the two cells
    are in different areas (each cell is in one area: `owner`'s exactly-one)."""
    walls = {pair: model.var() for pair in pairs}
    for (a, b), wall in walls.items():
        for cells in owner.values():
            if a in cells and b in cells:
                model.implies([cells[a], cells[b]], -wall)
            for one, other in ((a, b), (b, a)):
                if one in cells:
                    model.implies(cells[one], [*([cells[other]] if other in cells else []),
                                               wall])
    return walls


def _skips(tokens: list[str | None]) -> str:
    """Join star tokens, each run of empty places as g-z (1-20 places a letter)."""
    out, run = [], 0
    for token in tokens:
        if token is None:
            run += 1
            if run == 20:
                out.append("z")
                run = 0
            continue
        if run:
            out.append(chr(ord("f") + run))
            run = 0
        out.append(token)
    if run:
        out.append(chr(ord("f") + run))
    return "".join(out)


GENRE = TentaishoGenre()
