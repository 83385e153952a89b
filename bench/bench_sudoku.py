"""Sudoku benchmark: the compiled propagation + search against a plain Z3 encoding.

Both solve every puzzle of bench/data/sudoku_hard.txt and prove it unique (a second
solution is looked for and not found); every answer is checked by `Sudoku.check` and
the two solvers must agree. Times are per puzzle, wall clock, one core.

    .venv/bin/python bench/bench_sudoku.py [--repeat 3] [--limit N] [--z3 K]
    .venv/bin/python bench/bench_sudoku.py --stream 21 [--tdoku /path/to/libtdoku.so]

Z3 takes seconds a puzzle, so by default it runs on the first 20 puzzles only (our
solver's figures for the same 20 are printed beside it); `--z3 0` skips it.

`--stream N` measures as a bot sees puzzles: N passes over the set, each solve a
different puzzle from the one before (repeating one puzzle back to back keeps its data in
the caches and flatters the solver). Each call is timed (`perf_counter_ns`; its median is
robust to the odd preemption on a loaded machine), and each pass's CPU time is taken with
`process_time_ns`. The fixed cost per call is the median time to solve an already full
grid (no search). With `--tdoku`, tdoku's solver (t-dillon/tdoku, built apart from this
repository into a shared library exporting `TdokuSolverDpllTriadSimd`) takes turns with
ours puzzle by puzzle on the same work: limit 2, so it too proves the solution unique;
its figures include the ctypes call (about a microsecond).
"""

from __future__ import annotations

import argparse
import ctypes
import os
import statistics
import sys
import time
from pathlib import Path

import z3

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solvers.sudoku import CELLS, UNITS, Sudoku  # noqa: E402
from solvers.sudoku.search import solve_grid, warm  # noqa: E402
from solvers.values import Limits  # noqa: E402

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


def tdoku_solver(path: str):
    """tdoku's solve-and-count from its shared library: text of 81 characters -> count."""
    function = ctypes.CDLL(path).TdokuSolverDpllTriadSimd
    function.restype = ctypes.c_size_t
    function.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_uint32, ctypes.c_char_p,
                         ctypes.POINTER(ctypes.c_size_t)]
    solution, guesses = ctypes.create_string_buffer(82), ctypes.c_size_t()

    def count(text: bytes) -> int:
        return function(text, 2, 0, solution, ctypes.byref(guesses))

    return count


def stream(puzzles: list, passes: int, tdoku_path: str | None) -> None:
    """Solve + prove unique, puzzle after puzzle, `passes` times; ours and tdoku's in
    turns; median per call, CPU per pass, and the fixed cost of a call."""
    theirs_count = tdoku_solver(tdoku_path) if tdoku_path else None
    texts = ["".join(str(d) if d else "." for d in p.givens).encode() for p in puzzles]
    limits = Limits(max_solutions=2)
    times: dict[str, list[int]] = {"ours": [], "tdoku": []}
    cpu: dict[str, int] = {"ours": 0, "tdoku": 0}
    nodes = []
    for _ in range(passes):
        mark = time.process_time_ns()
        for puzzle in puzzles:
            start = time.perf_counter_ns()
            _, count, exhaustive, spent = solve_grid(puzzle.givens, limits)
            times["ours"].append(time.perf_counter_ns() - start)
            assert count == 1 and exhaustive
            nodes.append(spent)
        cpu["ours"] += time.process_time_ns() - mark
        if theirs_count is None:
            continue
        mark = time.process_time_ns()
        for text in texts:
            start = time.perf_counter_ns()
            assert theirs_count(text) == 1
            times["tdoku"].append(time.perf_counter_ns() - start)
        cpu["tdoku"] += time.process_time_ns() - mark
    full = solve_grid(puzzles[0].givens, limits)[0][0]
    full_text = "".join(map(str, full)).encode()
    fixed: dict[str, list[int]] = {"ours": [], "tdoku": []}
    for _ in range(20_000):
        start = time.perf_counter_ns()
        solve_grid(full, limits)
        fixed["ours"].append(time.perf_counter_ns() - start)
        if theirs_count is not None:
            start = time.perf_counter_ns()
            theirs_count(full_text)
            fixed["tdoku"].append(time.perf_counter_ns() - start)
    print(f"{len(puzzles)} puzzles as a stream, {passes} passes, solve + prove unique; "
          f"load average {os.getloadavg()[0]:.1f}\n")
    print("| solver | median us | 90th pct us | CPU per puzzle us (all passes) | "
          "fixed cost per call us |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, spent in times.items():
        if not spent:
            continue
        ordered = sorted(spent)
        print(f"| {name} | {statistics.median(spent) / 1000:.1f} | "
              f"{ordered[int(0.9 * (len(ordered) - 1))] / 1000:.1f} | "
              f"{cpu[name] / len(spent) / 1000:.1f} | "
              f"{statistics.median(fixed[name]) / 1000:.2f} |")
    if times["tdoku"]:
        print(f"\nours / tdoku, median: "
              f"{statistics.median(times['ours']) / statistics.median(times['tdoku']):.1f}x")
    print(f"our search nodes per puzzle: median {statistics.median(nodes):.0f}, most "
          f"{max(nodes)}, all {sum(nodes) // passes} a pass")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3,
                        help="solves per puzzle for our solver; its time is the best")
    parser.add_argument("--limit", type=int, default=None, help="first N puzzles only")
    parser.add_argument("--z3", type=int, default=20,
                        help="puzzles (the first K) to solve with Z3 too; 0 skips it")
    parser.add_argument("--stream", type=int, default=0,
                        help="passes over the set as a stream (only that measurement)")
    parser.add_argument("--tdoku", help="tdoku's shared library, to run beside ours")
    args = parser.parse_args()

    kind = Sudoku()
    lines = [line.strip() for line in DATA.read_text().splitlines()
             if line.strip() and not line.startswith("#")][:args.limit]
    puzzles = [kind.parse(line) for line in lines]

    started = time.perf_counter()
    warm()
    warm_seconds = time.perf_counter() - started
    if args.stream:
        stream(puzzles, args.stream, args.tdoku)
        return 0

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
