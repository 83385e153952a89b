"""Number Workout hints: the next forced deduction, one at a time, with its reason.

The deductions come from the kind's own propagation (`propagate.py`). The first step
copies the numbers given on one side of a touching pair across (*Touching Pairs*);
then, tried in this order: a hexagon with one free segment left (*Last Segment*); a
hexagon that still needs a number with one segment left for it (*Only Place*); a
segment with one number left (*Only Number*); the numbers of one segment whose trial
placement makes the hexagon rules fail (`propagate._narrow`, a *Probe*); when none
applies, a named *Guess* places the solution's number. A touching pair is one segment
of the reasoning (its two triangles hold one number) and is placed whole.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from .. import draw
from ..gridkit import Step
from ..i18n import N_, _, alternatives, capital, listing, ngettext
from ..values import Difficulty, HintPath, HintStep, Limits, Mistake, PuzzleError
from .geometry import (
    CELLS,
    HEXAGONS,
    NUMBERS,
    OWNER,
    PARTNER,
    TRIANGLES,
    Grid,
    NumberWorkoutPuzzle,
    first_of,
    line_position,
)
from .propagate import HEXAGON_FIRSTS, HEXAGONS_OF, _narrow
from .render import board as draw_board
from .render import centre_of, legend, number
from .solve import solve

#: technique -> rating, on the scale every kind shares (`solvers.values.level_of`)
#: (the English names are the keys; `_(technique)` is the name a person reads)
TECHNIQUES = {N_("Touching Pairs"): 1.0, N_("Last Segment"): 1.0, N_("Only Place"): 1.2,
              N_("Only Number"): 2.3, N_("Probe"): 4.0, N_("Guess"): 11.0}
#: technique -> what to do, the ladder's technique rung in one sentence (`where`: "the
#: touching pairs", "hexagon 3", a segment), so it never reads "use Touching Pairs on the
#: touching pairs"
APPROACHES = {"Touching Pairs": N_("Copy the numbers across where two hexagons touch."),
              "Last Segment": N_("Fill the one free segment left in {where}."),
              "Only Place": N_("Find the only place left for a number in {where}."),
              "Only Number": N_("Find the segment of {where} that can hold only one number."),
              "Probe": N_("Try the numbers of one segment next to {where}."),
              "Guess": N_("Guess the number of this segment: {where}.")}
#: a Number Workout step: segments by index (a touching pair by its first), numbers 1-9
NumberStep = Step[int]
#: an outside segment's name by the angle of its middle on a flat-topped hexagon (y
#: down): with its article ("the top segment of hexagon 1"), and without (a where)
SIDES = {30: (N_("the lower right segment of hexagon {hexagon}"),
              N_("lower right segment of hexagon {hexagon}")),
         90: (N_("the bottom segment of hexagon {hexagon}"),
              N_("bottom segment of hexagon {hexagon}")),
         150: (N_("the lower left segment of hexagon {hexagon}"),
               N_("lower left segment of hexagon {hexagon}")),
         210: (N_("the upper left segment of hexagon {hexagon}"),
               N_("upper left segment of hexagon {hexagon}")),
         270: (N_("the top segment of hexagon {hexagon}"),
               N_("top segment of hexagon {hexagon}")),
         330: (N_("the upper right segment of hexagon {hexagon}"),
               N_("upper right segment of hexagon {hexagon}"))}
#: a segment where two hexagons touch, with its article and without
TOUCHING = (N_("the segment where hexagons {low} and {high} touch"),
            N_("segment where hexagons {low} and {high} touch"))
HIGHLIGHT = (255, 224, 120)
PLACED, RULED_OUT = (0, 140, 70), (205, 40, 40)


def segment_name(cell: int, article: bool = True) -> str:
    """A segment as the picture shows it: "the segment where hexagons 2 and 5 touch",
    or by its side for one on the outside ("the top segment of hexagon 1"); without
    `article`, the name alone, for where to look."""
    if cell in PARTNER:
        low, high = sorted((OWNER[cell] + 1, OWNER[PARTNER[cell]] + 1))
        return _(TOUCHING[not article]).format(low=low, high=high)
    centre, a, b = TRIANGLES[cell]
    angle = math.degrees(math.atan2((a[1] + b[1]) / 2 - centre[1],
                                    (a[0] + b[0]) / 2 - centre[0])) % 360
    side = SIDES[min(SIDES, key=lambda s: abs(s - angle))]
    return _(side[not article]).format(hexagon=OWNER[cell] + 1)


def _numbers(mask: int) -> list[int]:
    return [v for v in NUMBERS if mask >> v & 1]


def _hexagon(number: int) -> str:
    """"hexagon 4", where to look."""
    return _("hexagon {hexagon}").format(hexagon=number)


def _hexagons(cell: int) -> list[int]:
    """The hexagons (numbered from 1) a segment's number counts in."""
    return sorted(k + 1 for k in HEXAGONS_OF[first_of(cell)])


class _Board:
    """Each segment's numbers as a bit mask (bit v: v possible), held by a touching
    pair's first; and the numbers placed."""

    def __init__(self, grid: Grid):
        self.masks = [sum(1 << v for v in NUMBERS) for _ in range(CELLS)]
        self.placed: dict[int, int] = {}
        for cell, value in enumerate(grid):
            if value and first_of(cell) not in self.placed:
                self.place(first_of(cell), value)

    def place(self, first: int, value: int) -> None:
        self.placed[first] = value
        self.masks[first] = 1 << value
        for k in HEXAGONS_OF[first]:
            for other in HEXAGON_FIRSTS[k]:
                if other != first:
                    self.masks[other] &= ~(1 << value)

    def open(self) -> list[int]:
        return sorted({first_of(c) for c in range(CELLS)} - set(self.placed))

    def placed_in(self, k: int) -> set[int]:
        """The numbers already in hexagon k (0-based)."""
        return {self.placed[c] for c in HEXAGON_FIRSTS[k] if c in self.placed}


def _touching_pairs(grid: Grid) -> NumberStep | None:
    """The numbers given on one side of a touching pair, copied to the other side."""
    copied = sorted({first_of(c): v for c, v in enumerate(grid)
                     if v and c in PARTNER and not grid[PARTNER[c]]}.items())
    if not copied:
        return None
    return Step.of("Touching Pairs",
                 ngettext("Where two hexagons touch, the two segments hold the same number: "
                          "copy the number across ({count} pair).",
                          "Where two hexagons touch, the two segments hold the same number: "
                          "copy each number across ({count} pairs).",
                          len(copied)).format(count=len(copied)),
                 _("the touching pairs"), [c for c, _value in copied], copied)


def _last_segment(board: _Board) -> NumberStep | None:
    return _only_place(board, last=True)


def _only_place(board: _Board, last: bool = False) -> NumberStep | None:
    """A hexagon's number with one place left (with `last`, only in a hexagon with one
    free segment left: the easiest of them, looked for first)."""
    for k, hexagon in enumerate(HEXAGON_FIRSTS):
        have = board.placed_in(k)
        if last and len(have) != 5:
            continue
        for value in NUMBERS:
            spots = [c for c in hexagon if c not in board.placed and board.masks[c] >> value & 1]
            if value in have or len(spots) != 1:
                continue
            cell = spots[0]
            others = [c for c in hexagon if c not in board.placed and c != cell]
            if not others:
                return Step.of("Last Segment",
                             _("Hexagon {hexagon} has one free segment left, {segment}: it "
                               "takes the missing {value}.").format(
                                 hexagon=k + 1, segment=segment_name(cell), value=value),
                             _hexagon(k + 1), [*HEXAGONS[k], cell], [(cell, value)])
            full = [n for n in sorted({h for c in others for h in _hexagons(c)} - {k + 1})
                    if value in board.placed_in(n - 1)]
            why = (ngettext("the hexagon's other free segments touch hexagon {hexagons}, "
                            "which already has a {value}",
                            "the hexagon's other free segments touch hexagons {hexagons}, "
                            "which already have a {value}", len(full)).format(
                       hexagons=listing([str(n) for n in full]), value=value)
                   if full and all(set(_hexagons(c)) - {k + 1} & set(full) for c in others)
                   else _("the hexagon's other free segments were ruled out for it by an "
                          "earlier step"))
            return Step.of("Only Place",
                         _("Hexagon {hexagon} still needs a {value}, and only {segment} can "
                           "take it: {why}.").format(hexagon=k + 1, value=value,
                                                     segment=segment_name(cell), why=why),
                         _hexagon(k + 1), [*HEXAGONS[k], cell], [(cell, value)])
    return None


def _only_number(board: _Board) -> NumberStep | None:
    for cell in board.open():
        left = _numbers(board.masks[cell])
        if len(left) != 1:
            continue
        hexagons = _hexagons(cell)
        have = set().union(*(board.placed_in(n - 1) for n in hexagons))
        named = listing([_hexagon(n) for n in hexagons])
        why = (ngettext("{hexagons} already has {numbers}",
                        "{hexagons} already have {numbers} between them", len(hexagons)).format(
                   hexagons=named, numbers=listing([str(v) for v in sorted(have)]))
               if len(have) == 5 else _("the other numbers were ruled out in earlier steps"))
        cells = [c for n in hexagons for c in HEXAGONS[n - 1]]
        return Step.of("Only Number",
                     _("{segment} can only hold {value}: {why}.").format(
                         segment=capital(segment_name(cell)), value=left[0], why=why),
                     named, cells, [(cell, left[0])])
    return None


def _probe(board: _Board) -> NumberStep | None:
    for cell in board.open():
        failures = {}
        for v in _numbers(board.masks[cell]):
            trial = [*board.masks[:cell], 1 << v, *board.masks[cell + 1:]]
            if not _narrow(trial, HEXAGONS_OF[cell]):
                failures[v] = _contradiction(trial)
        if failures:
            said = alternatives([str(v) for v in failures])
            why = "; ".join(_("with {value}, {failure}").format(value=v, failure=failure)
                            for v, failure in failures.items())
            around = _hexagons(cell)
            return Step.of("Probe",
                         _("If {segment} held {numbers}, filling in what follows from each "
                           "hexagon holding 1 to 6 once breaks a hexagon ({why}), so it is "
                           "not {numbers}.").format(segment=segment_name(cell), numbers=said,
                                                    why=why),
                         ngettext("hexagon {hexagons}", "hexagons {hexagons}",
                                  len(around)).format(
                             hexagons=listing([str(n) for n in around])), [cell],
                         eliminations=[(cell, v) for v in failures])
    return None


def _contradiction(masks: list[int]) -> str:
    """What is wrong in the masks a failed `_narrow` left: the hexagon and the number
    (or the segment) the probe's sentence names."""
    for k, hexagon in enumerate(HEXAGON_FIRSTS):
        for cell in hexagon:
            if not masks[cell]:
                return _("{segment} would have no number left").format(
                    segment=segment_name(cell))
        fixed = [masks[c] for c in hexagon if not masks[c] & (masks[c] - 1)]
        seen = 0
        for cell in hexagon:
            seen |= masks[cell]
        for value in NUMBERS:
            if fixed.count(1 << value) > 1:
                return _("hexagon {hexagon} would need two {value}s").format(
                    hexagon=k + 1, value=value)
            if not seen >> value & 1:
                return _("hexagon {hexagon} would have no place for its {value}").format(
                    hexagon=k + 1, value=value)
        for cell in hexagon:
            alone = [v for v in _numbers(masks[cell])
                     if all(not masks[c] >> v & 1 for c in hexagon if c != cell)]
            if len(alone) > 1:
                return _("hexagon {hexagon} would need both {numbers} in {segment}").format(
                    hexagon=k + 1, numbers=listing([str(v) for v in alone]),
                    segment=segment_name(cell))
    return _("a hexagon would be left without a way to hold 1 to 6")


def _guess(board: _Board, solution: Grid) -> NumberStep:
    cell = min(board.open(), key=lambda c: (bin(board.masks[c]).count("1"), c))
    value = solution[cell]
    return Step.of("Guess", _("None of the deductions here finds the next step, so guess: "
                            "{value} in {segment}, and it is the right guess.").format(
                                value=value, segment=segment_name(cell)),
                 segment_name(cell, article=False), [cell], [(cell, value)])


def _solution(puzzle: NumberWorkoutPuzzle) -> Grid:
    found = solve(puzzle, Limits(max_solutions=2))
    if not found.found:
        raise PuzzleError(_("this Number Workout has no solution, so there is no next step"))
    if found.count > 1:
        raise PuzzleError(_("this Number Workout has more than one solution, so no step is "
                            "forced"))
    return found.found[0]


def _mistake(grid: Grid, solution: Grid) -> Mistake | None:
    for cell, value in enumerate(grid):
        if value and value != solution[cell]:
            k = OWNER[cell] + 1
            return Mistake(f"hexagon {k}", line_position(cell),
                           _("There is a mistake in hexagon {hexagon}.").format(hexagon=k),
                           _("The {value} in {segment} is wrong.").format(
                               value=value, segment=segment_name(cell)))
    return None


def steps(puzzle: NumberWorkoutPuzzle, entries: Grid | None, limit: int | None) -> HintPath:
    """The path from the clues (plus the person's numbers, 78 of them, 0 blank) on."""
    solution = _solution(puzzle)
    grid = tuple(clue or (entries[c] if entries else 0) for c, clue in enumerate(puzzle.clues))
    if (mistake := _mistake(grid, solution)) is not None:
        return HintPath("nw", [], Difficulty.of(0.0, ""), False, mistake)
    board = _Board(grid)
    filled = {c for c, v in enumerate(grid) if v}
    found: list[HintStep] = []
    while (board.open() or len(filled) < CELLS) and (limit is None or len(found) < limit):
        before = (tuple(board.masks), dict(board.placed))
        step = (not found and _touching_pairs(grid) or _last_segment(board)
                or _only_place(board) or _only_number(board) or _probe(board)
                or _guess(board, solution))
        for cell, value in step.eliminations:
            board.masks[cell] &= ~(1 << value)
        for cell, value in step.placements:
            board.place(cell, value)
        found.append(_hint_step(step, before, filled))
    hardest = max(found, key=lambda s: s.rating, default=None)
    # the English names (the step's state) are the table's keys; `technique` is translated
    rated = Difficulty.of(hardest.rating if hardest else 0.0,
                          hardest.state[0].technique if hardest else "")
    return HintPath("nw", found, rated, len(filled) == CELLS)


def _both(cell: int) -> list[int]:
    """A segment and its touching partner, if it has one."""
    return [cell, PARTNER[cell]] if cell in PARTNER else [cell]


def _hint_step(step: NumberStep, before: tuple[tuple[int, ...], dict[int, int]],
               filled: set[int]) -> HintStep:
    """The step as the contract has it, with its technique rung's sentence; its placements
    are the segments it fills (added to `filled`), both sides of a touching pair unless
    one side is filled already."""
    placed = [(s, v) for c, v in step.placements for s in _both(c) if s not in filled]
    filled.update(s for s, _ in placed)
    return HintStep(_(step.technique), step.text, step.where,
                    tuple((*line_position(s), v) for s, v in placed),
                    tuple((*line_position(s), v) for c, v in step.eliminations
                          for s in _both(c)),
                    tuple(line_position(s) for s in sorted({s for c in step.cells
                                                            for s in _both(c)})),
                    TECHNIQUES[step.technique], (step, before),
                    _(APPROACHES[step.technique]).format(where=step.where))


def picture(puzzle: NumberWorkoutPuzzle, hint: HintStep) -> Image.Image:
    """The numbers placed before the step, its segments in yellow, the number it places
    in green, and the numbers it rules out in red, struck through."""
    step, (masks, placed) = hint.state
    lit = {s for c in step.cells for s in _both(c)}
    image, pen, at = draw_board(_("{technique}, in {where}").format(
                                    technique=_(step.technique), where=step.where),
                                lambda cell: HIGHLIGHT if cell in lit else draw.PAPER)
    put = {s: v for c, v in step.placements for s in _both(c)}
    struck = {s: [v for c, v in step.eliminations if c == first_of(s)]
              for s in range(CELLS) if any(c == first_of(s) for c, _ in step.eliminations)}
    for cell in range(CELLS):
        if cell in put:
            number(pen, at, cell, put[cell], colour=PLACED)
        elif first_of(cell) in placed:
            number(pen, at, cell, placed[first_of(cell)], clue=bool(puzzle.clues[cell]))
        elif cell in struck:
            _candidates(pen, centre_of(at, cell), _numbers(masks[first_of(cell)]),
                        struck[cell])
    legend(image, pen, (_("yellow: the step's segments"), _("green: placed   red: ruled out")))
    return image


def _candidates(pen: ImageDraw.ImageDraw, centre: tuple[float, float], numbers: list[int],
                out: list[int]) -> None:
    """A segment's numbers still open, small, those ruled out red and struck through."""
    gap = 15
    x = centre[0] - gap * (len(numbers) - 1) / 2
    for value in numbers:
        colour = RULED_OUT if value in out else draw.MUTED
        draw.centred_text(pen, (x, centre[1]), str(value), 17, fill=colour, bold=True)
        if value in out:
            pen.line([x - 6, centre[1] + 7, x + 6, centre[1] - 7], fill=colour, width=2)
        x += gap
