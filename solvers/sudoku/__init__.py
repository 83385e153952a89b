"""Sudoku: fill a 9x9 grid so every unit holds the digits 1 to 9 once each (Norvig's
vocabulary: cells, units, peers, givens, candidates, singles).

The modules, in the order they build on each other: `grid` (cells, units, peers and the
puzzle), `search` (the compiled propagation and depth-first search), `parse` (reading
and writing the text), `check`, `render` (the picture), `generate` and `kind` (the
`sudoku` puzzle kind). What the bot, the photo reader and the benches use is
re-exported here.
"""

from .grid import CELLS, SIZE, UNITS, Grid, SudokuPuzzle
from .kind import Sudoku
from .search import count_solutions, solve_grid, solved_by_singles, warm

__all__ = ["CELLS", "SIZE", "UNITS", "Grid", "Sudoku", "SudokuPuzzle", "count_solutions",
           "solve_grid", "solved_by_singles", "warm"]
