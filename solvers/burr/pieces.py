"""Burr pieces and Bill Cutler's piece numbering.

A *piece* is a 2 x 2 x L stick (L = 6, or 8 for long sticks) made of unit *cubies*.
A cubie is named in the piece's own frame by (u, v, w): u along the stick (0..L-1),
v across it (0 front, 1 back), w up (0 bottom, 1 top). Only the 16 cubies of the middle
four positions can be cut away, and of those the four bottom cubies at the two outer
middle positions (Cutler's 'a', 'b' and the cubies behind them) are always present in the
orientation the number is read in. That leaves 12 *removable* cubies, each with a value:

    top front      u = m..m+3   1, 2, 4, 8        (m = first middle position)
    top back       u = m..m+3   16, 32, 64, 128
    bottom front   u = m+1, m+2 256, 512
    bottom back    u = m+1, m+2 1024, 2048

The *ID* is 1 plus the values of the cubies removed (1 = the solid key, up to 4096).
This is the standard numbering of Cutler's definitions and IBM Research's six-piece burr
pages; the u axis runs left to right as seen from the front, which fixes the handedness.
A piece read in another of its eight orientations (four turns about the long axis, each
end for end) may get another ID; the *canonical ID* is the smallest. The *weight* is the
number of removable cubies present (12 for the key, 2 for the "Y").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..i18n import _

Cubie = tuple[int, int, int]

LENGTHS = (6, 8)
MAX_ID = 4096


def middle_start(length: int) -> int:
    """First of the four middle positions along a stick of this length."""
    return (length - 4) // 2


@cache
def removable_cubies(length: int) -> tuple[tuple[Cubie, int], ...]:
    """Each removable cubie with its value, in value order."""
    m = middle_start(length)
    table = [((m + i, 0, 1), 1 << i) for i in range(4)]
    table += [((m + i, 1, 1), 16 << i) for i in range(4)]
    table += [((m + 1, 0, 0), 256), ((m + 2, 0, 0), 512)]
    table += [((m + 1, 1, 0), 1024), ((m + 2, 1, 0), 2048)]
    return tuple(table)


@cache
def solid_stick(length: int) -> frozenset[Cubie]:
    """All 4L cubies of an uncut stick."""
    return frozenset((u, v, w) for u in range(length) for v in (0, 1) for w in (0, 1))


def cubies_of(piece_id: int, length: int = 6) -> frozenset[Cubie]:
    """The cubies of the piece with this ID, in the orientation the ID is read in."""
    if not 1 <= piece_id <= MAX_ID:
        raise ValueError(f"piece ID {piece_id} is outside 1..{MAX_ID}")
    removed = {cubie for cubie, value in removable_cubies(length) if (piece_id - 1) & value}
    return solid_stick(length) - removed


def id_of(cubies: frozenset[Cubie], length: int = 6) -> int | None:
    """The ID of a piece in this orientation, or None if a never-cut cubie is missing."""
    values = dict(removable_cubies(length))
    fixed = solid_stick(length) - values.keys()
    if not fixed <= cubies:
        return None
    return 1 + sum(value for cubie, value in values.items() if cubie not in cubies)


def turned(cubies: frozenset[Cubie]) -> frozenset[Cubie]:
    """A quarter turn about the long axis: (v, w) -> (1 - w, v)."""
    return frozenset((u, 1 - w, v) for u, v, w in cubies)


def end_for_end(cubies: frozenset[Cubie], length: int) -> frozenset[Cubie]:
    """Half a turn about the up axis: the stick's ends swap, front and back swap."""
    return frozenset((length - 1 - u, 1 - v, w) for u, v, w in cubies)


def orientations(cubies: frozenset[Cubie], length: int) -> list[frozenset[Cubie]]:
    """The piece in its eight orientations (proper rotations of the stick, no mirror)."""
    result = []
    for flipped in (cubies, end_for_end(cubies, length)):
        current = flipped
        for _turn in range(4):
            result.append(current)
            current = turned(current)
    return result


def connected(cubies: frozenset[Cubie]) -> bool:
    """True when every cubie is reachable from every other through shared faces."""
    if not cubies:
        return False
    start = next(iter(cubies))
    seen, frontier = {start}, [start]
    while frontier:
        u, v, w = frontier.pop()
        for nu, nv, nw in ((u + 1, v, w), (u - 1, v, w), (u, 1 - v, w), (u, v, 1 - w)):
            if (nu, nv, nw) in cubies and (nu, nv, nw) not in seen:
                seen.add((nu, nv, nw))
                frontier.append((nu, nv, nw))
    return len(seen) == len(cubies)


@dataclass(frozen=True)
class Piece:
    """One piece of a puzzle: its ID as typed, its mark and name from the input."""

    piece_id: int
    mark: str
    name: str = ""
    length: int = 6

    @property
    def cubies(self) -> frozenset[Cubie]:
        return cubies_of(self.piece_id, self.length)

    @property
    def weight(self) -> int:
        return 12 - (self.piece_id - 1).bit_count()

    @property
    def canonical_id(self) -> int:
        return canonical_id(self.piece_id, self.length)

    @property
    def label(self) -> str:
        """How moves and legends name the piece: `piece 3 (ID 960)`."""
        return _("piece {mark} (ID {id})").format(mark=self.mark, id=self.piece_id)


@cache
def all_ids(piece_id: int, length: int = 6) -> tuple[int, ...]:
    """Every ID the same piece has in some orientation, smallest first."""
    found = {id_of(o, length) for o in orientations(cubies_of(piece_id, length), length)}
    return tuple(sorted(i for i in found if i is not None))


def canonical_id(piece_id: int, length: int = 6) -> int:
    """The smallest ID of the piece (Cutler: 'use the smaller number')."""
    return all_ids(piece_id, length)[0]


def cubie_table(piece_id: int, length: int = 6) -> list[str]:
    """The seed's four rows `[b,t][1, 1, 0, ...]` of a piece, 1 where a cubie is.

    As in the seed, the first index is 0 for the back row and 1 for the front row, the
    second 0 for the bottom layer and 1 for the top layer.
    """
    cubies = cubies_of(piece_id, length)
    rows = []
    for w in (0, 1):
        for row in (0, 1):
            cells = ", ".join("1" if (u, 1 - row, w) in cubies else "0" for u in range(length))
            rows.append(f"[{row},{w}][{cells}]")
    return rows
