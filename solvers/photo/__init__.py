"""Read a Sudoku from a photo: find the grid, read each cell, say how sure each reading is.

`read_photo(data)` takes the photo's bytes (JPEG or PNG) and returns a `Reading`: the 81
cells read (0 for an empty cell), each cell's *confidence* (the classifier's probability
of what it chose), the board as straightened (for the picture a person compares with
the paper), and the milliseconds each step took. It raises `PhotoError` with one
sentence when the picture has no Sudoku in it or cannot be decoded.

Photos taken sideways or upside down are read the right way up: the digits are read in
all four turns of the board and the turn where they look most like digits wins.

*Repair*, the tie-breaker: when what was read has no solution or several, the least
sure cells (at most `REPAIR_CELLS`, each below `REPAIR_BELOW`) are tried with their
next two likeliest readings, then also as empty; when exactly one such change (of the
fewest cells) gives a puzzle with one solution, it is applied and listed in `Reading.repairs`,
so whoever shows the result can say which cells were guessed. Otherwise the reading is
left as it was.
"""

from __future__ import annotations

import io
import itertools
import time
from dataclasses import dataclass, field, replace

import numpy as np
from PIL import Image, ImageDraw

from .. import draw
from ..i18n import N_, _
from ..sudoku import CELLS, SIZE
from ..values import Limits
from .cells import marks
from .digits import classify
from .grid import BOARD, CELL, PhotoError, find_board

__all__ = ["KIND", "PhotoError", "Reading", "Repair", "read_photo"]

#: the kind of puzzle a photo is read as (its text goes to that kind's parser)
KIND = "sudoku"

#: cells below this confidence are shown as unsure and may be repaired
REPAIR_BELOW = 0.9
REPAIR_CELLS = 4
#: seconds one count of solutions may take (a misread grid can be slow to refute; a
#: proper puzzle takes about a millisecond)
COUNT_SECONDS = 0.3
#: fewest digits a reading must have to be a Sudoku (the smallest proper Sudoku has 17)
MIN_DIGITS = 17
NOT_ENOUGH = N_("I found too few digits for a Sudoku in this picture: is the whole grid in "
                "it, in focus?")
READ_INK = (200, 30, 30)
UNSURE = (255, 170, 0)


@dataclass(frozen=True)
class Repair:
    """A cell the tie-breaker changed: what was read, what was taken, how sure the read was."""

    cell: int
    read: int
    chosen: int
    confidence: float

    def to_json(self) -> dict:
        row, column = divmod(self.cell, SIZE)
        return {"cell": self.cell, "row": row + 1, "column": column + 1,
                "read": self.read, "chosen": self.chosen,
                "confidence": round(self.confidence, 4)}


@dataclass
class Reading:
    """What was read from one photo (picklable: it crosses the solver pool)."""

    grid: tuple[int, ...]
    confidence: tuple[float, ...]
    #: the straightened grid, grey, BOARD x BOARD, turned upright; None once `drawn`
    board: np.ndarray | None
    solutions: int  # of `grid`, counted up to 2
    repairs: tuple[Repair, ...] = ()
    turns: int = 0  # quarter turns (counter-clockwise) that made the photo upright
    timings: dict[str, float] = field(default_factory=dict)
    #: the PNG of `picture()`, once `drawn`
    picture_data: bytes = b""

    @property
    def text(self) -> str:
        """The grid as nine lines of nine characters, '.' for an empty cell."""
        rows = (self.grid[r * SIZE:(r + 1) * SIZE] for r in range(SIZE))
        return "\n".join("".join(str(d) if d else "." for d in row) for row in rows)

    @staticmethod
    def cell_name(cell: int) -> str:
        """A cell as a person finds it on the paper: `row 3 column 7` (counted from 1), so
        a caller never needs to know how wide the grid is."""
        row, column = divmod(cell, SIZE)
        return _("row {row} column {column}").format(row=row + 1, column=column + 1)

    def unsure(self, at_most: int = 5) -> list[int]:
        """The least sure cells below REPAIR_BELOW (and every repaired cell), surest last."""
        repaired = {repair.cell for repair in self.repairs}
        order = sorted(range(CELLS), key=lambda cell: self.confidence[cell])
        low = [cell for cell in order if self.confidence[cell] < REPAIR_BELOW][:at_most]
        return low + sorted(repaired - set(low))

    def to_json(self) -> dict:
        return {"kind": KIND, "grid": "".join(map(str, self.grid)),
                "confidence": [round(c, 4) for c in self.confidence],
                "solutions": self.solutions, "repairs": [r.to_json() for r in self.repairs],
                "turns": self.turns, "timings_ms": self.timings}

    def picture(self, marked: list[int] | None = None) -> Image.Image:
        """The straightened photo with the digits read drawn over each cell in red, small in
        its top left corner, and the `marked` cells (default: the unsure ones) ringed."""
        side = 2 * CELL  # drawn at twice the board's size, so a label clears the digit
        if self.board is None:
            raise ValueError("the board was left out when the reading was drawn")
        image = Image.fromarray(self.board).convert("RGB").resize(
            (SIZE * side, SIZE * side), Image.Resampling.BICUBIC)
        pen = ImageDraw.Draw(image)
        ring = self.unsure() if marked is None else marked
        for cell, digit in enumerate(self.grid):
            row, column = divmod(cell, SIZE)
            x, y = column * side, row * side
            if cell in ring:
                pen.rectangle([x + 3, y + 3, x + side - 3, y + side - 3], outline=UNSURE,
                              width=5)
            if digit:
                pen.rectangle([x + 5, y + 5, x + 27, y + 31], fill=draw.PAPER)
                draw.write(pen, (x + 16, y + 18), str(digit), 24, fill=READ_INK, bold=True)
        return image.resize((BOARD * 3 // 2, BOARD * 3 // 2), Image.Resampling.LANCZOS)

    def picture_png(self, marked: list[int] | None = None) -> bytes:
        """The PNG of `picture`: drawn already when the reading is `drawn`."""
        if self.picture_data and marked is None:
            return self.picture_data
        buffer = io.BytesIO()
        self.picture(marked).save(buffer, format="PNG", optimize=True)
        return buffer.getvalue()

    def drawn(self) -> Reading:
        """This reading with its picture drawn and its board left out: plain data, what
        crosses from a worker (the board is a large array nobody needs after drawing)."""
        return replace(self, board=None, picture_data=self.picture_png())


def _upright(found: list[np.ndarray | None]) -> tuple[int, list[int], np.ndarray]:
    """The quarter turn in which the marks read best, the cells holding marks in that
    turn, and their class probabilities."""
    best: tuple[float, int, list[int], np.ndarray] | None = None
    for turns in range(4):
        # position p of the turned board holds the mark of the photo's cell held[p], turned
        held = np.rot90(np.arange(CELLS).reshape(SIZE, SIZE), turns).reshape(-1)
        order = [p for p in range(CELLS) if found[held[p]] is not None]
        probs = classify([np.rot90(found[held[p]], turns) for p in order])
        score = float(np.log(probs[:, 1:].max(axis=1) + 1e-6).sum()) if order else 0.0
        if best is None or score > best[0]:
            best = (score, turns, order, probs)
    assert best is not None  # four turns were weighed
    return best[1], best[2], best[3]


def count_solutions(grid: list[int]) -> int:
    """Solutions of a grid counted up to 2 within COUNT_SECONDS; a search cut short counts
    as 2 when it found one (unique is not proven) and as 0 when it found none."""
    from ..sudoku.search import solve_grid  # numba: in the worker that reads, not the bot

    _grid, count, complete, _stats = solve_grid(tuple(grid), Limits.within(COUNT_SECONDS, 2))
    return count if complete or count != 1 else 2


def _repair(grid: list[int], confidence: list[float],
            others: dict[int, list[int]]) -> tuple[list[int], tuple[Repair, ...], int]:
    """The tie-breaker (see the module's docstring): grid, repairs and solution count.
    `others` holds each read cell's other likely readings, likeliest first."""
    solutions = count_solutions(grid)
    if solutions == 1:
        return grid, (), 1
    doubtful = sorted((c for c in others if confidence[c] < REPAIR_BELOW),
                      key=lambda c: confidence[c])[:REPAIR_CELLS]
    # the classifier's own next readings first; "empty" for a read digit only after them,
    # since emptying a cell often leaves the right puzzle unique too
    first = {c: list(others[c][:2]) for c in doubtful}
    then = {c: list(dict.fromkeys(others[c][:2] + ([0] if grid[c] else []))) for c in doubtful}
    for size in range(1, len(doubtful) + 1):
        for choices in (first, then):
            fixes = []
            for chosen in itertools.combinations(doubtful, size):
                for readings in itertools.product(*(choices[c] for c in chosen)):
                    trial = list(grid)
                    for cell, reading in zip(chosen, readings, strict=True):
                        trial[cell] = reading
                    if count_solutions(trial) == 1:
                        fixes.append((chosen, trial))
            if len(fixes) == 1:
                chosen, trial = fixes[0]
                return trial, tuple(Repair(c, grid[c], trial[c], confidence[c])
                                    for c in chosen), 1
            if fixes:
                return grid, (), solutions
    return grid, (), solutions


def read_photo(data: bytes, repair: bool = True) -> Reading:
    """The Sudoku read from a photo's bytes; PhotoError (one sentence) when there is none."""
    timings = {}
    started = time.perf_counter()
    board = find_board(data)
    timings["grid"] = (time.perf_counter() - started) * 1000
    step = time.perf_counter()
    found = marks(board.ink)
    turns, cells, probs = _upright(found)
    timings["digits"] = (time.perf_counter() - step) * 1000
    grid = [0] * CELLS
    confidence = [1.0] * CELLS
    others: dict[int, list[int]] = {}
    for cell, row in zip(cells, probs, strict=True):
        ranked = [int(k) for k in np.argsort(row)[::-1]]
        grid[cell], confidence[cell] = ranked[0], float(row[ranked[0]])
        others[cell] = ranked[1:3]
    if sum(1 for d in grid if d) < MIN_DIGITS:
        raise PhotoError(_(NOT_ENOUGH))
    from ..sudoku.search import warm

    warm()  # the compiled search is loaded once per process, not counted against a count
    step = time.perf_counter()
    repairs: tuple[Repair, ...] = ()
    if repair:
        grid, repairs, solutions = _repair(grid, confidence, others)
    else:
        solutions = count_solutions(grid)
    timings["solve"] = (time.perf_counter() - step) * 1000
    timings["total"] = (time.perf_counter() - started) * 1000
    timings = {name: round(ms, 1) for name, ms in timings.items()}
    upright = np.ascontiguousarray(np.rot90(board.gray, turns))
    return Reading(tuple(grid), tuple(confidence), upright, solutions, repairs, turns, timings)
