"""The burr check's replay: each move made unit by unit with plain sets, independently
of the compiled search that found it, and a piece's shape compared under rotation.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..i18n import _, ngettext
from ..values import Rule
from .geometry import Cell, cube_rotations, rotate
from .parse import BurrPuzzle
from .solution import move_words

if TYPE_CHECKING:
    from .disassemble import Move


def _normal(cells: Iterable[Cell]) -> frozenset[Cell]:
    x, y, z = (min(c[i] for c in cells) for i in range(3))
    return frozenset((c[0] - x, c[1] - y, c[2] - z) for c in cells)


def same_shape(cells: frozenset[Cell], cubies: frozenset, length: int) -> bool:
    """Is `cells` a proper rotation of the piece's cubies (no mirror images)?"""
    target = _normal(cubies)
    return any(_normal([rotate(m, c, length) for c in cells]) == target
               for m in cube_rotations())


def replay(cells: list[frozenset[Cell]], moves: list[Move], puzzle: BurrPuzzle
           ) -> tuple[bool, list[Rule]]:
    """Make every move unit by unit with plain sets; a freeing move must stay clear."""
    from .disassemble import DIRECTIONS

    at = [set(piece) for piece in cells]
    parts = [set(range(len(cells)))]
    rules: list[Rule] = []
    for number, move in enumerate(moves, 1):
        part = next((p for p in parts if set(move.pieces) <= p), None)
        if part is None:
            return False, [*rules, Rule(_("Move {number}").format(number=number), False,
                                        _("the pieces moved are not in one part"), ": ")]
        others = set().union(*(at[p] for p in part - set(move.pieces)))
        step = DIRECTIONS[move.direction]
        units = move.distance + (2 * puzzle.length if move.separates else 0)
        for unit in range(units):
            for p in move.pieces:
                at[p] = {(x + step[0], y + step[1], z + step[2]) for x, y, z in at[p]}
            if any(at[p] & others for p in move.pieces):
                return False, [*rules, Rule(
                    _("Move {number}").format(number=number), False,
                    ngettext("{move}: a piece runs into another after {units} unit",
                             "{move}: a piece runs into another after {units} units",
                             unit + 1).format(move=move_words(puzzle, move), units=unit + 1),
                    ": ")]
        rules.append(Rule(_("Move {number}").format(number=number), True,
                          move_words(puzzle, move), ": "))
        if move.separates:
            parts.remove(part)
            parts += [set(move.pieces), part - set(move.pieces)]
    apart = all(len(p) == 1 for p in parts)
    rules.append(Rule(_("All {count} pieces apart").format(count=len(cells)), None,
                      _("yes") if apart else _("no"), ": "))
    return True, rules
