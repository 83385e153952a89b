"""The box puzzles `aps` ships as programs, declared as data.

Each preset is a `BoxPuzzle`; `puzzles/boxer_*.txt` hold the same puzzles in the boxer
format (a test checks they agree). Published unique counts, from seed 003 and the
puzzles' makers, are in `EXPECTED`.
"""

from __future__ import annotations

from itertools import product

from .box import BoxPuzzle, Shape
from .shapes import normalise

#: the twelve pentominoes, drawn with their own letters
PENTOMINO_ART = {
    "F": ".FF FF. .F.", "I": "IIIII", "L": "LLLL L...", "N": "NN.. .NNN",
    "P": "PP PP P.", "T": "TTT .T. .T.", "U": "U.U UUU", "V": "V.. V.. VVV",
    "W": "W.. WW. .WW", "X": ".X. XXX .X.", "Y": "YYYY .Y..", "Z": "ZZ. .Z. .ZZ",
}

#: the seven Soma pieces (A and B are each other's mirror image)
SOMA = {
    "V": [(0, 0, 0), (1, 0, 0), (0, 1, 0)],
    "L": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)],
    "T": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0)],
    "Z": [(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0)],
    "A": [(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1)],
    "B": [(0, 0, 0), (0, 1, 0), (1, 1, 0), (1, 1, 1)],
    "P": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)],
}

#: the Bedlam cube's twelve pentacubes and one tetracube (z), as found in one assembly
BEDLAM = {
    "A": [(0, 2, 0), (0, 3, 0), (1, 3, 0), (2, 3, 0), (0, 3, 1)],
    "B": [(2, 1, 0), (2, 2, 0), (3, 2, 0), (3, 3, 0), (3, 3, 1)],
    "C": [(2, 1, 1), (1, 2, 0), (1, 2, 1), (2, 2, 1), (2, 2, 2)],
    "D": [(0, 0, 1), (0, 1, 0), (0, 1, 1), (0, 1, 2), (0, 2, 1)],
    "E": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0), (1, 1, 1)],
    "F": [(0, 0, 3), (0, 1, 3), (1, 1, 3), (0, 2, 2), (0, 2, 3)],
    "G": [(1, 0, 3), (2, 0, 3), (2, 1, 2), (3, 1, 2), (2, 1, 3)],
    "H": [(3, 1, 1), (3, 2, 1), (3, 2, 2), (3, 2, 3), (3, 3, 2)],
    "V": [(3, 0, 0), (1, 0, 1), (2, 0, 1), (3, 0, 1), (3, 1, 0)],
    "W": [(0, 0, 2), (1, 0, 2), (1, 1, 2), (1, 2, 2), (1, 2, 3)],
    "X": [(2, 2, 3), (2, 3, 2), (1, 3, 3), (2, 3, 3), (3, 3, 3)],
    "Y": [(1, 3, 1), (2, 3, 1), (0, 3, 2), (1, 3, 2), (0, 3, 3)],
    "Z": [(2, 0, 2), (3, 0, 2), (3, 0, 3), (3, 1, 3)],
}

#: the Y pentacube of the 5x5x5 puzzle
Y_PIECE = [(0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0), (1, 1, 0)]

#: Hoffmann's diabolical cube (1893): one flat piece of each size from 2 to 7 cubes,
#: named after the polyomino each one is (Coffin, The Puzzling World of Polyhedral
#: Dissections, chapter 3, fig. 48)
DIABOLICAL_ART = {"I": "II", "V": "VV V.", "O": "OO OO", "U": "UU U. UU",
                  "W": "WWW WW. W..", "L": "LLL LLL L.."}

#: unique assemblies (rotations and reflections of the whole excluded): seed 003 for
#: aps' programs; Slothouber-Graatsma 1 and the diabolical cube 13 (mirror pairs counted
#: once, as here) from Coffin's chapter 3; Conway's puzzle as our count finds it (no
#: published figure found: the literature says only how its 1x1x3 blocks must lie)
EXPECTED = {"pent3": 2, "pent4": 368, "pent5": 1010, "pent6": 2339, "soma": 240,
            "bedlam": 19186, "y25": 1264, "scott": 65, "sg": 1, "diabolical": 13}

PENT_SIZES = {3: 20, 4: 15, 5: 12, 6: 10}


def art_cells(art: str) -> list[tuple[int, int]]:
    """Locations (row, column) of the non-dot characters of space-separated rows."""
    return [(r, c) for r, row in enumerate(art.split()) for c, ch in enumerate(row)
            if ch != "."]


def pentomino_shapes() -> tuple[Shape, ...]:
    return tuple(Shape(normalise(art_cells(art)), letter)
                 for letter, art in PENTOMINO_ART.items())


def pentominoes(rows: int) -> BoxPuzzle:
    """The twelve pentominoes in a rows x (60 / rows) rectangle (rows 3 to 6)."""
    return BoxPuzzle((rows, PENT_SIZES[rows]), frozenset(), pentomino_shapes(),
                     f"pentominoes {rows}x{PENT_SIZES[rows]}")


def scott() -> BoxPuzzle:
    """Dana Scott's 1958 problem: the pentominoes in an 8x8 square with a central hole."""
    hole = frozenset({(3, 3), (3, 4), (4, 3), (4, 4)})
    return BoxPuzzle((8, 8), hole, pentomino_shapes(), "pentominoes 8x8 with a centre hole")


def _solid(pieces: dict[str, list[tuple[int, int, int]]]) -> tuple[Shape, ...]:
    return tuple(Shape(normalise(cells), letter) for letter, cells in pieces.items())


def soma() -> BoxPuzzle:
    return BoxPuzzle((3, 3, 3), frozenset(), _solid(SOMA), "Soma cube")


def bedlam() -> BoxPuzzle:
    return BoxPuzzle((4, 4, 4), frozenset(), _solid(BEDLAM), "Bedlam cube")


def y25() -> BoxPuzzle:
    labels = "abcdefghijklmnopqrstuvwxy"
    return BoxPuzzle((5, 5, 5), frozenset(), (Shape(normalise(Y_PIECE), labels),),
                     "25 Y pentacubes in a 5x5x5 cube")


def tesseract_dominoes() -> BoxPuzzle:
    """A 4D example: eight dominoes fill the 2x2x2x2 tesseract (272 ways in all)."""
    return BoxPuzzle((2, 2, 2, 2), frozenset(),
                     (Shape(((0, 0, 0, 0), (0, 0, 0, 1)), "abcdefgh"),),
                     "dominoes in a 2x2x2x2 tesseract")


def block(*lengths: int) -> tuple[tuple[int, ...], ...]:
    """The locations of a rectangular block with these side lengths."""
    return tuple(product(*(range(n) for n in lengths)))


def slothouber_graatsma() -> BoxPuzzle:
    """Six 1x2x2 blocks and three unit cubes in a 3x3x3 box (Slothouber and Graatsma)."""
    return BoxPuzzle((3, 3, 3), frozenset(),
                     (Shape(normalise(block(1, 2, 2)), "ABCDEF"),
                      Shape(normalise(block(1, 1, 1)), "xyz")),
                     "Slothouber-Graatsma puzzle")


def conway() -> BoxPuzzle:
    """Conway's blocks in a box: thirteen 1x2x4 blocks, one 2x2x2, one 1x2x2 and three
    1x1x3 in a 5x5x5 box."""
    return BoxPuzzle((5, 5, 5), frozenset(),
                     (Shape(normalise(block(1, 2, 4)), "abcdefghijklm"),
                      Shape(normalise(block(2, 2, 2)), "Q"),
                      Shape(normalise(block(1, 2, 2)), "P"),
                      Shape(normalise(block(1, 1, 3)), "xyz")),
                     "Conway's puzzle")


def diabolical() -> BoxPuzzle:
    """Hoffmann's diabolical cube: six flat pieces of 2 to 7 cubes in a 3x3x3 cube."""
    return BoxPuzzle((3, 3, 3), frozenset(),
                     tuple(Shape(normalise([(r, c, 0) for r, c in art_cells(art)]), letter)
                           for letter, art in DIABOLICAL_ART.items()),
                     "Diabolical cube")


#: boxer files in puzzles/ and the presets they hold
FILES = {"boxer_soma.txt": soma, "boxer_bedlam.txt": bedlam, "boxer_y25.txt": y25,
         "boxer_pent6.txt": lambda: pentominoes(6), "boxer_scott.txt": scott,
         "boxer_tesseract.txt": tesseract_dominoes, "boxer_sg.txt": slothouber_graatsma,
         "boxer_conway.txt": conway, "boxer_diabolical.txt": diabolical}
