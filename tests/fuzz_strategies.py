"""Hypothesis strategies for bad input, seeded with the real puzzle formats.

Words used here:
- *seed*: a real, well-formed text of one kind (a file in `puzzles/`, or the text form of
  a solution of the kind's example puzzle);
- *mutation*: one small damage done to a text (a truncated line, a wrong digit, a
  Unicode look-alike, a huge number, a very long line...);
- *verdict*: what a parser did with one text: a model, a `PuzzleError`, or a failure
  (any other exception, a bad line number, or too long a time).

Shared by the short run in `make test` (tests/test_fuzz.py) and the long run
(bench/fuzz.py), so both try the same kinds of damage.
"""

from __future__ import annotations

import functools
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from solvers import registry
from solvers.base import Limits, PuzzleError, PuzzleKind

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"

#: characters that look like the real ones, or that text handling often gets wrong:
#: full-width and other Unicode digits (some pass str.isdigit() but not int()),
#: Cyrillic and Greek letters that look Latin, signs, invisible and line-breaking marks
LOOK_ALIKES = (
    "０１２３４５６７８９"  # full-width digits
    "²³¹⁰₀₁₂"  # superscript and subscript digits: isdigit() is True, int() fails
    "٠١٢٣٤٥٦٧٨٩"  # Arabic-Indic digits: int() reads them
    "𝟎𝟏𝟗"  # mathematical bold digits
    "ⅠⅡⅷ①⑨"  # Roman numerals and circled digits: numeric, not decimal
    "оОаАеЕхХсСрРіІ"  # Cyrillic letters shaped like Latin ones
    "οΟαΑ"  # Greek omicron and alpha
    "−–—＋﹣‐"  # minus, dashes, full-width plus
    "＃#％%，,：:＝="  # full-width and plain punctuation the formats use
    "\u00a0\u2007\u200b\u200e\u202e\ufeff"  # no-break, figure, zero-width, RTL marks, BOM
    "\t\r\x0b\x0c\x1c\x85\u2028\u2029"  # separators str.splitlines() splits on
    "\x00\x7f\ufffd"  # NUL, DEL, replacement character
    "ß\u0301ﬁİı"  # letters whose case changes their length
    "😀🧩"  # astral symbols
)
#: plain characters of the real formats
FORMAT_CHARS = "0123456789 .\n#+-oa?,=/()abcdefghijklmnopqrstuvwxyzOXQ%"
ALPHABET = FORMAT_CHARS + LOOK_ALIKES
#: longest error message accepted: a chat message, whatever the input, with room to spare
MAX_MESSAGE = 1000

#: the ten powers of huge numbers tried where a number stood; 5,000 digits is past
#: Python's int() limit for decimal strings (4,300 digits)
HUGE_DIGITS = (10, 19, 20, 40, 400, 4301, 5000)

#: boxer headers asking for far too many cells (10^9 and more) or dimensions
HUGE_BOXES = (
    "#boxer huge\n5 100 100 100 100 10\n0\na\na 1  0 0 0 0 0\n",  # 10^9 cells
    "#boxer huge\n3 1000 1000 1000\n0\na\na 1  0 0 0\n",
    "#boxer huge\n6 100 100 100 100 100 100\n0\na\na 1  0 0 0 0 0 0\n",
    "#boxer huge\n2 100 1000000000\n0\na\na 1  0 0\n",
    "#boxer huge\n1000000000 2\n",
    "#boxer huge\n3 46 46 47\n0\na\na 1  0 0 0\n",  # just under 100,000 cells
    "#boxer many parts\n2 10 100\n0\na\n" + "a" * 1000 + " 1  0 0\n",
)


@dataclass(frozen=True)
class Verdict:
    """What one parser call did: the model's type name, or the PuzzleError, in seconds."""

    model: str | None
    error: PuzzleError | None
    seconds: float


class TooSlow(Exception):
    """Raised by the alarm when one parse runs past its bound (a hang)."""


@contextmanager
def time_bound(seconds: float) -> Iterator[None]:
    """Turn a parse that runs longer than `seconds` into a TooSlow failure.

    Uses SIGALRM, so it works in the main thread only; elsewhere it does nothing and the
    hypothesis deadline is the only guard.
    """
    def ring(signum, frame):
        raise TooSlow(f"still running after {seconds} s")

    try:
        previous = signal.signal(signal.SIGALRM, ring)
    except ValueError:  # not the main thread
        yield
        return
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def judge(call: Callable[[str], Any], text: str, bound: float = 10.0) -> Verdict:
    """Run one parser on `text` and hold it to the contract.

    A model or a PuzzleError is fine; a PuzzleError must say where it is: a line number
    inside the text (1-based, counted as `str.splitlines()` counts) that `str()` starts
    with, or no line at all (a message about the whole input). Anything else raises
    AssertionError (or the parser's own exception, which is then the failure).
    """
    started = time.perf_counter()
    try:
        with time_bound(bound):
            model = call(text)
    except PuzzleError as error:
        seconds = time.perf_counter() - started
        check_error(error, text)
        return Verdict(None, error, seconds)
    return Verdict(type(model).__name__, None, time.perf_counter() - started)


def check_error(error: PuzzleError, text: str) -> None:
    """A user can act on the message: it is short, not empty, and names a real line, if any.

    Short means it fits a chat message with room to spare, however long the input: a
    message that echoes a 5,000-digit number back is over Telegram's 4,096 characters.
    """
    shown = str(error)
    assert error.message.strip(), f"empty message from {error!r}"
    assert len(shown) <= MAX_MESSAGE, f"a {len(shown):,}-character message: {shown[:200]}..."
    if error.line is None:
        assert not shown.startswith("Line "), shown
        return
    lines = max(1, len(text.splitlines()))
    assert isinstance(error.line, int) and 1 <= error.line <= lines, (
        f"line {error.line!r} is outside the text's {lines} lines: {shown}")
    assert shown.startswith(f"Line {error.line}"), shown


# Seeds ---------------------------------------------------------------------------------


@functools.cache
def puzzle_seeds() -> dict[str, tuple[str, ...]]:
    """Every file in puzzles/, grouped by the kind that reads it (its example first)."""
    seeds: dict[str, list[str]] = {kind.name: [] for kind in registry.KINDS}
    for kind in registry.KINDS:
        if kind.example:
            seeds[kind.name].append((PUZZLES / kind.example).read_text(encoding="utf-8"))
    for path in sorted(PUZZLES.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        kind = registry.detect(text)
        if kind is not None and text not in seeds[kind.name]:
            seeds[kind.name].append(text)
    seeds["boxer"].extend(HUGE_BOXES)
    return {name: tuple(texts) for name, texts in seeds.items()}


def example_puzzle(kind: PuzzleKind) -> Any:
    """The model of the kind's example puzzle (the one parse_solution is fuzzed against)."""
    return kind.parse((PUZZLES / kind.example).read_text(encoding="utf-8"))


#: solutions for the examples whose first assembly takes Z3 or the search many seconds
KNOWN_SOLUTIONS = {
    "bedlam": "AHHY ZZCY ZXCC XXXC\nADHH DDDY ZDCY EXWW\nAAHV ABBV EEFY EGGW\nBVVV BBFF GGFW EGFW",
    "y25": ("acccc jjjjp rrrrp ktupp uuuup\naacgh kdjgq kregg ktvgx kvvvv\n"
            "adehh ldeoq lleoo lteox ltyox\nabfih mdfiq mmfiq mtfix myyyy\n"
            "bbbbh ndfiq nssss nnswx nwwww"),
}


@functools.cache
def solution_seed(name: str) -> str:
    """The text form of one solution of the kind's example puzzle, as a person would type it."""
    if name in KNOWN_SOLUTIONS:
        return KNOWN_SOLUTIONS[name]
    kind = registry.get(name)
    puzzle = example_puzzle(kind)
    found = kind.solve(puzzle, Limits.within(5.0, max_solutions=1)).found
    return kind.format_solution(puzzle, found[0]) if found else ""


# Mutations -----------------------------------------------------------------------------


def _splice(text: str, start: int, end: int, insert: str) -> str:
    return text[:start] + insert + text[end:]


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """`text` with one to four mutations applied."""
    for _ in range(draw(st.integers(1, 4))):
        text = draw(_mutation(text))
    return text


def _mutation(text: str) -> st.SearchStrategy[str]:
    """One mutation of `text`, chosen among all that apply to it."""
    n = len(text)
    at = st.integers(0, n)
    options = [
        # a character replaced by a look-alike or any other
        st.tuples(st.integers(0, max(0, n - 1)), st.sampled_from(ALPHABET)).map(
            lambda p: _splice(text, p[0], p[0] + 1, p[1])),
        # something inserted
        st.tuples(at, st.text(ALPHABET, max_size=12)).map(
            lambda p: _splice(text, p[0], p[0], p[1])),
        # a stretch deleted
        st.tuples(at, st.integers(1, 20)).map(lambda p: _splice(text, p[0], p[0] + p[1], "")),
        # truncated: the text cut short, or one line cut short
        at.map(lambda i: text[:i]),
        st.tuples(st.integers(0, 40), st.integers(0, 30)).map(
            lambda p: _cut_line(text, *p)),
        # a whole line dropped or doubled
        st.tuples(st.integers(0, 40), st.booleans()).map(lambda p: _line_op(text, *p)),
        # a wrong digit
        st.tuples(st.integers(0, 1000), st.sampled_from("0123456789")).map(
            lambda p: _wrong_digit(text, *p)),
        # a huge or negative number where a number stood
        st.tuples(st.integers(0, 1000), st.sampled_from(HUGE_DIGITS), st.booleans()).map(
            lambda p: _huge_number(text, *p)),
        # a very long line
        st.tuples(at, st.sampled_from("9a.o+#x ０"), st.sampled_from((500, 5_000, 25_000))).map(
            lambda p: _splice(text, p[0], p[0], "\n" + p[1] * p[2] + "\n")),
        # only the header, or nothing at all
        st.just(text.splitlines()[0] if text.strip() else ""),
        st.sampled_from(("", " ", "\n\n", "\t")),
        # case flipped, spaces collapsed, Windows line ends
        st.just(text.swapcase()),
        st.just(" ".join(text.split())),
        st.just(text.replace("\n", "\r\n")),
    ]
    return st.one_of(options)


def _cut_line(text: str, line: int, keep: int) -> str:
    lines = text.splitlines()
    if not lines:
        return text
    line %= len(lines)
    lines[line] = lines[line][:keep]
    return "\n".join(lines)


def _line_op(text: str, line: int, double: bool) -> str:
    lines = text.splitlines()
    if not lines:
        return text
    line %= len(lines)
    if double:
        lines.insert(line, lines[line])
    else:
        del lines[line]
    return "\n".join(lines)


def _digit_positions(text: str) -> list[int]:
    return [i for i, c in enumerate(text) if c.isdigit()]


def _wrong_digit(text: str, pick: int, digit: str) -> str:
    places = _digit_positions(text)
    if not places:
        return text
    i = places[pick % len(places)]
    return _splice(text, i, i + 1, digit)


def _huge_number(text: str, pick: int, digits: int, negative: bool) -> str:
    places = _digit_positions(text)
    number = ("-" if negative else "") + "9" * digits
    if not places:
        return f"{text} {number}"
    i = places[pick % len(places)]
    return _splice(text, i, i + 1, number)


# Strategies per target -----------------------------------------------------------------


def header_texts(kind: PuzzleKind) -> st.SearchStrategy[str]:
    """A kind's header (or command word), then anything."""
    heads = st.sampled_from((f"#{kind.name}", kind.name, f"/{kind.name}", f"#{kind.name} x"))
    return st.tuples(heads, st.sampled_from(" \n"), st.text(ALPHABET, max_size=200)).map(
        "".join)


def puzzle_texts(kind: PuzzleKind) -> st.SearchStrategy[str]:
    """Text for `kind.parse`: mutated seeds mostly, a header and noise, or pure noise."""
    seeds = puzzle_seeds()[kind.name]
    return st.one_of(
        st.sampled_from(seeds).flatmap(mutated),
        st.sampled_from(seeds).flatmap(mutated),
        st.sampled_from(seeds).flatmap(mutated),
        header_texts(kind),
        st.text(ALPHABET, max_size=300),
    )


def solution_texts(kind: PuzzleKind) -> st.SearchStrategy[str]:
    """Text for `kind.parse_solution` on the example: the example's solution, mutated."""
    seed = solution_seed(kind.name)
    return st.one_of(
        mutated(seed), mutated(seed), mutated(seed),
        st.text(ALPHABET, max_size=300),
    )


def any_texts() -> st.SearchStrategy[str]:
    """Text for detection + parse: any kind's mutated seed, or noise."""
    seeds = [text for texts in puzzle_seeds().values() for text in texts]
    return st.one_of(
        st.sampled_from(seeds).flatmap(mutated),
        st.text(ALPHABET, max_size=300),
        st.text(max_size=100),
    )
