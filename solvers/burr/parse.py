"""Reading a six-piece burr from text.

Two forms. The seed's: a `#Burr6 NAME` header, comment lines starting with `#`, then six
lines `Mark,IDValue,Name`; the key piece (ID 1), if there is one, must be the first.
The short form: six IDs on one line, `1 120 3328 3322 3328 3305` (marks 1..6, any order).
Either may carry a line `length 8` (sticks of length 6 are the default).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..i18n import _
from ..texts import check_size, clip
from ..values import PuzzleError
from .pieces import LENGTHS, MAX_ID, Piece, connected, cubies_of

PIECES = 6
LENGTH_RE = re.compile(r"^(?:length|len|l)\s*[=:]?\s*(\d+)$", re.IGNORECASE)
HEADERS = ("#burr6", "#burr")


@dataclass(frozen=True)
class BurrPuzzle:
    """Six pieces, the stick length and the puzzle's name."""

    pieces: tuple[Piece, ...]
    length: int = 6
    name: str = ""

    @property
    def weight(self) -> int:
        return sum(p.weight for p in self.pieces)

    @property
    def holes(self) -> int:
        """Internal holes of any assembly: the core's 32 cells less the pieces' weight."""
        return 32 - self.weight

    @property
    def ids(self) -> list[int]:
        return [p.piece_id for p in self.pieces]


def read_id(word: str, line: int, length: int) -> int:
    """A piece ID from text: a whole number in 1..4096 naming a connected piece."""
    # isdecimal(), not isdigit(): int() fails on ²; and no int() of a huge digit string
    if not word.isdecimal() or len(word.lstrip("0")) > len(str(MAX_ID)):
        raise PuzzleError(_("'{word}' is not a piece ID (a whole number 1..{most})").format(
            word=clip(word), most=MAX_ID), line)
    value = int(word)
    if not 1 <= value <= MAX_ID:
        raise PuzzleError(_("piece ID {id} is outside 1..{most}").format(id=value, most=MAX_ID),
                          line)
    if not connected(cubies_of(value, length)):
        raise PuzzleError(_("piece ID {id} is not a connected piece: its cubies fall apart "
                            "into separate bits").format(id=value), line)
    return value


def parse_burr(text: str) -> BurrPuzzle:
    """Either input form; every error names its line."""
    check_size(text)
    name, length, seed_form = "", 6, False
    entries: list[tuple[int, str, str, str]] = []  # (line, mark, id word, name)
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            first = line.split()[0].lower()
            if first in HEADERS and not entries:
                seed_form = True
                name = line[len(first):].strip()
            continue
        found = LENGTH_RE.match(line)
        if found:
            length = _length(found.group(1), number)
            continue
        if "," in line:
            seed_form = True
            mark, _comma, rest = (part.strip() for part in line.partition(","))
            word, _comma, piece_name = (part.strip() for part in rest.partition(","))
            entries.append((number, mark, word, piece_name))
        else:
            words = line.split()
            tail = LENGTH_RE.match(" ".join(words[-2:])) if len(words) > 2 else None
            if tail:
                length = _length(tail.group(1), number)
                words = words[:-2]
            entries += [(number, "", w, "") for w in words]
        if len(entries) > PIECES:
            raise PuzzleError(_("a six-piece burr has 6 pieces; this is piece {n}").format(
                n=len(entries)), number)
    if len(entries) != PIECES:
        where = entries[-1][0] if entries else None
        raise PuzzleError(_("a six-piece burr needs 6 pieces, got {n}").format(n=len(entries)),
                          where)
    return BurrPuzzle(_pieces(entries, length, seed_form), length, name)


def _length(word: str, line: int) -> int:
    """The stick length in `word` (digits); it may be thousands long, too long for int()."""
    if len(word) > 2 or int(word) not in LENGTHS:
        raise PuzzleError(_("stick length {length} is not supported; use 6 or 8").format(
            length=clip(word)), line)
    return int(word)


def _pieces(entries: list[tuple[int, str, str, str]], length: int,
            seed_form: bool) -> tuple[Piece, ...]:
    """Check marks and IDs; in the seed form the key piece must come first."""
    pieces, marks = [], set()
    for position, (line, mark, word, name) in enumerate(entries):
        mark = mark or str(position + 1)
        if len(mark) > 3 or not mark.isalnum():
            raise PuzzleError(_("mark '{mark}' should be a short label such as 0..5").format(
                mark=clip(mark)), line)
        if mark in marks:
            raise PuzzleError(_("mark '{mark}' is used by two pieces").format(mark=mark), line)
        marks.add(mark)
        piece_id = read_id(word, line, length)
        if seed_form and piece_id == 1 and position:
            raise PuzzleError(_("the key piece (ID 1) must be the first piece in the "
                                "#Burr6 format"), line)
        pieces.append(Piece(piece_id, mark, name, length))
    return tuple(pieces)
