"""Run any puzzle kind the same way: parse -> solve -> check -> render.

This is the one function the bot's worker processes, the command line and the
benchmarks call, so every kind is exercised through the same path. Everything it
returns is plain data, so it crosses to any worker and goes into the cache as is.

`judge` is the other path: parse a puzzle and a solution someone typed, then the kind's
own check, with no search (the race's /submit and the bot's /check).
"""

from __future__ import annotations

import hashlib
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from . import draw, registry
from .base import PuzzleKind
from .draw import png_bytes
from .i18n import N_, _, current, number
from .texts import check_size, plain_text, why_none
from .values import CheckReport, Limits, Media, PuzzleError, Rule, Solutions

#: a count stopped by the solution cap runs on for at most this long and this many, so a
#: cheap count is said exactly ("exactly 16" rather than "at least 2")
RECOUNT_SECONDS = 1.0
RECOUNT_CAP = 10_000


@dataclass
class Result:
    """Everything a reply needs, and the figures worth logging.

    `ok` is False only for bad input (`error` then holds the line-numbered message).
    A puzzle with no solution is a good result with `count == 0`.

    For a kind with long counts, `caption` is `headline` (title, verdict) then
    `count_line` (the count's figures and state: "19,186 unique assemblies, ...
    (complete, 71 s)"), so the count line can be replaced as the count goes on.
    `counting` marks the first answers of a count handed back early (`run`'s
    `hand_back_after`): the count is still to be finished elsewhere.
    """

    kind: str
    ok: bool
    name: str = ""
    error: str = ""
    caption: str = ""
    report: str = ""
    verdict_ok: bool = False
    #: the check's verdict in plain words (`CheckReport.summary`), "" with no solution
    summary: str = ""
    solutions: list[str] = field(default_factory=list)
    count: int = 0
    exhaustive: bool = False
    timed_out: bool = False
    reason: str = ""
    media: list[Media] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)
    stats: dict[str, Any] = field(default_factory=dict)
    counting: bool = False
    headline: str = ""
    count_line: str = ""
    later: Later | None = None
    #: further pages of the caption (`PuzzleKind.more_captions`), shown by a More button
    more: list[str] = field(default_factory=list)
    #: how hard the puzzle is ("rated 4.2 (Hard: XY-Wing)"), for a kind with hints and a
    #: puzzle with exactly one solution; also the caption's last line
    difficulty: str = ""

    def to_json(self) -> dict[str, Any]:
        """The command line's JSON shape: the same keys for every kind."""
        data = asdict(self)
        data.pop("media")
        data.pop("caption")
        data.pop("later")
        data.pop("more")
        return data


@dataclass
class Later:
    """What a kind's further pictures (`PuzzleKind.extra_media`: the burr's animation and
    pieces sheet) are drawn from after the main picture has gone: `later_media` draws
    them in another job, so the reply's first picture never waits for them. Plain data
    (the kind's name, the puzzle's text and the solve's budget), so it crosses to any
    worker; never cached (a Result goes into the cache only once its pictures are made).
    """

    kind: str
    text: str
    seconds: float | None = None


#: the further pictures a process can draw from its own parse and solve (`later_media`),
#: newest last: one per job in flight is plenty, the entry going when its pictures are drawn
LATER_KEPT = 4


class _Drawable(OrderedDict[tuple[str, str], tuple[PuzzleKind, Any, Solutions]]):
    """The puzzles (read and solved) whose `Later` this process handed out, by (kind's
    name, text): the job drawing their further pictures, when it runs in the same process,
    reads and solves nothing again."""

    def keep(self, later: Later, kind: PuzzleKind, puzzle: Any, solutions: Solutions) -> None:
        self[(later.kind, later.text)] = (kind, puzzle, solutions)
        while len(self) > LATER_KEPT:
            self.popitem(last=False)


_DRAWABLE = _Drawable()


def later_media(later: Later) -> list[Media]:
    """The further pictures a Result's `later` stands for (run in a worker): from the
    puzzle and solutions `run` kept when the job lands in the process that solved it,
    else the puzzle read and solved again (the kinds with further pictures solve in
    milliseconds, and their search is deterministic, so the pictures show the answer the
    reply showed)."""
    kept = _DRAWABLE.pop((later.kind, later.text), None)
    if kept is None:
        kind, puzzle = prepare(later.text, later.kind)[:2]
        solutions = kind.solve(puzzle, Limits.within(later.seconds, kind.max_solutions))
    else:
        kind, puzzle, solutions = kept
    return kind.extra_media(puzzle, solutions)


def choose_kind(text: str, kind_name: PuzzleKind | str | None) -> PuzzleKind:
    """The kind given (itself, or by name), else the one `detect` picks; else a
    PuzzleError. A kind given itself need not be in this process's registry."""
    if isinstance(kind_name, PuzzleKind):
        return kind_name
    if kind_name:
        kind = registry.get(kind_name)
        if kind is None:
            known = ", ".join(k.name for k in registry.KINDS)
            raise PuzzleError(_("unknown puzzle kind '{name}'; known kinds: {known}").format(
                name=kind_name, known=known))
        return kind
    kind = registry.detect(text)
    if kind is None:
        raise PuzzleError(_("this does not look like a puzzle I know; send /help for the "
                            "formats"))
    return kind


#: bumped whenever the wording every kind shares changes (the plain verdict, the count's
#: words) or the pictures change across kinds (issue 27: layer labels, rotor numbers), so
#: the cached answers of every kind die with it, as `PuzzleKind.version` does for one kind's
WORDING = "3"


def cache_key(kind: PuzzleKind, puzzle: Any) -> str:
    """Kind + canonical puzzle + solver version, hashed to a short stable key.

    The puzzle's name is part of it because the cached caption and pictures show it.
    """
    raw = (f"{kind.name}\n{kind.version}.{WORDING}\n{kind.puzzle_name(puzzle)}\n"
           f"{kind.canonical(puzzle)}")
    # a lone surrogate (`plain_text` drops them; a kind's parse called alone may keep one)
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


def worded_key(key: str, language: str | None = None) -> str:
    """A cache key (`cache_key`) for the answer worded in `language` (the current one by
    default): the captions, reports and counts of a cached answer are in its asker's
    language, so a German answer is kept apart from the English one. The English key is
    the puzzle's key itself (the answers cached before languages stay valid); `cache_key`
    stays the puzzle's identity (a race compares puzzles by it, whatever the language)."""
    language = current() if language is None else language
    return key if language == "en" else f"{key}.{language}"


def prepare(text: str, kind_name: PuzzleKind | str | None = None
            ) -> tuple[PuzzleKind, Any, str]:
    """Parse only: the kind, the puzzle and its cache key (cheap; no search). The text is
    read as `plain_text` (no invisible characters, any script's digits as 0-9)."""
    check_size(text)
    text = plain_text(text)
    kind = choose_kind(text, kind_name)
    puzzle = kind.parse(text)
    return kind, puzzle, cache_key(kind, puzzle)


#: what a count line says about the count (in English; `count_line` translates it)
COMPLETE, COUNTING, STOPPED = (N_("complete"), N_("still counting"),
                               N_("stopped at the time limit"))


def count_line(figures: str, state: str, seconds: float) -> str:
    """The count's figures, its state and how long it ran: "... (complete, 71 s)"."""
    return _("{figures} ({state}, {seconds} s)").format(
        figures=figures, state=_(state), seconds=number(round(seconds)))


def first_answers_after(seconds: float) -> Callable[[Solutions], bool]:
    """A `Limits.early` that takes a long count's first answers once it has run for
    `seconds`: a count that ends sooner is answered in full."""
    started = time.monotonic()
    return lambda _: time.monotonic() - started >= seconds


def run(
    text: str,
    kind_name: str | None = None,
    limits: Limits | None = None,
    render: bool = True,
    *,
    seconds: float | None = None,
    progress: Callable[[int, int], None] | None = None,
    hand_back_after: float | None = None,
    extras_later: bool = False,
) -> Result:
    """Solve puzzle text end to end; bad input becomes a Result with `ok=False`.

    Without explicit `limits`, the search gets `seconds`, the kind's own solution cap
    and the `progress` callback. With `hand_back_after`, a kind with long counts stops
    after that many seconds with its first answers (a Result marked `counting`). With
    `extras_later`, a finished answer comes back with its main picture alone and
    `later` set, for `later_media` to draw the others while the first is sent.
    """
    timings: dict[str, float] = {}
    started = time.perf_counter()
    try:
        kind, puzzle = prepare(text, kind_name)[:2]
    except PuzzleError as error:
        guessed = registry.get(kind_name or "") or registry.detect(text)
        return Result(kind=guessed.name if guessed else "", ok=False, error=str(error))
    timings["parse"] = time.perf_counter() - started
    early = None if hand_back_after is None else first_answers_after(hand_back_after)
    limits = limits or Limits.within(seconds, kind.max_solutions, progress=progress,
                                     early=early)

    mark = time.perf_counter()
    solutions = recount(kind, puzzle, kind.solve(puzzle, limits), limits)
    timings["solve"] = time.perf_counter() - mark
    timed_out = limits.expired()

    mark = time.perf_counter()
    report = kind.check(puzzle, solutions.found[0]) if solutions.found else None
    timings["check"] = time.perf_counter() - mark

    media: list[Media] = []
    later = None
    if render:
        mark = time.perf_counter()
        first = solutions.found[0] if solutions.found else None
        media.append(draw.picture(f"{kind.name}.png", kind.render(puzzle, first)))
        if extras_later and kind.more_media and not solutions.counting:
            later = Later(kind.name, text, seconds)
            _DRAWABLE.keep(later, kind, puzzle, solutions)
        else:
            media.extend(kind.extra_media(puzzle, solutions))
        timings["render"] = time.perf_counter() - mark

    report_text = report.text() if report else why_none(solutions.reason) or _(
        "No solution.")
    note = kind.alternatives_note(puzzle, solutions)
    if note:
        report_text += f"\n\n{note}"
    mark = time.perf_counter()
    rated = rated_difficulty(kind, puzzle, solutions)
    timings["rate"] = time.perf_counter() - mark
    headline = kind.caption(puzzle, solutions, report)
    if rated:  # on the count's line, so a Sudoku's caption keeps to 12 lines
        headline += " · " + _("Difficulty: {rating}").format(rating=rated)
    line = ""
    if kind.counted and (solutions.found or solutions.counting):
        state = COUNTING if solutions.counting else STOPPED if timed_out else COMPLETE
        line = count_line(kind.count_figures(puzzle, solutions), state, timings["solve"])
    return Result(
        kind=kind.name,
        ok=True,
        name=kind.puzzle_name(puzzle),
        caption=f"{headline}\n{line}" if line else headline,
        headline=headline,
        count_line=line,
        counting=solutions.counting,
        report=report_text,
        verdict_ok=bool(report and report.ok),
        summary=report.summary() if report else "",
        solutions=[kind.format_solution(puzzle, s) for s in solutions.found],
        count=solutions.count,
        exhaustive=solutions.exhaustive,
        timed_out=timed_out,
        reason=solutions.reason,
        media=media,
        timings=timings,
        stats=solutions.stats,
        later=later,
        more=kind.more_captions(puzzle, solutions) if solutions.found else [],
        difficulty=rated,
    )


def rated_difficulty(kind: PuzzleKind, puzzle: Any, solutions: Solutions) -> str:
    """"rated 4.2 (Hard: XY-Wing)" for a puzzle of a kind with hints and exactly one
    solution (the hint path is only defined then), else nothing; nothing too for a grid
    already full (no step to rate)."""
    if not kind.hints or solutions.count != 1 or not solutions.exhaustive:
        return ""
    rated = kind.difficulty(puzzle)
    return rated.text() if rated is not None and rated.hardest else ""


def recount(kind: PuzzleKind, puzzle: Any, solutions: Solutions, limits: Limits) -> Solutions:
    """The solutions with their count made exact when that is cheap.

    A search that stopped because it had found `limits.max_solutions` only knows "at
    least that many". It is run again, keeping nothing new, with a cap of `RECOUNT_CAP`
    for up to `RECOUNT_SECONDS` (never past the caller's deadline): when it finishes,
    the count is exact; otherwise it says "at least" the larger figure it reached.
    """
    if (solutions.exhaustive or solutions.counting or solutions.count != limits.max_solutions
            or limits.expired()):
        return solutions  # done, handed back early to count on, or not stopped by the cap
    started = time.monotonic()
    deadline = started + RECOUNT_SECONDS
    if limits.deadline is not None:
        deadline = min(deadline, limits.deadline)
    again = kind.solve(puzzle, Limits(max_solutions=RECOUNT_CAP, deadline=deadline))
    if again.count < solutions.count or (again.count == solutions.count
                                         and not again.exhaustive):
        return solutions
    stats = {**solutions.stats, "recount_seconds": round(time.monotonic() - started, 3)}
    return Solutions(solutions.found, again.count, again.exhaustive, solutions.reason, stats)


@dataclass
class Judgement:
    """A kind's check of a solution someone typed: whether it is right, and why not.

    `readable` is False when the solution text could not be read (`verdict` then says
    where). `summary` is the verdict in plain words (`CheckReport.summary`). `broken`
    holds the rules the solution breaks; `picture` is the PNG of the solution (a wrong one
    with its broken cells marked), drawn when asked. Picklable for the solver pool.
    """

    kind: str
    ok: bool
    verdict: str
    readable: bool = True
    summary: str = ""
    broken: list[Rule] = field(default_factory=list)
    report: str = ""
    picture: bytes = b""

    def failures_text(self, limit: int) -> str:
        """The plain verdict and the report lines of at most `limit` broken rules, then
        how many more: what a player is told about a wrong solution (never the answer)."""
        hidden = len(self.broken) - limit
        more = [_("... and {hidden} more").format(hidden=hidden)] if hidden > 0 else []
        return "\n".join([self.summary or self.verdict,
                          *(rule.line() for rule in self.broken[:limit]), *more])


def about_solution(error: PuzzleError) -> str:
    """A solution's reading error, its line named as the solution's own ("Your solution,
    line 3: ..."), so it is not taken for a line of the puzzle."""
    if error.line is None:
        return error.message
    if error.column:
        return _("Your solution, line {line}, column {column}: {message}").format(
            line=error.line, column=error.column, message=error.message)
    return _("Your solution, line {line}: {message}").format(line=error.line,
                                                              message=error.message)


def judge(text: str, solution_text: str, kind_name: PuzzleKind | str | None = None,
          render: bool = False) -> Judgement:
    """Check a typed solution of puzzle text with the kind's own check (no search).

    A bad puzzle raises PuzzleError (the caller's input, named by the puzzle's lines); a
    solution that cannot be read is a Judgement with `readable=False`. `render` draws a
    right solution as a PNG, and a wrong one as the person typed it with the cells where
    its rules break marked (never the answer; kinds whose rules name no cells are not
    drawn); it is positional, as the solver pool passes no keywords.
    """
    kind, puzzle = prepare(text, kind_name)[:2]
    try:
        check_size(solution_text)
        solution = kind.parse_solution(puzzle, plain_text(solution_text))
    except PuzzleError as error:
        verdict = _("I could not read that solution: {error}").format(
            error=about_solution(error))
        return Judgement(kind.name, False, verdict, readable=False, report=verdict)
    report = kind.check(puzzle, solution)
    picture = judged_picture(kind, puzzle, solution, report) if render else b""
    return Judgement(kind.name, report.ok, report.verdict, summary=report.summary(),
                     broken=report.broken(),
                     report=report.text(), picture=picture)


def judged_picture(kind: PuzzleKind, puzzle: Any, solution: Any, report: CheckReport) -> bytes:
    """A right solution's picture; a wrong one's with its broken cells marked (`b""` when
    the broken rules name no cells or the kind cannot mark them)."""
    if report.ok:
        return png_bytes(kind.render(puzzle, solution))
    cells = report.broken_cells()
    marked = kind.render_marked(puzzle, solution, cells) if cells else None
    return png_bytes(marked) if marked is not None else b""
