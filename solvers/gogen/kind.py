"""Gogen as a puzzle kind: the `gogen` kind wires parse, solve, check, SMT export,
picture and generator together."""

from __future__ import annotations

import random

from PIL import Image

from ..base import LOGIC_GRIDS, PuzzleKind
from ..gridkit import fits, square_maps
from ..i18n import Translated, _
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
from . import check, encoding, generate, hints, parse, render, solve
from .grid import EMPTY, GogenPuzzle, Solution
from .solve import grid_of


class Gogen(PuzzleKind[GogenPuzzle, Solution]):
    name = "gogen"
    family = LOGIC_GRIDS
    title = "Gogen"
    summary = Translated("`#gogen NAME`, then the grid rows (. for an empty cell), then the "
                         "words, one a line")
    example = "gogen_dm_older02.txt"
    rules = Translated("Put the 25 letters A to Y (no Z), each once, into the 5x5 grid; some "
                       "are given. Every word in the list must be spelled by stepping from "
                       "each letter to the next through touching cells, sideways or "
                       "diagonally.")
    solution_form = Translated("5 lines of 5 letters")
    generates = True
    version = "3"  # captions state the difficulty: cached answers without it die
    hints = True

    #: letter positions (seed numbering) back into the grid string
    grid = staticmethod(grid_of)

    def detect(self, text: str) -> bool:
        return parse.looks_like_gogen(text)

    def near_miss(self, text: str) -> str | None:
        return parse.near_miss(text)

    def parse(self, text: str) -> GogenPuzzle:
        return parse.parse_gogen(text)

    def canonical(self, puzzle: GogenPuzzle) -> str:
        return f"{puzzle.size}:{puzzle.grid}:{','.join(sorted(set(puzzle.words)))}"

    def variant_of(self, race: GogenPuzzle, solution: Solution, candidate: GogenPuzzle) -> bool:
        """The race's answer is an answer to the candidate (its letters where the answer
        has them, the grid turned or mirrored, which keeps neighbours neighbours; with no
        letter given, every word spelled in the answer, whatever the words: reversed,
        fewer, one added), or the candidate holds the whole race puzzle and more (a
        guessed letter added, right or wrong: "no solution" would tell a wrong guess)."""
        if candidate.size != race.size:
            return False
        maps = square_maps(race.size)
        grid = _letters(candidate)
        answered = fits(grid, solution, maps) and (any(grid) or check.spelled(candidate, solution))
        both_ways = set(candidate.words) | {word[::-1] for word in candidate.words}
        return answered or (set(race.words) <= both_ways and fits(_letters(race), grid, maps))

    def solve(self, puzzle: GogenPuzzle, limits: Limits) -> Solutions:
        return solve.solve(puzzle, limits)

    def smt(self, puzzle: GogenPuzzle) -> str:
        return encoding.smt_file(puzzle)

    def check(self, puzzle: GogenPuzzle, solution: Solution) -> CheckReport:
        return check.check(puzzle, solution)

    def format_solution(self, puzzle: GogenPuzzle, solution: Solution) -> str:
        return parse.grid_text(puzzle, solution)

    def parse_solution(self, puzzle: GogenPuzzle, text: str) -> Solution:
        return parse.parse_filled(puzzle, text)

    def generate(self, rng: random.Random, difficulty: str) -> str:
        return generate.generate(rng, difficulty)

    def render(self, puzzle: GogenPuzzle, solution: Solution | None) -> Image.Image:
        return render.render(puzzle, solution)

    def render_marked(self, puzzle: GogenPuzzle, solution: Solution,
                      cells: list[Cell]) -> Image.Image:
        return render.render_marked(puzzle, solution, cells)

    def hint_steps(self, puzzle: GogenPuzzle, entries: str | None = None,
                   limit: int | None = None) -> HintPath:
        return hints.steps(puzzle, entries, limit)

    def hint_entries(self, puzzle: GogenPuzzle, text: str) -> str:
        """The grid's rows as typed (letters, anything else a blank), a header allowed."""
        rows = ["".join(line.split()) for line in text.lower().splitlines()
                if line.strip() and not line.lstrip().startswith("#")][:puzzle.size]
        if len(rows) != puzzle.size or any(len(row) != puzzle.size for row in rows):
            raise PuzzleError(_("type your grid as {n} lines of {n} letters, {blank} for a "
                                "blank").format(n=puzzle.size, blank=EMPTY))
        return "".join(x if x.isalpha() else EMPTY for x in "".join(rows))

    def hint_picture(self, puzzle: GogenPuzzle, step: HintStep) -> Image.Image:
        return hints.picture(puzzle, step)

    def difficulty(self, puzzle: GogenPuzzle) -> Difficulty:
        return hints.steps(puzzle, None, None).difficulty


def _letters(puzzle: GogenPuzzle) -> list[str]:
    """The puzzle's given letters cell by cell, "" where none is given."""
    return [letter if letter != EMPTY else "" for letter in puzzle.grid]
