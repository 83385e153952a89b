"""The value types every kind and the bot share: what a solve found (`Solutions`), what
a check verified (`CheckReport`), a reply's files (`Media`), the hint path's steps and
difficulty, the limits of a solve, and the error a person reads (`PuzzleError`). They
are plain data, picklable across the worker boundary; the contract (`solvers.base`)
speaks in them."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .i18n import N_, _, number

#: the most lines a caption shows (a phone shows no more beside the picture); longer
#: reports are sent folded (the bot's `replies.send_report`)
CAPTION_LINES = 12
#: the difficulties a generator (`PuzzleKind.generate`) and a race are asked for
DIFFICULTIES = ("easy", "medium", "hard")
#: the bands of a puzzle's rated difficulty (`Difficulty.level`), easiest first (kept in
#: English, the names compared; translated where shown)
LEVELS = (N_("Easy"), N_("Medium"), N_("Hard"), N_("Fiendish"), N_("Extreme"))
#: the lowest rating of each band of LEVELS: one scale for every kind, so that a rating
#: always says the same band ("rated 3.2 (Medium: X-Wing)", never Hard beside a 3.4 Medium)
LEVEL_FLOORS = (0.0, 2.5, 3.8, 5.7, 7.5)


def level_of(rating: float) -> str:
    """The band of LEVELS a rating falls in (English, the name compared)."""
    return next(level for level, floor in reversed(tuple(zip(LEVELS, LEVEL_FLOORS,
                                                             strict=True)))
                if rating >= floor)


def singular(noun: str) -> str:
    """"unique assemblies" -> "unique assembly": the plural nouns kinds count in."""
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    return noun.removesuffix("s")


#: a kind's solution form (`Solutions[Grid]`)
S = TypeVar("S")
#: a cell as people count it: (row, column) from 1
Cell = tuple[int, int]


class PuzzleError(ValueError):
    """Bad input, named by line (1-based) and, where useful, column.

    The message is what the user sees, so it says what is wrong in the puzzle's own
    words (`Line 3: expected 9 rotors, got 8`), never a traceback. It is made in the
    asker's language (`solvers.i18n`): the message when raised, the line's words here.
    """

    def __init__(self, message: str, line: int | None = None, column: int | None = None):
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column

    def __str__(self) -> str:
        if self.line is None:
            return self.message
        if self.column:
            return _("Line {line}, column {column}: {message}").format(
                line=self.line, column=self.column, message=self.message)
        return _("Line {line}: {message}").format(line=self.line, message=self.message)

    def __reduce__(self) -> tuple[type[PuzzleError], tuple[str, int | None, int | None]]:
        # keep line and column when crossing a process boundary
        return (type(self), (self.message, self.line, self.column))


@dataclass
class Limits:
    """How much work one solve may do.

    `max_solutions` caps how many solutions are kept *and* counted: a count that reaches
    it is reported as "at least N" unless the search also proved there are no more.
    `deadline` is a `time.monotonic()` instant after which a search should return what it
    has (marked not exhaustive). `progress` is called now and then with
    (solutions found so far, search nodes) so long counts can show a live figure.

    `early` is how a long count hands back its first solutions: a kind that counts for
    long calls `hand_back` now and then once it has a solution; when `early` answers
    True the search stops there and returns them marked `counting` (whoever asked will
    count the rest elsewhere, so the first picture need not wait for the whole count).
    """

    max_solutions: int = 2
    deadline: float | None = None
    progress: Callable[[int, int], None] | None = None
    early: Callable[[Solutions], bool] | None = None

    @classmethod
    def within(cls, seconds: float | None, max_solutions: int = 2, **kw: Any) -> Limits:
        deadline = None if seconds is None else time.monotonic() + seconds
        return cls(max_solutions=max_solutions, deadline=deadline, **kw)

    def expired(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline

    def hand_back(self, solutions: Solutions) -> bool:
        """Offer a long count's first solutions; True: stop the search and return them."""
        return self.early is not None and bool(solutions.found) and self.early(solutions)


@dataclass
class Solutions(Generic[S]):
    """What a solve found.

    `found` holds at most `Limits.max_solutions` solutions; `count` is how many were
    seen; `exhaustive` is True only when the search proved there are no others (so
    `count` is exact). `reason` says why there is no solution when `count == 0`.
    `stats` carries search figures worth showing (nodes, conflicts, seconds...).
    `counting` marks first solutions handed back early (`Limits.early`): the count is
    only what was seen before the search stopped, and goes on elsewhere.
    """

    found: list[S]
    count: int
    exhaustive: bool
    reason: str = ""
    stats: dict[str, Any] = field(default_factory=dict)
    counting: bool = False

    @property
    def unique(self) -> bool:
        return self.exhaustive and self.count == 1

    def at_least(self, figure: int) -> str:
        """A figure of this count as a person would say it: exact, or "at least"."""
        return number(figure) if self.exhaustive else _("at least {count}").format(
            count=number(figure))

    def how_many(self, noun: str) -> str:
        """The count with what it counts: "at least 2 unique assemblies", and the noun
        in the singular for exactly one ("1 unique assembly"); the kind marks both forms
        for the catalogs (`N_`)."""
        return f"{self.at_least(self.count)} {_(singular(noun) if self.unique else noun)}"

    def count_text(self) -> str:
        """The count as a person would say it: `exactly 1`, `at least 2`, `none`."""
        if self.count == 0:
            return _("none") if self.exhaustive else _("none found in the time allowed")
        figure = number(self.count)
        return (_("exactly {count}") if self.exhaustive else _("at least {count}")).format(
            count=figure)


@dataclass(frozen=True)
class Rule:
    """One thing a check verified: `name` is what was checked ("Row 1", "bijoux",
    "RotorGroup 5", "Move 3"), `ok` whether it holds (None for a line that only informs,
    such as a section heading or the topic note), `detail` what was found. The report
    prints it as `name`, `sep`, `detail`: the line the seeds show. `cells` are the grid
    cells a broken rule breaks at, (row, column) from 1, for a kind whose picture can
    mark them (a wrong /check is drawn with them marked, never with the answer)."""

    name: str
    ok: bool | None
    detail: str = ""
    sep: str = " "
    cells: tuple[Cell, ...] = ()

    def line(self) -> str:
        return f"{self.name}{self.sep}{self.detail}" if self.detail else self.name


@dataclass
class CheckReport:
    """An independent verdict on one solution: the rules checked and the verdict."""

    ok: bool
    rules: list[Rule]
    verdict: str

    def broken(self) -> list[Rule]:
        """The rules the solution breaks (information lines are never broken)."""
        return [rule for rule in self.rules if rule.ok is False]

    def broken_cells(self) -> list[Cell]:
        """The cells the broken rules name, each once, in reading order."""
        return sorted({cell for rule in self.broken() for cell in rule.cells})

    @property
    def lines(self) -> list[str]:
        """The report's lines as the seeds print them, one a rule."""
        return [rule.line() for rule in self.rules]

    def text(self) -> str:
        """The seed-shaped report: the lines, a blank line, the verdict."""
        return "\n".join([*self.lines, "", self.verdict])

    def summary(self) -> str:
        """The verdict in plain words, worded alike for every kind: what a caption and a
        reply show first. The seeds' own verdict lines ("Puzzle has is OK Solution
        successful.") stay the last line of the report they print (`text`)."""
        checked = sum(rule.ok is not None for rule in self.rules)
        if checked == 0:  # a report that only informs (a burr piece's) has its own words
            return self.verdict
        if self.ok:
            return (_("Checked: the one rule holds.") if checked == 1
                    else _("Checked: all {checked} rules hold.").format(checked=checked))
        if checked == 1:
            return _("Checked: the one rule is broken.")
        return _("Checked: {broken} of {checked} rules broken.").format(
            broken=len(self.broken()), checked=checked)


def verdict_of(summary: str) -> str:
    """A `CheckReport.summary` without its "Checked: ", in the current language: for a
    heading that already names the check ("Check report: all 27 rules hold.")."""
    return summary.removeprefix(_("Checked: "))


@dataclass
class Media:
    """One file of a reply: a photo, an animation (GIF) or a document."""

    filename: str
    data: bytes
    #: how Telegram is to send it: photo | animation | document
    sent_as: str = "photo"
    caption: str = ""


#: a placement or elimination: (row, column, value); values are digits or letters
Mark = tuple[int, int, int | str]


@dataclass(frozen=True)
class HintStep:
    """One logical step of a hint path (`PuzzleKind.hint_steps`).

    The ladder a chat shows climbs these fields: `where` (the unit or cells to look at:
    "box 4", "the 3s in rows 5 and 8"), then `technique` ("X-Wing"), then `text` (one
    plain sentence saying why) with the picture (`PuzzleKind.hint_picture`). Rows and
    columns count from 1. `placements` are values the step puts in cells,
    `eliminations` candidates it rules out (never a cell's solution value), `cells`
    those the step reasons about (highlighted). `rating` is on the kind's scale (for
    Sudoku, Sudoku Explainer's 1.0 to 11). `state` is what the kind's picture needs of
    the board before the step: picklable but kind-specific, and not in the JSON, so a
    worker job that finds steps should draw their pictures itself and hand back bytes.
    `approach` is the technique's rung said as one sentence of what to do there ("Turn
    rotor 6 every way it can still go."), for a kind whose technique names read badly in
    the ladder's general "use X-Wing on the 7s in rows 2 and 6"; empty for that one.
    """

    technique: str
    text: str
    where: str
    placements: tuple[Mark, ...] = ()
    eliminations: tuple[Mark, ...] = ()
    cells: tuple[Cell, ...] = ()
    rating: float = 0.0
    state: Any = None
    approach: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"technique": self.technique, "where": self.where, "rating": self.rating,
                "placements": [list(p) for p in self.placements],
                "eliminations": [list(e) for e in self.eliminations],
                "cells": [list(c) for c in self.cells], "text": self.text}


@dataclass(frozen=True)
class Mistake:
    """A wrong value among the person's own entries: said in two presses, first the
    unit (`text`: "There is a mistake in row 4."), then the cell (`cell_text`)."""

    unit: str
    cell: Cell
    text: str
    cell_text: str


@dataclass(frozen=True)
class Difficulty:
    """How hard a puzzle is: the hardest step's `rating` and `technique`, and a `level`
    (one of the kind's bands, for Sudoku Easy, Medium, Hard, Fiendish, Extreme)."""

    rating: float
    level: str
    hardest: str

    @classmethod
    def of(cls, rating: float, hardest: str) -> Difficulty:
        """A puzzle rated by its hardest step, its band read off the one scale."""
        return cls(rating, level_of(rating), hardest)

    def text(self) -> str:
        """"rated 4.2 (Hard: XY-Wing)", the phrase a caption or race announcement uses."""
        return _("rated {rating} ({level}: {hardest})").format(
            rating=f"{self.rating:.1f}", level=_(self.level),
            hardest=_(self.hardest) if self.hardest else "")

    def distance(self, asked: str) -> int:
        """How many bands this puzzle is from a difficulty a race asks for (one of
        DIFFICULTIES): easy is the Easy band, medium Medium, hard Hard or above; 0 when
        it fits, so a race picks its puzzle by rating rather than by its givens."""
        level = LEVELS.index(self.level) if self.level in LEVELS else 0
        wanted = DIFFICULTIES.index(asked)
        return max(0, wanted - level) if wanted == len(DIFFICULTIES) - 1 \
            else abs(level - wanted)


@dataclass
class HintPath:
    """The logical steps from a puzzle (and the person's entries) to its solution.

    Applying every step's placements in order fills the grid when `complete` (a path
    asked for its first few steps is not). `mistake` is set, and `steps` empty, when
    the person's entries contain a wrong value: hints would build on it.
    `difficulty` rates the steps found (the whole puzzle when `complete` and no entries).
    """

    kind: str
    steps: list[HintStep]
    difficulty: Difficulty
    complete: bool = True
    mistake: Mistake | None = None

    def to_json(self) -> dict[str, Any]:
        """The `python -m solvers hint --json` shape."""
        out: dict[str, Any] = {"kind": self.kind, "rating": self.difficulty.rating,
                               "level": self.difficulty.level,
                               "hardest": self.difficulty.hardest,
                               "complete": self.complete,
                               "steps": [step.to_json() for step in self.steps]}
        if self.mistake:
            out["mistake"] = {"unit": self.mistake.unit, "cell": list(self.mistake.cell),
                              "text": self.mistake.text, "cell_text": self.mistake.cell_text}
        return out
