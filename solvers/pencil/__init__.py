"""Pencil puzzles from puzz.link links: one kind for every genre (`genres/`).

The kind reads a link (`link.py`), finds the genre by its name, and hands the board to
the genre: its rules as constraints on the engine's `Model`, its independent checker,
its picture, and the player's file (pzprv3) of the answer, which is also the solution's
text form, so a person can open it in the player and carry on.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from PIL import Image

from ..base import PENCIL_PUZZLES, PuzzleKind
from ..draw import picture, ring_cells
from ..i18n import Translated, _
from ..texts import check_size, clip, why_none
from ..values import (
    Cell,
    CheckReport,
    Difficulty,
    HintPath,
    HintStep,
    Limits,
    Media,
    PuzzleError,
    Solutions,
)
from . import hints, variants
from .check import where
from .families import FAMILY_ORDER, family_of
from .generate import MAKERS, generate
from .genre import Genre
from .genres import find, genres
from .layers import Answer, differences
from .link import find_link, link_genre, read_link

#: the longest a rating's hint ladder may take (`difficulty`)
RATING_SECONDS = 2.0
#: where the list of supported genres is kept (named in the unknown-genre message)
GENRES_PAGE = "docs/kinds/pencil.md"


@dataclass(frozen=True)
class PencilPuzzle:
    """A decoded link: the genre's canonical name, its board and the link written
    back from the board (the puzzle's canonical form)."""

    genre: str
    board: Any
    link: str


def genre_of(puzzle: PencilPuzzle) -> Genre:
    genre = find(puzzle.genre)
    assert genre is not None, puzzle.genre
    return genre


def clash_text(clash: list[str]) -> str:
    """Why there is no solution, naming the rules that clash (the solver's core)."""
    if len(clash) == 1:
        return _("no solution: {rule} cannot hold with the clues.").format(rule=clash[0])
    if clash:
        return _("no solution: these cannot all hold: {rules}.").format(
            rules="; ".join(clash))
    return _("no solution: the rules cannot all hold.")


class PencilKind(PuzzleKind[PencilPuzzle, Answer]):
    """What every pencil kind shares: a link read into its genre's board, solved, checked
    and drawn by the genre."""

    summary = Translated("a puzz.link (or pzv.jp) link: "
                         "https://puzz.link/p?GENRE/COLS/ROWS/...")
    solution_file = "pzprv3"
    hints = True
    solution_file_for = Translated("the puzz.link player")
    solution_form = Translated("the puzz.link player's file (pzprv3): save it there (File > "
                               "Save) and paste its text")

    def parse(self, text: str) -> PencilPuzzle:
        check_size(text)
        link = read_link(text)
        genre = find(link.genre)
        if genre is None:
            raise PuzzleError(_("The genre {genre!r} is not supported yet; /help puzzles "
                                "lists the genres I solve (also in {page}).").format(
                                    genre=clip(link.genre), page=GENRES_PAGE))
        board = genre.read(link)
        return PencilPuzzle(genre.name, board, genre.encode(board))

    def canonical(self, puzzle: PencilPuzzle) -> str:
        return puzzle.link

    def puzzle_name(self, puzzle: PencilPuzzle) -> str:
        return _(genre_of(puzzle).title)

    def solve(self, puzzle: PencilPuzzle, limits: Limits) -> Solutions[Answer]:
        genre = genre_of(puzzle)
        found = genre.solve(puzzle.board, limits.max_solutions, limits.deadline)
        reason = ""
        if not found.answers and found.exhaustive:
            reason = clash_text(found.clash)
        return Solutions(found.answers, len(found.answers), found.exhaustive, reason,
                         found.stats)

    def check(self, puzzle: PencilPuzzle, solution: Answer) -> CheckReport:
        rules = genre_of(puzzle).check(puzzle.board, solution)
        ok = all(rule.ok is not False for rule in rules)
        broken = sum(rule.ok is False for rule in rules)
        return CheckReport(ok, rules, _("Puzzle OK Solution successful.") if ok else
                           _("Puzzle has ** ERROR ** {count} rules broken.").format(
                               count=broken))

    def render(self, puzzle: PencilPuzzle, solution: Answer | None) -> Image.Image:
        return genre_of(puzzle).draw(puzzle.board, solution)

    def render_marked(self, puzzle: PencilPuzzle, solution: Answer,
                      cells: list[Cell]) -> Image.Image | None:
        """The person's answer drawn by the genre, the cells where a rule breaks outlined
        (found where the genre's picture puts its board, as a hint's picture finds it)."""
        image = self.render(puzzle, solution).convert("RGB")
        layout = hints.grid_at(image, puzzle.board)
        if layout is None:
            return None
        pad, cell, offset = layout
        ring_cells(image, (pad + offset * cell, pad + offset * cell), cell, cells)
        return image

    def format_solution(self, puzzle: PencilPuzzle, solution: Answer) -> str:
        return genre_of(puzzle).pzprv3(puzzle.board, solution)

    def parse_solution(self, puzzle: PencilPuzzle, text: str) -> Answer:
        return genre_of(puzzle).read_answer(puzzle.board, text)

    def hint_steps(self, puzzle: PencilPuzzle, entries: Any = None,
                   limit: int | None = None) -> HintPath:
        return hints.path(genre_of(puzzle), puzzle.board, entries, limit, self.name)

    def hint_entries(self, puzzle: PencilPuzzle, text: str) -> Answer:
        """A person's half-done board: the player's file saved part-way."""
        return genre_of(puzzle).read_answer(puzzle.board, text)

    def hint_picture(self, puzzle: PencilPuzzle, step: HintStep) -> Image.Image:
        return hints.picture(genre_of(puzzle), puzzle.board, step)

    def difficulty(self, puzzle: PencilPuzzle) -> Difficulty | None:
        """The hardest step of the whole ladder, when it is found within RATING_SECONDS
        (a large board's ladder is long: its answer is not held up for a rating)."""
        try:
            path = hints.path(genre_of(puzzle), puzzle.board, None, None, self.name,
                              deadline=time.monotonic() + RATING_SECONDS)
        except PuzzleError:  # a genre without steps
            return None
        return path.difficulty if path.complete else None

    def variant_of(self, race: PencilPuzzle, solution: Answer,
                   candidate: PencilPuzzle) -> bool:
        """The same genre, and the race's answer, turned or mirrored the way the candidate
        is (`variants.turned`), passes the genre's check on the candidate: the same
        puzzle turned, mirrored or with fewer clues (a nurikabe's number made '?'), or
        any puzzle whose solving could hand over the race's answer."""
        if candidate.genre != race.genre:
            return False
        if candidate.link == race.link:
            return True
        genre, board = genre_of(race), candidate.board
        ways = variants.turned(variants.whole(race.board, solution), race.board.rows,
                               race.board.cols, board.rows, board.cols)
        return any(all(rule.ok is not False for rule in genre.check(board, way))
                   for way in ways)

    def alternatives_note(self, puzzle: PencilPuzzle, solutions: Solutions[Answer]) -> str:
        """Where the first two answers differ (the second is drawn too, `extra_media`)."""
        if len(solutions.found) < 2:
            return ""
        first, second = solutions.found[:2]
        cells = differences(first, second, puzzle.board.rows, puzzle.board.cols)
        shown = ", ".join(where(cell) for cell in cells[:8])
        more = _(" and {count} more").format(count=len(cells) - 8) if len(cells) > 8 else ""
        return _("The puzzle is not unique; another solution differs at {cells}.").format(
            cells=shown + more)

    def extra_media(self, puzzle: PencilPuzzle, solutions: Solutions[Answer]) -> list[Media]:
        """The second answer's picture, when the puzzle has more than one."""
        if len(solutions.found) < 2:
            return []
        return [picture(f"{puzzle.genre}-another.png",
                        self.render(puzzle, solutions.found[1]), _("Another solution"))]

    def caption(self, puzzle: PencilPuzzle, solutions: Solutions[Answer],
                report: CheckReport | None) -> str:
        """The genre, the verdict and the count (the answer is the picture; its
        player file is in the JSON and `--pzprv3`)."""
        title = self.puzzle_name(puzzle)
        if not solutions.found:
            status = (_("{title}: no solution.") if solutions.exhaustive
                      else _("{title}: no solution found in time."))
            why = f"\n{why_none(solutions.reason)}" if solutions.reason else ""
            return status.format(title=title) + why
        return "\n".join(line for line in (
            title, report.summary() if report else "",
            _("Solutions: {count}").format(count=solutions.count_text())) if line)


class Pencil(PencilKind):
    """Any link: the genres that are not kinds of their own (a sudoku link of another size
    than 9x9) and the genres not supported, which it names."""

    name = "pencil"
    family = PENCIL_PUZZLES

    @property
    def title(self) -> str:  # type: ignore[override]
        return _("Pencil puzzles from puzz.link links ({count} genres)").format(
            count=len(genres()))

    rules = Translated("Paste a puzz.link link; the genre's rules are in the link's genre.")

    def detect(self, text: str) -> bool:
        """A text holding a puzz.link / pzv.jp link (a genre kind takes its own first)."""
        return find_link(text) is not None


class GenreKind(PencilKind):
    """One genre as a kind of its own: its names are the words of /example, /race and
    /help, its links are detected in any text, and its example is a small solved one."""

    listed = False

    def __init__(self, genre: Genre):
        self.genre = genre
        self.name = genre.name
        self.aliases = genre.names[1:]
        self.family = family_of(genre.name)
        self.example = f"pencil/{genre.name}.txt"
        self.generates = genre.name in MAKERS

    def generate(self, rng: random.Random, difficulty: str) -> str:
        """A new puzzle's link, proved unique (`generate.py`)."""
        return generate(self.name, rng, difficulty)

    @property
    def title(self) -> str:  # type: ignore[override]
        return _(self.genre.title)

    @property
    def rules(self) -> str:  # type: ignore[override]
        return " ".join(_(rule) for rule in self.genre.rules)

    def detect(self, text: str) -> bool:
        """A text holding a link of this genre (by any of its names)."""
        found = find_link(text)
        return found is not None and link_genre(found) in self.genre.names


def kinds() -> tuple[PencilKind, ...]:
    """A kind per genre (but sudoku, whose 9x9 links the Sudoku kind takes), then the
    catch-all for every other link."""
    own = sorted((genre for genre in genres() if genre.name != "sudoku"),
                 key=lambda genre: (FAMILY_ORDER.index(family_of(genre.name)), genre.name))
    return (*(GenreKind(genre) for genre in own), Pencil())
