"""Seki as a puzzle kind: the `seki` kind wires the package's rooms together (text forms,
Z3 solver, checker, generator, pictures, hints)."""

from __future__ import annotations

import random

from PIL import Image

from ..base import LOGIC_GRIDS, PuzzleKind
from ..gridkit import square_maps
from ..i18n import Translated, ngettext
from ..texts import header_is
from ..values import Cell, CheckReport, Difficulty, HintPath, HintStep, Limits, Solutions
from . import checker, generate, hints, picture, solver
from .format import read_entries, read_puzzle, read_solution, write_solution
from .model import NEAR_ROTORS, ROTOR_TYPES, SIZE, Grid, Known, SekiPuzzle


class Seki(PuzzleKind[SekiPuzzle, Grid]):
    name = "seki"
    family = LOGIC_GRIDS
    title = "Seki"
    summary = Translated("`#seki NAME`, then 9 rotor characters (+ - o a) row by row, e.g. "
                         "oo+ooaoo-")
    example = "sk_6018.txt"
    solution_form = Translated("4 lines of 4 cells, 1 = black, 0 = white")
    generates = True
    smt_example = "oo+ooaoo-"
    rules = Translated("Colour the 16 cells of a 4x4 grid black or white. On each of the 9 "
                       "inner corners sits a rotor that rules the 4 cells around it: + means "
                       "one of them is black, - three, o two diagonally opposite, a two side "
                       "by side. Find the colouring that fits all 9 rotors.")
    version = "3"  # captions state the difficulty: cached answers without it die
    hints = True

    def detect(self, text: str) -> bool:
        if header_is(text, "seki"):
            return True
        body = "".join(text.split())
        return len(body) == 9 and set(body) <= set(ROTOR_TYPES)

    def near_miss(self, text: str) -> str | None:
        """Rotor characters, a + or - among them, but not nine: a rotor missing or extra."""
        body = "".join(text.split())
        if header_is(text, "seki") or not NEAR_ROTORS[0] <= len(body) <= NEAR_ROTORS[1] \
                or len(body) == 9 or not set(body) <= set(ROTOR_TYPES) or not set(body) & set("+-"):
            return None
        return ngettext("{count} rotor; a Seki has 9, one on each inner corner of its 4x4 grid, "
                        "row by row (for example oo+ooaoo-).",
                        "{count} rotors; a Seki has 9, one on each inner corner of its 4x4 "
                        "grid, row by row (for example oo+ooaoo-).", len(body)).format(
            count=len(body))

    def parse(self, text: str) -> SekiPuzzle:
        return read_puzzle(text)

    def canonical(self, puzzle: SekiPuzzle) -> str:
        return puzzle.rotors

    def variant_of(self, race: SekiPuzzle, solution: Grid, candidate: SekiPuzzle) -> bool:
        """The race's rotors turned or mirrored as a 3x3 grid (each rotor's type is the
        same whichever way it is turned), with black and white swapped or not (+ and -
        trade places): whatever the candidate's answer is, it is the race's in disguise."""
        swapped = candidate.rotors.translate(str.maketrans("+-", "-+"))
        images = {"".join(race.rotors[cell] for cell in cell_map)
                  for cell_map in square_maps(SIZE - 1)}
        return bool(images & {candidate.rotors, swapped})

    def solve(self, puzzle: SekiPuzzle, limits: Limits) -> Solutions:
        return solver.solve(puzzle, limits)

    def smt(self, puzzle: SekiPuzzle) -> str:
        """The seed's SMT-LIB2 text: Int cells in 0..1, a sum and a pattern per rotor."""
        return solver.smt(puzzle)

    def check(self, puzzle: SekiPuzzle, solution: Grid) -> CheckReport:
        """Recount every rotor group from the grid alone, as the seed's check does."""
        return checker.check(puzzle, solution)

    def format_solution(self, puzzle: SekiPuzzle, solution: Grid) -> str:
        return write_solution(solution)

    def parse_solution(self, puzzle: SekiPuzzle, text: str) -> Grid:
        """Four rows of four 0/1 digits (1 = black); `#` also means black, `.` white."""
        return read_solution(text)

    def hint_steps(self, puzzle: SekiPuzzle, entries: Known | None = None,
                   limit: int | None = None) -> HintPath:
        return hints.hint_path(puzzle, entries, limit)

    def hint_entries(self, puzzle: SekiPuzzle, text: str) -> Known:
        """The grid as the person has it: 1 or # black, 0 white, ? . - or _ not known."""
        return read_entries(text)

    def hint_picture(self, puzzle: SekiPuzzle, step: HintStep) -> Image.Image:
        return hints.hint_picture(puzzle, step)

    def difficulty(self, puzzle: SekiPuzzle) -> Difficulty:
        return hints.hint_path(puzzle, None, None).difficulty

    def generate(self, rng: random.Random, difficulty: str) -> str:
        """Random rotors with exactly one solution (Z3 proves it), graded by `o` rotors."""
        return generate.generate(rng, difficulty)

    def render(self, puzzle: SekiPuzzle, solution: Grid | None) -> Image.Image:
        """The grid with black/white cells and the nine rotors drawn on the corners."""
        return picture.render(puzzle, solution)

    def render_marked(self, puzzle: SekiPuzzle, solution: Grid,
                      cells: list[Cell]) -> Image.Image:
        return picture.render_marked(puzzle, solution, cells)
