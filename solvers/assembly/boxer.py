"""The seed's `boxer` input format, read and written.

Whitespace-separated integers and strings, in this order:
the number of dimensions, the length in each dimension; the number of excluded
locations, then each one's offset in every dimension; a string with one character per
shape; then for each shape a string with one character per part of that shape, the
number of locations in the shape, and each location's offset in every dimension.
An optional first line `#boxer NAME` names the puzzle; `%` starts a comment.

Example (a 2x3 box filled by three dominoes, one shape with three parts)::

    #boxer dominoes
    2 2 3   0   d   abc 2  0 0  0 1
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import i18n
from ..i18n import _
from ..texts import check_size, clip
from ..values import PuzzleError
from .box import BoxPuzzle, Shape
from .shapes import normalise

#: limits checked while reading, before anything is built
MAX_DIMS = 6
MAX_LENGTH = 100
#: locations in the whole box, holes included: checked on the header, before the holes
MAX_LOCATIONS = 100_000


@dataclass(frozen=True)
class Token:
    text: str
    line: int
    column: int


class Tokens:
    """The tokens of a boxer file with their lines, read one at a time."""

    def __init__(self, text: str):
        self.items: list[Token] = []
        self.name = ""
        for number, line in enumerate(text.splitlines(), start=1):
            stripped = line.strip()
            if stripped.lower().startswith("#boxer"):
                self.name = stripped[len("#boxer"):].strip()
                continue
            line = line.split("%", 1)[0]
            column = 0
            for word in line.split():
                column = line.index(word, column)
                self.items.append(Token(word, number, column + 1))
                column += len(word)
        self.at = 0

    def _next(self, what: str) -> Token:
        if self.at >= len(self.items):
            last = self.items[-1].line if self.items else None
            raise PuzzleError(_("the input ends where {what} was expected").format(what=what),
                              last)
        token = self.items[self.at]
        self.at += 1
        return token

    def integer(self, what: str, low: int, high: int) -> int:
        token = self._next(what)
        try:
            value = int(token.text)
        except ValueError:
            raise PuzzleError(_("'{text}' is not a number; expected {what}").format(
                text=clip(token.text), what=what), token.line, token.column) from None
        if not low <= value <= high:
            raise PuzzleError(_("{what} is {text}; it must be from {low} to {high}").format(
                what=what, text=clip(token.text), low=low, high=high), token.line, token.column)
        return value

    @property
    def line(self) -> int:
        """The line of the token read last: where an error about what was read points."""
        return self.items[self.at - 1].line

    def word(self, what: str) -> Token:
        token = self._next(what)
        if token.text.lstrip("-").isdigit():
            raise PuzzleError(_("'{text}' is a number; expected {what}").format(
                text=clip(token.text), what=what), token.line, token.column)
        return token

    def finish(self) -> None:
        if self.at < len(self.items):
            token = self.items[self.at]
            raise PuzzleError(_("unexpected '{text}' after the last shape").format(
                text=clip(token.text)), token.line, token.column)


def parse(text: str) -> BoxPuzzle:
    """Read a boxer file into a box puzzle; every mistake names its token and line."""
    check_size(text)
    tokens = Tokens(text)
    if not tokens.items:
        raise PuzzleError(_("the puzzle is empty: send the number of dimensions first"))
    dims = tokens.integer(_("the number of dimensions"), 1, MAX_DIMS)
    lengths = tuple(tokens.integer(_("the length in dimension {d}").format(d=d + 1), 1,
                                   MAX_LENGTH) for d in range(dims))
    volume = 1
    for length in lengths:
        volume *= length
    if volume > MAX_LOCATIONS:
        raise PuzzleError(_("the box has {lengths} = {volume} locations; the limit is {limit}")
                          .format(lengths=" x ".join(map(str, lengths)),
                                  volume=i18n.number(volume),
                                  limit=i18n.number(MAX_LOCATIONS)), tokens.line)
    excluded = set()
    for n in range(tokens.integer(_("the number of excluded locations"), 0, volume)):
        excluded.add(_location(tokens, lengths, _("excluded location {n}").format(n=n + 1)))
    names = tokens.word(_("a string with one character per shape"))
    shapes = []
    for shape_name in names.text:
        parts = tokens.word(_("the parts of shape '{shape}' (one character each)").format(
            shape=shape_name))
        size = tokens.integer(_("the number of locations of shape '{shape}'").format(
            shape=shape_name), 1, volume)
        cells = [_location(tokens, lengths, _("location {n} of shape '{shape}'").format(
            n=i + 1, shape=shape_name), inside=False) for i in range(size)]
        if len(set(cells)) != len(cells):
            raise PuzzleError(_("shape '{shape}' lists a location twice").format(
                shape=shape_name), parts.line)
        shapes.append(Shape(normalise(cells), parts.text))
    tokens.finish()
    return BoxPuzzle(lengths, frozenset(excluded), tuple(shapes), tokens.name)


def _location(tokens: Tokens, lengths: tuple[int, ...], what: str,
              inside: bool = True) -> tuple[int, ...]:
    """One offset per dimension; inside the box unless `inside` is False."""
    return tuple(tokens.integer(_("the offset of {what} in dimension {d}").format(
                                    what=what, d=d + 1),
                                0 if inside else -100, lengths[d] - 1 if inside else 100)
                 for d in range(len(lengths)))


def write(puzzle: BoxPuzzle, shape_names: str = "") -> str:
    """The boxer text of a puzzle, one shape per line (what `parse` reads back)."""
    names = shape_names or "".join(s.parts[0] for s in puzzle.shapes)
    lines = [f"#boxer {puzzle.name}".rstrip(),
             f"{puzzle.dims} " + " ".join(map(str, puzzle.lengths)),
             f"{len(puzzle.excluded)}" + "".join(
                 "  " + " ".join(map(str, loc)) for loc in sorted(puzzle.excluded)),
             names]
    for shape in puzzle.shapes:
        cells = "  ".join(" ".join(map(str, c)) for c in shape.position)
        lines.append(f"{shape.parts} {len(shape.position)}  {cells}")
    return "\n".join(lines) + "\n"
