"""The toy kind (tests/toykind.py) counting its reads: every process counts the calls to
its `parse` (`PARSES`) and says the figure in what it draws (the caption under the
reply's picture, the caption of its further picture), so a worker reports its own count
in the answer itself. tests/test_one_parse.py adds it from the configuration, as the
bot and its workers add any kind kept outside solvers/.
"""

from __future__ import annotations

from typing import Any

from PIL import Image
from toykind import Pair, ToyKind

from solvers import draw
from solvers.values import CheckReport, Difficulty, HintPath, HintStep, Media, Solutions

#: calls to `TallyKind.parse` in this process
PARSES = 0


class TallyKind(ToyKind):
    name = "tally"
    title = "Tally Sum"
    summary = "`#tally`, then two whole numbers; each process counts how often it reads one"
    more_media = True  # a further picture, drawn in a job of its own (`Result.later`)

    def parse(self, text: str) -> Pair:
        global PARSES
        PARSES += 1
        return super().parse(text)

    def caption(self, puzzle: Pair, solutions: Solutions, report: CheckReport | None) -> str:
        return f"{super().caption(puzzle, solutions, report)}\nread here: {PARSES}"

    def extra_media(self, puzzle: Pair, solutions: Solutions) -> list[Media]:
        return [draw.picture("tally-more.png", self.render(puzzle, None),
                             f"further picture; read here: {PARSES}")]


class HintedTally(TallyKind):
    """The counting kind with a one-step hint path, so /hint opens a ladder for it."""

    name = "tallyhint"
    title = "Tally Hints"
    summary = "`#tallyhint`, then two whole numbers; /hint gives one step"
    hints = True

    def hint_steps(self, puzzle: Pair, entries: Any = None,
                   limit: int | None = None) -> HintPath:
        step = HintStep("Addition", f"{puzzle.first} + {puzzle.second} is the answer.",
                        "the two numbers")
        return HintPath(self.name, [step], Difficulty.of(1.0, "Addition"))

    def hint_picture(self, puzzle: Pair, step: HintStep) -> Image.Image:
        return self.render(puzzle, None)
