"""Assembly puzzles side by side: PuzzleBot's solver against miniexact and xcover.

Every program gets the same exact-cover matrix, with the same symmetry breaking (the
anchor shape limited to one position per orbit), and must report the same count of
covers; PuzzleBot then reduces covers to unique assemblies. Times are CPU seconds of
one core, after a warm-up (numba compiled, presets set up), best of --repeat runs (of
30 for runs under 50 ms); under a second they are printed in ms with 2 decimals.

    .venv/bin/python bench/bench_assembly.py            # quick rows (a minute)
    .venv/bin/python bench/bench_assembly.py --long     # adds Bedlam and Y25 full counts
    .venv/bin/python bench/bench_assembly.py --only conway   # the box rows named so
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import xcover  # noqa: E402

from solvers.assembly import presets, warm  # noqa: E402
from solvers.assembly.bitmask import warm as compile_search  # noqa: E402
from solvers.assembly.box import Assembler, assembler_for  # noqa: E402
from solvers.assembly.nuts import NutsKind  # noqa: E402
from solvers.assembly.queens import QueensKind  # noqa: E402
from solvers.assembly.tangram import TangramKind  # noqa: E402
from solvers.exact_cover import ExactCover  # noqa: E402
from solvers.values import Limits  # noqa: E402


def matrix(assembler: Assembler) -> tuple[list[list[tuple]], list[tuple], list[int]]:
    """The symmetry-broken exact-cover options, items and shape counts of a box."""
    use = assembler.search_placements()
    options = [[("shape", shape), *(("cell", c) for c in cells)]
               for shape, cells in (assembler.placements[i] for i in use)]
    return options, [("cell", c) for c in assembler.puzzle.free], assembler.counts


def by_miniexact(assembler: Assembler, first: bool) -> int:
    options, cells, counts = matrix(assembler)
    problem = ExactCover(backend="miniexact")
    for cell in cells:
        problem.primary(cell)
    for shape, count in enumerate(counts):
        problem.primary(("shape", shape), count)
    for option in options:
        problem.option(option)
    total = 0
    for _ in problem.covers():
        total += 1
        if first:
            break
    return total


def by_xcover(assembler: Assembler, first: bool) -> int | str:
    options, cells, counts = matrix(assembler)
    if len(counts) == 1 and counts[0] * len(options[0][1:]) == len(cells):
        # one shape filling the box (Y25): its count item is redundant, the cells suffice
        options = [option[1:] for option in options]
    elif any(c != 1 for c in counts):
        return "n/a (no multiplicities)"
    total = 0
    for _ in xcover.covers(options):
        total += 1
        if first:
            break
    return total


def by_puzzlebot(assembler: Assembler, first: bool) -> int:
    if first:
        cover, _ = next(assembler.raw_covers(assembler.search_placements(), Limits()))
        return 1 if cover else 0
    return assembler.solve(Limits(max_solutions=1)).count


#: runs under this many CPU seconds are repeated up to QUICK_RUNS times (a best of 3
#: cannot read a 5 ms target on a loaded machine)
QUICK, QUICK_RUNS = 0.05, 30


def timed(fn, repeat: int):
    best, answer = float("inf"), None
    runs = repeat
    while runs > 0:
        started = time.process_time()
        answer = fn()
        best = min(best, time.process_time() - started)
        runs -= 1
        if best < QUICK and repeat > 1:
            runs, repeat = QUICK_RUNS - (repeat - runs), 1
    return best, answer


def shown(seconds: float) -> str:
    """CPU time as read against the targets: ms with 2 decimals under a second."""
    return f"{seconds * 1000:9.2f} ms" if seconds < 1 else f"{seconds:9.3f} s "


def box_rows(long: bool, repeat: int, only: str = "") -> list[tuple[str, str, object, float]]:
    cases = [("pent 6x10, all", lambda: presets.pentominoes(6), False),
             ("pent 5x12, all", lambda: presets.pentominoes(5), False),
             ("Soma, all", presets.soma, False),
             ("Slothouber-G., all", presets.slothouber_graatsma, False),
             ("Diabolical, all", presets.diabolical, False),
             ("Conway, all", presets.conway, False),
             ("Bedlam, first", presets.bedlam, True)]
    if long:
        cases += [("Y25, all", presets.y25, False), ("Bedlam, all", presets.bedlam, False)]
    rows = []
    for label, build, first in cases:
        if only.lower() not in label.lower():
            continue
        assembler = assembler_for(build())
        runs = 1 if "Bedlam, all" in label or "Y25" in label or "Conway" in label else repeat
        for name, fn in (("PuzzleBot", by_puzzlebot), ("miniexact", by_miniexact),
                         ("xcover", by_xcover)):
            seconds, answer = timed(lambda fn=fn, a=assembler, f=first: fn(a, f), runs)
            rows.append((label, name, answer, seconds))
            print(f"{label:18} {name:10} {answer!s:>24} {shown(seconds)}", flush=True)
    return rows


def other_rows(repeat: int) -> None:
    for label, kind, text in (("queens 8", QueensKind(), "8"), ("queens 12", QueensKind(), "12"),
                              ("Drive Ya Nuts", NutsKind(), "nuts"),
                              ("tangram square", TangramKind(), "tangram")):
        puzzle = kind.parse(text)
        seconds, found = timed(lambda k=kind, p=puzzle: k.solve(p, Limits()), repeat)
        print(f"{label:18} {'PuzzleBot':10} {found.count!s:>24} {shown(seconds)}", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--long", action="store_true", help="add Bedlam and Y25 full counts")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", default="", help="box rows whose label contains this")
    args = parser.parse_args()
    started = time.process_time()
    compile_search()
    loaded = time.process_time()
    warm()
    print(f"warm-up per worker (CPU): the bitmask search {loaded - started:.2f} s (numba "
          f"compile, or cache load once compiled), xcover and the presets' set-up "
          f"{time.process_time() - loaded:.2f} s")
    print(f"{'problem':18} {'solver':10} {'covers / unique':>24} {'CPU':>12}")
    box_rows(args.long, args.repeat, args.only)
    if not args.only:
        other_rows(args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
