"""Seki's generator: rotors read off a random grid, kept when Z3 proves one solution,
graded by how many `o` rotors they have."""

from __future__ import annotations

import random

from ..i18n import _
from ..values import Limits, PuzzleError
from .model import SIZE, SekiPuzzle, rotor_group
from .solver import solve

#: how many `o` rotors a puzzle of each difficulty has: an `o` rotor allows only two
#: patterns (the others four), so each one narrows the search for a person
OPPOSITE_COUNTS = {"easy": range(3, 10), "medium": range(2, 3), "hard": range(0, 2)}
#: planted grids drawn (cheap) before giving up; only those of the right difficulty
#: are handed to Z3
GENERATE_ATTEMPTS = 2000

def generate(rng: random.Random, difficulty: str) -> str:
    """Random rotors with exactly one solution (Z3 proves it), graded by `o` rotors.

    The rotors are read off a random grid whose rotor groups all hold one to three
    black cells, so each draw has at least one solution; most are unique.
    """
    if difficulty not in OPPOSITE_COUNTS:
        raise PuzzleError(_("unknown difficulty '{difficulty}'; use {known}").format(
            difficulty=difficulty, known=", ".join(OPPOSITE_COUNTS)))
    for _attempt in range(GENERATE_ATTEMPTS):
        rotors = _planted_rotors(rng)
        if rotors.count("o") not in OPPOSITE_COUNTS[difficulty]:
            continue
        if solve(SekiPuzzle(rotors), Limits(max_solutions=2)).unique:
            return f"#seki {difficulty}\n{rotors}\n"
    raise PuzzleError(_("no unique {difficulty} Seki puzzle found; try again").format(
        difficulty=difficulty))

def _planted_rotors(rng: random.Random) -> str:
    """The rotors of a random grid, drawn again until no rotor group is all one colour."""
    while True:
        cells = [rng.randint(0, 1) for _ in range(SIZE * SIZE)]
        rotors = ""
        for k in range(9):
            tl, tr, bl, br = (cells[i] for i in rotor_group(k))
            black = tl + tr + bl + br
            if black in (0, 4):
                break
            rotors += {1: "+", 3: "-"}.get(black, "o" if tl == br else "a")
        if len(rotors) == 9:
            return rotors
