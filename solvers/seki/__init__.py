"""Seki: a 4x4 grid of black and white cells set by nine rotors.

A *rotor* sits on each of the nine inner intersections of the grid and covers the four
cells around it, its *rotor group*. Its type says how many of those cells are black and
in what pattern, whatever way it is turned:

- `+` singleOn: one cell black;
- `-` singleOff: three cells black;
- `o` opposite2: two diagonally opposite cells black (like the BMW logo);
- `a` adjacent2: two side-by-side cells black (like a half-eaten pie).

Cells are numbered V0..V15 row by row; rotor k (row r = k // 3, column c = k % 3) covers
cells 4r+c, 4r+c+1, 4(r+1)+c, 4(r+1)+c+1. Input, as in the seed: an optional `#seki NAME`
header, then the nine rotor characters (spaces and line breaks between them allowed).
A solution is the 16 cells, 1 for black, written as four rows of 0/1.

The package's rooms: `model` (the grid and rotors), `format` (text forms), `solver` (Z3),
`checker`, `generate`, `picture`, `hints`; `kind` wires them into the `seki` kind.
"""

from .hints import HINT_TECHNIQUES
from .kind import Seki
from .model import BLACK_COUNT, SIZE, SekiPuzzle, black_pairs, rotor_group

__all__ = ["BLACK_COUNT", "HINT_TECHNIQUES", "SIZE", "Seki", "SekiPuzzle", "black_pairs",
           "rotor_group"]
