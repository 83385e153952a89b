"""Gogen: place every letter in a square grid so that each word can be traced.

The modules, in the order they build on each other: `grid` (the words: cells,
positions, neighbours, the puzzle), `parse` (reading and writing the text),
`propagate` (narrowing each letter's cells), `encoding` (what is left, for Z3, and the
exported SMT file), `check`, `solve` (propagation, then Z3 for the open letters),
`render` (the picture), `words` (vocabulary and letter grids for generated puzzles),
`generate` and `kind` (the `gogen` puzzle kind). What the tests and benches use is
re-exported here (Z3 is imported only by `solve`, when it runs: the bot's process parses
without it).
"""

from .encoding import open_letters
from .grid import EMPTY, GogenPuzzle
from .kind import Gogen
from .parse import parse_gogen
from .propagate import propagate
from .words import gogen_words

__all__ = ["EMPTY", "Gogen", "GogenPuzzle", "gogen_words", "open_letters", "parse_gogen",
           "propagate"]
