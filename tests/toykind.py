"""A toy puzzle kind that lives outside `solvers/`: two numbers, and the answer is their
sum. tests/test_contract.py adds it to the registry, and nothing else, to show that the
bot offers any kind the contract describes in /help, /example, /check and /race.

The bot and its workers add it from the configuration (`plugin_kinds`,
`solvers.registry.add`), as they would any kind kept outside `solvers/`: a job names a
kind by name, so the workers must know it too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from solvers import draw
from solvers.base import PuzzleKind
from solvers.texts import check_size, header_is
from solvers.values import CheckReport, Limits, PuzzleError, Rule, Solutions

EXAMPLE = Path(__file__).resolve().parent / "toy_example.txt"


@dataclass(frozen=True)
class Pair:
    """The puzzle: two whole numbers to add."""

    first: int
    second: int


class ToyKind(PuzzleKind[Pair, int]):
    name = "toy"
    title = "Toy Sum"
    summary = "`#toy`, then two whole numbers; the answer is their sum"
    example = str(EXAMPLE)  # an absolute path stands for itself, not a file in puzzles/
    solution_form = "one whole number"
    generates = True

    def detect(self, text: str) -> bool:
        return header_is(text, self.name)

    def parse(self, text: str) -> Pair:
        check_size(text)
        lines = [line for line in text.splitlines() if line.strip()]
        numbers = lines[1].split() if len(lines) > 1 else []
        if len(numbers) != 2 or not all(n.isdigit() for n in numbers):
            raise PuzzleError("expected two whole numbers", 2)
        return Pair(int(numbers[0]), int(numbers[1]))

    def canonical(self, puzzle: Pair) -> str:
        return f"{puzzle.first} {puzzle.second}"

    def solve(self, puzzle: Pair, limits: Limits) -> Solutions:
        return Solutions([puzzle.first + puzzle.second], 1, True)

    def check(self, puzzle: Pair, solution: int) -> CheckReport:
        ok = solution == puzzle.first + puzzle.second
        rule = Rule("Sum", ok, f"{puzzle.first} + {puzzle.second} = {solution} "
                    f"{'OK' if ok else 'FAIL'}", ": ")
        return CheckReport(ok, [rule], "Toy OK." if ok else "Toy has ** ERROR ** a wrong sum.")

    def render(self, puzzle: Pair, solution: int | None) -> Image.Image:
        image, pen = draw.canvas(320, 120)
        shown = "?" if solution is None else str(solution)
        draw.centred_text(pen, (160, 60), f"{puzzle.first} + {puzzle.second} = {shown}", 36)
        return image

    def format_solution(self, puzzle: Pair, solution: int) -> str:
        return str(solution)

    def parse_solution(self, puzzle: Pair, text: str) -> int:
        if not text.strip().isdigit():
            raise PuzzleError("expected one whole number", 1)
        return int(text)

    def generate(self, rng: random.Random, difficulty: str) -> str:
        return f"#toy\n{rng.randrange(10)} {rng.randrange(10)}"
