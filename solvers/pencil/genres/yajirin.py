"""Yajilin: shade cells and draw one loop through all the others; arrows count shading."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, codecs, pzprv3, rules
from ..engine import Lit, Model, Values
from ..genre import Genre
from ..grid import Cell, Pair
from ..layers import Answer
from ..link import Link
from ..render import Sheet
from ..shading import answer_file, arrow_token, draw_arrow_clues, marked, pointed


@dataclass(frozen=True)
class Board:
    rows: int
    cols: int
    #: the clue cells: cell -> (arrow 0-4, number | QUESTION | BLANK)
    clues: dict[Cell, tuple[int, int]]
    #: the link's flags, kept for the link back: "o" shaded cells lie outside the loop,
    #: "b" clue cells are drawn grey (the player writes "ob" for both)
    flag: str = ""

    @property
    def outside(self) -> bool:
        """Whether the shaded cells must lie outside the loop (the 'o' flag)."""
        return "o" in self.flag

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, tuple(sorted(self.clues.items())), self.flag))


@dataclass
class Vars:
    shaded: dict[Cell, Lit]
    lines: dict[Pair, Lit]


def inside(board: Board, lines: frozenset[Pair], cell: Cell) -> bool:
    """Whether a cell off the loop is inside it: a ray from just above its centre to
    the right edge crosses the loop's upright links from the row above an odd number of
    times."""
    r, c = cell
    return sum(((r - 1, x), (r, x)) in lines for x in range(c + 1, board.cols)) % 2 == 1


class Yajirin(Genre[Board, Vars]):
    names = ("yajirin", "yajilin")
    title = N_("Yajilin")
    rules = (
        N_("Shade some cells that are not clues; shaded cells never touch side by side."),
        N_("Draw one loop through the centres of all other cells that are not clues."),
        N_("A number with an arrow tells how many shaded cells lie that way."),
        N_("With the option 'o' in the link, shaded cells lie outside the loop."),
    )
    flags = ("b", "o", "ob")

    def decode(self, link: Link) -> Board:
        reader = codecs.Reader(link.body)
        values = codecs.read_arrow_numbers(reader, link.rows * link.cols)
        cells = [(r, c) for r in range(link.rows) for c in range(link.cols)]
        return Board(link.rows, link.cols, {cell: value for cell, value
                                            in zip(cells, values, strict=True) if value},
                     link.flag)

    def encode(self, board: Board) -> str:
        body = codecs.write_arrow_numbers([board.clues.get(c)
                                           for c in self.grid(board).cells()])
        return Link(self.name, board.cols, board.rows, body, board.flag).url()

    def constrain(self, board: Board, model: Model) -> Vars:
        grid = self.grid(board)
        free = [cell for cell in grid.cells() if cell not in board.clues]
        shaded = model.vars(free)
        lines, used = rules.cell_loop(model, grid, free)
        model.show([*shaded.values(), *lines.values()])
        with model.about(_("every other cell shaded or on the loop")):
            for cell in free:
                if cell in used:
                    model.exactly([shaded[cell], used[cell]], 1)
                else:
                    model.clause([shaded[cell]])
        with model.about(_("no two shaded cells side by side")):
            rules.no_adjacent(model, grid, shaded)
        for cell, (direction, number) in board.clues.items():
            if number >= 0 and direction:
                with model.about(_("the arrow {number} at {where}").format(
                        number=number, where=check.where(cell))):
                    rules.count_in(model, [shaded[c] for c in pointed(grid, cell, direction)
                                           if c in shaded], number)
        if board.outside:
            with model.about(_("shaded cells outside the loop")):
                self._outside(model, board, shaded, lines)
        return Vars(shaded, lines)

    def _outside(self, model: Model, board: Board, shaded: dict[Cell, Lit],
                 lines: dict[Pair, Lit]) -> None:
        """Shaded cells lie outside the loop: a ray from just above a cell's centre to
        the left edge crosses the loop's upright links from the row above an even
        number of times (the parity is built up cell by cell along each row)."""
        for r in range(1, board.rows):
            inside = -model.true()
            for c in range(board.cols):
                if (r, c) in shaded:
                    model.clause([-shaded[r, c], -inside])
                crossing = lines.get(((r - 1, c), (r, c)))
                if crossing is not None:
                    parity = model.var()  # inside XOR crossing
                    model.clause([-parity, inside, crossing])
                    model.clause([-parity, -inside, -crossing])
                    model.clause([parity, -inside, crossing])
                    model.clause([parity, inside, -crossing])
                    inside = parity

    def answer(self, board: Board, variables: Vars, values: Values) -> Answer:
        return Answer(shaded=frozenset(c for c, lit in variables.shaded.items() if values(lit)),
                      lines=frozenset(p for p, lit in variables.lines.items() if values(lit)))

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        on_loop = {cell for link in answer.lines for cell in link}
        wrong = [cell for cell, (direction, number) in board.clues.items()
                 if number >= 0 and direction and number != sum(
                     c in answer.shaded for c in pointed(grid, cell, direction))]
        empty = [cell for cell in grid.cells() if cell not in board.clues
                 and cell not in answer.shaded and cell not in on_loop]
        return [
            check.rule(_("Clue cells stay empty"), sorted(
                (answer.shaded | on_loop) & set(board.clues)), check.where),  # type: ignore
            check.rule(_("No line through a shaded cell"), sorted(answer.shaded & on_loop),
                       check.where),  # type: ignore[arg-type]
            check.rule(_("Shaded cells never side by side"),
                       check.adjacent_pairs(grid, answer.shaded), check.where),  # type: ignore
            check.rule(_("Arrows count the shaded cells"), sorted(wrong),
                       check.where),  # type: ignore[arg-type]
            *check.single_loop(answer.lines, _("the lines")),
            check.rule(_("Every other cell is on the loop"), empty,
                       check.where),  # type: ignore[arg-type]
            *([check.rule(_("Shaded cells outside the loop"), sorted(
                cell for cell in answer.shaded if inside(board, answer.lines, cell)),
                check.where)] if board.outside else []),  # type: ignore[arg-type]
        ]

    def draw(self, board: Board, answer: Answer | None) -> Image.Image:
        sheet = Sheet(board.rows, board.cols)
        if board.flag == "b":
            sheet.fill(board.clues, (224, 224, 224))
        if answer:
            sheet.fill(answer.shaded)
        sheet.grid()
        draw_arrow_clues(sheet, board.clues)
        if answer:
            sheet.lines(answer.lines)
        return sheet.finish()

    def pzprv3(self, board: Board, answer: Answer | None) -> str:
        shaded = answer.shaded if answer else frozenset()
        lines = answer.lines if answer else frozenset()
        grid = self.grid(board)

        return pzprv3.write(self.name, grid, [
            pzprv3.cells(grid, lambda cell: arrow_token(board.clues.get(cell))),
            pzprv3.cells(grid, lambda cell: "#" if cell in shaded else "."),
            *pzprv3.pairs(grid, lambda link: "1" if link in lines else "0")])

    def read_answer(self, board: Board, text: str) -> Answer:
        file = answer_file(text, board.rows, board.cols)
        file.cells()  # the clues
        shaded = marked(file.cells())
        level = file.block(board.rows, board.cols - 1)
        upright = file.block(board.rows - 1, board.cols)
        lines = {((r, c), (r, c + 1)) for r, c in marked(level, ("1",))}
        lines |= {((r, c), (r + 1, c)) for r, c in marked(upright, ("1",))}
        return Answer(shaded=shaded, lines=frozenset(lines))

GENRE = Yajirin()
