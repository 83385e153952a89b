"""Checking a Seki solution from the grid alone: every rotor group recounted, as the
seed's check does, in the seed's report lines."""

from __future__ import annotations

from ..values import CheckReport, Rule
from .model import BLACK_COUNT, SIZE, Grid, SekiPuzzle, black_pairs, rotor_group


def check(puzzle: SekiPuzzle, solution: Grid) -> CheckReport:
    """Recount every rotor group from the grid alone, as the seed's check does; a rule
    names its group's cells (a wrong solution's picture outlines a broken group's)."""
    rules, difference, patterns_ok = [], 0, True
    for k, rotor in enumerate(puzzle.rotors):
        group = rotor_group(k)
        total = sum(solution[i] for i in group)
        blacks = {i for i in group if solution[i]}
        pairs = black_pairs(rotor, group)
        pattern = not pairs or any(blacks == set(pair) for pair in pairs)
        difference += abs(total - BLACK_COUNT[rotor])
        patterns_ok &= pattern
        ok = total == BLACK_COUNT[rotor] and pattern
        note = "" if pattern or total != BLACK_COUNT[rotor] else " (wrong pattern)"
        rules.append(Rule(
            f"RotorGroup {k}", ok, f"ch={rotor} Value={BLACK_COUNT[rotor]} "
            f"[{','.join(map(str, group))}] gives Sum = {total} "
            f"{'OK' if ok else 'FAIL'}{note}",
            cells=tuple((i // SIZE + 1, i % SIZE + 1) for i in group)))
    if difference == 0 and patterns_ok:
        return CheckReport(True, rules, "Puzzle OK Solution successful.")
    why = (f"Solution failed by difference = {difference}." if difference
           else "Solution failed: a rotor's black cells are in the wrong pattern.")
    return CheckReport(False, rules, f"Puzzle has ** ERROR ** {why}")
