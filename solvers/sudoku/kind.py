"""Sudoku as a puzzle kind: the `sudoku` kind wires parse, search, check, picture and
generator together. The photo reader (`python -m solvers read-photo`) is a tool beside it.

The compiled search (numba), the generator and the hint engine are imported inside the
methods that use them: the bot's process detects, parses and words Sudoku without them,
and the workers, which solve, load them once in the fork server (`warm_up`)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from PIL import Image

from ..base import LOGIC_GRIDS, PuzzleKind
from ..i18n import Translated
from ..values import (
    Cell,
    CheckReport,
    Difficulty,
    HintPath,
    HintStep,
    Limits,
    PuzzleError,
    Solutions,
)
from . import check, parse, render, variant
from .grid import Grid, SudokuPuzzle

#: a grid sent with at least this many digits (and not all 81) is someone's solving in
#: progress: published puzzles give at most about 40, so more than half is the person's
SOLVING_FILLED = 46


#: reads a text that is a 9x9 sudoku link into this kind's text, else None
LinkReader = Callable[[str], "str | None"]


class Sudoku(PuzzleKind[SudokuPuzzle, Grid]):
    name = "sudoku"
    family = LOGIC_GRIDS
    title = "Sudoku"
    summary = Translated("`#sudoku NAME`, then 9 rows of 9 characters (1-9 given, anything "
                         "else blank), or one line of 81")
    example = "sudoku_easy.txt"
    hard_example = "sudoku_inkala.txt"
    rules = Translated("Fill the 9x9 grid so that every row, every column and every 3x3 box "
                       "holds the digits 1 to 9, each once. Some digits are given.")
    solution_form = Translated("9 lines of 9 digits")
    generates = True
    version = "3"  # captions state the difficulty: cached answers without it die
    aliases = ("sudoko",)
    hints = True

    def __init__(self, link_reader: LinkReader | None = None) -> None:
        """`link_reader` is handed over by the registry (the pencil kind decodes the link;
        neither kind imports the other); it may raise PuzzleError for a broken link."""
        self._link_reader = link_reader

    def _from_link(self, text: str) -> str | None:
        """A 9x9 sudoku puzz.link link as this kind's text, else None; a sudoku link of
        another size stays with the pencil kind."""
        if self._link_reader is None:
            return None
        try:
            return self._link_reader(text)
        except PuzzleError:
            return None

    def warm_up(self) -> None:
        from . import generate, hints  # noqa: F401 - loaded before the fork, shared
        from .search import warm

        warm()

    def detect(self, text: str) -> bool:
        return parse.looks_like_sudoku(text) or self._from_link(text) is not None

    def near_miss(self, text: str) -> str | None:
        return parse.near_miss(text)

    def parse(self, text: str) -> SudokuPuzzle:
        return parse.parse_sudoku(self._from_link(text) or text)

    def canonical(self, puzzle: SudokuPuzzle) -> str:
        return "".join(str(d) for d in puzzle.givens)

    def variant_of(self, race: SudokuPuzzle, solution: Grid, candidate: SudokuPuzzle) -> bool:
        """The race's grid turned, mirrored, transposed, its rows, columns, bands or
        stacks swapped, its digits renamed, with some givens removed, or with every one
        of its givens and more (`variant`): a guessed digit added, right or wrong, is
        the race's puzzle too, or "no solution" would tell a wrong guess."""
        return variant.variant(solution, candidate.givens) or \
            variant.variant(candidate.givens, race.givens)

    def solve(self, puzzle: SudokuPuzzle, limits: Limits) -> Solutions:
        from .search import solve_grid

        started = time.perf_counter()
        found, count, exhaustive, nodes = solve_grid(puzzle.givens, limits)
        reason = ""
        if count == 0 and exhaustive:
            reason = check.repeated_givens(puzzle.givens) or \
                "The givens leave no way to fill every row, column and box."
        stats = {"nodes": nodes, "givens": sum(1 for d in puzzle.givens if d),
                 "seconds": round(time.perf_counter() - started, 6)}
        return Solutions(found, count, exhaustive, reason, stats)

    def check(self, puzzle: SudokuPuzzle, solution: Grid) -> CheckReport:
        return check.check(puzzle, solution)

    def format_solution(self, puzzle: SudokuPuzzle, solution: Grid) -> str:
        return parse.grid_text(solution, ".")

    def parse_solution(self, puzzle: SudokuPuzzle, text: str) -> Grid:
        return parse.parse_filled(text)

    def render(self, puzzle: SudokuPuzzle, solution: Grid | None) -> Image.Image:
        return render.render(puzzle, solution, self.title)

    def render_marked(self, puzzle: SudokuPuzzle, solution: Grid,
                      cells: list[Cell]) -> Image.Image:
        return render.render_marked(puzzle, solution, self.title, cells)

    def generate(self, rng: random.Random, difficulty: str) -> str:
        from .generate import generate

        return generate(rng, difficulty)

    def hint_steps(self, puzzle: SudokuPuzzle, entries: Grid | None = None,
                   limit: int | None = None) -> HintPath:
        from .hints import steps

        return steps(puzzle, entries, limit)

    def being_solved(self, puzzle: SudokuPuzzle) -> bool:
        filled = sum(1 for digit in puzzle.givens if digit)
        return SOLVING_FILLED <= filled < len(puzzle.givens)

    def hint_entries(self, puzzle: SudokuPuzzle, text: str) -> Grid:
        return parse.parse_sudoku(text).givens

    def hint_picture(self, puzzle: SudokuPuzzle, step: HintStep) -> Image.Image:
        from .hints import step_picture

        return step_picture(puzzle, step, self.title)

    def difficulty(self, puzzle: SudokuPuzzle) -> Difficulty:
        from .hints import difficulty

        return difficulty(puzzle)
