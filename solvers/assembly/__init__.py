"""Assembly puzzles after `aps` (seed 003): parts packed into boxes, queens, nuts, tangram.

The package's words are defined once in `shapes.py` (location, position, shape, part,
map) and `box.py` (box, assembly, anchor); the kinds are listed in `KINDS`.
"""

from __future__ import annotations

from .kinds import BedlamKind, BoxerKind, PentKind, SomaKind, Y25Kind
from .nuts import NutsKind
from .queens import QueensKind
from .tangram import TangramKind

KINDS = (BoxerKind(), PentKind(), SomaKind(), BedlamKind(), Y25Kind(), QueensKind(),
         NutsKind(), TangramKind())
