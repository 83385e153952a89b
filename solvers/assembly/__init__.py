"""Assembly puzzles after `aps` (seed 003): parts packed into boxes, queens, nuts, tangram.

The package's words are defined once in `shapes.py` (location, position, shape, part,
map) and `box.py` (box, assembly, anchor); the kinds are listed in `KINDS`.
"""

from __future__ import annotations

from functools import cache

from .kinds import (
    BedlamKind,
    BoxerKind,
    ConwayKind,
    DiabolicalKind,
    PentKind,
    SlothouberGraatsmaKind,
    SomaKind,
    Y25Kind,
)
from .nuts import NutsKind
from .queens import QueensKind
from .tangram import TangramKind

KINDS = (BoxerKind(), PentKind(), SomaKind(), BedlamKind(), Y25Kind(),
         SlothouberGraatsmaKind(), ConwayKind(), DiabolicalKind(), QueensKind(), NutsKind(),
         TangramKind())


@cache
def warm() -> None:
    """Compile the bitmask search and set up the preset boxes (once per process: every
    box kind's `warm_up` calls it, only the first call does the work)."""
    from ..exact_cover import warm as warm_engine
    from . import presets
    from .bitmask import warm as compile_search
    from .box import assembler_for

    compile_search()
    warm_engine()
    for build in (presets.soma, presets.bedlam, presets.y25,
                  *(lambda n=n: presets.pentominoes(n) for n in presets.PENT_SIZES)):
        assembler_for(build()).prepare()
