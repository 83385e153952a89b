"""Checking a Number Workout solution from the numbers alone: every touching pair,
every hexagon and every clue."""

from __future__ import annotations

from ..values import Cell, CheckReport, Rule
from .geometry import HEXAGONS, NUMBERS, PAIRS, Grid, NumberWorkoutPuzzle, line_position


def at(segments: list[int]) -> tuple[Cell, ...]:
    """Segments as the cells a broken rule names: (line, position) of the solution's
    text, from 1, as the hints name them."""
    return tuple(line_position(segment) for segment in segments)


def check(puzzle: NumberWorkoutPuzzle, solution: Grid) -> CheckReport:
    """Recheck every pair, every hexagon and every clue from the numbers alone; a broken
    one names its segments (a hexagon's: those holding a number twice)."""
    rules = [Rule("Checking Neighbour pairs =", None)]
    errors = 0
    for a, b in PAIRS:
        ok = solution[a] == solution[b]
        errors += not ok
        rules.append(Rule(f"Cell {a} {b}", ok, f"= ( {solution[a]}=?={solution[b]} ) "
                          f"{'OK' if ok else '** ERROR **'}", cells=at([a, b])))
    rules.append(Rule("Checking Hex Regions =", None))
    for k, hexagon in enumerate(HEXAGONS, 1):
        values = sorted(solution[c] for c in hexagon)
        ok = values == list(NUMBERS)
        errors += not ok
        cells = " ".join(map(str, hexagon))
        shown = " ".join(str(solution[c]) for c in hexagon)
        twice = [c for c in hexagon if values.count(solution[c]) > 1]
        rules.append(Rule(f"Region {k}", ok, f"Cells are {cells} "
                          f"{'OK' if ok else f'** ERROR ** holds {shown}'}", cells=at(twice)))
    changed = [c for c, clue in enumerate(puzzle.clues) if clue and solution[c] != clue]
    for cell in changed:
        rules.append(Rule(f"Clue at cell {cell}", False, f"is {puzzle.clues[cell]} but the "
                          f"solution has {solution[cell]} ** ERROR **", cells=at([cell])))
    errors += len(changed)
    if not errors:
        return CheckReport(True, rules, "Puzzle has is OK Solution successful.")
    return CheckReport(False, rules, f"Puzzle has ** ERROR ** {errors} check(s) failed.")
