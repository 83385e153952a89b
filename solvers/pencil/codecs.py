"""The shared body codecs of puzz.link links, written from the player's format notes.

A body is read by a `Reader`, a cursor over the text: each codec reads its part and
leaves the cursor after it, so a genre whose body holds several parts (rooms, then
numbers) reads them in turn. Clue values: None for no clue, `QUESTION` for a '?' clue,
else the number. Each `read_*` has its `write_*` for the link back.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _
from ..values import PuzzleError

#: a clue shown as '?': present, value unknown
QUESTION = -2
#: an arrow clue cell with neither direction nor number ('+')
BLANK = -3
#: 5-bit groups, most significant first (borders, binary flags)
BITS = (16, 8, 4, 2, 1)
#: 3-value groups (circles), most significant first
TRITS = (9, 3, 1)


class Reader:
    """A cursor over a link's body; `part` names what is being read, for errors."""

    def __init__(self, body: str):
        self.body = body
        self.pos = 0
        self.part = _("body")

    @property
    def rest(self) -> str:
        return self.body[self.pos:]

    def peek(self) -> str:
        return self.body[self.pos] if self.pos < len(self.body) else ""

    def take(self, count: int = 1) -> str:
        text = self.body[self.pos:self.pos + count]
        self.pos += len(text)
        return text

    def fail(self, what: str) -> PuzzleError:
        return PuzzleError(_("The link's {part} could not be read at character {at} "
                             "({what}).").format(part=self.part, at=self.pos + 1, what=what))

    def hex(self, count: int) -> int:
        digits = self.take(count)
        try:
            if len(digits) != count:
                raise ValueError
            return int(digits, 16)
        except ValueError:
            raise self.fail(_("expected {count} hex digits").format(count=count)) from None

    def digit(self, base: int) -> int:
        """The next character as one digit in `base` (a packed group of cells)."""
        char = self.take()
        if not char:
            raise self.fail(_("the body ends too soon"))
        try:
            return int(char, base)
        except ValueError:
            self.pos -= 1
            raise self.fail(_("unexpected {char!r}").format(char=char)) from None


def _skip(char: str, first: str) -> int | None:
    """How many cells a skip letter stands for, counting from letter `first` as 1."""
    if "a" <= char <= "z" and char >= first:
        return int(char, 36) - int(first, 36) + 1
    return None


# -- numbers: base 16 with '-' (2 digits) and '+' (3 digits), skips g-z ---------------------
def read_number16(reader: Reader, count: int) -> list[int | None]:
    """`count` clues: 0-f one digit, '-' two hex digits, '+' three, '.' a '?', g-z skip
    1-20 cells."""
    out: list[int | None] = []
    while len(out) < count and reader.peek():
        char = reader.take()
        if char in "0123456789abcdef":
            out.append(int(char, 16))
        elif char == "-":
            out.append(reader.hex(2))
        elif char == "+":
            out.append(reader.hex(3))
        elif char == "=":
            out.append(reader.hex(3) + 4096)
        elif char in "%@":
            out.append(reader.hex(3) + 8192)
        elif char == ".":
            out.append(QUESTION)
        elif (skip := _skip(char, "g")) is not None:
            out.extend([None] * skip)
        else:
            reader.pos -= 1
            raise reader.fail(_("unexpected {char!r}").format(char=char))
    return _fit(out, count)


def _fit(values: list, count: int) -> list:
    """Cut a run that overshot the end, pad a body that stopped short."""
    return (values + [None] * count)[:count]


def write_number(value: int) -> str:
    if value == QUESTION:
        return "."
    if value < 16:
        return format(value, "x")
    if value < 256:
        return "-" + format(value, "x")
    if value < 4096:
        return "+" + format(value, "x")
    return "=" + format(value - 4096, "03x")


def write_number16(values: Sequence[int | None]) -> str:
    return _with_skips([None if v is None else write_number(v) for v in values], "g", 20)


def _with_skips(tokens: Sequence[str | None], first: str, longest: int) -> str:
    """Join tokens, writing each run of empty cells (None) as skip letters from `first`
    (one cell) up to `longest` cells a letter."""
    out, run = [], 0
    for token in tokens:
        if token is None:
            run += 1
            if run == longest:
                out.append(_letter(first, run))
                run = 0
            continue
        if run:
            out.append(_letter(first, run))
            run = 0
        out.append(token)
    if run:
        out.append(_letter(first, run))
    return "".join(out)


def _letter(first: str, run: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[int(first, 36) + run - 1]


# -- numbers 0-9 with skips a-z (older genres) ---------------------------------------------
def read_number10(reader: Reader, count: int) -> list[int | None]:
    out: list[int | None] = []
    while len(out) < count and reader.peek():
        char = reader.take()
        if char.isdigit():
            out.append(int(char))
        elif char == ".":
            out.append(QUESTION)
        elif (skip := _skip(char, "a")) is not None:
            out.extend([None] * skip)
        else:
            reader.pos -= 1
            raise reader.fail(_("unexpected {char!r}").format(char=char))
    return _fit(out, count)


def write_number10(values: Sequence[int | None]) -> str:
    return _with_skips([None if v is None else "." if v == QUESTION else str(v)
                        for v in values], "a", 26)


# -- 4-cell packing: clues 0-4 with up to two empty cells folded in (slither, creek) ------
def read_4cell(reader: Reader, count: int) -> list[int | None]:
    """0-4 a clue; 5-9 a clue then one empty cell; a-e a clue then two; g-z skip 1-20;
    '.' a '?' clue."""
    out: list[int | None] = []
    while len(out) < count and reader.peek():
        char = reader.take()
        if char in "01234":
            out.append(int(char))
        elif char in "56789":
            out += [int(char) - 5, None]
        elif char in "abcde":
            out += [int(char, 16) - 10, None, None]
        elif char == ".":
            out.append(QUESTION)
        elif (skip := _skip(char, "g")) is not None:
            out.extend([None] * skip)
        else:
            reader.pos -= 1
            raise reader.fail(_("unexpected {char!r}").format(char=char))
    return _fit(out, count)


def write_4cell(values: Sequence[int | None]) -> str:
    tokens: list[str | None] = []
    index = 0
    while index < len(values):
        value = values[index]
        if value is None:
            tokens.append(None)
            index += 1
        elif value == QUESTION:
            tokens.append(".")
            index += 1
        else:
            gap = 0
            while gap < 2 and index + 1 + gap < len(values) and values[index + 1 + gap] is None:
                gap += 1
            tokens.append(format(value + 5 * gap, "x"))
            index += 1 + gap
    return _with_skips(tokens, "g", 20)


# -- bits: borders between cells, binary cell flags ----------------------------------------
def read_bits(reader: Reader, count: int) -> list[bool]:
    """`count` flags, five to a base-32 digit, most significant first."""
    out: list[bool] = []
    while len(out) < count:
        value = reader.digit(32)
        out += [bool(value & bit) for bit in BITS]
    return out[:count]


def write_bits(flags: Sequence[bool]) -> str:
    out = []
    for start in range(0, len(flags), 5):
        group = flags[start:start + 5]
        out.append(_base32(sum(bit for bit, on in zip(BITS, group, strict=False) if on)))
    return "".join(out)


def _base32(value: int) -> str:
    return "0123456789abcdefghijklmnopqrstuv"[value]


def border_count(rows: int, cols: int) -> tuple[int, int]:
    """How many walls a room body holds: between columns, then between rows."""
    return (cols - 1) * rows, cols * (rows - 1)


def read_borders(reader: Reader, rows: int, cols: int) -> frozenset[tuple[tuple[int, int],
                                                                           tuple[int, int]]]:
    """The walls of a room body: first the walls right of each cell (row by row, the
    last column left out), then the walls below each cell (the last row left out).
    Each wall is a pair of cells (row, col), the smaller first."""
    vertical, horizontal = border_count(rows, cols)
    right = read_bits(reader, vertical) if vertical else []
    below = read_bits(reader, horizontal) if horizontal else []
    walls = {((r, c), (r, c + 1)) for index, on in enumerate(right) if on
             for r, c in [divmod(index, cols - 1)]}
    walls |= {((r, c), (r + 1, c)) for index, on in enumerate(below) if on
              for r, c in [divmod(index, cols)]}
    return frozenset(walls)


def write_borders(walls: frozenset, rows: int, cols: int) -> str:
    right = [((r, c), (r, c + 1)) in walls for r in range(rows) for c in range(cols - 1)]
    below = [((r, c), (r + 1, c)) in walls for r in range(rows - 1) for c in range(cols)]
    return write_bits(right) + write_bits(below)


# -- circles: three values a cell (none, white, black), three cells a base-27 digit --------
def read_trits(reader: Reader, count: int) -> list[int]:
    out: list[int] = []
    while len(out) < count:
        value = reader.digit(27)
        out += [value // weight % 3 for weight in TRITS]
    return out[:count]


def write_trits(values: Sequence[int]) -> str:
    digits = "0123456789abcdefghijklmnopq"
    return "".join(digits[sum(w * v for w, v in zip(TRITS, values[i:i + 3], strict=False))]
                   for i in range(0, len(values), 3))


# -- arrows with numbers (yajirin, yajikazu): direction then number -------------------------
#: arrow directions as the links number them
UP, DOWN, LEFT, RIGHT = 1, 2, 3, 4


def read_arrow_numbers(reader: Reader, count: int) -> list[tuple[int, int] | None]:
    """(direction 0-4, number or QUESTION) per cell; '+' is a clue cell with neither
    (direction 0, BLANK); a-z skip 1-26 cells."""
    out: list[tuple[int, int] | None] = []
    while len(out) < count and reader.peek():
        char = reader.take()
        if char == "+":
            out.append((0, BLANK))
        elif char in "01234":
            if reader.peek() == ".":
                reader.take()
                out.append((int(char), QUESTION))
            else:
                out.append((int(char), reader.digit(16)))
        elif char in "56789":
            out.append((int(char) - 5, reader.hex(2)))
        elif char == "-":
            out.append((reader.hex(1), reader.hex(3)))
        elif (skip := _skip(char, "a")) is not None:
            out.extend([None] * skip)
        else:
            reader.pos -= 1
            raise reader.fail(_("unexpected {char!r}").format(char=char))
    return _fit(out, count)


def write_arrow_numbers(values: Sequence[tuple[int, int] | None]) -> str:
    tokens: list[str | None] = []
    for value in values:
        if value is None:
            tokens.append(None)
            continue
        direction, number = value
        if number == BLANK:
            tokens.append("+")
        elif number == QUESTION:
            tokens.append(f"{direction}.")
        elif number < 16:
            tokens.append(f"{direction}{number:x}")
        elif number < 256:
            tokens.append(f"{direction + 5}{number:02x}")
        else:
            tokens.append(f"-{direction}{number:03x}")
    return _with_skips(tokens, "a", 26)


# -- one base-36 digit a cell, '-' two digits, '@' a '?', '.' an empty cell (hitori) -------
def read_number36(reader: Reader, count: int) -> list[int | None]:
    out: list[int | None] = []
    while len(out) < count and reader.peek():
        char = reader.take()
        if char.isdigit() or "a" <= char <= "z":
            out.append(int(char, 36))
        elif char == "-":
            digits = reader.take(2)
            try:
                out.append(int(digits, 36))
            except ValueError:
                raise reader.fail(_("expected 2 base-36 digits")) from None
        elif char in "@%":
            out.append(QUESTION)
        else:
            out.append(None)
    return _fit(out, count)


def write_number36(values: Sequence[int | None]) -> str:
    out = []
    for value in values:
        if value is None:
            out.append(".")
        elif value == QUESTION:
            out.append("@")
        elif value < 36:
            out.append(_base36(value))
        else:
            out.append("-" + _base36(value // 36) + _base36(value % 36))
    return "".join(out)


def _base36(value: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[value]
