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

The value types the contract speaks in live beside it in `solvers.values`, the text
helpers every kind uses in `solvers.texts`, the grid kinds' shared pieces in
`solvers.gridkit`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from PIL import Image

from .i18n import N_, _
from .texts import why_none
from .values import (
    CAPTION_LINES,
    Cell,
    CheckReport,
    Difficulty,
    HintPath,
    HintStep,
    Limits,
    Media,
    PuzzleError,
    S,
    Solutions,
)

#: the families /example groups kinds under (`PuzzleKind.family`), for a kind to name
LOGIC_GRIDS, PENCIL_PUZZLES, ASSEMBLY_PUZZLES, WORD_PUZZLES = (
    N_("Logic grids"), N_("Pencil puzzles (puzz.link)"), N_("Assemblies and burrs"), N_("Words"))

#: a kind's puzzle model (`PuzzleKind[SekiPuzzle, Grid]`; `S`, its solution, is the
#: one `Solutions` is generic in)
P = TypeVar("P")


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
    #: the program that opens `solution_file` ("the puzz.link player"), named on the
    #: answer's button that sends the file
    solution_file_for: str = ""
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
    #: False for a kind of a large family listed by its family (the forty pencil genres):
    #: it gets no line of its own in /help's list, in the greeting or in the command menu
    listed: bool = True
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

    def render_marked(self, puzzle: P, solution: S, cells: list[Cell]) -> Image.Image | None:
        """A wrong solution as the person typed it, with `cells` (where its rules break,
        as its check's rules name them: (row, column) from 1, a Number Workout's segment
        by line and position) marked: what a wrong /check shows without the answer; None
        for a kind whose picture has no cells to mark (its check is told in words)."""
        return None

    def difficulty(self, puzzle: P) -> Difficulty | None:
        """The puzzle's rating from its hint path, or None for a kind without hints."""
        return None

    def generate(self, rng: random.Random, difficulty: str) -> str:
        """A new puzzle with exactly one solution, as text in this kind's input format.

        `difficulty` is one of DIFFICULTIES; races call this so a group never runs out.
        """
        raise PuzzleError(_("no generator for {title}").format(title=self.title))
