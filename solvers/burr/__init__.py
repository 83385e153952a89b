"""The six-piece burr: Cutler's piece numbering, every assembly, the moves that take it
apart, slice diagrams, 3D views and the disassembly animation (issue 4).

Modules: `pieces` (numbering and piece shapes), `geometry` (slots, skin, core, symmetry),
`assemble`, `disassemble`, `parse`, `render`, `kind` (the `burr` and `piece` kinds) and
`solid` (the long `python -m solvers burr-solid` run).
"""

from .kind import Burr, PieceKind

KINDS = (Burr(), PieceKind())
