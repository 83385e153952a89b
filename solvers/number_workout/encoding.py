"""The SMT-LIB2 encoding of what propagation leaves open, and the exported SMT file.

Z3 searches and counts only the open segments, as Booleans "segment 5 holds 3"; the
exported file also gives every segment its Int number for `get-value`.
"""

from __future__ import annotations

from collections.abc import Iterable

from .geometry import CELLS, HEXAGONS, NUMBERS, NumberWorkoutPuzzle, first_of
from .propagate import propagate


def open_segments(candidates: list[set[int]]) -> list[int]:
    """The segments (one per touching pair) propagation left undecided: Z3's search."""
    return [c for c in range(CELLS) if first_of(c) == c and len(candidates[c]) > 1]


def holds(cell: int, value: int) -> str:
    """The Bool "this segment holds this number": `V5is3`."""
    return f"V{cell}is{value}"


def smt_assertions(candidates: list[set[int]], named: Iterable[int]) -> list[str]:
    """The search left after propagation, as Bools, and the Int number of `named` segments.

    Each open segment (a touching pair counts once) holds exactly one of its candidate
    numbers; in each hexagon each number not yet placed sits on exactly one open segment.
    The export names every segment (decided ones as constants); the solver reads only
    the open ones, so it names just those and Z3 parses less.
    """
    search = open_segments(candidates)
    lines = [f"(declare-const {holds(c, v)} Bool)" for c in search
             for v in sorted(candidates[c])]
    lines.append(";; each open segment holds exactly one candidate number")
    for cell in search:
        names = " ".join(holds(cell, v) for v in sorted(candidates[cell]))
        lines += [f"(assert (or {names}))", f"(assert ((_ at-most 1) {names}))"]
    lines.append(";; each hexagon holds every number once")
    for k, hexagon in enumerate(HEXAGONS, 1):
        segments = sorted({first_of(c) for c in hexagon} & set(search))
        for value in NUMBERS:
            names = " ".join(holds(c, value) for c in segments if value in candidates[c])
            if names and not any(candidates[c] == {value} for c in hexagon):
                lines += [f"(assert (or {names})) ; hexagon {k} has a {value}",
                          f"(assert ((_ at-most 1) {names}))"]
    lines.append(";; each segment's number (a touching pair shares its first's)")
    for cell in named:
        lines += [f"(declare-const V{cell} Int)",
                  f"(assert (= V{cell} {_number_text(first_of(cell), candidates)}))"]
    return lines


def _number_text(cell: int, candidates: list[set[int]]) -> str:
    """`(ite V5is1 1 (ite V5is3 3 4))`: the number chosen among the candidates."""
    ordered = sorted(candidates[cell])
    text = str(ordered[-1])
    for value in reversed(ordered[:-1]):
        text = f"(ite {holds(cell, value)} {value} {text})"
    return text


def smt_file(puzzle: NumberWorkoutPuzzle) -> str:
    """The whole SMT-LIB2 file: the solver's own encoding, then check-sat/get-value."""
    candidates, reason = propagate(puzzle.clues)
    head = [f"; Number Workout {puzzle.name}".rstrip(), "(set-option :produce-models true)"]
    if reason:  # propagation already proved it: say so in a file Z3 finds unsat
        return "\n".join(head + [f"; {reason}", "(assert false)", "(check-sat)", "(exit)"])
    names = " ".join(f"V{i}" for i in range(CELLS))
    tail = ["(check-sat)", f"(get-value ({names}))", "(exit)"]
    return "\n".join(head + smt_assertions(candidates, range(CELLS)) + tail)
