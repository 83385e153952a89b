"""Race puzzle generators: how long each kind takes to make one puzzle, per difficulty.

A race makes its puzzle in a worker with a time limit, so this measures the wall clock
of `kind.generate(random.Random(seed), difficulty)` for seeds 0..N-1 (median and worst),
and the clues the puzzles keep. Every puzzle is parsed again and the solver must count
exactly one solution. Loading the Gogen word list happens once per process and is timed
apart (a worker pays it once, or in its warm-up).

    .venv/bin/python bench/bench_generate.py [--seeds 10] [--kinds gogen,nw,sudoku,seki]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solvers import registry  # noqa: E402
from solvers.gogen import gogen_words  # noqa: E402
from solvers.values import Limits  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--kinds", default="gogen,nw,sudoku,seki")
    args = parser.parse_args()
    started = time.perf_counter()
    gogen_words()
    print(f"Gogen word list loaded once: {time.perf_counter() - started:.2f} s")
    print("| kind | difficulty | median s | worst s | clues (min-max) |")
    print("| --- | --- | --- | --- | --- |")
    for name in args.kinds.split(","):
        kind = registry.get(name)
        kind.warm_up()
        for difficulty in ("easy", "medium", "hard"):
            times, clues = [], []
            for seed in range(args.seeds):
                started = time.perf_counter()
                text = kind.generate(random.Random(seed), difficulty)
                times.append(time.perf_counter() - started)
                puzzle = kind.parse(text)
                if not kind.solve(puzzle, Limits(max_solutions=2)).unique:
                    raise SystemExit(f"{name} {difficulty} seed {seed}: not unique")
                clues.append(clue_count(text))
            shown = f"{min(clues)}-{max(clues)}" if None not in clues else "-"
            print(f"| {kind.title} | {difficulty} | {statistics.median(times):.3f} | "
                  f"{max(times):.3f} | {shown} |")
    return 0


def clue_count(text: str) -> int | None:
    """The clue count a generated puzzle's header states (Seki's header has none)."""
    header = text.splitlines()[0]
    return int(header.split("(")[1].split()[0]) if "(" in header else None


if __name__ == "__main__":
    sys.exit(main())
