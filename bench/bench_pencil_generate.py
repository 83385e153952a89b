"""Pencil puzzle generators (issue 41): how long each genre takes to make one puzzle, per
difficulty, the board sides made (a slow draw falls back to a smaller side) and the
ratings of the hint ladder (1.5 one rule a step, 3.0 a few rules, 4.5 the whole puzzle).

Every puzzle is parsed again and the engine must count exactly one solution.

    .venv/bin/python bench/bench_pencil_generate.py [--seeds 10] [--genres slither,hitori]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solvers import registry  # noqa: E402
from solvers.pencil.generate import MAKERS  # noqa: E402
from solvers.values import DIFFICULTIES, Limits  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--genres", default=",".join(sorted(MAKERS)))
    args = parser.parse_args()
    print("| genre | difficulty | median s | worst s | sides | ratings |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name in args.genres.split(","):
        kind = registry.get(name)
        for difficulty in DIFFICULTIES:
            times, sides, ratings = [], Counter[int](), Counter[float]()
            for seed in range(args.seeds):
                started = time.perf_counter()
                link = kind.generate(random.Random(seed), difficulty)
                times.append(time.perf_counter() - started)
                puzzle = kind.parse(link)
                if kind.solve(puzzle, Limits.within(30)).count != 1:
                    raise SystemExit(f"{name} {difficulty} seed {seed}: not unique")
                sides[puzzle.board.rows] += 1
                rated = kind.difficulty(puzzle)
                ratings[rated.rating if rated else -1.0] += 1
            print(f"| {kind.title} | {difficulty} | {statistics.median(times):.2f} | "
                  f"{max(times):.2f} | {shown(sides)} | {shown(ratings)} |")
    return 0


def shown(counts: Counter) -> str:
    """"5x3 6x1": each value with how many puzzles had it."""
    return " ".join(f"{value}x{count}" for value, count in sorted(counts.items()))


if __name__ == "__main__":
    sys.exit(main())
