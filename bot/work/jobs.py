"""The jobs a worker runs, and the allow-list that names them.

A message to a worker names a job of `JOBS` and carries its arguments as plain data
(`bot.work.codec`); the worker runs that job and nothing else, so a message can choose
neither the code nor the objects it runs with. Each job takes kinds by name and puzzles
as text, and answers with plain records. These functions import only the solver library
and the standard library, so a worker never loads Telegram or the bot's handlers.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from solvers import i18n
from solvers.base import PuzzleKind
from solvers.draw import png_bytes
from solvers.photo import Reading, Repair, read_photo
from solvers.pipeline import Judgement, Later, Result, choose_kind, judge, later_media, prepare, run
from solvers.texts import listed
from solvers.values import (
    DIFFICULTIES,
    LEVELS,
    Difficulty,
    HintPath,
    Limits,
    Media,
    PuzzleError,
    Rule,
)

from . import codec
from .worker_state import release_memory, reporter

log = logging.getLogger(__name__)

#: share of the hard budget the solver gets to stop by itself and report what it found
SOFT_SHARE = 0.8
#: broken rules a wrong race submission names (the others are counted)
SHOWN_FAILURES = 8


def solve(text: str, kind_name: str | None, seconds: float, job: int | None = None,
          hand_back_after: float | None = None, extras_later: bool = False) -> Result:
    """A puzzle's whole pipeline with a soft deadline (`SOFT_SHARE` of the budget), so a
    long count can still say "at least N" before the hard limit. With a job number, the
    solver's progress goes to the bot. `hand_back_after`, `extras_later`: see
    `solvers.pipeline.run`."""
    return run(text, kind_name, seconds=seconds * SOFT_SHARE, progress=reporter(job),
               hand_back_after=hand_back_after, extras_later=extras_later)


def pictures(later: Later) -> list[Media]:
    """A reply's further pictures, drawn while its first picture is sent."""
    return later_media(later)


@dataclass(frozen=True)
class SmtText:
    """A puzzle's SMT-LIB2 text."""

    kind_name: str
    title: str
    smtlib: str


def smt(text: str) -> SmtText:
    """A puzzle written out as SMT-LIB2 (parsing and encoding are CPU work: Z3 for some
    kinds). A bad puzzle's error names its kind, as it does when the puzzle is sent to be
    solved (`TITLE: Line 2: ...`)."""
    try:
        kind = choose_kind(text, None)
    except PuzzleError as error:
        raise PuzzleError(f"/smt: {error}") from None
    try:
        _, puzzle, _ = prepare(text, kind)
    except PuzzleError as error:
        raise PuzzleError(f"{kind.title}: {error}") from None
    return SmtText(kind.name, kind.title, kind.smt(puzzle))


def photo(data: bytes) -> Reading:
    """The grid read from a photo's bytes, with the picture of what was read drawn here
    (not in the bot's event loop) and the straightened board left behind."""
    return read_photo(data).drawn()


def check(text: str, solution_text: str, kind_name: str) -> Judgement:
    """/check: the kind's check of a typed solution, a right one drawn."""
    return judge(text, solution_text, kind_name, True)


@dataclass
class RacePuzzle:
    """A race's puzzle: its text, where it came from, its picture, its count, its first
    solution as typed (what the race guard compares variants with) and, for a kind with
    hints, its rated difficulty ("rated 4.2 (Hard: XY-Wing)")."""

    text: str
    source: str
    picture: bytes
    solutions: int
    solution: str = ""
    difficulty: str = ""


#: generated puzzles a race of a kind with hints rates to find one of the asked band
RATED_CANDIDATES = 12
#: seconds after which no further candidate is drawn (the closest so far is raced): a
#: kind whose generator never makes the asked band (one that keeps all its clues rates
#: every puzzle alike) would otherwise make all twelve, past the race's time to make a
#: puzzle on a loaded machine
RATED_SECONDS = 8.0


def race_puzzle(kind_name: str, difficulty: str, seed: int,
                pool: list[tuple[str, str]]) -> RacePuzzle:
    """A generated puzzle proved unique by the solver, or the first puzzle of the pool
    that is unique (the first one with a solution if none is). A kind with hints
    generates several and races the one whose rating fits the difficulty best."""
    kind = choose_kind("", kind_name)
    rng = random.Random(seed)
    if not pool and kind.hints:
        return rated_race_puzzle(kind, difficulty, rng)
    candidates = pool or [(f"generated {difficulty}", kind.generate(rng, difficulty))
                          for _ in range(5)]
    fallback = None
    for source, text in candidates:
        try:
            puzzle = kind.parse(text)
        except PuzzleError as error:  # a bad pool file is passed over, not raced
            if not pool:
                raise
            log.warning("race pool file %s unusable: %s", source, error)
            continue
        solved = kind.solve(puzzle, Limits.within(15, max_solutions=2))
        count = solved.count
        answer = kind.format_solution(puzzle, solved.found[0]) if solved.found else ""
        found = RacePuzzle(text.strip(), source, b"", count, answer)
        if count == 1:
            return replace(found, picture=png_bytes(kind.render(puzzle, None)))
        if count and fallback is None and pool:
            fallback = (found, puzzle)
    if fallback is None:
        raise PuzzleError(f"no {kind.title} puzzle with a solution could be made")
    found, puzzle = fallback
    return replace(found, picture=png_bytes(kind.render(puzzle, None)))


def rated_race_puzzle(kind: PuzzleKind, difficulty: str, rng: random.Random) -> RacePuzzle:
    """The first of up to RATED_CANDIDATES generated puzzles (drawn within RATED_SECONDS)
    whose rated band fits
    `difficulty` (`Difficulty.distance`), else the closest: "hard" means a hard rating,
    not few givens. A generator's own difficulties go by givens (its "medium" may need
    no more than singles), so after a puzzle rated easier than asked, a harder one is
    drawn from; never after one rated harder (a harder generator's bigger boards come out
    no easier and take longer to make: an easy race of a kind that never rates Easy tried
    all twelve, up to 7x7).
    Generated puzzles have exactly one solution."""
    best: tuple[int, str, Any, Difficulty] | None = None
    asked = drawn = DIFFICULTIES.index(difficulty)
    started = time.monotonic()
    for _attempt in range(RATED_CANDIDATES):  # the asked generator first
        if best is not None and time.monotonic() - started > RATED_SECONDS:
            break
        text = kind.generate(rng, DIFFICULTIES[drawn])
        puzzle = kind.parse(text)
        rated = kind.difficulty(puzzle)
        if rated is None:
            raise PuzzleError(f"{kind.title} puzzles are not rated")
        if best is None or rated.distance(difficulty) < best[0]:
            best = (rated.distance(difficulty), text, puzzle, rated)
        if best[0] == 0:
            break
        if LEVELS.index(rated.level) < asked:
            drawn = min(drawn + 1, len(DIFFICULTIES) - 1)
    if best is None:
        raise PuzzleError(f"no {kind.title} puzzle could be made")
    _, text, puzzle, rated = best
    solved = kind.solve(puzzle, Limits.within(15, max_solutions=2))
    answer = kind.format_solution(puzzle, solved.found[0]) if solved.found else ""
    return RacePuzzle(text.strip(), f"generated {difficulty}",
                      png_bytes(kind.render(puzzle, None)), solved.count, answer,
                      rated.text())


def race_check(kind_name: str, puzzle_text: str, solution_text: str) -> tuple[bool, str]:
    """A race submission checked: (right, what to tell the player)."""
    judgement = judge(puzzle_text, solution_text, kind_name)
    if judgement.ok:
        return True, judgement.summary
    if not judgement.readable:
        return False, judgement.verdict
    return False, broken_rules(judgement)


def race_variant(kind_name: str, race_text: str, race_solution: str,
                 candidate_text: str) -> bool:
    """Whether the candidate is the race's puzzle in disguise (`PuzzleKind.variant_of`);
    a race kept without its solution (started before it was kept) is solved first."""
    kind = choose_kind("", kind_name)
    race = kind.parse(race_text)
    if race_solution:
        solution = kind.parse_solution(race, race_solution)
    else:
        found = kind.solve(race, Limits.within(15, max_solutions=1)).found
        if not found:
            return False
        solution = found[0]
    _, candidate, _ = prepare(candidate_text, kind)
    return kind.variant_of(race, solution, candidate)


def broken_rules(judgement: Judgement) -> str:
    """A wrong race submission's verdict in plain words and the names of the rules it
    breaks, never what the check found in them (a rule's detail can hold the values of
    the answer)."""
    names = [rule.name for rule in judgement.broken]
    return (f"{judgement.summary}\nBroken: {listed(names, SHOWN_FAILURES)}" if names
            else judgement.summary)


@dataclass
class GridHint:
    """One step of a grid puzzle's hint ladder, all its rungs at once: `where` to look,
    the `technique`, the step's sentence (`text`) and its `picture` (PNG bytes: a step's
    board state is kind-specific and does not cross to the bot). `step` counts from 1.
    Instead of a step, `mistake` and `mistake_cell` (the person's entries hold a wrong
    value) or `done` (nothing left to fill). `approach`: the technique rung's own sentence,
    where the kind words it (`HintStep.approach`)."""

    kind: str
    step: int
    where: str = ""
    technique: str = ""
    text: str = ""
    picture: bytes = b""
    mistake: str = ""
    mistake_cell: str = ""
    done: bool = False
    approach: str = ""


def grid_hint(kind_name: str, text: str, entries_text: str, step_index: int) -> GridHint:
    """Step `step_index` (from 0) of the hint path of a puzzle of a kind with hints, from
    the givens plus the person's grid `entries_text` (the kind's grid as typed; empty for
    none). The path is found again up to that step: a whole path is milliseconds for
    everyday puzzles, and the next step alone is quick even on the hardest."""
    kind, puzzle, _ = prepare(text, kind_name)
    if not kind.hints:
        raise PuzzleError(f"no step-by-step hints for {kind.title} yet")
    entries = kind.hint_entries(puzzle, entries_text) if entries_text.strip() else None
    path: HintPath = kind.hint_steps(puzzle, entries, limit=step_index + 1)
    found = GridHint(kind.name, step_index + 1)
    if path.mistake is not None:
        return replace(found, mistake=path.mistake.text, mistake_cell=path.mistake.cell_text)
    if len(path.steps) <= step_index:
        return replace(found, done=True)
    step = path.steps[step_index]
    return replace(found, where=step.where, technique=step.technique, text=step.text,
                   picture=png_bytes(kind.hint_picture(puzzle, step)), approach=step.approach)


def rating(kind_name: str, text: str) -> str:
    """"rated 4.2 (Hard: XY-Wing)" for a puzzle of a kind with hints (its whole hint
    path: up to a few seconds on the hardest), else nothing."""
    kind, puzzle, _ = prepare(text, kind_name)
    rated = kind.difficulty(puzzle) if kind.hints else None
    return rated.text() if rated is not None and rated.hardest else ""


#: the widest a rules picture is drawn (`rules_picture`): small beside the text on a phone
RULES_PICTURE_WIDTH = 360
#: seconds the search for a rules picture's solution may take
RULES_SECONDS = 10.0


def rules_picture(kind_name: str, example: str) -> bytes:
    """The kind's example puzzle solved and drawn small (a PNG), for /help KIND; unsolved
    when no solution is found in RULES_SECONDS."""
    kind, puzzle, _ = prepare(example, kind_name)
    found = kind.solve(puzzle, Limits.within(RULES_SECONDS, max_solutions=1)).found
    picture = kind.render(puzzle, found[0] if found else None)
    picture.thumbnail((RULES_PICTURE_WIDTH, RULES_PICTURE_WIDTH * 2))
    return png_bytes(picture)


def _allowed() -> dict[str, Callable[..., Any]]:
    from . import anagram_jobs  # one kind's own jobs, in a module of their own

    return {job.__name__: job for job in (
        solve, pictures, smt, photo, check, race_puzzle, race_check, race_variant,
        rules_picture, grid_hint, rating,
        anagram_jobs.hints, anagram_jobs.quiz_round, anagram_jobs.quiz_guess)}


#: every job a message may name, by name: the allow-list
JOBS: dict[str, Callable[..., Any]] = _allowed()

codec.records(Result, Media, Later, Judgement, Rule, Reading, Repair, SmtText, RacePuzzle,
              GridHint)


def outcome(name: str, args: list[Any] | tuple[Any, ...],
            language: object = i18n.SOURCE_LANGUAGE) -> dict[str, Any]:
    """Run job `name` with `args` in `language` (the asker's, from the message; anything
    but a language the library speaks is English): {"value": its result}, or {"error": the
    message} for bad input (a PuzzleError). A name off the allow-list runs nothing."""
    job = JOBS[name]
    with i18n.language(i18n.valid(language)):
        try:
            return {"value": job(*args)}
        except PuzzleError as error:
            return {"error": str(error)}  # its line's words in the language too
        finally:
            release_memory()


def perform(name: str, packed_args: bytes, language: object = i18n.SOURCE_LANGUAGE) -> bytes:
    """A local pool worker's side of a message: the packed outcome of job `name`, run in
    the language the message names."""
    return codec.pack(outcome(name, codec.unpack(packed_args), language))


def settled(envelope: dict[str, Any]) -> Any:
    """The bot's side: a job's result, or its PuzzleError raised again."""
    if "error" in envelope:
        raise PuzzleError(envelope["error"])
    return envelope["value"]


def name_of(job: Callable[..., Any]) -> str:
    """The name a message gives `job`; ValueError for a function off the allow-list."""
    name = getattr(job, "__name__", "")
    if JOBS.get(name) is not job:
        raise ValueError(f"{name or job!r} is not a job a worker runs")
    return name
