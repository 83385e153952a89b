"""Sudoku benchmark: the compiled propagation + search against a plain Z3 encoding.

Both solve every puzzle of bench/data/sudoku_hard.txt and prove it unique (a second
solution is looked for and not found); every answer is checked by `Sudoku.check` and
the two solvers must agree. Times are per puzzle, wall clock, one core.

    .venv/bin/python bench/bench_sudoku.py [--repeat 3] [--limit N] [--z3 K]

Z3 takes seconds a puzzle, so by default it runs on the first 20 puzzles only (our
solver's figures for the same 20 are printed beside it); `--z3 0` skips it.
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

from solvers.base import Limits  # noqa: E402
from solvers.sudoku import CELLS, UNITS, Sudoku, solve_grid, warm  # noqa: E402

DATA = ROOT / "bench" / "data" / "sudoku_hard.txt"


def z3_solve(givens: tuple[int, ...]) -> tuple[list[tuple[int, ...]], bool]:
    """Solutions (at most 2) and whether that is all, by Int cells and Distinct units."""
    cells = [z3.Int(f"c{i}") for i in range(CELLS)]
    solver = z3.Solver()
    solver.add([z3.And(c >= 1, c <= 9) for c in cells])
    solver.add([z3.Distinct([cells[i] for i in unit]) for unit in UNITS])
    solver.add([cells[i] == d for i, d in enumerate(givens) if d])
    found = []
    while len(found) < 2:
        if solver.check() != z3.sat:
            return found, True
        model = solver.model()
        found.append(tuple(model.eval(c).as_long() for c in cells))
        solver.add(z3.Or([c != v for c, v in zip(cells, found[-1], strict=True)]))
    return found, False


def summary(name: str, times_ms: list[float]) -> str:
    ordered = sorted(times_ms)
    p90 = ordered[int(0.9 * (len(ordered) - 1))]
    return (f"| {name} | {len(times_ms)} | {statistics.median(times_ms):.3f} | {p90:.3f} | "
            f"{max(times_ms):.3f} | {statistics.mean(times_ms):.3f} | {sum(times_ms):.1f} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3,
                        help="solves per puzzle for our solver; its time is the best")
    parser.add_argument("--limit", type=int, default=None, help="first N puzzles only")
    parser.add_argument("--z3", type=int, default=20,
                        help="puzzles (the first K) to solve with Z3 too; 0 skips it")
    args = parser.parse_args()

    kind = Sudoku()
    lines = [line.strip() for line in DATA.read_text().splitlines()
             if line.strip() and not line.startswith("#")][:args.limit]
    puzzles = [kind.parse(line) for line in lines]

    started = time.perf_counter()
    warm()
    warm_seconds = time.perf_counter() - started

    ours, checked, worst_single, nodes = [], [], 0.0, []
    for puzzle in puzzles:
        best = float("inf")
        for _ in range(args.repeat):
            mark = time.perf_counter()
            found, count, exhaustive, spent = solve_grid(puzzle.givens, Limits(max_solutions=2))
            elapsed = (time.perf_counter() - mark) * 1000
            best, worst_single = min(best, elapsed), max(worst_single, elapsed)
        assert count == 1 and exhaustive, "not unique"
        mark = time.perf_counter()
        assert kind.check(puzzle, found[0]).ok, "check failed"
        checked.append(best + (time.perf_counter() - mark) * 1000)
        ours.append(best)
        nodes.append(spent)

    rows = [summary("numba propagation + search (this kind), all", ours),
            summary("the same plus `Sudoku.check` of the answer, all", checked)]
    if args.z3:
        theirs = []
        for puzzle in puzzles[:args.z3]:
            mark = time.perf_counter()
            found_z3, exhaustive_z3 = z3_solve(puzzle.givens)
            theirs.append((time.perf_counter() - mark) * 1000)
            assert exhaustive_z3 and len(found_z3) == 1, "Z3: not unique"
            assert kind.check(puzzle, found_z3[0]).ok, "Z3 answer failed the check"
            ours_again = solve_grid(puzzle.givens, Limits(max_solutions=1))[0][0]
            assert found_z3[0] == ours_again, "the solvers disagree"
        rows.append(summary(f"numba propagation + search, first {len(theirs)}",
                            ours[:len(theirs)]))
        rows.append(summary(f"plain Z3 encoding (Int cells, Distinct units), first "
                            f"{len(theirs)}", theirs))

    print(f"{len(puzzles)} puzzles from {DATA.relative_to(ROOT)}, each proved unique and "
          f"checked; times in ms per puzzle (solve + uniqueness proof)\n")
    print("| solver | puzzles | median | 90th pct | worst | mean | total |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    print("\n".join(rows))
    print(f"\nour worst single run over {args.repeat} repeats: {worst_single:.3f} ms; "
          f"search nodes median {statistics.median(nodes):.0f}, most {max(nodes)}; "
          f"compile or cache load before the first solve: {warm_seconds:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
