"""The six-piece burr: Cutler's piece numbering, every assembly, the moves that take it
apart, slice diagrams, 3D views and the disassembly animation (issue 4).

Modules: `pieces` (numbering and piece shapes), `geometry` (slots, skin, core, symmetry),
`assemble`, `disassemble` with its compiled search `separate`, `parse`, `solution` (an
assembly with its moves and their words), `replay` (the check's replay of the moves),
`render` and `pictures`, `kind` (the `burr` kind), `piece_kind` (the `piece` kind) and
`solid` (the long `python -m solvers burr-solid` run).
"""

from .kind import Burr
from .piece_kind import PieceKind

KINDS = (Burr(), PieceKind())
