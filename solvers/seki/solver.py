"""Solving a Seki with Z3: a sum and a pattern per rotor, the rotors that clash named
when there is no solution (Z3's unsat core), and the same model as SMT-LIB2 text."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import _, listing
from ..smt import enumerate_models
from ..values import Limits, Solutions
from .model import BLACK_COUNT, ROTOR_WORDS, SIZE, SekiPuzzle, black_pairs, cell_name, rotor_group

if TYPE_CHECKING:
    import z3


def solve(puzzle: SekiPuzzle, limits: Limits) -> Solutions:
    import z3  # here, not at the top: the bot's process parses without Z3

    cells = [z3.Int(f"V{i}") for i in range(SIZE * SIZE)]
    solver = z3.Solver()
    solver.set("core.minimize", True)  # name the fewest rotor groups that clash
    for cell in cells:
        solver.add(z3.Or(cell == 0, cell == 1))
    for k, rotor in enumerate(puzzle.rotors):
        group = rotor_group(k)
        rules = [z3.Sum([cells[i] for i in group]) == BLACK_COUNT[rotor]]
        pairs = black_pairs(rotor, group)
        if pairs:
            rules.append(z3.Or([cells[a] + cells[b] == 2 for a, b in pairs]))
        solver.assert_and_track(z3.And(rules), f"RotorGroup{k}")
    found, count, exhaustive = enumerate_models(solver, cells, limits)
    reason = _unsat_reason(puzzle, solver) if count == 0 and exhaustive else ""
    return Solutions(found, count, exhaustive, reason,
                     stats={"z3_conflicts": _stat(solver, "conflicts")})


def _unsat_reason(puzzle: SekiPuzzle, solver: z3.Solver) -> str:
    """Name the rotors that cannot all be satisfied (the fewest Z3 found, its unsat
    core) and their cells, numbered as the picture numbers them."""
    core = sorted(int(str(name).removeprefix("RotorGroup")) for name in solver.unsat_core())
    return clash_words(puzzle, core)


def smt(puzzle: SekiPuzzle) -> str:
    """The seed's SMT-LIB2 text: Int cells in 0..1, a sum and a pattern per rotor."""
    lines = ["(set-logic LIA)", "(set-option :produce-models true)",
             "(set-option :produce-assignments true)"]
    for i in range(SIZE * SIZE):
        lines += [f"(declare-const V{i} Int)", f"(assert (or (= V{i} 0) (= V{i} 1) ))"]
    for k, rotor in enumerate(puzzle.rotors):
        group = rotor_group(k)
        names = " ".join(f"V{i}" for i in group)
        lines.append(f";RotorGroup {k} {rotor} {','.join(map(str, group))}")
        lines.append(f"(assert (= {BLACK_COUNT[rotor]} (+ {names})))")
        pairs = black_pairs(rotor, group)
        if pairs:
            options = " ".join(f"(= 2 (+ V{a} V{b}))" for a, b in pairs)
            lines.append(f"(assert (or {options} )); {rotor}")
    cells = " ".join(f"V{i}" for i in range(SIZE * SIZE))
    lines += ["(check-sat)", f"(get-value ( {cells}))", "(exit)"]
    return "\n".join(lines)


def clash_words(puzzle: SekiPuzzle, rotors: list[int]) -> str:
    """Why there is no solution, in the puzzle's words: the rotors (numbered 1-9 row by
    row, as in the picture) that cannot all be satisfied at once, and the cells each one
    covers."""
    each = "; ".join(_("{rotor} covers {cells}").format(
        rotor=rotor_words(puzzle, k), cells=" ".join(cell_name(i) for i in rotor_group(k)))
        for k in rotors)
    return _("Rotors {rotors} cannot all be satisfied at once: {each}. The picture numbers "
             "the rotors and names the cells.").format(
        rotors=listing([str(k + 1) for k in rotors]), each=each)


def _stat(solver: z3.Solver, key: str) -> int:
    """One figure from Z3's statistics, 0 when Z3 did not report it."""
    stats = solver.statistics()
    return int(stats.get_key_value(key)) if key in list(stats.keys()) else 0


def rotor_words(puzzle: SekiPuzzle, k: int) -> str:
    return _("rotor {number} ({symbol}: {meaning})").format(
        number=k + 1, symbol=puzzle.rotors[k], meaning=_(ROTOR_WORDS[puzzle.rotors[k]]))
