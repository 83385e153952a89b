"""The box puzzles `aps` ships as programs, declared as data.

Each preset is a `BoxPuzzle`; `puzzles/boxer_*.txt` hold the same puzzles in the boxer
format (a test checks they agree). Published unique counts, from seed 003 and the
puzzles' makers, are in `EXPECTED`.
"""

from __future__ import annotations

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

#: unique assemblies (rotations and reflections of the whole excluded)
EXPECTED = {"pent3": 2, "pent4": 368, "pent5": 1010, "pent6": 2339, "soma": 240,
            "bedlam": 19186, "y25": 1264, "scott": 65}

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


#: boxer files in puzzles/ and the presets they hold
FILES = {"boxer_soma.txt": soma, "boxer_bedlam.txt": bedlam, "boxer_y25.txt": y25,
         "boxer_pent6.txt": lambda: pentominoes(6), "boxer_scott.txt": scott,
         "boxer_tesseract.txt": tesseract_dominoes}
