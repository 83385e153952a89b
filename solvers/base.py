"""The puzzle-kind contract shared by every kind in `solvers/`.

A *kind* is one sort of puzzle (Seki, Gogen, a six-piece burr...). Each kind is a
subclass of `PuzzleKind` living in its own module; the registry (`solvers/registry.py`)
lists one instance of each. The generic pipeline (`solvers/pipeline.py`) runs any kind
the same way: parse -> solve -> check -> render, and packs the outcome into a picklable
`Result` that the bot, the command line and the benchmarks all consume.

Words used throughout:
- *puzzle*: the immutable model a kind's `parse` builds from the user's text;
- *solution*: one answer to a puzzle, in whatever form the kind finds natural;
- *limits*: how much work a solve may do (solution cap, time budget, progress callback);
- *rule*: one thing a kind's independent `check` verified, with whether it holds;
- *report*: the rules and the verdict of a check, printed one rule a line.
"""

from __future__ import annotations

import random
import time
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any, Generic, TypeVar

from PIL import Image

from .i18n import N_, _, number

#: Longest text any parser accepts; larger input is refused before it is read.
MAX_INPUT_CHARS = 20_000
#: the most lines a caption shows (a phone shows no more beside the picture); longer
#: reports are sent folded (the bot's `replies.send_report`)
CAPTION_LINES = 12
#: the difficulties a generator (`PuzzleKind.generate`) and a race are asked for
DIFFICULTIES = ("easy", "medium", "hard")
#: the bands of a puzzle's rated difficulty (`Difficulty.level`), easiest first (kept in
#: English, the names compared; translated where shown)
LEVELS = (N_("Easy"), N_("Medium"), N_("Hard"), N_("Fiendish"), N_("Extreme"))
#: the families /example groups kinds under (`PuzzleKind.family`), for a kind to name
LOGIC_GRIDS, PENCIL_PUZZLES, ASSEMBLY_PUZZLES, WORD_PUZZLES = (
    N_("Logic grids"), N_("Pencil puzzles (puzz.link)"), N_("Assemblies and burrs"), N_("Words"))
#: the lowest rating of each band of LEVELS: one scale for every kind, so that a rating
#: always says the same band ("rated 3.2 (Medium: X-Wing)", never Hard beside a 3.4 Medium)
LEVEL_FLOORS = (0.0, 2.5, 3.8, 5.7, 7.5)


def level_of(rating: float) -> str:
    """The band of LEVELS a rating falls in (English, the name compared)."""
    return next(level for level, floor in reversed(tuple(zip(LEVELS, LEVEL_FLOORS,
                                                             strict=True)))
                if rating >= floor)

#: a kind's puzzle model and its solution form (`PuzzleKind[SekiPuzzle, Grid]`)
P = TypeVar("P")
S = TypeVar("S")


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
    prints it as `name`, `sep`, `detail`: the line the seeds show."""

    name: str
    ok: bool | None
    detail: str = ""
    sep: str = " "

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


#: a cell as people count it: (row, column) from 1
Cell = tuple[int, int]
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
    """

    technique: str
    text: str
    where: str
    placements: tuple[Mark, ...] = ()
    eliminations: tuple[Mark, ...] = ()
    cells: tuple[Cell, ...] = ()
    rating: float = 0.0
    state: Any = None

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


class PuzzleKind(ABC, Generic[P, S]):
    """One kind of puzzle: its format, model, solver, checker and picture.

    Generic in its puzzle model `P` and its solution `S`. Subclasses set the class
    attributes and implement the abstract methods; the optional hooks have defaults that
    suit most kinds.
    """

    #: short lower-case name, also the bot command (`/seki`) and the `#seki` header
    name: str = ""
    #: what people call it
    title: str = ""
    #: one line describing the input format, shown by /help
    summary: str = ""
    #: bumped whenever the solver's answers or pictures change, so stale cache entries die
    version: str = "1"
    #: file name of the ready sample puzzle in `puzzles/`, shown by /example (where a
    #: newcomer starts: an easy one where the kind has several)
    example: str = ""
    #: a harder sample in `puzzles/`, shown by /example KIND hard (none: the example)
    hard_example: str = ""
    #: the family /example groups the kind under (English; translated where shown)
    family: str = N_("Other puzzles")
    #: other names accepted for the explicit command and /example
    aliases: tuple[str, ...] = ()
    #: solutions a reply looks for by default: 2 is enough to prove a puzzle unique
    max_solutions: int = 2
    #: what a long count counts ("unique assemblies"); set by kinds whose solve counts
    #: every solution and may run for minutes, and which hand back their first solutions
    #: early (`Limits.early`); empty for the others
    counted: str = ""
    #: how a person types a solution (`9 lines of 9 digits`), shown by /check and races;
    #: a kind without one is never raced
    solution_form: str = ""
    #: the file format a solution's text is (`pzprv3`: the puzz.link player's file), for
    #: kinds whose solutions are files another program opens; the command line's JSON
    #: carries the first solution under this name and `solve --pzprv3 OUT` writes it
    solution_file: str = ""
    #: True when `generate` makes new puzzles: each race gets a fresh one
    generates: bool = False
    #: for kinds without a generator, the file-name prefix of the puzzles in `puzzles/`
    #: that races draw from (`gogen_`)
    race_pool: str = ""
    #: True when the kind's command alone means its example puzzle (a preset: `/soma`,
    #: `/pent` is `pent 6`); otherwise the command alone shows the format
    bare_is_example: bool = False
    #: True when `extra_media` draws more files than the main picture: a reply then sends
    #: its main picture first and draws those in another job (`pipeline.later_media`)
    more_media: bool = False
    #: a puzzle short enough for a usage line (`/smt oo+ooaoo-`), for kinds that export SMT
    smt_example: str = ""
    #: True when `hint_steps` and `hint_picture` give logical steps (the /hint ladder)
    hints: bool = False
    #: the rules in a few plain sentences, for someone who has never seen the puzzle
    #: (`/help KIND`, shown over a small picture of the example solved)
    rules: str = ""

    @property
    def races(self) -> bool:
        """Whether /race can use this kind: players can type a solution, and there is a
        generator or a pool of puzzle files."""
        return bool(self.solution_form) and (self.generates or bool(self.race_pool))

    @abstractmethod
    def detect(self, text: str) -> bool:
        """Cheap test: does this text look like this kind (a header line, a shape)?"""

    @abstractmethod
    def parse(self, text: str) -> P:
        """Build the immutable puzzle model or raise `PuzzleError` naming the line."""

    @abstractmethod
    def canonical(self, puzzle: P) -> str:
        """The normal form of the puzzle used as the cache key."""

    @abstractmethod
    def solve(self, puzzle: P, limits: Limits) -> Solutions[S]:
        """Search for solutions within the limits."""

    @abstractmethod
    def check(self, puzzle: P, solution: S) -> CheckReport:
        """Re-verify every rule from scratch, independently of the solver."""

    @abstractmethod
    def render(self, puzzle: P, solution: S | None) -> Image.Image:
        """The picture sent to the chat (the unsolved puzzle when `solution` is None)."""

    @abstractmethod
    def format_solution(self, puzzle: P, solution: S) -> str:
        """The plain-text form of a solution, the one people can type back."""

    @abstractmethod
    def parse_solution(self, puzzle: P, text: str) -> S:
        """Read a solution typed by a person; raise `PuzzleError` naming the line."""

    # Optional hooks -------------------------------------------------------------

    def near_miss(self, text: str) -> str | None:
        """For text no kind `detect`s: when it has this kind's shape all but one thing (a
        Sudoku row of 8 cells, a Seki of 8 rotors), what is wrong, in the puzzle's words
        ("row 7 has 8 cells; each row needs 9"); else None. Only shapes nobody types by
        chance, as any chat may be told."""
        return None

    def in_language(self, text: str, language: str) -> str:
        """The puzzle text as asked by someone who speaks `language` (`de`, `es`): the
        same text for most kinds; a kind whose answers depend on the language (anagrams)
        adds it, unless the text names one already."""
        return text

    def claims(self, text: str) -> bool:
        """In a private chat, whether text that no kind `detect`s is this kind's anyway
        (bare letters are an anagram clue). At most one kind should claim any text."""
        return False

    def being_solved(self, puzzle: P) -> bool:
        """Whether the puzzle as sent is a person's grid part-way through (mostly filled,
        not full): they are solving it, so hints are offered before the solution."""
        return False

    def puzzle_name(self, puzzle: P) -> str:
        """The name given in the puzzle's header, if any."""
        return getattr(puzzle, "name", "") or ""

    def caption(self, puzzle: P, solutions: Solutions[S], report: CheckReport | None) -> str:
        """The short text under the picture: the title, the plain verdict, the solution
        and the count, in at most CAPTION_LINES lines (a taller solution is left to the
        picture)."""
        title = " ".join(x for x in (self.title, self.puzzle_name(puzzle)) if x)
        if not solutions.found:
            why = f"\n{why_none(solutions.reason)}" if solutions.reason else ""
            status = (_("{title}: no solution.") if solutions.exhaustive
                      else _("{title}: no solution found in time."))
            return status.format(title=title) + why
        first = self.format_solution(puzzle, solutions.found[0]).splitlines()
        lines = [title, report.summary() if report else "", *first,
                 _("Solutions: {count}").format(count=solutions.count_text())]
        if len(lines) > CAPTION_LINES:
            del lines[2:-1]
        return "\n".join(lines)

    def count_figures(self, puzzle: P, solutions: Solutions[S]) -> str:
        """A long count's figures in words, each "at least" unless the count is complete
        ("19,186 unique assemblies, 460,464 if rotations and reflections count as
        different": `with_symmetries`)."""
        return solutions.how_many(self.counted)

    def more_captions(self, puzzle: P, solutions: Solutions[S]) -> list[str]:
        """Further pages of a caption too long to show at once (a ranked list's answers 11
        to 20): a *More* button under the picture pages through them. Empty for most."""
        return []

    def alternatives_note(self, puzzle: P, solutions: Solutions[S]) -> str:
        """What the report says when more than one solution was found: for a puzzle,
        that it is not unique (kinds whose answers are a ranked list say nothing)."""
        if len(solutions.found) < 2:
            return ""
        second = self.format_solution(puzzle, solutions.found[1])
        return _("The puzzle is not unique; another solution:") + f"\n{second}"

    def extra_media(self, puzzle: P, solutions: Solutions[S]) -> list[Media]:
        """More files for the reply beyond the main picture (an animation, a diagram);
        a kind that has some sets `more_media`."""
        return []

    def variant_of(self, race: P, solution: S, candidate: P) -> bool:
        """Whether `candidate` is the race puzzle `race` (whose answer is `solution`) in
        disguise, so that solving, counting or checking it would hand a racer the race's
        answer: while a race runs its players get no help with any variant. By default
        only the same puzzle; each racing kind adds its own symmetries, relabellings and
        "the same grid with fewer clues". Runs in a worker (it may search a little)."""
        return self.canonical(race) == self.canonical(candidate)

    def warm_up(self) -> None:
        """Load or compile what the first solve would otherwise pay for (once per process)."""
        return None

    def cli_commands(self) -> dict[str, Callable[[list[str]], int]]:
        """Extra `python -m solvers NAME ARGS...` commands this kind offers (long runs)."""
        return {}

    def smt(self, puzzle: P) -> str:
        """The SMT-LIB2 text of the puzzle, for kinds solved by an SMT encoding."""
        raise PuzzleError(_("{title} has no SMT-LIB2 export").format(title=self.title))

    # Hints: a kind that sets `hints` gives logical steps ----------------------------
    def hint_steps(self, puzzle: P, entries: Any = None,
                   limit: int | None = None) -> HintPath:
        """The logical steps from the puzzle to its solution (the first `limit` of them
        when given: `limit=1` is the next hint, quick even on the hardest puzzles).

        `entries` are the person's own values on top of the givens, in the kind's grid
        form (for Sudoku 81 digits, 0 blank); a grid holding givens and entries alike
        can also come as the puzzle itself, and a wrong value is then located as well
        as it can be. Raises PuzzleError when the puzzle has no single solution.
        """
        raise PuzzleError(_("no hints for {title} yet").format(title=self.title))

    def hint_entries(self, puzzle: P, text: str) -> Any:
        """The person's own values, typed as the kind's grid as it stands on their page
        (givens, their entries, blanks), in the form `hint_steps` takes as `entries`."""
        raise PuzzleError(_("no hints for {title} yet").format(title=self.title))

    def hint_picture(self, puzzle: P, step: HintStep) -> Image.Image:
        """The board before `step`, its cells highlighted and the candidates it uses
        drawn (placements in green, eliminations in red)."""
        raise PuzzleError(_("no hints for {title} yet").format(title=self.title))

    def difficulty(self, puzzle: P) -> Difficulty | None:
        """The puzzle's rating from its hint path, or None for a kind without hints."""
        return None

    def generate(self, rng: random.Random, difficulty: str) -> str:
        """A new puzzle with exactly one solution, as text in this kind's input format.

        `difficulty` is one of DIFFICULTIES; races call this so a group never runs out.
        """
        raise PuzzleError(_("no generator for {title}").format(title=self.title))


def fits(clues: Sequence[Any], solution: Sequence[Any], cell_maps: Iterable[Sequence[int]],
         relabel: bool = False) -> bool:
    """Whether every clue (a falsy value is a blank) agrees with `solution` seen through
    one of `cell_maps` (clue cell i -> solution cell map[i]), with the symbols renamed
    one for one when `relabel`: the test of "the race's grid turned, mirrored or
    relabelled, with fewer clues" for kinds whose symmetries are few enough to list.
    `solution` may be another puzzle's clues (a blank agrees with no clue): whether that
    puzzle holds every one of these clues, and maybe more."""
    given = [(cell, clue) for cell, clue in enumerate(clues) if clue]
    for cell_map in cell_maps:
        names: dict[Any, Any] = {}
        if all(solution[cell_map[cell]] and (
                names.setdefault(clue, solution[cell_map[cell]]) == solution[cell_map[cell]]
                if relabel else clue == solution[cell_map[cell]]) for cell, clue in given) \
                and len(set(names.values())) == len(names):
            return True
    return False


def square_maps(size: int) -> list[tuple[int, ...]]:
    """The eight turns and mirror images of a size x size grid, as cell maps (cells
    numbered row by row): the symmetries that keep a grid's neighbours neighbours."""
    def image(turns: int, mirror: bool, r: int, c: int) -> int:
        if mirror:
            c = size - 1 - c
        for _turn in range(turns):
            r, c = c, size - 1 - r
        return r * size + c
    return [tuple(image(turns, mirror, *divmod(cell, size)) for cell in range(size * size))
            for turns in range(4) for mirror in (False, True)]


def header_is(text: str, *names: str) -> bool:
    """True when the first non-blank line is a `#name` header for one of `names`."""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped:
            word = stripped.split()[0].lower()
            return word in {f"#{n.lower()}" for n in names}
    return False


def with_symmetries(solutions: Solutions, every: int, noun: str) -> str:
    """A count in both figures, worded alike for every kind that counts up to symmetry:
    "12 unique placements, 92 if rotations and reflections count as different"."""
    return _("{count}, {every} if rotations and reflections count as different").format(
        count=solutions.how_many(noun), every=solutions.at_least(every))


def why_none(reason: str) -> str:
    """A solve's reason for no solution as a sentence after "no solution." (the caption
    says that already): "no solution: 'A' has no cell left" -> "'A' has no cell left"
    (a reason in the asker's language starts with its own words for "no solution: ")."""
    words = reason.removeprefix("no solution: ").removeprefix(_("no solution: "))
    return words[:1].upper() + words[1:]


def singular(noun: str) -> str:
    """"unique assemblies" -> "unique assembly": the plural nouns kinds count in."""
    if noun.endswith("ies"):
        return noun[:-3] + "y"
    return noun.removesuffix("s")


def clip(text: str, limit: int = 30) -> str:
    """User text quoted back in a message, cut short: a 5,000-character word echoed
    whole would push the message past what a chat can show (4,096 characters)."""
    return text if len(text) <= limit else text[:limit] + "…"


def plural(count: int, word: str) -> str:
    """`1 point`, `2 points`: a count with its word, as every message spells it."""
    return f"{count} {word}{'s' * (count != 1)}"


def listed(names: list[str], shown: int) -> str:
    """`a, b, c and 4 more`: at most `shown` names, then how many were left out."""
    hidden = len(names) - shown
    kept = ", ".join(names[:shown])
    return _("{names} and {hidden} more").format(names=kept, hidden=hidden) if hidden > 0 \
        else kept


def check_size(text: str, limit: int = MAX_INPUT_CHARS) -> None:
    """Refuse oversized input before any parsing work is done."""
    if len(text) > limit:
        raise PuzzleError(_("input is {size} characters; the limit is {limit}").format(
            size=number(len(text)), limit=number(limit)))


def invisible(char: str) -> bool:
    """A character nobody sees or means: a format mark (zero-width space, word joiner,
    BOM, direction marks, soft hyphen), a lone surrogate, or a control character that is
    not a space or a line break (NUL, DEL)."""
    category = unicodedata.category(char)
    return category in ("Cf", "Cs") or (category == "Cc" and not char.isspace())


class _AsciiDigits(dict[int, int | str]):
    """`str.translate`'s table from every decimal digit of any script (Arabic-Indic ٣,
    Devanagari ३) to its ASCII digit, filled as characters are met."""

    def __missing__(self, code: int) -> int | str:
        char = chr(code)
        value = None if char.isascii() else unicodedata.decimal(char, None)
        self[code] = code if value is None else str(value)
        return self[code]


_ASCII_DIGITS = _AsciiDigits()


def number_sign(char: str) -> bool:
    """A number sign that is no digit: Unicode's "other numbers" (² ₂ ① ½)."""
    return unicodedata.category(char) == "No"


#: the byte-order marks of UTF-16, which Python's "utf-16" codec reads and drops
UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def text_encoding(data: bytes) -> str:
    """The encoding a text file is in: UTF-16 when it starts with its byte-order mark, or
    without one when NUL bytes fill every other byte (as a Windows editor saves "Unicode"
    text: NUL is never in a text typed as UTF-8), else UTF-8."""
    if data.startswith(UTF16_BOMS):
        return "utf-16"
    even, odd = data[0::2], data[1::2]
    if len(data) % 2 == 0 and b"\x00" in data:
        if odd.count(0) * 2 >= len(odd) and 0 not in even:
            return "utf-16-le"
        if even.count(0) * 2 >= len(even) and 0 not in odd:
            return "utf-16-be"
    return "utf-8"


def plain_text(text: str) -> str:
    """Text as the person meant it, the one rule for puzzles and for command options:
    invisible characters dropped (a zero-width space or a BOM pasted from a web page),
    compatibility forms folded by NFKC (full-width ３ is 3, full-width letters are
    letters), and a decimal digit of any script read as its ASCII digit, so a Sudoku in
    Arabic-Indic digits is the same puzzle as in 0-9. A number sign that is no digit
    (superscript ², subscript ₂, circled ①, ½) is kept as it is: `/submit ²` is not
    race 2, and a puzzle holding one is told where."""
    runs = groupby((char for char in text if not invisible(char)), key=number_sign)
    return "".join("".join(run) if signs else unicodedata.normalize("NFKC", "".join(run))
                   for signs, run in runs).translate(_ASCII_DIGITS)
