"""HoDoKu's exact position and step for lines of its exemplar library.

HoDoKu's exemplar library (exemplars-1.0.txt in HoDoKu's source; the same file is
tests/testdata/exemplars-1.0.txt in hodoku-py's repository) records, for each puzzle, only
the techniques of its solving path and how many candidates each step removes, such as
`ssts sc(7) s`. tests/test_sudoku_published.py checks our finders against the exact
cells, so this tool recovers them: it solves the line with hodoku-py (HoDoKu's Python
port) restricted to the techniques the record names (`s` singles, `ssts` singles, locked
candidates, subsets, X-Wing, Swordfish, Jellyfish, XY-Wing, Simple and Multi Colors, and
the recorded technique), replays every earlier step's placements and eliminations from
the givens, and prints, for the first step of the recorded technique:

- HoDoKu's load line of the position just before it (the format of the test's examples:
  `:<section>:<digits>:<81 cells, "+" before digits placed after the givens>:<candidates
  deleted so far>:<the step's eliminations>:`, a candidate written digit-row-column);
- the step as HoDoKu names it, its eliminations and placements, and whether its count is
  the record's.

hodoku-py is GPL and a bench-only baseline (never imported by `solvers/`, `bot/` or
`tests/`). Commands:

    .venv/bin/pip install hodoku-py
    .venv/bin/python bench/hodoku_positions.py --file exemplars-1.0.txt sc fbf4
    .venv/bin/python bench/hodoku_positions.py "<81 givens> # s xyz(2) s"
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from hodoku import SolutionType, Solver, SolverConfig
from hodoku.core.scoring import DEFAULT_STEPS
from hodoku.core.solution_step import SolutionStep

S = SolutionType
SINGLES = {S.FULL_HOUSE, S.NAKED_SINGLE, S.HIDDEN_SINGLE}
#: the record's "ssts": the techniques HoDoKu's library applies before the recorded one
SSTS = SINGLES | {S.LOCKED_CANDIDATES_1, S.LOCKED_CANDIDATES_2, S.LOCKED_PAIR,
                  S.LOCKED_TRIPLE, S.NAKED_PAIR, S.NAKED_TRIPLE, S.NAKED_QUADRUPLE,
                  S.HIDDEN_PAIR, S.HIDDEN_TRIPLE, S.HIDDEN_QUADRUPLE, S.X_WING,
                  S.SWORDFISH, S.JELLYFISH, S.XY_WING, S.SIMPLE_COLORS_TRAP,
                  S.MULTI_COLORS_1}
#: the library's technique codes, and the step types each stands for
CODES: dict[str, set[SolutionType]] = {
    "lc1": {S.LOCKED_CANDIDATES_1}, "lc2": {S.LOCKED_CANDIDATES_2},
    "l2": {S.LOCKED_PAIR}, "l3": {S.LOCKED_TRIPLE},
    "n2": {S.NAKED_PAIR}, "n3": {S.NAKED_TRIPLE}, "n4": {S.NAKED_QUADRUPLE},
    "h2": {S.HIDDEN_PAIR}, "h3": {S.HIDDEN_TRIPLE}, "h4": {S.HIDDEN_QUADRUPLE},
    "bf2": {S.X_WING}, "bf3": {S.SWORDFISH}, "bf4": {S.JELLYFISH},
    "fbf2": {S.FINNED_X_WING}, "fbf3": {S.FINNED_SWORDFISH}, "fbf4": {S.FINNED_JELLYFISH},
    "sbf2": {S.SASHIMI_X_WING}, "sbf3": {S.SASHIMI_SWORDFISH},
    "sbf4": {S.SASHIMI_JELLYFISH},
    "sk": {S.SKYSCRAPER}, "2sk": {S.TWO_STRING_KITE}, "tf": {S.TURBOT_FISH},
    "er": {S.EMPTY_RECTANGLE}, "w": {S.W_WING}, "xy": {S.XY_WING}, "xyz": {S.XYZ_WING},
    "u1": {S.UNIQUENESS_1}, "u2": {S.UNIQUENESS_2}, "u3": {S.UNIQUENESS_3},
    "u4": {S.UNIQUENESS_4}, "u5": {S.UNIQUENESS_5}, "u6": {S.UNIQUENESS_6},
    "hr": {S.HIDDEN_RECTANGLE}, "ar1": {S.AVOIDABLE_RECTANGLE_1},
    "ar2": {S.AVOIDABLE_RECTANGLE_2}, "bug1": {S.BUG_PLUS_1},
    "sc": {S.SIMPLE_COLORS_TRAP, S.SIMPLE_COLORS_WRAP},
    "mc": {S.MULTI_COLORS_1, S.MULTI_COLORS_2},
    "x": {S.X_CHAIN}, "xyc": {S.XY_CHAIN}, "rp": {S.REMOTE_PAIR},
    "cnl": {S.CONTINUOUS_NICE_LOOP}, "dnl": {S.DISCONTINUOUS_NICE_LOOP}, "aic": {S.AIC},
    "gcnl": {S.GROUPED_CONTINUOUS_NICE_LOOP}, "gdnl": {S.GROUPED_DISCONTINUOUS_NICE_LOOP},
    "gaic": {S.GROUPED_AIC}, "axz": {S.ALS_XZ}, "axy": {S.ALS_XY_WING},
    "ach": {S.ALS_XY_CHAIN}, "sdc": {S.SUE_DE_COQ},
}
#: steps that place their values (hodoku-py applies these the same way)
PLACING = SINGLES | {S.BRUTE_FORCE, S.FORCING_CHAIN_CONTRADICTION, S.FORCING_CHAIN_VERITY,
                     S.FORCING_NET_CONTRADICTION, S.FORCING_NET_VERITY}
#: the types whose step configuration a type shares (hodoku-py enables them together)
CONFIGURED_AS = {S.SIMPLE_COLORS_WRAP: S.SIMPLE_COLORS_TRAP, S.MULTI_COLORS_2: S.MULTI_COLORS_1,
                 S.DISCONTINUOUS_NICE_LOOP: S.CONTINUOUS_NICE_LOOP,
                 S.AIC: S.CONTINUOUS_NICE_LOOP,
                 S.GROUPED_DISCONTINUOUS_NICE_LOOP: S.GROUPED_CONTINUOUS_NICE_LOOP,
                 S.GROUPED_AIC: S.GROUPED_CONTINUOUS_NICE_LOOP}
RECORD = re.compile(r"([a-z0-9]+)\((\d+)\)")


@dataclass
class Exemplar:
    section: str
    givens: str
    record: str

    @property
    def target(self) -> tuple[str, int]:
        """The recorded technique's code and the candidates its step removes."""
        code, removed = RECORD.findall(self.record)[0]
        return code, int(removed)


def exemplars(text: str) -> Iterator[Exemplar]:
    """Every puzzle line of the library, with the section ("#0500") it is under."""
    section = "0000"
    for line in text.splitlines():
        if match := re.match(r"#(\d{4})", line):
            section = match.group(1)
        elif " # " in line and not line.startswith("#"):
            givens, record = line.split(" # ", 1)
            if RECORD.search(record):
                yield Exemplar(section, givens.strip(), record.strip())


def config_for(record: str) -> SolverConfig:
    """hodoku-py's settings with only the record's techniques on (brute force stays, as
    the last resort that finishes a solve)."""
    enabled = set(SINGLES)
    for word in record.split():
        if word == "ssts":
            enabled |= SSTS
        elif code := RECORD.match(word):
            enabled |= {CONFIGURED_AS.get(t, t) for t in CODES.get(code.group(1), ())}
    keep = enabled | {S.BRUTE_FORCE, S.GIVE_UP}
    return SolverConfig(step_overrides={
        step.solution_type: {"enabled": step.solution_type in keep} for step in DEFAULT_STEPS})


class Position:
    """Values and candidates as HoDoKu's grid holds them, replayed step by step."""

    def __init__(self, givens: str) -> None:
        self.givens = [0 if ch in ".0" else int(ch) for ch in givens]
        self.values = [0] * 81
        self.cands = [set(range(1, 10)) for _ in range(81)]
        for cell, digit in enumerate(self.givens):
            if digit:
                self.place(cell, digit)

    def place(self, cell: int, digit: int) -> None:
        self.values[cell] = digit
        self.cands[cell] = set()
        for other in range(81):
            if sees(cell, other):
                self.cands[other].discard(digit)

    def apply(self, step: SolutionStep) -> None:
        if step.type in PLACING:
            for cell, digit in zip(step.indices, step.values, strict=True):
                self.place(cell, digit)
        for cand in step.candidates_to_delete:
            self.cands[cand.index].discard(cand.value)

    def load_line(self, section: str, step: SolutionStep) -> str:
        """HoDoKu's load line: placed digits marked "+", then the candidates deleted
        beyond what the placed digits imply, then the step's eliminations."""
        cells = "".join("." if not v else (str(v) if self.givens[i] else f"+{v}")
                        for i, v in enumerate(self.values))
        deleted = [(d, c) for c in range(81) if not self.values[c]
                   for d in sorted(self.implied(c) - self.cands[c])]
        digits = sorted({c.value for c in step.candidates_to_delete} | set(step.values))
        return (f":{section}:{''.join(map(str, digits))}:{cells}:{tokens(deleted)}:"
                f"{tokens(eliminations(step))}:")

    def implied(self, cell: int) -> set[int]:
        return set(range(1, 10)) - {self.values[o] for o in range(81) if sees(cell, o)}


def sees(a: int, b: int) -> bool:
    return a != b and (a // 9 == b // 9 or a % 9 == b % 9
                       or (a // 27, a % 9 // 3) == (b // 27, b % 9 // 3))


def eliminations(step: SolutionStep) -> list[tuple[int, int]]:
    return sorted((c.value, c.index) for c in step.candidates_to_delete)


def detail(step: SolutionStep) -> str:
    """The step's type, and for a fish its base and cover sets and fins."""
    houses = "rcb"
    parts = [step.type.value]
    if step.base_entities:
        parts.append("base " + " ".join(f"{houses[e.type]}{e.number}"
                                        for e in step.base_entities))
        parts.append("cover " + " ".join(f"{houses[e.type]}{e.number}"
                                         for e in step.cover_entities))
    if step.fins:
        parts.append("fins " + " ".join(f"r{f.index // 9 + 1}c{f.index % 9 + 1}"
                                        for f in step.fins))
    return ", ".join(parts)


def tokens(digit_cells: list[tuple[int, int]]) -> str:
    return " ".join(f"{d}{c // 9 + 1}{c % 9 + 1}" for d, c in digit_cells)


def report(exemplar: Exemplar) -> str:
    code, removed = exemplar.target
    if code not in CODES:
        return f"{exemplar.givens} # {exemplar.record}\n  {code}: not a code this tool knows"
    result = Solver(config_for(exemplar.record)).solve(exemplar.givens.replace(".", "0"))
    position = Position(exemplar.givens)
    for step in result.steps:
        if step.type in CODES[code]:
            placed = (tokens(list(zip(step.values, step.indices, strict=True)))
                      if step.type in PLACING else "")
            count = len(step.candidates_to_delete)
            return "\n".join([
                f"{exemplar.givens} # {exemplar.record}",
                f"  step: {detail(step)}",
                f"  load line: {position.load_line(exemplar.section, step)}",
                f"  eliminations: {tokens(eliminations(step))}" + (
                    f"  placements: {placed}" if placed else ""),
                f"  removes {count} (record {removed}){'' if count == removed else ' DIFFERS'}"])
        position.apply(step)
    return f"{exemplar.givens} # {exemplar.record}\n  no {code} step in HoDoKu's solve"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("select", nargs="+",
                        help="exemplar lines ('<givens> # <record>') or technique codes")
    parser.add_argument("--file", type=Path, help="exemplars-1.0.txt, to select by code")
    args = parser.parse_args()
    library = list(exemplars(args.file.read_text())) if args.file else []
    for item in args.select:
        if " # " in item:
            given = list(exemplars(item))
            chosen = [e for e in library if e.givens == given[0].givens] or given
        else:
            chosen = [e for e in library if e.target[0] == item]
            if not chosen:
                sys.exit(f"no exemplar recorded with {item!r} (give --file?)")
        for exemplar in chosen:
            print(report(exemplar))


if __name__ == "__main__":
    main()
