"""Shikaku: divide the grid into rectangles, each holding one number, its area."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from ...i18n import N_, _
from ...values import Rule
from .. import check, codecs, pzprv3
from ..engine import Lit, Model, Values
from ..genre import ClueBoard, Genre
from ..grid import Cell, Grid, Pair
from ..layers import Answer
from ..link import Link
from ..render import Sheet

#: a rectangle: top row, left column, bottom row, right column (inclusive)
Rect = tuple[int, int, int, int]


class Board(ClueBoard[int]):
    """The numbers: cell -> the size of its rectangle (QUESTION for '?')."""


@dataclass
class Vars:
    choices: dict[tuple[Cell, Rect], Lit]


def cells_of(rect: Rect) -> list[Cell]:
    top, left, bottom, right = rect
    return [(r, c) for r in range(top, bottom + 1) for c in range(left, right + 1)]


def clue_counts(board: Board) -> list[list[int]]:
    """The number of clues above and left of each corner (a summed-area table): the
    clues in any rectangle in four look-ups, where a 24x14 board's 8,000 candidate
    rectangles read cell by cell took a third of a second."""
    table = [[0] * (board.cols + 1) for _ in range(board.rows + 1)]
    for r in range(board.rows):
        for c in range(board.cols):
            table[r + 1][c + 1] = (table[r][c + 1] + table[r + 1][c] - table[r][c]
                                   + ((r, c) in board.clues))
    return table


def candidates(board: Board, clue: Cell, table: list[list[int]] | None = None) -> list[Rect]:
    """The rectangles of the clue's area that hold the clue and no other clue."""
    size = board.clues[clue]
    table = table or clue_counts(board)
    out = []
    for height in range(1, board.rows + 1):
        widths = [size // height] if size > 0 else range(1, board.cols + 1)
        for width in widths:
            if width < 1 or width > board.cols or size > 0 and width * height != size:
                continue
            for top in range(clue[0] - height + 1, clue[0] + 1):
                for left in range(clue[1] - width + 1, clue[1] + 1):
                    rect = (top, left, top + height - 1, left + width - 1)
                    if (top < 0 or left < 0 or rect[2] >= board.rows
                            or rect[3] >= board.cols):
                        continue
                    if (table[rect[2] + 1][rect[3] + 1] - table[top][rect[3] + 1]
                            - table[rect[2] + 1][left] + table[top][left]) == 1:
                        out.append(rect)
    return out


def tiled(board: Board) -> bool:
    """Whether the numbers are all known and add up to the board's cells. Then a choice
    of one rectangle per number that covers every cell covers none twice (the areas
    would add up to more than the board), so "every cell at least once" is enough: one
    clause a cell instead of an at-most-one over the many rectangles that reach it."""
    sizes = board.clues.values()
    return all(size > 0 for size in sizes) and sum(sizes) == board.rows * board.cols


def walls_between(grid: Grid, owner: dict[Cell, int]) -> frozenset[Pair]:
    """The walls between neighbouring cells of different pieces."""
    return frozenset(p for p in grid.pairs() if owner.get(p[0], -1) != owner.get(p[1], -2))


class Shikaku(Genre[Board, Vars]):
    names = ("shikaku",)
    title = N_("Shikaku")
    rules = (
        N_("Divide the grid into rectangles along the grid lines."),
        N_("Each rectangle holds exactly one number, which is its area."),
    )

    def decode(self, link: Link) -> Board:
        values = codecs.read_number16(codecs.Reader(link.body), link.rows * link.cols)
        cells = Grid(link.rows, link.cols).cells()
        return Board(link.rows, link.cols, {c: v for c, v in zip(cells, values, strict=True)
                                            if v is not None})

    def encode(self, board: Board) -> str:
        body = codecs.write_number16([board.clues.get(c) for c in self.grid(board).cells()])
        return Link(self.name, board.cols, board.rows, body).url()

    def constrain(self, board: Board, model: Model) -> Vars:
        choices: dict[tuple[Cell, Rect], Lit] = {}
        covering: dict[Cell, list[Lit]] = {cell: [] for cell in self.grid(board).cells()}
        table = clue_counts(board)
        for clue in board.clues:
            with model.about(_("the {size} at {where}").format(
                    size="?" if board.clues[clue] < 0 else board.clues[clue],
                    where=check.where(clue))):
                mine = []
                for rect in candidates(board, clue, table):
                    lit = choices[(clue, rect)] = model.var()
                    mine.append(lit)
                    for cell in cells_of(rect):
                        covering[cell].append(lit)
                model.exactly(mine, 1)
        model.show(choices.values())
        if tiled(board):  # the areas add up to the board: covered means covered once
            for lits in covering.values():
                model.clause(lits)
        else:
            for lits in covering.values():
                model.exactly(lits, 1)
        return Vars(choices)

    def answer(self, board: Board, variables: Vars, values: Values) -> Answer:
        owner = {cell: index for index, ((_clue, rect), lit) in
                 enumerate(variables.choices.items()) if values(lit) for cell in cells_of(rect)}
        return Answer(borders=walls_between(self.grid(board), owner))

    def check(self, board: Board, answer: Answer) -> list[Rule]:
        grid = self.grid(board)
        pieces = check.pieces(grid, grid.cells(), lambda a, b: (a, b) not in answer.borders
                              and (b, a) not in answer.borders)
        numbers = [[c for c in piece if c in board.clues] for piece in pieces]
        not_rect = [piece[0] for piece in pieces if len(piece) != (
            (max(r for r, _c in piece) - min(r for r, _c in piece) + 1)
            * (max(c for _r, c in piece) - min(c for _r, c in piece) + 1))]
        sizes = [n[0] for piece, n in zip(pieces, numbers, strict=True) if len(n) == 1
                 and board.clues[n[0]] >= 0 and board.clues[n[0]] != len(piece)]
        return [
            check.rule(_("Every piece has a number"),
                       [p[0] for p, n in zip(pieces, numbers, strict=True) if not n],
                       check.where),  # type: ignore[arg-type]
            check.rule(_("One number per piece"), [n[1] for n in numbers if len(n) > 1],
                       check.where),  # type: ignore[arg-type]
            check.rule(_("Pieces are rectangles"), not_rect, check.where),  # type: ignore
            check.rule(_("Areas match their numbers"), sizes, check.where),  # type: ignore
        ]

    def draw(self, board: Board, answer: Answer | None) -> Image.Image:
        sheet = Sheet(board.rows, board.cols)
        sheet.grid(dashed=True)
        if answer:
            sheet.walls(answer.borders)
        sheet.numbers(board.clues)
        return sheet.finish()

    def pzprv3(self, board: Board, answer: Answer | None) -> str:
        grid = self.grid(board)
        walls = answer.borders if answer else frozenset()
        return pzprv3.write(self.name, grid, [
            pzprv3.cells(grid, lambda c: pzprv3.clue(board.clues.get(c))),
            *pzprv3.pairs(grid, lambda p: "1" if p in walls else "0")])

    def read_answer(self, board: Board, text: str) -> Answer:
        file = pzprv3.read(text)
        grid = self.grid(board)
        file.cells()
        right = file.block(grid.rows, grid.cols - 1)
        below = file.block(grid.rows - 1, grid.cols)
        walls = {((r, c), (r, c + 1)) for r, row in enumerate(right)
                 for c, token in enumerate(row) if token == "1"}
        walls |= {((r, c), (r + 1, c)) for r, row in enumerate(below)
                  for c, token in enumerate(row) if token == "1"}
        return Answer(borders=frozenset(walls))


GENRE = Shikaku()
