"""The text helpers every kind shares: reading what a person sent as they meant it
(`plain_text`, `text_encoding`, `check_size`), a `#name` header, and the few phrases
kinds word alike (counts, lists, a clipped quote, why there is no solution)."""

from __future__ import annotations

import unicodedata
from itertools import groupby

from .i18n import _, number
from .values import PuzzleError, Solutions

#: Longest text any parser accepts; larger input is refused before it is read.
MAX_INPUT_CHARS = 20_000


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
