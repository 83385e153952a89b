"""Number Workout text, read and written.

Input, as in the seed: an optional `#nw NAME` header, then 10 lines of 3 or 9 digits.
A solution is the 78 numbers, written in the same 10 lines.
"""

from __future__ import annotations

from ..i18n import N_, _
from ..texts import check_size
from ..values import PuzzleError
from .geometry import TEMPLATE, Grid


def looks_like_nw(text: str) -> bool:
    """A `#nw` or `#numberworkout` header, or lines of digits as long as the template's."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if lines and lines[0].lower().startswith(("#nw", "#numberworkout")):
        return True
    body = [x for x in lines if not x.startswith("#")]
    return ([len(x) for x in body] == list(TEMPLATE)
            and all(x.isdigit() for x in body))


def near_miss(text: str) -> str | None:
    """Ten headerless lines of digits, short first and last, with a line or two not as long
    as the template's: which lines; else None."""
    body = [line.strip() for line in text.splitlines() if line.strip()]
    if len(body) != len(TEMPLATE) or not all(x.isdigit() for x in body) \
            or not all(len(x) < TEMPLATE[1] // 2 for x in (body[0], body[-1])):
        return None
    wrong = [(number, len(x), want) for number, (x, want)
             in enumerate(zip(body, TEMPLATE, strict=True), 1) if len(x) != want]
    if not 0 < len(wrong) <= 2:
        return None
    return _(" and ").join(_("line {line} has {got} digits but needs {want}").format(
        line=number, got=got, want=want) for number, got, want in wrong) + \
        _(" (the lines hold 3, 9 x 8, 3).")


#: a template line of the wrong length, by what is being read (`read_digits`'s `what`)
WRONG_LENGTH = {
    "puzzle": N_("Template violation: line {line} of the puzzle needs {expected} digits, got "
                 "{got}"),
    "solution": N_("Template violation: line {line} of the solution needs {expected} digits, "
                   "got {got}"),
    "grid": N_("Template violation: line {line} of the grid needs {expected} digits, got "
               "{got}")}


def read_digits(text: str, what: str) -> tuple[tuple[int, ...], str]:
    """The 10 template lines as one tuple of digits, and the header name if any."""
    check_size(text)
    name, digits, line_count = "", [], 0
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip().replace(" ", "")
        if not stripped:
            continue
        if stripped.startswith("#"):
            if line_count:
                raise PuzzleError(_("a header line must come before the numbers"), number)
            name = _header_name(line.strip())
            continue
        if line_count == len(TEMPLATE):
            raise PuzzleError(_("Template violation: a Number Workout has {lines} lines of "
                                "digits; this is one too many").format(lines=len(TEMPLATE)),
                              number)
        expected = TEMPLATE[line_count]
        if len(stripped) != expected:
            raise PuzzleError(_(WRONG_LENGTH[what]).format(
                line=line_count + 1, expected=expected, got=len(stripped)), number)
        for column, char in enumerate(stripped, 1):
            if char not in "0123456":
                raise PuzzleError(_("'{char}' is not a number 1..6 (0 for an empty "
                                    "segment)").format(char=char), number, column)
            digits.append(int(char))
        line_count += 1
    if line_count == 0:
        raise PuzzleError(_("the puzzle is empty: send 10 lines of 3 or 9 digits (0 = empty)"))
    if line_count < len(TEMPLATE):
        raise PuzzleError(_("Template violation: got {got} lines of digits, a Number Workout "
                            "needs {lines} ({widths})").format(
            got=line_count, lines=len(TEMPLATE), widths=", ".join(map(str, TEMPLATE))))
    return tuple(digits), name


def _header_name(header: str) -> str:
    """`#nw NAME` gives NAME; a header such as `#NW_001.txt DM ...` is kept whole."""
    word, _, rest = header[1:].partition(" ")
    return rest.strip() if word.lower() in ("nw", "numberworkout") else header[1:].strip()


def lines_text(numbers: tuple[int, ...]) -> str:
    """The 78 numbers in the template's 10 lines."""
    lines, start = [], 0
    for width in TEMPLATE:
        lines.append("".join(map(str, numbers[start:start + width])))
        start += width
    return "\n".join(lines)


def parse_filled(text: str) -> Grid:
    """The same 10 lines as the puzzle (3, 9 x 8, 3 digits), every digit 1..6."""
    digits, _name = read_digits(text, "solution")
    if 0 in digits:
        raise PuzzleError(_("segment {segment} is 0; a solution fills every segment with "
                            "1..6").format(segment=digits.index(0)))
    return digits
