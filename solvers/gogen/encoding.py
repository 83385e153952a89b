"""The SMT-LIB2 encoding of what propagation leaves open, and the exported SMT file.

Z3 searches and counts only the open letters, as Booleans "letter a is on position 14";
the exported file also gives every letter its Int position for `get-value`.
"""

from __future__ import annotations

from .grid import Candidates, GogenPuzzle, neighbours, position
from .propagate import propagate


def open_letters(puzzle: GogenPuzzle, candidates: Candidates) -> list[str]:
    """The letters propagation could not place: the only ones Z3 has to search."""
    return [x for x in puzzle.letters if len(candidates[x]) > 1]


def here(puzzle: GogenPuzzle, letter: str, cell: int) -> str:
    """The Bool "letter is on this cell", named by the position: `a14`."""
    return f"{letter}{position(puzzle, cell)}"


def smt_assertions(puzzle: GogenPuzzle, candidates: Candidates, named: str) -> list[str]:
    """The search left after propagation, as Bools, and the Int position of `named` letters.

    Each open letter takes exactly one candidate, each cell at most one open letter, and
    each link between two open letters reads "if a is here, b is on one of these
    neighbouring candidates". Links to a placed letter need nothing: propagation kept
    only candidates next to it. The export names every letter (placed ones as
    constants); the solver reads only the open ones, so it names just those.
    """
    near = neighbours(puzzle.size)
    search = open_letters(puzzle, candidates)
    lines = [f"(declare-const {here(puzzle, x, c)} Bool)"
             for x in search for c in sorted(candidates[x])]
    lines.append(";; each open letter on exactly one of its candidate cells")
    for x in search:
        names = " ".join(here(puzzle, x, c) for c in sorted(candidates[x]))
        lines += [f"(assert (or {names}))", f"(assert ((_ at-most 1) {names}))"]
    lines.append(";; each cell holds at most one open letter")
    for cell in range(puzzle.size * puzzle.size):
        holders = [here(puzzle, x, cell) for x in search if cell in candidates[x]]
        if len(holders) > 1:
            lines.append(f"(assert ((_ at-most 1) {' '.join(holders)}))")
    lines.append(";; each link: if a is here, b is on a neighbouring candidate")
    for a, b in puzzle.links():
        if a not in search or b not in search:
            continue
        for first, second in ((a, b), (b, a)):
            for cell in sorted(candidates[first]):
                targets = " ".join(here(puzzle, second, q)
                                   for q in sorted(near[cell] & candidates[second]))
                lines.append(f"(assert (=> {here(puzzle, first, cell)} (or {targets})))")
    lines.append(";; each letter's position: 10*row + column + 1")
    for x in named:
        lines += [f"(declare-const V{x} Int)",
                  f"(assert (= V{x} {_position_text(puzzle, x, candidates[x])}))"]
    return lines


def _position_text(puzzle: GogenPuzzle, letter: str, cells: frozenset[int]) -> str:
    """`(ite a14 14 (ite a23 23 5))`: the position chosen among the candidates."""
    ordered = sorted(cells)
    text = str(position(puzzle, ordered[-1]))
    for cell in reversed(ordered[:-1]):
        text = f"(ite {here(puzzle, letter, cell)} {position(puzzle, cell)} {text})"
    return text


def smt_file(puzzle: GogenPuzzle) -> str:
    """The whole SMT-LIB2 file: the solver's own encoding, then check-sat/get-value."""
    candidates, reason = propagate(puzzle)
    head = [f"; Gogen {puzzle.name}".rstrip(),
            "; positions: 10*row + column + 1 (1..5 top row, 11..15 next...)",
            "(set-option :produce-models true)"]
    if reason:  # propagation already proved it: say so in a file Z3 finds unsat
        return "\n".join(head + [f"; {reason}", "(assert false)", "(check-sat)", "(exit)"])
    names = " ".join(f"V{x}" for x in puzzle.letters)
    tail = ["(check-sat)", f"(get-value ({names}))", "(exit)"]
    return "\n".join(head + smt_assertions(puzzle, candidates, puzzle.letters) + tail)
