"""Number Workout: thirteen hexagons, numbers 1..6 in each, touching segments equal.

The modules, in the order they build on each other: `geometry` (hexagons, segments,
touching pairs, the puzzle), `parse` (reading and writing the 10 lines of digits),
`propagate` (narrowing each segment's numbers), `encoding` (what is left, for Z3, and
the exported SMT file), `check`, `solve` (propagation, then Z3 for the open segments),
`render` (the picture), `generate` and `kind` (the `nw` puzzle kind). What the tests and
benches use is re-exported here (Z3 is imported only by `solve`, when it runs: the bot's
process parses without it).
"""

from .encoding import open_segments
from .geometry import CELLS, HEXAGONS, OWNER, PAIRS, TEMPLATE, Grid, NumberWorkoutPuzzle
from .kind import NumberWorkout
from .propagate import propagate

__all__ = ["CELLS", "HEXAGONS", "OWNER", "PAIRS", "TEMPLATE", "Grid", "NumberWorkout",
           "NumberWorkoutPuzzle", "open_segments", "propagate"]
