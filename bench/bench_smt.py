"""Gogen and Number Workout: this project's solve against the seeds' plain Z3 encodings.

The *plain* encodings are the ones the seeds (002 Gogen, 004 Number Workout) print:
one Int per letter or segment, `distinct`, range assertions, and for Gogen the `or` of
the eight signed differences 1, 9, 10, 11 between positions 10*row + column + 1.
Each is timed three ways on the same machine in one run:

- *plain, first*: the seed's whole file run through Z3 (`check-sat`, `get-model`), as
  the seed does, in a fresh Z3 context (making the context is not timed);
- *plain, unique*: the same assertions, then one more `check` after blocking the first
  model, which is what proving a puzzle unique costs (the bot always does this);
- *ours*: `kind.solve(puzzle, Limits(max_solutions=2))`: propagation (with probing),
  which alone proves a puzzle unique when it fixes every cell; otherwise the project's
  encoding in Z3 and the uniqueness proof.

Usage: .venv/bin/python bench/bench_smt.py [--repeat N]  (prints a Markdown table)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import z3

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solvers.gogen import Gogen, GogenPuzzle  # noqa: E402
from solvers.number_workout import CELLS, PAIRS, NumberWorkout, NumberWorkoutPuzzle  # noqa: E402
from solvers.number_workout import HEXAGONS as NW_HEXAGONS  # noqa: E402
from solvers.values import Limits  # noqa: E402

PREAMBLE = ["(set-logic LIA)", "(set-option :produce-models true)",
            "(set-option :produce-assignments true)"]


def plain_gogen(puzzle: GogenPuzzle) -> tuple[str, list[str]]:
    """The seed's Gogen file: Int positions, distinct, difference ors, knowns, ranges."""
    names = [f"V{x}" for x in puzzle.letters]
    lines = PREAMBLE + [f"(declare-const {v} Int)" for v in names]
    lines.append(f"(assert (distinct {' '.join(names)} ))")
    pairs = {tuple(sorted(p)) for w in puzzle.words for p in zip(w, w[1:], strict=False)}
    for a, b in sorted(pairs):
        options = " ".join(f"(= {d} (- V{x} V{y}))" for d in (1, 9, 10, 11)
                           for x, y in ((a, b), (b, a)))
        lines.append(f"(assert ( or {options} )) ; pair {a} {b}")
    for cell, letter in enumerate(puzzle.grid):
        if letter != ".":
            r, c = divmod(cell, puzzle.size)
            lines.append(f"(assert (= V{letter} {10 * r + c + 1} ))")
    for v in names:
        rows = " ".join(f"(and (> {v} {10 * r} ) (< {v} {10 * r + puzzle.size + 1}))"
                        for r in range(puzzle.size))
        lines.append(f"(assert ( or {rows} ))")
    return "\n".join(lines), names


def plain_nw(puzzle: NumberWorkoutPuzzle) -> tuple[str, list[str]]:
    """The seed's Number Workout file: ranges, clues, distinct per grpList, pair equalities."""
    names = [f"V{i}" for i in range(CELLS)]
    lines = PREAMBLE + [f"(declare-const {v} Int)" for v in names]
    lines += [f"(assert (and (> {v} 0) (< {v} 7) ))" for v in names]
    lines += [f"(assert (= V{i} {c} ))" for i, c in enumerate(puzzle.clues) if c]
    first = {b: a for a, b in PAIRS}  # the seed names a touching segment by its pair's first
    for k, hexagon in enumerate(NW_HEXAGONS, 1):
        cells = " ".join(f"V{first.get(c, c)}" for c in hexagon)
        lines.append(f"(assert (distinct {cells})) ; Region {k}")
    lines += [f"(assert (= V{a} V{b} ))" for a, b in PAIRS]
    return "\n".join(lines), names


def time_plain_first(assertions: str) -> float:
    """The seed's run: the whole file, check-sat and get-model, in a fresh context."""
    context = z3.Context()
    started = time.perf_counter()
    output = z3.Z3_eval_smtlib2_string(context.ref(), assertions + "\n(check-sat)\n(get-model)")
    elapsed = time.perf_counter() - started
    assert output.startswith("sat"), output[:80]
    return elapsed


def time_plain_unique(assertions: str, names: list[str]) -> float:
    """Parse, solve, block the model, solve again (unsat proves the puzzle unique)."""
    context = z3.Context()
    started = time.perf_counter()
    solver = z3.Solver(ctx=context)
    solver.from_string(assertions)
    variables = [z3.Int(n, context) for n in names]
    if solver.check() == z3.sat:
        model = solver.model()
        solver.add(z3.Or([v != model.eval(v, True) for v in variables]))
        solver.check()
    return time.perf_counter() - started


def time_ours(kind, puzzle) -> tuple[float, int]:
    started = time.perf_counter()
    solutions = kind.solve(puzzle, Limits(max_solutions=2))
    return time.perf_counter() - started, solutions.count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per puzzle (median kept)")
    args = parser.parse_args(argv)
    jobs = [(Gogen(), plain_gogen, p) for p in sorted((ROOT / "puzzles").glob("gogen_*.txt"))]
    jobs += [(NumberWorkout(), plain_nw, p) for p in sorted((ROOT / "puzzles").glob("nw_*.txt"))]
    print("| puzzle | solutions (cap 2) | plain, first (ms) | plain, unique (ms) "
          "| ours (ms) | speed-up vs plain unique | vs plain first |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    ratios: dict[str, list[float]] = {"gogen": [], "nw": []}
    first_ratios: dict[str, list[float]] = {"gogen": [], "nw": []}
    ours_by_kind: dict[str, list[float]] = {"gogen": [], "nw": []}
    for kind, plain, path in jobs:
        puzzle = kind.parse(path.read_text())
        assertions, names = plain(puzzle)
        first = statistics.median(time_plain_first(assertions) for _ in range(args.repeat))
        unique = statistics.median(time_plain_unique(assertions, names)
                                   for _ in range(args.repeat))
        runs = [time_ours(kind, puzzle) for _ in range(args.repeat)]
        ours = statistics.median(t for t, _ in runs)
        ratios[kind.name].append(unique / ours)
        first_ratios[kind.name].append(first / ours)
        ours_by_kind[kind.name].append(ours)
        print(f"| {path.name} | {runs[0][1]} | {first * 1000:.1f} | {unique * 1000:.1f} "
              f"| {ours * 1000:.1f} | {unique / ours:.1f}x | {first / ours:.1f}x |")
    print()
    for name, values in ratios.items():
        if values:
            print(f"{name}: median speed-up {statistics.median(values):.1f}x vs plain unique, "
                  f"{statistics.median(first_ratios[name]):.1f}x vs plain first; median "
                  f"solve {statistics.median(ours_by_kind[name]) * 1000:.1f} ms over "
                  f"{len(values)} puzzles")
    return 0


if __name__ == "__main__":
    sys.exit(main())
