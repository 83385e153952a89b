"""The Sudoku grid's words and tables: cells, units, peers, and the puzzle itself.

- *cell*: one of the 81 squares, numbered 0..80 row by row;
- *unit*: a row, a column or a 3x3 box (27 in all), nine cells that take 1..9 once each;
- *peers*: the 20 other cells that share a unit with a cell;
- *givens*: the digits printed in the puzzle.
"""

from __future__ import annotations

from dataclasses import dataclass

SIZE = 9
BOX = 3
CELLS = SIZE * SIZE
DIGITS = range(1, SIZE + 1)

Grid = tuple[int, ...]  # 81 digits, 0 for a blank


def _units() -> tuple[tuple[int, ...], ...]:
    rows = [tuple(SIZE * r + c for c in range(SIZE)) for r in range(SIZE)]
    columns = [tuple(SIZE * r + c for r in range(SIZE)) for c in range(SIZE)]
    boxes = [tuple(SIZE * (br + r) + bc + c for r in range(BOX) for c in range(BOX))
             for br in range(0, SIZE, BOX) for bc in range(0, SIZE, BOX)]
    return tuple(rows + columns + boxes)


#: rows 0..8, columns 9..17, boxes 18..26
UNITS = _units()
UNIT_NAMES = tuple([f"Row {i + 1}" for i in range(SIZE)] + [f"Column {i + 1}" for i in range(SIZE)]
                   + [f"Box {i + 1}" for i in range(SIZE)])
PEERS = tuple(tuple(sorted({p for unit in UNITS if c in unit for p in unit} - {c}))
              for c in range(CELLS))


@dataclass(frozen=True)
class SudokuPuzzle:
    givens: Grid
    name: str = ""


def cell_name(cell: int) -> str:
    return f"row {cell // SIZE + 1} column {cell % SIZE + 1}"
