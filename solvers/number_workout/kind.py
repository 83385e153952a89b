"""Number Workout as a puzzle kind: the `nw` kind wires parse, solve, check, SMT export,
picture and generator together."""

from __future__ import annotations

import random

from PIL import Image

from ..base import LOGIC_GRIDS, PuzzleKind
from ..gridkit import fits
from ..i18n import Translated
from ..values import Cell, CheckReport, Difficulty, HintPath, HintStep, Limits, Solutions
from . import check, encoding, generate, hints, parse, render, solve
from .geometry import MIRRORS, Grid, NumberWorkoutPuzzle


class NumberWorkout(PuzzleKind[NumberWorkoutPuzzle, Grid]):
    name = "nw"
    family = LOGIC_GRIDS
    title = "Number Workout"
    summary = Translated("`#nw NAME`, then 10 lines of 3, 9 (x8), 3 digits, 0 for an empty "
                         "segment")
    example = "nw_003.txt"
    rules = Translated("Thirteen hexagons are each cut into six triangles. Write 1 to 6 in "
                       "every hexagon, each number once, so that where two hexagons touch, "
                       "the two triangles that meet hold the same number. Some numbers are "
                       "given.")
    solution_form = Translated("the puzzle's 10 lines of digits (3, 9 x 8, 3), every segment "
                               "1 to 6")
    generates = True
    aliases = ("numberworkout",)
    version = "3"  # captions state the difficulty: cached answers without it die
    hints = True

    def detect(self, text: str) -> bool:
        return parse.looks_like_nw(text)

    def near_miss(self, text: str) -> str | None:
        return parse.near_miss(text)

    def parse(self, text: str) -> NumberWorkoutPuzzle:
        clues, name = parse.read_digits(text, "puzzle")
        return NumberWorkoutPuzzle(clues, name)

    def canonical(self, puzzle: NumberWorkoutPuzzle) -> str:
        return "".join(map(str, puzzle.clues))

    def variant_of(self, race: NumberWorkoutPuzzle, solution: Grid,
                   candidate: NumberWorkoutPuzzle) -> bool:
        """Clues that the race's answer holds, the layout mirrored or turned half round
        and the numbers 1..6 renamed (the rules name no number): the race's puzzle in
        disguise, with fewer clues, or with all of its clues and more (a guessed number
        added, right or wrong: "no solution" would tell a wrong guess). No clue at all
        tells nothing. (Each of MIRRORS is its own inverse, so one list serves both ways.)"""
        return any(candidate.clues) and (
            fits(candidate.clues, solution, MIRRORS, relabel=True)
            or fits(race.clues, candidate.clues, MIRRORS, relabel=True))

    def solve(self, puzzle: NumberWorkoutPuzzle, limits: Limits) -> Solutions:
        return solve.solve(puzzle, limits)

    def smt(self, puzzle: NumberWorkoutPuzzle) -> str:
        return encoding.smt_file(puzzle)

    def check(self, puzzle: NumberWorkoutPuzzle, solution: Grid) -> CheckReport:
        return check.check(puzzle, solution)

    def format_solution(self, puzzle: NumberWorkoutPuzzle, solution: Grid) -> str:
        return parse.lines_text(solution)

    def parse_solution(self, puzzle: NumberWorkoutPuzzle, text: str) -> Grid:
        return parse.parse_filled(text)

    def generate(self, rng: random.Random, difficulty: str) -> str:
        return generate.generate(rng, difficulty)

    def render(self, puzzle: NumberWorkoutPuzzle, solution: Grid | None) -> Image.Image:
        return render.render(puzzle, solution)

    def render_marked(self, puzzle: NumberWorkoutPuzzle, solution: Grid,
                      cells: list[Cell]) -> Image.Image:
        return render.render_marked(puzzle, solution, cells)

    def hint_steps(self, puzzle: NumberWorkoutPuzzle, entries: Grid | None = None,
                   limit: int | None = None) -> HintPath:
        return hints.steps(puzzle, entries, limit)

    def hint_entries(self, puzzle: NumberWorkoutPuzzle, text: str) -> Grid:
        """The 10 lines as the person's page has them: clues, their numbers, 0 blank."""
        return parse.read_digits(text, "grid")[0]

    def hint_picture(self, puzzle: NumberWorkoutPuzzle, step: HintStep) -> Image.Image:
        return hints.picture(puzzle, step)

    def difficulty(self, puzzle: NumberWorkoutPuzzle) -> Difficulty:
        return hints.steps(puzzle, None, None).difficulty
