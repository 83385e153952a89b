"""Logical steps for Sudoku: the engine behind hints and the difficulty rating.

The modules, in the order they build on each other: `board` (candidates as bitmasks,
the names of cells and units), `step` (a step and the rating scale), the technique
families (`singles`, `intersections`, `subsets`, `fish`, `wings`, `single_digit`,
`uniqueness`, `chains`, `forcing`), `path` (the easiest step, again and again) and
`picture` (a step drawn on the grid).
"""

from .path import FINDERS, Path, Snapshot, hint_path, next_step, rating
from .step import TECHNIQUES, Step

__all__ = ["FINDERS", "TECHNIQUES", "Path", "Snapshot", "Step", "hint_path",
           "next_step", "rating"]
