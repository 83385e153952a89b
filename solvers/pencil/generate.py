"""New puzzles for races and the daily puzzle, proved unique by the engine.

One loop for every genre (`make`): a genre's `Maker` draws a random solution and writes
all the clues it shows; the engine proves that board unique (else another solution is
drawn, or the maker repairs it), then clues are taken away one by one, in random order,
as long as the board stays unique and, for easy and medium puzzles, its hint ladder
needs no step with more than a few rules (`hints.py`); hard ones may need any step.
Easy and medium differ in size: with one rule at a time as the bar, the loop could take
hardly a clue away (a slitherlink with every clue given has no step at all).

Everything depends on the seed's random numbers alone, so a seed gives the same puzzle,
except when a board takes longer than its share of GENERATE_SECONDS: the loop then falls
back to a smaller board, or stops taking clues away (the board is unique either way).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import takewhile
from typing import Any

from ..i18n import _
from ..values import PuzzleError
from . import hints
from .check import pieces
from .codecs import QUESTION
from .genre import Genre
from .genres import find
from .grid import STEPS, Cell, Grid, Pair
from .layers import Answer, differences
from .link import read_link
from .numbers import digit_sets

#: the longest one puzzle may take to make, all sizes tried together
GENERATE_SECONDS = 4.0
#: the board's side by difficulty (phone-sized); smaller sides are the fallbacks
SIDES = {"easy": 5, "medium": 6, "hard": 7}
#: the smallest side a fallback goes down to
SMALLEST = 4
#: random solutions drawn for one side before trying a smaller one
ATTEMPTS = 40
#: the hardest hint step each difficulty's puzzles may need (hard: any)
HARDEST_STEP = {"easy": hints.FEW_RULES, "medium": hints.FEW_RULES}


@dataclass(frozen=True)
class Maker:
    """What one genre gives the loop: a random solution's board with all its clues
    (`full`, or None when the draw failed), the clues that may be taken away
    (`removable`, keys of the board) and the board without one of them (`without`)."""

    full: Callable[[random.Random, int], Any | None]
    removable: Callable[[Any], list[Hashable]] = lambda board: []
    without: Callable[[Any, Hashable], Any] = lambda board, key: board
    #: a board nearer to unique: changed where two of its answers differ so that the
    #: first stays an answer (None: a new board is drawn instead)
    repair: Callable[[random.Random, Any, Answer, Answer], Any | None] | None = None
    #: the board's side by difficulty, where SIDES does not suit the genre
    sides: Mapping[str, int] | None = None


#: repairs tried on one drawn board
REPAIRS = 30


def unique(genre: Genre[Any, Any], board: Any, deadline: float) -> bool:
    found = genre.solve(board, 2, deadline)
    return found.exhaustive and len(found.answers) == 1


def made_unique(genre: Genre[Any, Any], maker: Maker, rng: random.Random, board: Any,
                deadline: float) -> Any | None:
    """The board, or one the maker's repairs made unique, or None."""
    for _repair in range(REPAIRS):
        found = genre.solve(board, 2, deadline)
        if not found.answers or len(found.answers) == 1 and not found.exhaustive:
            return None  # no answer, or the search stopped at the deadline
        if len(found.answers) == 1:
            return board
        if maker.repair is None or time.monotonic() > deadline:
            return None
        board = maker.repair(rng, board, found.answers[0], found.answers[1])
        if board is None:
            return None
    return None


def easy_enough(genre: Genre[Any, Any], board: Any, hardest: float | None,
                deadline: float) -> bool:
    """Whether the board's hint ladder needs no step harder than `hardest` (None: any),
    rated on the board as its link reads back: the solver's reasons depend on the order
    the clues are given in, so a drawn board's order could rate it otherwise than the
    race's puzzle."""
    if hardest is None:
        return True
    board = genre.decode(read_link(genre.encode(board)))
    path = hints.path(genre, board, None, None, genre.name, deadline)
    return path.complete and path.difficulty.rating <= hardest


def make(genre: Genre[Any, Any], maker: Maker, rng: random.Random, side: int,
         deadline: float, hardest: float | None, spare: list[Any]) -> Any | None:
    """A unique board of `side` with as few clues as its hardest step allows, or None
    when no draw of ATTEMPTS was unique and easy enough before the deadline (the first
    unique one that needs harder steps is kept in `spare`)."""
    for _attempt in range(ATTEMPTS):
        if time.monotonic() > deadline:
            return None
        drawn = maker.full(rng, side)
        board = None if drawn is None else made_unique(genre, maker, rng, drawn, deadline)
        if board is None:
            continue
        board, fits = fewer_clues(genre, maker, rng, board, deadline, hardest)
        if fits:
            return board
        if not spare:
            spare.append(board)
    return None


def fewer_clues(genre: Genre[Any, Any], maker: Maker, rng: random.Random, board: Any,
                deadline: float, hardest: float | None) -> tuple[Any, bool]:
    """The board with clues taken away in random order while it stays unique; then, when
    the result needs harder steps than `hardest`, the longest start of those removals
    whose board does not (a board with more clues than a unique one is unique too, so
    this is a halving search: a few ladders rated, not one per clue). And whether that
    board needs no harder steps (a drawn Kakuro, with no clue to take away, may)."""
    keys = maker.removable(board)
    rng.shuffle(keys)
    taken: list[Any] = [board]
    for key in keys:
        if time.monotonic() > deadline:
            break
        smaller = maker.without(taken[-1], key)
        if unique(genre, smaller, deadline):
            taken.append(smaller)
    low, high = 0, len(taken) - 1  # taken[low] fits, or is the drawn board
    while low < high:
        middle = (low + high + 1) // 2
        if easy_enough(genre, taken[middle], hardest, deadline):
            low = middle
        else:
            high = middle - 1
    return taken[low], low > 0 or easy_enough(genre, board, hardest, deadline)


def generate(name: str, rng: random.Random, difficulty: str) -> str:
    """The link of a new puzzle of the genre `name` with exactly one solution: one whose
    steps fit the difficulty, else (out of time) the first unique one drawn."""
    genre, maker = find(name), MAKERS.get(name)
    if genre is None or maker is None:
        raise PuzzleError(_("no generator for {title}").format(title=name))
    hardest = HARDEST_STEP.get(difficulty)
    start = time.monotonic()
    by_difficulty = maker.sides or SIDES
    sides = range(by_difficulty.get(difficulty, by_difficulty["medium"]), SMALLEST - 1, -1)
    spare: list[Any] = []
    for number, side in enumerate(sides):
        # each side gets half the time left; the last one all of it
        left = GENERATE_SECONDS - (time.monotonic() - start)
        board = make(genre, maker, rng, side,
                     time.monotonic() + (left if number == len(sides) - 1 else left / 2),
                     hardest, spare)
        if board is not None:
            return genre.encode(board)
    if spare:
        return genre.encode(spare[0])
    raise PuzzleError(_("no {title} puzzle could be made in time").format(title=_(genre.title)))


# Shared drawing helpers ---------------------------------------------------------------
def connected(grid: Grid, cells: Sequence[Cell]) -> bool:
    return len(pieces(grid, cells)) <= 1


def walls_between(grid: Grid, region: dict[Cell, int]) -> frozenset[Pair]:
    """The walls between cells of different regions."""
    return frozenset(p for p in grid.pairs() if region[p[0]] != region[p[1]])


def grow_regions(rng: random.Random, grid: Grid, region: dict[Cell, int]) -> dict[Cell, int]:
    """Every cell given a region: cells beside a region join it one by one, at random."""
    region = dict(region)
    while len(region) < len(grid.cells()):
        edge = [(cell, near) for cell in grid.cells() if cell not in region
                for near in grid.neighbours(cell) if near in region]
        cell, near = rng.choice(edge)
        region[cell] = region[near]
    return region


def without_clue(board: Any, key: Hashable) -> Any:
    """A `ClueBoard`-like board (a `clues` dict) without one clue."""
    return replace(board, clues={k: v for k, v in board.clues.items() if k != key})


def clue_keys(board: Any) -> list[Hashable]:
    return sorted(board.clues)


# Slitherlink: the loop is the border of a random blob without holes ---------------------
def slither(rng: random.Random, side: int) -> Any:
    from .genres.slither import Board
    grid = Grid(side, side)
    blob = {rng.choice(grid.cells())}
    for _step in range(side * side * 3):
        if len(blob) >= side * side * 0.55:
            break
        cell = rng.choice([n for c in sorted(blob) for n in grid.neighbours(c) if n not in blob])
        if simple_blob(grid, blob | {cell}):
            blob.add(cell)
    clues = {cell: sum(n not in blob for n in grid.neighbours(cell)) + 4
             - len(grid.neighbours(cell)) if cell in blob
             else sum(n in blob for n in grid.neighbours(cell)) for cell in grid.cells()}
    return Board(side, side, clues)


def simple_blob(grid: Grid, blob: set[Cell]) -> bool:
    """Whether the blob's border is one loop: no holes (every piece outside touches the
    board's edge) and no two blob cells meeting only at a corner."""
    outside = [c for c in grid.cells() if c not in blob]
    if any(all(0 < r < grid.rows - 1 and 0 < c < grid.cols - 1 for r, c in piece)
           for piece in pieces(grid, outside)):
        return False
    return not any((tl in blob) == (br in blob) != (tr in blob) == (bl in blob)
                   for tl, tr, bl, br in grid.squares())


# Nurikabe: a connected wall without 2x2 blocks, a number in each island ------------------
def nurikabe(rng: random.Random, side: int) -> Any | None:
    from .genres.nurikabe import Board
    grid = Grid(side, side)
    shaded = set(grid.cells())
    for _step in range(side * side * 4):
        blocks = [square for square in grid.squares() if all(c in shaded for c in square)]
        if not blocks and len(shaded) <= side * side * 0.6:
            break
        cell = rng.choice(rng.choice(blocks)) if blocks else rng.choice(sorted(shaded))
        rest = [c for c in shaded if c != cell]
        island = next(p for p in pieces(grid, [c for c in grid.cells() if c not in rest])
                      if cell in p)
        if connected(grid, rest) and len(island) <= side:
            shaded.discard(cell)
    if any(all(c in shaded for c in square) for square in grid.squares()):
        return None
    islands = pieces(grid, [c for c in grid.cells() if c not in shaded])
    return Board(side, side, {rng.choice(sorted(island)): len(island) for island in islands})


# Akari: random black cells, lights until all is lit, the lights counted -----------------
def lightup(rng: random.Random, side: int) -> Any:
    from .genres.lightup import Board, lit_cells
    grid = Grid(side, side)
    walls = {cell: QUESTION for cell in grid.cells() if rng.random() < 0.2}
    board = Board(side, side, walls)
    lights: set[Cell] = set()
    for cell in rng.sample([c for c in grid.cells() if c not in walls], side * side - len(walls)):
        if cell not in lit_cells(board, lights):
            lights.add(cell)
    counted = {cell: sum(n in lights for n in grid.neighbours(cell)) for cell in walls}
    return Board(side, side, counted)


def lightup_numbers(board: Any) -> list[Hashable]:
    return sorted(cell for cell, clue in board.walls.items() if clue >= 0)


def lightup_unnumbered(board: Any, key: Hashable) -> Any:
    return replace(board, walls={**board.walls, key: QUESTION})


# Hitori: a Latin square, cells shaded apart, each shaded cell a repeat ------------------
def hitori(rng: random.Random, side: int) -> Any:
    from .genres.hitori import Board
    grid = Grid(side, side)
    rows, cols, symbols = (rng.sample(range(side), side) for _ in range(3))
    value = {(r, c): symbols[(rows[r] + cols[c]) % side] + 1 for r, c in grid.cells()}
    shaded: set[Cell] = set()
    for cell in rng.sample(grid.cells(), side * side):
        if not any(n in shaded for n in grid.neighbours(cell)) and connected(
                grid, [c for c in grid.cells() if c not in shaded and c != cell]):
            shaded.add(cell)
    for r, c in sorted(shaded):
        seen = [(r, k) for k in range(side)] + [(k, c) for k in range(side)]
        value[(r, c)] = value[rng.choice([cell for cell in seen if cell not in shaded])]
    return Board(side, side, value)


def moved_cell(rng: random.Random, board: Any, first: Answer, second: Answer) -> Any | None:
    """A region board (`walls`) with one cell where the answers differ moved to a
    neighbouring region, when its own region stays in one piece and keeps the first
    answer's shaded cells or stars (which the moved cell has none of)."""
    grid = Grid(board.rows, board.cols)
    mine = set(first.shaded) | set(first.marks)
    cells = [c for c in differences(first, second, board.rows, board.cols) if c not in mine]
    region = {c: number for number, room in enumerate(grid.rooms(board.walls)) for c in room}
    for cell in rng.sample(cells, len(cells)):
        others = sorted({region[n] for n in grid.neighbours(cell)} - {region[cell]})
        rest = [c for c in grid.cells() if region[c] == region[cell] and c != cell]
        if others and rest and connected(grid, rest):
            region[cell] = rng.choice(others)
            return replace(board, walls=walls_between(grid, region))
    return None


# Star Battle: one star a row and column, apart, each grown into a region ------------------
def starbattle(rng: random.Random, side: int) -> Any | None:
    from .genres.starbattle import Board
    grid = Grid(side, side)
    for _draw in range(50):
        columns = rng.sample(range(side), side)
        if all(abs(a - b) > 1 for a, b in zip(columns, columns[1:], strict=False)):
            region = {(r, c): r for r, c in enumerate(columns)}
            return Board(side, side, 1, walls_between(grid, grow_regions(rng, grid, region)))
    return None


# Fillomino: a random division into areas, every cell's size the clues -------------------
#: the largest area a drawn division may have
LARGEST_AREA = 6


def fillomino(rng: random.Random, side: int) -> Any | None:
    from .genres.fillomino import Fillomino
    grid = Grid(side, side)
    area: dict[Cell, int] = {}
    for cell in rng.sample(grid.cells(), side * side):
        if cell in area:
            continue
        number, target, grown = len(area) + side * side, rng.randint(1, 5), [cell]
        area[cell] = number
        while len(grown) < target:
            free = [n for c in grown for n in grid.neighbours(c) if n not in area]
            if not free:
                break
            grown.append(rng.choice(free))
            area[grown[-1]] = number
    merged = merge_equal(grid, area)
    sizes = {cell: sum(a == merged[cell] for a in merged.values()) for cell in grid.cells()}
    if max(sizes.values()) > LARGEST_AREA:
        return None
    return Fillomino(side, side, tuple(sizes[cell] for cell in grid.cells()))


def merge_equal(grid: Grid, area: dict[Cell, int]) -> dict[Cell, int]:
    """Areas of the same size side by side merged until none are."""
    area = dict(area)
    while True:
        size = {a: list(area.values()).count(a) for a in set(area.values())}
        clash = next(((area[a], area[b]) for a, b in grid.pairs()
                      if area[a] != area[b] and size[area[a]] == size[area[b]]), None)
        if clash is None:
            return area
        area = {cell: clash[0] if a == clash[1] else a for cell, a in area.items()}


def fillomino_clues(board: Any) -> list[Hashable]:
    return [i for i, clue in enumerate(board.clues) if clue is not None]


def fillomino_without(board: Any, key: Hashable) -> Any:
    return replace(board, clues=tuple(None if i == key else clue
                                      for i, clue in enumerate(board.clues)))


# Kurodoko: shaded cells apart, the rest joined, every unshaded cell's view its clue ----
def kurodoko(rng: random.Random, side: int) -> Any:
    from .genres.kurodoko import Board
    grid = Grid(side, side)
    shaded: set[Cell] = set()
    for cell in rng.sample(grid.cells(), side * side):
        if len(shaded) < side * side // 4 and not any(n in shaded for n in grid.neighbours(cell)) \
                and connected(grid, [c for c in grid.cells() if c not in shaded and c != cell]):
            shaded.add(cell)
    return Board(side, side, {cell: 1 + sum(len(list(takewhile(lambda c: c not in shaded,
                                                                   grid.line(cell, step))))
                                            for step in STEPS)
                              for cell in grid.cells() if cell not in shaded})


# Kakuro: white runs of 2 or more, digits drawn run by run ---------------------------------
#: the share of black cells drawn (short runs: sums that split few ways)
KAKURO_BLOCKS = 0.3


def kakuro(rng: random.Random, side: int) -> Any | None:
    from .genres.kakuro import Kakuro
    grid = Grid(side, side)
    for _draw in range(50):
        blocks = {cell for cell in grid.cells() if rng.random() < KAKURO_BLOCKS}
        board = Kakuro(side, side, frozenset(blocks), {}, {})
        while lone := {cell for _h, _w, _c, run in board.runs() if len(run) == 1
                       for cell in run}:  # a white cell alone in a row or column: black
            board = replace(board, blocks=board.blocks | lone)
        white = board.white()
        if (len(white) < side * side // 2 or not connected(grid, white)
                or any(len(run) > 9 for _h, _w, _c, run in board.runs())):
            continue
        digits = kakuro_digits(rng, board)
        if digits is not None:
            return kakuro_board(board, digits)
    return None


def kakuro_digits(rng: random.Random, board: Any) -> dict[Cell, int] | None:
    """Digits for the white cells, none twice in a run (a random search), or None."""
    runs_of: dict[Cell, list[list[Cell]]] = {}
    for _head, _way, _clue, run in board.runs():
        for cell in run:
            runs_of.setdefault(cell, []).append(run)
    digits: dict[Cell, int] = {}
    cells = board.white()

    def fill(index: int) -> bool:
        if index == len(cells):
            return True
        cell = cells[index]
        taken = {digits.get(c) for run in runs_of[cell] for c in run}
        for digit in rng.sample(range(1, 10), 9):
            if digit not in taken:
                digits[cell] = digit
                if fill(index + 1):
                    return True
                del digits[cell]
        return False
    return digits if fill(0) else None


def kakuro_board(board: Any, digits: dict[Cell, int]) -> Any:
    """The board whose clues are the sums of `digits`' runs."""
    sums: dict[str, dict[Cell, int]] = {"down": {}, "across": {}}
    for head, way, _clue, run in board.runs():
        sums[way][head] = sum(digits[cell] for cell in run)
    return replace(board, down=sums["down"], across=sums["across"])


def changed_digit(rng: random.Random, board: Any, first: Answer, second: Answer) -> Any | None:
    """The first answer with a digit where the answers differ changed to the one (none
    twice in its runs) whose runs' new sums split into the fewest sets of digits, and
    the clues summed again."""
    differ = [cell for cell in first.numbers if first.numbers[cell] != second.numbers.get(cell)]
    cell = rng.choice(differ)
    runs = [run for _h, _w, _c, run in board.runs() if cell in run]
    taken = {first.numbers[c] for run in runs for c in run}
    free = [digit for digit in range(1, 10) if digit not in taken]
    if not free:
        return None

    def splits(digit: int) -> int:
        return sum(len(digit_sets(sum(first.numbers[c] for c in run if c != cell) + digit,
                                  len(run))) for run in runs)
    fewest = min(splits(digit) for digit in free)
    digit = rng.choice([digit for digit in free if splits(digit) == fewest])
    return kakuro_board(board, {**first.numbers, cell: digit})


MAKERS: dict[str, Maker] = {
    "slither": Maker(slither, clue_keys, without_clue),
    "nurikabe": Maker(nurikabe),
    "lightup": Maker(lightup, lightup_numbers, lightup_unnumbered),
    "hitori": Maker(hitori),
    "starbattle": Maker(starbattle, repair=moved_cell),
    "fillomino": Maker(fillomino, fillomino_clues, fillomino_without),
    "kurodoko": Maker(kurodoko, clue_keys, without_clue),
    # a Kakuro has no clue to take away, and few drawn 5x5 ones need no whole-puzzle
    # step (1 in 15; 4x4: 8 in 15): easy ones are 4x4
    "kakuro": Maker(kakuro, repair=changed_digit, sides={"easy": 4, "medium": 5, "hard": 6}),
}
