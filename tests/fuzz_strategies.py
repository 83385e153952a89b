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
import re
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from solvers import pipeline, registry
from solvers.base import PuzzleKind
from solvers.values import Limits, PuzzleError

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
    """Every file in puzzles/ (and its folders), grouped by the kind that reads it (its
    example first)."""
    seeds: dict[str, list[str]] = {kind.name: [] for kind in registry.KINDS}
    for kind in registry.KINDS:
        if kind.example:
            seeds[kind.name].append((PUZZLES / kind.example).read_text(encoding="utf-8"))
    for path in sorted(PUZZLES.rglob("*.txt")):
        text = path.read_text(encoding="utf-8")
        kind = registry.detect(text)
        if kind is not None and text not in seeds[kind.name]:
            seeds[kind.name].append(text)
    seeds["boxer"].extend(HUGE_BOXES)
    return {name: tuple(texts) for name, texts in seeds.items()}


def parsing(kind: PuzzleKind) -> Callable[[str], Any]:
    """`kind.parse`, then the cache key of the model it built: the bot needs both."""
    def parse_and_key(text: str) -> Any:
        puzzle = kind.parse(text)
        pipeline.cache_key(kind, puzzle)
        return puzzle

    return parse_and_key


def example_puzzle(kind: PuzzleKind) -> Any:
    """The model of the kind's example puzzle, or of its first puzzle file for a kind
    without one (the one parse_solution is fuzzed against)."""
    return kind.parse(puzzle_seeds()[kind.name][0])


#: solutions for the examples whose first assembly takes Z3 or the search many seconds
KNOWN_SOLUTIONS = {
    "bedlam": "AHHY ZZCY ZXCC XXXC\nADHH DDDY ZDCY EXWW\nAAHV ABBV EEFY EGGW\nBVVV BBFF GGFW EGFW",
    "y25": ("acccc jjjjp rrrrp ktupp uuuup\naacgh kdjgq kregg ktvgx kvvvv\n"
            "adehh ldeoq lleoo lteox ltyox\nabfih mdfiq mmfiq mtfix myyyy\n"
            "bbbbh ndfiq nssss nnswx nwwww"),
    "conway": ("aaeex aaeeh aaeeh aaeeh llllh\nbQQfx bQQfh bjkfh bjkfh llllh\n"
               "bQQfx bQQfi bjkfi bjkfi mmmmi\ncdddd cPPyi cjkyi cjkyi mmmmi\n"
               "cdddd cPPgg cjkgg cjkgg zzzgg"),
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
#
# Each mutation is a function (draw, text) -> text drawing its own choices from the
# module's fixed strategies (built once: building strategies per example is slow).

PICK = st.integers(0, 2**16)  # taken modulo whatever it picks among
SHORT = st.integers(1, 20)
CHAR = st.sampled_from(ALPHABET)
NOISE = st.text(ALPHABET, max_size=12)
DIGIT = st.sampled_from("0123456789")
HUGE = st.sampled_from(HUGE_DIGITS)
LONG_CHAR = st.sampled_from("9a.o+#x ０")
LONG_SIZE = st.sampled_from((500, 5_000, 25_000))
ODD_DIGIT = st.sampled_from("０１２３４５６７８９²³¹⁰₀₁₂٠١٢٣٤٥٦٧٨٩𝟎𝟏𝟗ⅠⅡⅷ①⑨")
#: Latin letters and the Cyrillic or Greek letter that looks the same
LOOKS_LATIN = dict(zip("oOaAeExXcCpPiIB", "оОаАеЕхХсСрРіІΒ", strict=True))
BLANK = st.sampled_from(("", " ", "\n\n", "\t"))
#: option names the formats and the bot's commands read, and one nobody reads
OPTION_NAME = st.sampled_from(("topic", "pattern", "with", "without", "words", "rounds",
                               "seconds", "difficulty", "minutes", "seed", "x" * 300))
#: long option values: one long word, a long list, a huge number
LONG_VALUE = st.one_of(
    st.builds(lambda char, size: char * size, LONG_CHAR, LONG_SIZE),
    st.builds(lambda word, size: ",".join([word] * size), st.sampled_from(("a", "zq", "ab")),
              st.sampled_from((100, 1500))),
    st.builds(lambda size: "9" * size, HUGE),
)


#: characters nobody sees, pasted from web pages and editors (zero-width space, joiners,
#: word joiner, BOM, soft hyphen, direction marks, NUL), and lone surrogates (JSON can
#: carry them: `"\ud800"`); `solvers.texts.plain_text` drops them all
INVISIBLE = st.sampled_from("\u200b\u200c\u200d\u2060\ufeff\u00ad\u200e\u202e\x00\ud800\udfff")
#: the decimal digits of other scripts, as offsets of their zero: full-width, Arabic-Indic,
#: Eastern Arabic-Indic, Devanagari, Bengali, mathematical bold
DIGIT_ZEROS = st.sampled_from((0xFF10, 0x0660, 0x06F0, 0x0966, 0x09E6, 0x1D7CE))
#: what makes a picture large: a long title line, or a long list of short words
BIG_TITLE = st.builds(lambda word, size: " ".join([word] * size),
                      st.sampled_from(("title", "W", "ﬁ", "很长")), st.sampled_from((300, 1500)))
MANY_LINES = st.sampled_from((300, 3000))


def _splice(text: str, start: int, end: int, insert: str) -> str:
    return text[:start] + insert + text[end:]


def _at(draw: st.DrawFn, text: str) -> int:
    """A position in `text`, ends included."""
    return draw(PICK) % (len(text) + 1)


def replace_char(draw: st.DrawFn, text: str) -> str:
    """One character replaced by a look-alike or any other."""
    at = _at(draw, text)
    return _splice(text, at, at + 1, draw(CHAR))


def insert_noise(draw: st.DrawFn, text: str) -> str:
    at = _at(draw, text)
    return _splice(text, at, at, draw(NOISE))


def delete_stretch(draw: st.DrawFn, text: str) -> str:
    at = _at(draw, text)
    return _splice(text, at, at + draw(SHORT), "")


def truncate(draw: st.DrawFn, text: str) -> str:
    """The text cut short."""
    return text[:_at(draw, text)]


def cut_line(draw: st.DrawFn, text: str) -> str:
    """One line cut short."""
    lines = text.splitlines()
    if not lines:
        return text
    line = draw(PICK) % len(lines)
    lines[line] = lines[line][:draw(PICK) % (len(lines[line]) + 1)]
    return "\n".join(lines)


def drop_or_double_line(draw: st.DrawFn, text: str) -> str:
    lines = text.splitlines()
    if not lines:
        return text
    line = draw(PICK) % len(lines)
    if draw(st.booleans()):
        lines.insert(line, lines[line])
    else:
        del lines[line]
    return "\n".join(lines)


def _digit_at(draw: st.DrawFn, text: str) -> int | None:
    places = [i for i, c in enumerate(text) if c.isdigit()]
    return places[draw(PICK) % len(places)] if places else None


def wrong_digit(draw: st.DrawFn, text: str) -> str:
    at = _digit_at(draw, text)
    return text if at is None else _splice(text, at, at + 1, draw(DIGIT))


def unicode_digit(draw: st.DrawFn, text: str) -> str:
    """A digit swapped for a look-alike: full-width, superscript, Arabic-Indic, bold..."""
    at = _digit_at(draw, text)
    return text if at is None else _splice(text, at, at + 1, draw(ODD_DIGIT))


def look_alike_letter(draw: st.DrawFn, text: str) -> str:
    """A Latin letter swapped for the Cyrillic or Greek one that looks the same."""
    places = [i for i, c in enumerate(text) if c in LOOKS_LATIN]
    if not places:
        return text
    at = places[draw(PICK) % len(places)]
    return _splice(text, at, at + 1, LOOKS_LATIN[text[at]])


def huge_number(draw: st.DrawFn, text: str) -> str:
    """A huge (or huge negative) number where a digit stood, or at the end."""
    number = ("-" if draw(st.booleans()) else "") + "9" * draw(HUGE)
    at = _digit_at(draw, text)
    return f"{text} {number}" if at is None else _splice(text, at, at + 1, number)


def long_line(draw: st.DrawFn, text: str) -> str:
    at = _at(draw, text)
    return _splice(text, at, at, "\n" + draw(LONG_CHAR) * draw(LONG_SIZE) + "\n")


def long_option(draw: st.DrawFn, text: str) -> str:
    """An option with a long value (`with=a,a,...`, `topic=xxx...`) after a word."""
    words = list(re.finditer(r"\S+", text))
    at = draw(st.sampled_from(words)).end() if words else len(text)
    return _splice(text, at, at, f" {draw(OPTION_NAME)}={draw(LONG_VALUE)}")


def invisible_mark(draw: st.DrawFn, text: str) -> str:
    """An invisible character or a lone surrogate, after the first word (a command) or
    anywhere."""
    first = re.match(r"\S*", text)
    at = first.end() if first and draw(st.booleans()) else _at(draw, text)
    return _splice(text, at, at, draw(INVISIBLE))


def other_script_digits(text: str, zero: int) -> str:
    """Every digit 0-9 written in the script whose zero is `zero` (the same puzzle)."""
    return text.translate({ord(d): chr(zero + int(d)) for d in "0123456789"})


def script_digits(draw: st.DrawFn, text: str) -> str:
    """Every digit in one other script: full-width, Arabic-Indic, Devanagari..."""
    return other_script_digits(text, draw(DIGIT_ZEROS))


def big_picture(draw: st.DrawFn, text: str) -> str:
    """What draws a large picture: a long title on the first line, or the last line (a
    Gogen's word) repeated many times."""
    lines = text.rstrip().splitlines() or [""]
    if draw(st.booleans()):
        return "\n".join([f"{lines[0]} {draw(BIG_TITLE)}", *lines[1:]]) + "\n"
    return "\n".join(lines + [lines[-1]] * draw(MANY_LINES)) + "\n"


def header_only(draw: st.DrawFn, text: str) -> str:
    return text.splitlines()[0] if text.strip() else ""


def blank(draw: st.DrawFn, text: str) -> str:
    return draw(BLANK)


def swap_case(draw: st.DrawFn, text: str) -> str:
    return text.swapcase()


def one_line(draw: st.DrawFn, text: str) -> str:
    return " ".join(text.split())


def windows_line_ends(draw: st.DrawFn, text: str) -> str:
    return text.replace("\n", "\r\n")


MUTATIONS = st.sampled_from((
    replace_char, insert_noise, delete_stretch, truncate, cut_line, drop_or_double_line,
    wrong_digit, unicode_digit, look_alike_letter, huge_number, long_line, long_option,
    header_only, blank, swap_case, one_line, windows_line_ends, invisible_mark, script_digits,
))  # `big_picture` has its own test: its texts draw pictures, which parsing alone does not


@st.composite
def mutated(draw: st.DrawFn, seeds: st.SearchStrategy[str]) -> str:
    """A seed drawn from `seeds` with one to four mutations applied."""
    text = draw(seeds)
    for _ in range(draw(st.integers(1, 4))):
        text = draw(MUTATIONS)(draw, text)
    return text


# Strategies per target -----------------------------------------------------------------


def header_texts(kind: PuzzleKind) -> st.SearchStrategy[str]:
    """A kind's header (or command word), then anything."""
    heads = st.sampled_from((f"#{kind.name}", kind.name, f"/{kind.name}", f"#{kind.name} x"))
    return st.tuples(heads, st.sampled_from(" \n"), st.text(ALPHABET, max_size=200)).map(
        "".join)


@functools.cache
def puzzle_texts(kind: PuzzleKind) -> st.SearchStrategy[str]:
    """Text for `kind.parse`: mutated seeds mostly, a header and noise, or pure noise."""
    seeds = mutated(st.sampled_from(puzzle_seeds()[kind.name]))
    return st.one_of(
        seeds, seeds, seeds,
        header_texts(kind),
        st.text(ALPHABET, max_size=300),
    )


@functools.cache
def solution_texts(kind: PuzzleKind) -> st.SearchStrategy[str]:
    """Text for `kind.parse_solution` on the example: the example's solution, mutated."""
    seed = mutated(st.just(solution_seed(kind.name)))
    return st.one_of(
        seed, seed, seed,
        st.text(ALPHABET, max_size=300),
    )


def any_texts() -> st.SearchStrategy[str]:
    """Text for detection + parse: any kind's mutated seed, or noise."""
    seeds = [text for texts in puzzle_seeds().values() for text in texts]
    return st.one_of(
        mutated(st.sampled_from(seeds)),
        st.text(ALPHABET, max_size=300),
        st.text(max_size=100),
    )
