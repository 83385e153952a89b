"""An answer as the player shows it: layers over the board, each a plain set or map.

Every genre's solution is an `Answer`; a genre fills the layers it uses and leaves the
rest empty. The renderer draws each layer one way (`render.py`), the checks read them
(`check.py`), the pzprv3 writer turns them into the player's file (`pzprv3.py`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .grid import Cell, Pair, Segment


@dataclass(frozen=True)
class Answer:
    """The layers of one solution.

    - `shaded`: black cells; `dotted`: cells the player marks unshaded with a dot;
    - `numbers`: numbers written into cells (not the clues);
    - `lines`: lines between the centres of neighbouring cells (loops, paths);
    - `edges`: lines along the grid between vertices (slither's loop);
    - `borders`: walls drawn between neighbouring cells (rooms the solver divides);
    - `marks`: a symbol in a cell: "light", "star", "/", "\\", "circle", "cross", or a
      triangle "tri-ul", "tri-ur", "tri-dl", "tri-dr" (the corner the right angle is in).
    """

    shaded: frozenset[Cell] = frozenset()
    dotted: frozenset[Cell] = frozenset()
    numbers: Mapping[Cell, int] = field(default_factory=dict)
    lines: frozenset[Pair] = frozenset()
    edges: frozenset[Segment] = frozenset()
    borders: frozenset[Pair] = frozenset()
    marks: Mapping[Cell, str] = field(default_factory=dict)


def differences(first: Answer, second: Answer, rows: int, cols: int) -> list[Cell]:
    """The cells where two answers differ (for a line or wall: the cell beside it),
    in reading order: what tells a person where a puzzle is not unique."""
    cells: set[Cell] = set()
    for layer in ("shaded", "dotted", "numbers", "marks"):
        a, b = getattr(first, layer), getattr(second, layer)
        cells |= {c for c in set(a) | set(b) if (c in a) != (c in b) or
                  (isinstance(a, Mapping) and a.get(c) != b.get(c))}
    for layer in ("lines", "borders"):
        cells |= {pair[0] for pair in getattr(first, layer) ^ getattr(second, layer)}
    for (r, c), _ in first.edges ^ second.edges:
        cells.add((min(r, rows - 1), min(c, cols - 1)))
    return sorted(cells)
