"""Sudoku hints in the kind contract's shape: the logic engine's path (cell indices
0..80) as `HintPath` and `HintStep` (rows and columns from 1), the mistake in a
person's entries, the difficulty, and the step's picture."""

from __future__ import annotations

from PIL import Image

from ..i18n import _
from ..values import Difficulty, HintPath, HintStep, Mistake
from .grid import SIZE, Grid, SudokuPuzzle
from .logic import Snapshot, Step, hint_path, rating
from .logic.picture import picture


def _cell(cell: int) -> tuple[int, int]:
    return cell // SIZE + 1, cell % SIZE + 1


def _hint_step(found: Step, before: Snapshot) -> HintStep:
    return HintStep(found.name, found.text, found.where,
                    tuple((*_cell(c), d) for c, d in found.placements),
                    tuple((*_cell(c), d) for c, d in found.eliminations),
                    tuple(_cell(c) for c in found.cells), found.rating,
                    (found, before))


def _mistake(cell: int, digit: int) -> Mistake:
    row, column = _cell(cell)
    return Mistake(f"row {row}", (row, column),
                   _("There is a mistake in row {row}.").format(row=row),
                   _("The {digit} at row {row}, column {column} is wrong.").format(
                       digit=digit, row=row, column=column))


def steps(puzzle: SudokuPuzzle, entries: Grid | None, limit: int | None) -> HintPath:
    path = hint_path(puzzle.givens, entries, limit)
    figure, hardest = rating(path.steps)
    found = [_hint_step(s, b) for s, b in zip(path.steps, path.before, strict=True)]
    mistake = _mistake(*path.mistake) if path.mistake else None
    return HintPath("sudoku", found, Difficulty.of(figure, hardest), path.complete,
                    mistake)


def difficulty(puzzle: SudokuPuzzle) -> Difficulty:
    return steps(puzzle, None, None).difficulty


def step_picture(puzzle: SudokuPuzzle, step: HintStep, title: str) -> Image.Image:
    found, before = step.state
    return picture(puzzle.givens, before, found, title)
