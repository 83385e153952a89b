"""Pieces that several shading genres share and the core toolkit does not carry.

Cells are `(row, col)` from 0, as everywhere in `solvers.pencil`. Here: counts that a
rule needs only under a condition (a unary counter on the `Model`); the connected rule
and the room layer of the player's file, and the reading of a person's file; the arrows
of arrow clues (Yajilin, Yajikazu), read, written and drawn; the ring of eight
neighbours and its runs (Tapa); the cells that touch diagonally (Star Battle); and the
tetrominoes (LITS).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from ..draw import centred_text
from ..i18n import _
from ..values import PuzzleError, Rule
from . import check, codecs, pzprv3
from .codecs import BLANK, QUESTION
from .engine import Lit, Model, Values
from .grid import STEPS, Cell, Grid, Pair
from .render import BLACK, ON_SHADE, Sheet

#: the links' arrow codes (`codecs.UP` .. `codecs.RIGHT`, 1-4) as steps: the grid's order
ARROWS: dict[int, tuple[int, int]] = dict(enumerate(STEPS, start=codecs.UP))
#: shading drawn grey where room walls must stay visible across it (LITS, Norinori,
#: Shimaguni, Nurimaze)
SHADE = (112, 112, 112)
#: the eight neighbours of a cell in ring order (clockwise from the top left)
RING: tuple[Cell, ...] = ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1))



@dataclass
class Shaded:
    """What a shading genre reads its answer from: each cell's "shaded" literal."""

    shaded: dict[Cell, Lit]

def shaded_cells(lits: Mapping[Cell, Lit], values: Values) -> frozenset[Cell]:
    """The cells whose literal holds in a solution."""
    return frozenset(cell for cell, lit in lits.items() if values(lit))


def at_least_counts(model: Model, lits: Sequence[Lit], top: int) -> list[Lit]:
    """Literals `at_least[k]` (k = 0 .. top + 1) that hold exactly when at least k of
    `lits` do, for counts a rule needs only under a condition (an unshaded arrow's
    count, a region's size against its neighbours'): the literals sorted, true first,
    by Batcher's odd-even merge network (n log^2 n comparators, so a region of
    thousands of cells stays small)."""
    size = 1
    while size < len(lits):
        size *= 2
    line: list[Lit | None] = [*lits, *[None] * (size - len(lits))]  # None: false

    def compare(i: int, j: int) -> None:  # the true one first
        a, b = line[i], line[j]
        if b is None:
            return
        if a is None:
            line[i], line[j] = b, None
            return
        line[i], line[j] = model.any_of([a, b]), model.all_of([a, b])

    def merge(low: int, count: int, step: int) -> None:
        double = step * 2
        if double < count:
            merge(low, count, double)
            merge(low + step, count, double)
            for i in range(low + step, low + count - step, double):
                compare(i, i + step)
        else:
            compare(low, low + step)

    def sort(low: int, count: int) -> None:
        if count > 1:
            sort(low, count // 2)
            sort(low + count // 2, count // 2)
            merge(low, count, 1)

    sort(0, size)
    true = model.true()
    return [true, *(lit if lit is not None else -true
                    for lit in (line + [None] * (top + 1))[:top + 1])]


def count_is(model: Model, lits: Sequence[Lit], number: int) -> Lit:
    """A literal that holds exactly when `number` of `lits` hold."""
    if number > len(lits):
        return -model.true()
    at_least = at_least_counts(model, lits, number)
    return model.all_of([at_least[number], -at_least[number + 1]])


def connected_rule(grid: Grid, cells: Collection[Cell], name: str) -> Rule:
    """The rule that `cells` make one orthogonally connected piece."""
    count = len(check.pieces(grid, cells))
    return Rule(name, count <= 1, check.pieces_text(count), ": ")


def room_blocks(grid: Grid, walls: Collection[Pair]) -> list[pzprv3.Block]:
    """The player's room layer: the number of rooms, then each cell's room number."""
    rooms = grid.rooms(walls)
    index = check.room_of(rooms)
    return [[[str(len(rooms))]], pzprv3.cells(grid, lambda cell: str(index[cell]))]


def answer_file(text: str, rows: int, cols: int) -> pzprv3.File:
    """A person's pzprv3 file of a board of this size, ready to be read block by block."""
    file = pzprv3.read(text)
    if (file.rows, file.cols) != (rows, cols):
        raise PuzzleError(_("The pzprv3 file is {rows}x{cols}; the puzzle is "
                            "{want_rows}x{want_cols}.").format(
            rows=file.rows, cols=file.cols, want_rows=rows, want_cols=cols))
    return file


def marked(block: pzprv3.Block, tokens: Collection[str] = ("#",)) -> frozenset[Cell]:
    """The cells of a cell block whose token is one of `tokens` (shading: '#')."""
    return frozenset((r, c) for r, row in enumerate(block) for c, token in enumerate(row)
                     if token in tokens)


def pointed(grid: Grid, cell: Cell, direction: int) -> list[Cell]:
    """The cells an arrow clue at `cell` points at, to the edge (none for no arrow)."""
    return list(grid.line(cell, ARROWS[direction])) if direction in ARROWS else []



def arrow_token(clue: tuple[int, int] | None) -> str:
    """An arrow clue in the player's file: "direction,number" ('-' for '?')."""
    if clue is None:
        return "."
    return f"{clue[0]},{'-' if clue[1] == QUESTION else clue[1]}"


def draw_arrow_clues(sheet: Sheet, clues: Mapping[Cell, tuple[int, int]],
                     shaded: Iterable[Cell] = ()) -> None:
    """Arrow clues as the player draws them: the number with a small arrow beside it
    pointing the way it counts (above the number for left and right, left of it for
    up and down). A clue on a shaded cell (Yajikazu) is drawn light on the black."""
    dark = set(shaded)
    size = sheet.cell
    for cell, (direction, number) in clues.items():
        colour = ON_SHADE if cell in dark else BLACK
        x, y = sheet.centre(cell)
        text = "" if number == BLANK else "?" if number == QUESTION else str(number)
        step = ARROWS.get(direction)
        if step is None:
            if text:
                centred_text(sheet.draw, (x, y), text, int(size * 0.62), fill=colour)
            continue
        upright = step[1] == 0
        # the arrow runs along a line a third of a cell off the centre
        side = (x - size * 0.3, y) if upright else (x, y - size * 0.28)
        tip = (side[0] + step[1] * size * 0.3, side[1] + step[0] * size * 0.3)
        tail = (side[0] - step[1] * size * 0.3, side[1] - step[0] * size * 0.3)
        sheet.draw.line([tail, tip], fill=colour, width=max(2, size // 22))
        back = (tip[0] - step[1] * size * 0.14, tip[1] - step[0] * size * 0.14)
        wing = (step[0] * size * 0.1, step[1] * size * 0.1)
        sheet.draw.polygon([tip, (back[0] + wing[0], back[1] + wing[1]),
                            (back[0] - wing[0], back[1] - wing[1])], fill=colour)
        if text:
            at = (x + size * 0.12, y) if upright else (x, y + size * 0.12)
            scale = 0.52 if len(text) < 3 else 0.4
            centred_text(sheet.draw, at, text, int(size * scale), fill=colour)


def touching_pairs(cells: Iterable[Cell]) -> list[tuple[Cell, Cell]]:
    """Every pair of cells of `cells` that touch, diagonally included (each pair once)."""
    inside = set(cells)
    return sorted(((r, c), (r + dr, c + dc)) for r, c in inside
                  for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)) if (r + dr, c + dc) in inside)


def ring(grid: Grid, cell: Cell) -> list[Cell | None]:
    """The eight neighbours of `cell` in ring order; None where the ring leaves the board."""
    out: list[Cell | None] = []
    for dr, dc in RING:
        other = (cell[0] + dr, cell[1] + dc)
        out.append(other if grid.inside(other) else None)
    return out


def runs(flags: Sequence[bool]) -> list[int]:
    """The lengths of the runs of True around a closed ring (Tapa's clue), sorted."""
    if all(flags):
        return [len(flags)] if flags else []
    start = list(flags).index(False)
    turned = [*flags[start:], *flags[:start], False]
    out, length = [], 0
    for flag in turned:
        if flag:
            length += 1
        elif length:
            out.append(length)
            length = 0
    return sorted(out)


def clue_fits(clue: Sequence[int], lengths: Sequence[int]) -> bool:
    """Whether run lengths answer a Tapa clue (QUESTION entries stand for any length).
    No shaded neighbour is one run of length 0: what a clue 0 (or a lone '?') asks for."""
    rest = list(lengths) or [0]
    if len(clue) != len(rest):
        return False
    for number in clue:
        if number != QUESTION:
            if number not in rest:
                return False
            rest.remove(number)
    return True


def normalised(cells: Iterable[Cell]) -> frozenset[Cell]:
    """A shape moved so that its topmost row and leftmost column are 0."""
    cells = list(cells)
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


def _tetrominoes() -> dict[frozenset[Cell], str]:
    """Every rotation and reflection of each tetromino, by its letter."""
    bases = {"L": ((0, 0), (1, 0), (2, 0), (2, 1)), "I": ((0, 0), (1, 0), (2, 0), (3, 0)),
             "T": ((0, 0), (0, 1), (0, 2), (1, 1)), "S": ((0, 1), (0, 2), (1, 0), (1, 1)),
             "O": ((0, 0), (0, 1), (1, 0), (1, 1))}
    out = {}
    for letter, base in bases.items():
        for turn in range(8):
            cells = list(base)
            for _quarter in range(turn % 4):
                cells = [(c, -r) for r, c in cells]
            if turn >= 4:
                cells = [(r, -c) for r, c in cells]
            out[normalised(cells)] = letter
    return out


#: the tetrominoes in every rotation and reflection, by shape, with their letters
TETROMINOES = _tetrominoes()


def tetromino(cells: Iterable[Cell]) -> str | None:
    """The letter (L, I, T, S, O) of four cells that form a tetromino, else None."""
    cells = list(cells)
    return TETROMINOES.get(normalised(cells)) if len(cells) == 4 else None


def placements(cells: Iterable[Cell]) -> Iterator[tuple[str, frozenset[Cell]]]:
    """Every tetromino lying inside `cells`, with its letter (each placement once)."""
    inside = set(cells)
    for r, c in sorted(inside):
        for shape, letter in TETROMINOES.items():
            # the shape placed so that its first cell in reading order is (r, c)
            first = min(shape)
            placed = frozenset((r + sr - first[0], c + sc - first[1]) for sr, sc in shape)
            if placed <= inside:
                yield letter, placed
