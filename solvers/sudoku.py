"""Sudoku: fill a 9x9 grid so every unit holds the digits 1 to 9 once each.

Words used throughout (Norvig's vocabulary):

- *cell*: one of the 81 squares, numbered 0..80 row by row;
- *unit*: a row, a column or a 3x3 box (27 in all), nine cells that take 1..9 once each;
- *peers*: the 20 other cells that share a unit with a cell;
- *givens*: the digits printed in the puzzle;
- *candidates*: the digits a cell may still take;
- *naked single*: a cell with one candidate left; *hidden single*: a digit with one
  place left in a unit. Placing them is *propagation*; when it stalls the search
  branches on the cell with the fewest candidates (most constrained first).

The solver keeps each cell's candidates as a 9-bit mask (bit d-1 for digit d) and runs
compiled by numba, because the Python-level loops of propagation cost ~4 ms a hard
puzzle and the target is well under 2 ms. Its depth-first search is an explicit stack
of grids in arrays, so it returns after each solution or a budget of nodes and Python
checks the limits in between; `warm()` compiles it (or loads numba's cache) once per
process.

Input, as `aps`' `sudoko`: an optional `#sudoku NAME` header, then nine lines of nine
characters, digits 1-9 for givens and any other character for a blank; or one line of
81 such characters. A solution is written as nine lines of nine digits.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numba import njit
from PIL import Image

from . import draw
from .base import (
    DIFFICULTIES,
    MAX_INPUT_CHARS,
    CheckReport,
    Limits,
    PuzzleError,
    PuzzleKind,
    Rule,
    Solutions,
    check_size,
    header_is,
)

SIZE = 9
BOX = 3
CELLS = SIZE * SIZE
DIGITS = range(1, SIZE + 1)
#: characters that read as a blank when guessing whether text is a Sudoku at all
BLANK_MARKS = set(".0_-*xX?")
#: fewest givens a text needs before `detect` calls it a Sudoku (an explicit /sudoku
#: accepts any number)
DETECT_MIN_GIVENS = 8

Grid = tuple[int, ...]  # 81 digits, 0 for a blank


def _units() -> tuple[tuple[int, ...], ...]:
    rows = [tuple(SIZE * r + c for c in range(SIZE)) for r in range(SIZE)]
    columns = [tuple(SIZE * r + c for r in range(SIZE)) for c in range(SIZE)]
    boxes = [tuple(SIZE * (br + r) + bc + c for r in range(BOX) for c in range(BOX))
             for br in range(0, SIZE, BOX) for bc in range(0, SIZE, BOX)]
    return tuple(rows + columns + boxes)


#: rows 0..8, columns 9..17, boxes 18..26
UNITS = _units()
UNIT_NAMES = tuple([f"Row {i + 1}" for i in range(SIZE)] + [f"Column {i + 1}" for i in range(SIZE)]
                   + [f"Box {i + 1}" for i in range(SIZE)])
PEERS = tuple(tuple(sorted({p for unit in UNITS if c in unit for p in unit} - {c}))
              for c in range(CELLS))
#: every digit still a candidate
ALL_DIGITS = (1 << SIZE) - 1
#: the picture's colours: givens dark on grey, found digits blue (the palette's blue)
GIVEN_FILL = (228, 228, 228)
FOUND_INK = draw.GIVEN


@dataclass(frozen=True)
class SudokuPuzzle:
    givens: Grid
    name: str = ""


# The compiled search ---------------------------------------------------------------

_UNIT_TABLE = np.array(UNITS, dtype=np.int64)
_PEER_TABLE = np.array(PEERS, dtype=np.int64)
#: how many candidates each 9-bit mask holds
_CANDIDATE_COUNT = np.array([bin(m).count("1") for m in range(ALL_DIGITS + 1)], dtype=np.int64)

#: what the compiled search reports when it returns
EXHAUSTED, SOLUTION, MORE = 0, 1, 2


@njit(cache=True, nogil=True)
def _assign(grid, cell, bit, queue, peers):  # pragma: no cover - compiled
    """Make `bit` the cell's only candidate and remove it from the peers, following every
    naked single this creates. False on a contradiction (a cell with no candidate)."""
    grid[cell] = bit
    queue[0] = cell
    pending = 1
    while pending:
        pending -= 1
        placed = queue[pending]
        digit = grid[placed]
        for k in range(peers.shape[1]):
            peer = peers[placed, k]
            mask = grid[peer]
            if mask & digit:
                mask &= ~digit
                if mask == 0:
                    return False
                grid[peer] = mask
                if mask & (mask - 1) == 0:
                    queue[pending] = peer
                    pending += 1
    return True


@njit(cache=True, nogil=True)
def _hidden_singles(grid, queue, units, peers):  # pragma: no cover - compiled
    """Place every digit that has one place left in a unit: -1 contradiction, 0 none
    placed, 1 some placed."""
    placed = 0
    for u in range(units.shape[0]):
        once = 0
        twice = 0
        for k in range(units.shape[1]):
            mask = grid[units[u, k]]
            twice |= once & mask
            once |= mask
        if once != ALL_DIGITS:
            return -1
        lone = once & ~twice
        if lone == 0:
            continue
        for k in range(units.shape[1]):
            cell = units[u, k]
            bit = grid[cell] & lone
            if bit == 0:
                continue
            if bit & (bit - 1):
                return -1  # two digits that each must go in this one cell
            if grid[cell] != bit:
                if not _assign(grid, cell, bit, queue, peers):
                    return -1
                placed = 1
    return placed


@njit(cache=True, nogil=True)
def _propagate(grid, queue, units, peers, hidden):  # pragma: no cover - compiled
    """Naked singles are placed as they appear (by `_assign`); add hidden singles until
    none is left. False on a contradiction."""
    while hidden:
        outcome = _hidden_singles(grid, queue, units, peers)
        if outcome < 0:
            return False
        if outcome == 0:
            break
    return True


@njit(cache=True, nogil=True)
def _branch_cell(grid, counts):  # pragma: no cover - compiled
    """The undecided cell with the fewest candidates, or -1 when every cell is decided."""
    best = -1
    fewest = 10
    for cell in range(grid.shape[0]):
        n = counts[grid[cell]]
        if 1 < n < fewest:
            best = cell
            fewest = n
            if n == 2:
                break
    return best


@njit(cache=True, nogil=True)
def _start(givens, stack, cells, left, state, found, queue, units, peers, counts,
           hidden):  # pragma: no cover - compiled
    """Place the givens and propagate into stack[0]: EXHAUSTED on a contradiction,
    SOLUTION when that decides every cell (copied to `found`), MORE when a search is
    needed (level 0 is then ready to branch)."""
    grid = stack[0]
    grid[:] = ALL_DIGITS
    state[0] = -1
    state[1] = 1
    for cell in range(givens.shape[0]):
        digit = givens[cell]
        if digit == 0:
            continue
        bit = 1 << (digit - 1)
        if grid[cell] & bit == 0:
            return EXHAUSTED
        if grid[cell] != bit and not _assign(grid, cell, bit, queue, peers):
            return EXHAUSTED
    if not _propagate(grid, queue, units, peers, hidden):
        return EXHAUSTED
    cell = _branch_cell(grid, counts)
    if cell < 0:
        found[:] = grid
        return SOLUTION
    state[0] = 0
    cells[0] = cell
    left[0] = grid[cell]
    return MORE


@njit(cache=True, nogil=True)
def _resume(stack, cells, left, state, found, queue, units, peers, counts,
            budget):  # pragma: no cover - compiled
    """Go on with the depth-first search until a solution (SOLUTION, copied to `found`),
    the end of the tree (EXHAUSTED) or `budget` more nodes (MORE)."""
    depth = state[0]
    nodes = state[1]
    spent = 0
    while depth >= 0:
        untried = left[depth]
        if untried == 0:
            depth -= 1
            continue
        bit = untried & -untried
        left[depth] = untried ^ bit
        child = stack[depth + 1]
        child[:] = stack[depth]
        nodes += 1
        spent += 1
        if _assign(child, cells[depth], bit, queue, peers) and \
                _propagate(child, queue, units, peers, True):
            cell = _branch_cell(child, counts)
            if cell < 0:
                found[:] = child
                state[0] = depth
                state[1] = nodes
                return SOLUTION
            depth += 1
            cells[depth] = cell
            left[depth] = child[cell]
        if spent >= budget:
            state[0] = depth
            state[1] = nodes
            return MORE
    state[0] = -1
    state[1] = nodes
    return EXHAUSTED


#: nodes the compiled search runs between two looks at the deadline and progress
SLICE = 20_000
#: solutions found between two progress reports when they come faster than slices end
PROGRESS_EVERY = 1000


class Search:
    """One depth-first search over a grid of givens, run in slices.

    `hidden=False` propagates naked singles only (the generator's test for an easy
    puzzle); branching always uses both kinds of singles.
    """

    def __init__(self, givens: Grid, hidden: bool = True):
        self.stack = np.zeros((CELLS + 1, CELLS), dtype=np.int64)
        self.cells = np.zeros(CELLS + 1, dtype=np.int64)
        self.left = np.zeros(CELLS + 1, dtype=np.int64)
        self.state = np.zeros(2, dtype=np.int64)  # depth, nodes
        self.found = np.zeros(CELLS, dtype=np.int64)
        self.queue = np.zeros(CELLS, dtype=np.int64)
        self.status = _start(np.array(givens, dtype=np.int64), self.stack, self.cells,
                             self.left, self.state, self.found, self.queue, _UNIT_TABLE,
                             _PEER_TABLE, _CANDIDATE_COUNT, hidden)

    @property
    def nodes(self) -> int:
        return int(self.state[1])

    def step(self, budget: int = SLICE) -> int:
        """Search on for at most `budget` nodes; the status (SOLUTION, EXHAUSTED, MORE)."""
        self.status = _resume(self.stack, self.cells, self.left, self.state, self.found,
                              self.queue, _UNIT_TABLE, _PEER_TABLE, _CANDIDATE_COUNT, budget)
        return self.status

    def solution(self) -> Grid:
        """The grid in `found` as digits (each cell's single candidate)."""
        return tuple(int(mask).bit_length() for mask in self.found)


def solve_grid(givens: Grid, limits: Limits) -> tuple[list[Grid], int, bool, int]:
    """Solutions (up to the cap), how many, whether that is all, and search nodes."""
    search = Search(givens)
    found: list[Grid] = []
    status = search.status
    while True:
        if status == EXHAUSTED:
            return found, len(found), True, search.nodes
        if status == SOLUTION:
            found.append(search.solution())
            if len(found) >= limits.max_solutions:
                return found, len(found), False, search.nodes
        if limits.expired():
            return found, len(found), False, search.nodes
        if limits.progress and (status == MORE or len(found) % PROGRESS_EVERY == 0):
            limits.progress(len(found), search.nodes)
        status = search.step()


def count_solutions(givens: Grid, cap: int = 2) -> int:
    """How many solutions, counted up to `cap` (cap 2 tells unique from not)."""
    return solve_grid(givens, Limits(max_solutions=cap))[1]


def solved_by_singles(givens: Grid, hidden: bool) -> bool:
    """True when propagation alone (naked singles, plus hidden ones if asked) finishes;
    such a puzzle is unique and needs no guessing."""
    return Search(givens, hidden).status == SOLUTION


def warm() -> None:
    """Compile the search (or load it from numba's cache) so no reply pays for that."""
    solve_grid(tuple([1, 2, 3] + [0] * (CELLS - 3)), Limits(max_solutions=1))


# Reading text ------------------------------------------------------------------------

def _is_header(line: str) -> bool:
    return line.strip().lower().split(None, 1)[0:1] == ["#sudoku"]


def _row_cells(line: str, width: int) -> str | None:
    """The line's cells when it holds `width` of them: as typed (spaces may be blanks),
    trimmed, or with its spaces dropped; None when no reading gives `width`."""
    raw = line.rstrip("\r\n")
    for cells in (raw, raw.strip(), "".join(raw.split())):
        if len(cells) == width:
            return cells
    return None


def _is_separator(line: str) -> bool:
    """A rule printed between bands of boxes (`------+-------+------`, `=====`, `+---+`):
    only -, +, = and | with at least a + = or |, or dashes that are not 9 cells."""
    kept = "".join(ch for ch in line if not ch.isspace())
    if not kept or not set(kept) <= set("-+=|"):
        return False
    return bool(set(kept) & set("+=|")) or len(kept) != SIZE


def _body_lines(text: str) -> tuple[str, list[tuple[int, str]]]:
    """The header's name and the numbered lines of cells after it: blank lines and
    separator rules are skipped, and the | between boxes is dropped, as newspapers and
    forums print grids (`8 . . | . . . | . . .`)."""
    name, lines = "", []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or _is_separator(line):
            continue
        if not lines and not name and _is_header(line):
            parts = line.strip().split(None, 1)
            name = parts[1].strip() if len(parts) > 1 else ""
            continue
        lines.append((number, line.replace("|", "")))
    return name, lines


def _grid_rows(lines: list[tuple[int, str]], what: str) -> list[tuple[int, str]]:
    """Nine numbered rows of nine characters, from nine lines or one line of 81."""
    if len(lines) == 1:
        flat = _row_cells(lines[0][1], CELLS)
        if flat is not None:
            return [(lines[0][0], flat[i:i + SIZE]) for i in range(0, CELLS, SIZE)]
    rows = []
    for number, line in lines[:SIZE]:
        cells = _row_cells(line, SIZE)
        if cells is None:
            got = len(line.strip())
            raise PuzzleError(f"expected {SIZE} {what} in this row, got {got}", number)
        rows.append((number, cells))
    if len(lines) > SIZE:
        raise PuzzleError(f"expected {SIZE} rows, but there is a row {SIZE + 1}",
                          lines[SIZE][0])
    if len(rows) < SIZE:
        raise PuzzleError(f"expected {SIZE} rows of {SIZE} {what} (or one line of "
                          f"{CELLS}), got {len(rows)} row{'s' if len(rows) != 1 else ''}",
                          rows[-1][0] if rows else None)
    return rows


def _grid_text(grid: Grid, blank: str) -> str:
    return "\n".join("".join(str(d) if d else blank for d in grid[r * SIZE:(r + 1) * SIZE])
                     for r in range(SIZE))


def _repeated_givens(givens: Grid) -> str:
    """Why the givens break the rules outright (a digit twice in a unit), or ''."""
    for name, unit in zip(UNIT_NAMES, UNITS, strict=True):
        digits = [givens[c] for c in unit if givens[c]]
        twice = sorted({d for d in digits if digits.count(d) > 1})
        if twice:
            return f"{name} already has two {twice[0]}s among the givens."
    return ""


def _cell_name(cell: int) -> str:
    return f"row {cell // SIZE + 1} column {cell % SIZE + 1}"


# The puzzle kind -------------------------------------------------------------------

class Sudoku(PuzzleKind[SudokuPuzzle, Grid]):
    name = "sudoku"
    title = "Sudoku"
    summary = ("`#sudoku NAME`, then 9 rows of 9 characters (1-9 given, anything else "
               "blank), or one line of 81")
    example = "sudoku_inkala.txt"
    solution_form = "9 lines of 9 digits"
    generates = True
    version = "2"  # counts made exact (pipeline.recount): cached "at least 2" dies
    aliases = ("sudoko",)

    def warm_up(self) -> None:
        warm()

    def detect(self, text: str) -> bool:
        """A `#sudoku` header, or (with no header) what `parse` reads as 9 rows of 9 (or
        one line of 81) made of digits and the usual blank marks, with at least a few
        givens; separator rules, | between boxes and spaces between cells are allowed."""
        if header_is(text, "sudoku"):
            return True
        if len(text) > MAX_INPUT_CHARS:
            return False
        _, lines = _body_lines(text)
        if not lines or lines[0][1].lstrip().startswith("#"):
            return False
        try:
            rows = _grid_rows(lines, "cells")
        except PuzzleError:
            return False
        body = "".join(row for _, row in rows)
        givens = sum(ch in "123456789" for ch in body)
        return givens >= DETECT_MIN_GIVENS and \
            all(ch.isdigit() or ch in BLANK_MARKS or ch == " " for ch in body)

    def cli_commands(self) -> dict[str, Callable[[list[str]], int]]:
        from .photo.command import main  # OpenCV is loaded only for this command
        return {"read-photo": main}

    def parse(self, text: str) -> SudokuPuzzle:
        check_size(text)
        name, lines = _body_lines(text)
        if not lines:
            raise PuzzleError("the puzzle is empty: send 9 rows of 9 characters, digits "
                              "1-9 for givens and . for blanks")
        rows = _grid_rows(lines, "cells")
        givens = tuple(int(ch) if ch in "123456789" else 0 for _, row in rows for ch in row)
        return SudokuPuzzle(givens, name)

    def canonical(self, puzzle: SudokuPuzzle) -> str:
        return "".join(str(d) for d in puzzle.givens)

    def solve(self, puzzle: SudokuPuzzle, limits: Limits) -> Solutions:
        started = time.perf_counter()
        found, count, exhaustive, nodes = solve_grid(puzzle.givens, limits)
        reason = ""
        if count == 0 and exhaustive:
            reason = _repeated_givens(puzzle.givens) or \
                "The givens leave no way to fill every row, column and box."
        stats = {"nodes": nodes, "givens": sum(1 for d in puzzle.givens if d),
                 "seconds": round(time.perf_counter() - started, 6)}
        return Solutions(found, count, exhaustive, reason, stats)

    def check(self, puzzle: SudokuPuzzle, solution: Grid) -> CheckReport:
        """Recount every unit and compare every given, from the grid alone."""
        rules, failures = [], 0
        for name, unit in zip(UNIT_NAMES, UNITS, strict=True):
            digits = [solution[c] for c in unit]
            twice = sorted({d for d in digits if digits.count(d) > 1})
            missing = sorted(set(DIGITS) - set(digits))
            if twice or missing:
                failures += 1
                rules.append(Rule(name, False, "; ".join(
                    [f"{d} more than once" for d in twice] +
                    ([f"missing {', '.join(map(str, missing))}"] if missing else [])) + " FAIL",
                    sep=": "))
            else:
                rules.append(Rule(name, True, "1-9 once each OK", sep=": "))
        changed = [c for c, d in enumerate(puzzle.givens) if d and solution[c] != d]
        total = sum(1 for d in puzzle.givens if d)
        if changed:
            where = ", ".join(f"{_cell_name(c)} should be {puzzle.givens[c]}"
                              for c in changed[:5])
            rules.append(Rule("Givens", False, f"{len(changed)} of {total} changed ({where}) FAIL",
                              sep=": "))
        else:
            rules.append(Rule("Givens", True, f"all {total} kept OK", sep=": "))
        if not failures and not changed:
            return CheckReport(True, rules, "Puzzle OK Solution successful.")
        return CheckReport(False, rules, f"Puzzle has ** ERROR ** {failures} units fail, "
                                         f"{len(changed)} givens changed.")

    def format_solution(self, puzzle: SudokuPuzzle, solution: Grid) -> str:
        return _grid_text(solution, ".")

    def parse_solution(self, puzzle: SudokuPuzzle, text: str) -> Grid:
        """Nine lines of nine digits (or one of 81); spaces and | are ignored, and
        separator lines of - and + are skipped."""
        check_size(text)
        lines = []
        for number, line in enumerate(text.splitlines(), start=1):
            kept = "".join(ch for ch in line if not ch.isspace() and ch != "|")
            if kept and not _is_separator(line):
                lines.append((number, kept))
        if not lines:
            raise PuzzleError("the solution is empty: send 9 lines of 9 digits")
        rows = _grid_rows(lines, "digits")
        for number, row in rows:
            for column, ch in enumerate(row, start=1):
                if ch not in "123456789":
                    raise PuzzleError(f"'{ch}' is not a digit 1-9: fill every cell",
                                      number, column)
        return tuple(int(ch) for _, row in rows for ch in row)

    # Picture -----------------------------------------------------------------------

    def render(self, puzzle: SudokuPuzzle, solution: Grid | None) -> Image.Image:
        """The grid with its boxes: givens bold and dark on grey, found digits blue."""
        cell, margin, top = 64, 24, 64
        side = cell * SIZE
        image, pen = draw.canvas(side + 2 * margin, top + side + 58)
        title = " ".join(x for x in (self.title, puzzle.name) if x)
        draw.centred_text(pen, (image.width / 2, top / 2), title, 28, bold=True)
        for index in range(CELLS):
            r, c = divmod(index, SIZE)
            x, y = margin + c * cell, top + r * cell
            given = puzzle.givens[index]
            if given:
                pen.rectangle([x, y, x + cell, y + cell], fill=GIVEN_FILL)
            digit = given or (solution[index] if solution else 0)
            if digit:
                centre = (x + cell / 2, y + cell / 2 + 1)
                draw.centred_text(pen, centre, str(digit), 40, bold=bool(given),
                                  fill=draw.INK if given else FOUND_INK)
        for k in range(SIZE + 1):
            width = 4 if k % BOX == 0 else 2
            colour = draw.INK if k % BOX == 0 else draw.GRID
            offset = k * cell
            pen.line([margin + offset, top, margin + offset, top + side], fill=colour,
                     width=width)
            pen.line([margin, top + offset, margin + side, top + offset], fill=colour,
                     width=width)
        legend = ("bold on grey: given    blue: found" if solution
                  else f"{sum(1 for d in puzzle.givens if d)} givens: fill in 1-9")
        draw.centred_text(pen, (image.width / 2, top + side + 30), legend, 20,
                          fill=draw.MUTED)
        return image

    # Generator -----------------------------------------------------------------------

    def generate(self, rng: random.Random, difficulty: str) -> str:
        """A random puzzle with exactly one solution.

        easy: about 38 givens, naked singles alone finish it; medium: about 30 givens,
        naked and hidden singles finish it; hard: no given can be taken away without
        losing uniqueness, and (in all but rare draws) singles alone do not finish it,
        so it needs a guess or a stronger technique.
        """
        if difficulty not in DIFFICULTIES:
            raise PuzzleError(f"unknown difficulty '{difficulty}'; use "
                              f"{', '.join(DIFFICULTIES)}")
        for _ in range(HARD_ATTEMPTS):
            givens = _dig(_full_grid(rng), rng, difficulty)
            if difficulty != "hard" or not solved_by_singles(givens, hidden=True):
                break
        if count_solutions(givens) != 1:  # the removal rules make this impossible
            raise AssertionError("generated a Sudoku without a unique solution")
        count = sum(1 for d in givens if d)
        return f"#sudoku {difficulty} ({count} givens)\n{_grid_text(givens, '.')}\n"


#: givens the generator stops at for each difficulty (hard digs until nothing goes)
TARGET_GIVENS = {"easy": 38, "medium": 30, "hard": 17}
#: fresh grids tried for a hard puzzle that singles alone cannot finish
HARD_ATTEMPTS = 12


def _full_grid(rng: random.Random) -> Grid:
    """A random solved grid: the three diagonal boxes (which share no unit) filled at
    random, the rest by the search, then the digits relabelled at random."""
    givens = [0] * CELLS
    for box in (18, 22, 26):
        for cell, digit in zip(UNITS[box], rng.sample(DIGITS, SIZE), strict=True):
            givens[cell] = digit
    found, _, _, _ = solve_grid(tuple(givens), Limits(max_solutions=1))
    relabel = [0, *rng.sample(DIGITS, SIZE)]
    return tuple(relabel[d] for d in found[0])


def _dig(solution: Grid, rng: random.Random, difficulty: str) -> Grid:
    """Take givens away in random order while the puzzle stays within the difficulty's
    rules (which all keep exactly one solution), down to the difficulty's target."""
    givens = list(solution)
    order = list(range(CELLS))
    rng.shuffle(order)
    remaining = CELLS
    for cell in order:
        if remaining <= TARGET_GIVENS[difficulty]:
            break
        givens[cell] = 0
        trial = tuple(givens)
        if difficulty == "easy":
            keeps = solved_by_singles(trial, hidden=False)
        elif difficulty == "medium":
            keeps = solved_by_singles(trial, hidden=True)
        else:
            keeps = count_solutions(trial) == 1
        if keeps:
            remaining -= 1
        else:
            givens[cell] = solution[cell]
    return tuple(givens)
