"""Sudoku: fill a 9x9 grid so every unit holds the digits 1 to 9 once each (Norvig's
vocabulary: cells, units, peers, givens, candidates, singles).

The modules, in the order they build on each other: `grid` (cells, units, peers and the
puzzle), `search` (the compiled propagation and depth-first search), `parse` (reading
and writing the text), `check`, `render` (the picture), `generate` and `kind` (the
`sudoku` puzzle kind). What the bot and the benches use is re-exported here; the
compiled search is not (it loads numba, which the bot's process never needs): import it
from `solvers.sudoku.search`.
"""

from .grid import CELLS, SIZE, UNITS, Grid, SudokuPuzzle
from .kind import Sudoku

__all__ = ["CELLS", "SIZE", "UNITS", "Grid", "Sudoku", "SudokuPuzzle"]
