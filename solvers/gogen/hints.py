"""Gogen hints: the next forced deduction, one at a time, from the kind's own
propagation (`propagate.py`), each with its reason.

The deductions, tried in this order: a letter with one cell left goes there; a cell
only one letter can reach is that letter's; a letter must touch the letters it links to
(consecutive in a word), so cells that touch none of the other's cells are ruled out;
and a cell where propagation from the letter breaks a word or leaves a cell empty is
ruled out (a *probe*). When none applies, a named guess places the solution's letter.
"""

from __future__ import annotations

from dataclasses import replace

from PIL import Image

from .. import draw
from ..gridkit import Step, cell_name
from ..i18n import N_, _, listing
from ..values import Difficulty, HintPath, HintStep, Limits, Mistake, PuzzleError
from .grid import EMPTY, GogenPuzzle, Solution, neighbours
from .propagate import _narrow
from .solve import solve

#: technique -> rating, on the scale every kind shares (`solvers.values.level_of`)
#: (the English names are the keys; `_(technique)` is the name a person reads)
TECHNIQUES = {N_("Last Cell"): 1.0, N_("Only Letter"): 1.5, N_("Linked Letters"): 2.6,
              N_("Probe"): 4.0, N_("Guess"): 11.0}
#: a Gogen step: cells by index, letters lower-case
GogenStep = Step[str]


def _name(puzzle: GogenPuzzle, cell: int) -> str:
    return cell_name(*divmod(cell, puzzle.size))


def _names(puzzle: GogenPuzzle, cells: list[int]) -> str:
    return listing([_name(puzzle, c) for c in sorted(cells)])


def _letter_words(letter: str) -> str:
    return _("the letter {letter}").format(letter=letter.upper())


class _Board:
    """Each letter's candidate cells and the letters already placed."""

    def __init__(self, puzzle: GogenPuzzle, grid: str):
        free = {c for c, ch in enumerate(grid) if ch == EMPTY}
        self.puzzle = puzzle
        self.placed = {ch: c for c, ch in enumerate(grid) if ch != EMPTY}
        self.cands = {x: {self.placed[x]} if x in self.placed else set(free)
                      for x in puzzle.letters}

    def place(self, letter: str, cell: int) -> list[tuple[int, str]]:
        """Put the letter in the cell; the other letters that lose the cell."""
        self.placed[letter] = cell
        self.cands[letter] = {cell}
        lost = [(cell, x) for x, cells in self.cands.items() if x != letter and cell in cells]
        for _cell, x in lost:
            self.cands[x].discard(cell)
        return lost


def _last_cell(board: _Board) -> GogenStep | None:
    for letter, cells in board.cands.items():
        if letter not in board.placed and len(cells) == 1:
            cell = next(iter(cells))
            return Step("Last Cell", _("{letter} has one cell left, {cell}: it goes "
                                       "there.").format(letter=letter.upper(),
                                                        cell=_name(board.puzzle, cell)),
                        _letter_words(letter), (cell,), ((cell, letter),))
    return None


def _only_letter(board: _Board) -> GogenStep | None:
    owned = set(board.placed.values())
    for cell in range(board.puzzle.size ** 2):
        if cell in owned:
            continue
        letters = [x for x, cells in board.cands.items() if cell in cells]
        if len(letters) == 1:
            letter = letters[0]
            return Step("Only Letter", _("Only {letter} can still reach {cell}, so it "
                                         "goes there.").format(
                letter=letter.upper(), cell=_name(board.puzzle, cell)),
                        _name(board.puzzle, cell), (cell,), ((cell, letter),))
    return None


def _linked(board: _Board) -> GogenStep | None:
    near = neighbours(board.puzzle.size)
    for word in board.puzzle.words:
        for a, b in (*zip(word, word[1:], strict=False), *zip(word[1:], word, strict=False)):
            if a in board.placed:
                continue
            others = board.cands[b]
            gone = sorted(c for c in board.cands[a] if not near[c] & others)
            if not gone:
                continue
            if b in board.placed:
                why = _("{b} is at {cell}, so {a} must touch it").format(
                    a=a.upper(), b=b.upper(), cell=_name(board.puzzle, board.placed[b]))
            else:
                why = _("{a} must touch one of {b}'s cells ({cells})").format(
                    a=a.upper(), b=b.upper(), cells=_names(board.puzzle, sorted(others)))
            return Step("Linked Letters",
                        _("In {word}, {a} comes next to {b}: {why}; it cannot be at "
                          "{cells}.").format(word=word.upper(), a=a.upper(), b=b.upper(),
                                             why=why, cells=_names(board.puzzle, gone)),
                        _("the word {word}").format(word=word.upper()), (*gone, *others),
                        (), tuple((c, a) for c in gone))
    return None


def _probe(board: _Board) -> GogenStep | None:
    size = board.puzzle.size
    near = [sum(1 << q for q in cells) for cells in neighbours(size)]
    links = board.puzzle.links()
    arcs = links + [(b, a) for a, b in links]
    masks = {x: sum(1 << c for c in cells) for x, cells in board.cands.items()}
    for letter in board.puzzle.letters:
        if letter in board.placed:
            continue
        for cell in sorted(board.cands[letter]):
            trial = dict(masks)
            trial[letter] = 1 << cell
            if not _narrow(trial, arcs, near, (1 << size * size) - 1):
                return Step("Probe",
                            _("If {letter} were at {cell}, following the words' links would "
                              "leave a letter or a cell with nowhere to go, so {letter} is "
                              "not there.").format(letter=letter.upper(),
                                                   cell=_name(board.puzzle, cell)),
                            _letter_words(letter), (cell,), (), ((cell, letter),))
    return None


def _guess(board: _Board, solution: Solution) -> GogenStep:
    letter = min((x for x in board.puzzle.letters if x not in board.placed),
                 key=lambda x: len(board.cands[x]))
    cell = solution.index(letter)
    return Step("Guess", _("None of the deductions here finds the next step, so guess: "
                           "{letter} at {cell}, and it is the right guess.").format(
        letter=letter.upper(), cell=_name(board.puzzle, cell)),
                _letter_words(letter), (cell,), ((cell, letter),))


def _solution(puzzle: GogenPuzzle) -> Solution:
    found = solve(puzzle, Limits(max_solutions=2))
    if not found.found:
        raise PuzzleError(_("this Gogen has no solution, so there is no next step"))
    if found.count > 1:
        raise PuzzleError(_("this Gogen has more than one solution, so no step is forced"))
    return found.found[0]


def steps(puzzle: GogenPuzzle, entries: str | None, limit: int | None) -> HintPath:
    """The path from the givens (plus the person's letters, a grid string) onwards."""
    solution = _solution(puzzle)
    grid = "".join(g if g != EMPTY else (entries[c] if entries else EMPTY)
                   for c, g in enumerate(puzzle.grid))
    for cell, letter in enumerate(grid):
        if letter != EMPTY and letter != solution[cell]:
            r, c = divmod(cell, puzzle.size)
            mistake = Mistake(f"row {r + 1}", (r + 1, c + 1),
                              _("There is a mistake in row {row}.").format(row=r + 1),
                              _("The {letter} at row {row}, column {column} is wrong.").format(
                                  letter=letter.upper(), row=r + 1, column=c + 1))
            return HintPath("gogen", [], Difficulty.of(0.0, ""), False, mistake)
    board = _Board(puzzle, grid)
    found: list[HintStep] = []
    while len(board.placed) < len(puzzle.letters) and (limit is None or len(found) < limit):
        before = {x: frozenset(c) for x, c in board.cands.items()}
        step = (_last_cell(board) or _only_letter(board) or _linked(board)
                or _probe(board) or _guess(board, solution))
        for cell, letter in step.eliminations:
            board.cands[letter].discard(cell)
        lost = [gone for cell, letter in step.placements for gone in board.place(letter, cell)]
        step = replace(step, eliminations=(*step.eliminations, *lost))
        found.append(_hint_step(puzzle, step, before))
    hardest = max(found, key=lambda s: s.rating) if found else None
    rating = Difficulty.of(hardest.rating if hardest else 0.0,
                           hardest.state[0].technique if hardest else "")
    return HintPath("gogen", found, rating, len(board.placed) == len(puzzle.letters))


def _hint_step(puzzle: GogenPuzzle, step: GogenStep, before: dict[str, frozenset[int]]) \
        -> HintStep:
    def rc(cell: int) -> tuple[int, int]:
        r, c = divmod(cell, puzzle.size)
        return r + 1, c + 1
    return HintStep(_(step.technique), step.text, step.where,
                    tuple((*rc(c), x.upper()) for c, x in step.placements),
                    tuple((*rc(c), x.upper()) for c, x in step.eliminations),
                    tuple(rc(c) for c in sorted(set(step.cells))),
                    TECHNIQUES[step.technique], (step, before))


def picture(puzzle: GogenPuzzle, hint: HintStep) -> Image.Image:
    """The letters placed before the step, its cells in yellow, the letter it places in
    green and the cells it rules out for a letter marked in red."""
    step, before = hint.state
    cell_px, margin, top = 600 // puzzle.size, 30, 70
    side = cell_px * puzzle.size
    legend = draw.wrapped(_("yellow: the step's cells   green: placed   red: ruled out"),
                          18, side)
    image, pen = draw.canvas(side + 2 * margin, top + side + 28 + 22 * len(legend))
    draw.centred_text(pen, (image.width / 2, top / 2), f"Gogen: {_(step.technique)}", 28,
                      bold=True)
    placed = {next(iter(c)): x for x, c in before.items() if len(c) == 1}
    marks = {c: (x, (205, 40, 40)) for c, x in step.eliminations}
    marks.update({c: (x, (0, 140, 70)) for c, x in step.placements})
    for cell in range(puzzle.size ** 2):
        r, c = divmod(cell, puzzle.size)
        x, y = margin + c * cell_px, top + r * cell_px
        fill = (255, 236, 150) if cell in step.cells else \
            (228, 234, 246) if puzzle.grid[cell] != EMPTY else draw.PAPER
        pen.rectangle([x, y, x + cell_px, y + cell_px], fill=fill, outline=draw.GRID,
                      width=2)
        centre = (x + cell_px / 2, y + cell_px / 2)
        if cell in placed and cell not in marks:
            colour = draw.GIVEN if puzzle.grid[cell] != EMPTY else draw.INK
            draw.centred_text(pen, centre, placed[cell].upper(), 44, fill=colour, bold=True)
        elif cell in marks:
            letter, colour = marks[cell]
            draw.centred_text(pen, centre, letter.upper(), 36, fill=colour, bold=True)
            if (cell, letter) in step.eliminations:
                pen.line([centre[0] - 22, centre[1] + 22, centre[0] + 22, centre[1] - 22],
                         fill=colour, width=4)
    draw.centred_lines(pen, (image.width / 2, top + side + 26 + 11 * (len(legend) - 1)),
                       legend, 18, fill=draw.MUTED)
    return image
