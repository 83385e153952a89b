"""Seki's model: the 4x4 grid, the nine rotors, the cells each one covers and the black
cells each type asks for. The rest of the package reads the puzzle through these."""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_

SIZE = 4
ROTOR_TYPES = {"+": "singleOn", "-": "singleOff", "o": "opposite2", "a": "adjacent2"}
#: black cells in each rotor's group
BLACK_COUNT = {"+": 1, "-": 3, "o": 2, "a": 2}
#: what each rotor asks of its four cells, as the picture's legend says it
ROTOR_WORDS = {"+": N_("one black"), "-": N_("three black"), "o": N_("an opposite pair black"),
               "a": N_("an adjacent pair black")}
COLUMNS = "ABCD"

Grid = tuple[int, ...]  # 16 cells, 1 = black
#: rotor counts a near miss may have (`Seki.near_miss`): a few rotors off the nine
NEAR_ROTORS = (6, 12)


def rotor_group(k: int) -> tuple[int, int, int, int]:
    """Cells around rotor k, in the order top-left, top-right, bottom-left, bottom-right."""
    r, c = divmod(k, SIZE - 1)
    top = SIZE * r + c
    return (top, top + 1, top + SIZE, top + SIZE + 1)


def cell_name(i: int) -> str:
    """A cell as the picture names it: column letter A-D, row number 1-4 ("B2")."""
    r, c = divmod(i, SIZE)
    return f"{COLUMNS[c]}{r + 1}"


def black_pairs(rotor: str, group: tuple[int, int, int, int]) -> list[tuple[int, int]]:
    """The pairs of cells that may be the two black ones for `o` and `a` rotors."""
    tl, tr, bl, br = group
    if rotor == "o":
        return [(tl, br), (tr, bl)]
    if rotor == "a":
        return [(tl, tr), (tr, br), (br, bl), (tl, bl)]
    return []


@dataclass(frozen=True)
class SekiPuzzle:
    rotors: str  # nine characters from + - o a
    name: str = ""


#: a cell's state while hinting: -1 not known yet, else 0 white or 1 black
Known = tuple[int, ...]
