"""Six-piece burr benchmark: our solver against the seed's brute force, in one run.

    .venv/bin/python bench/bench_burr.py [--repeat 7] [--sample 20000] [--no-solid]

For each seed puzzle: the median time of the whole solve (every assembly and every
disassembly) and of the full pipeline (with slice diagram, 3D view, pieces and GIF);
then the 25-piece solid run (`python -m solvers burr-solid`). The baseline is the seed's
method: fix the key, try every order, turn and flip of the other five pieces (3,932,160
layouts) filling a 6x6x6 array until two cubies clash; it is timed on a sample of layouts
and scaled up, since the full run takes minutes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from itertools import islice, permutations, product
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solvers import pipeline  # noqa: E402
from solvers.base import Limits  # noqa: E402
from solvers.burr.geometry import frame  # noqa: E402
from solvers.burr.kind import Burr  # noqa: E402
from solvers.burr.solid import solid_burrs  # noqa: E402

PUZZLES = ("burr_antique.txt", "burr_shop.txt", "burr_eight.txt")


def median_seconds(action, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def seed_layouts(ids: list[int]):
    """The seed's layouts: a key pinned in the first slot, the rest in every order, turn
    and flip (without a key, all six pieces are permuted and turned)."""
    pinned = 1 if ids[0] == 1 else 0
    for order in permutations(range(pinned, 6)):
        for turns in product(range(8), repeat=6 - pinned):
            yield (*range(pinned), *order), (*[0] * pinned, *turns)


def seed_brute_force(ids: list[int], sample: int) -> tuple[float, int]:
    """Seconds for `sample` layouts with the seed's fill-and-clash test, and layouts in all."""
    geometry = frame(6)
    placed = {(p, s, o): list(geometry.cells(s, o, ids[p]))
              for p in range(6) for s in range(6) for o in range(8)}
    total = 120 * 8 ** 5 if ids[0] == 1 else 720 * 8 ** 6
    started = time.perf_counter()
    for order, turns in islice(seed_layouts(ids), sample):
        board = [[[0] * 6 for _ in range(6)] for _ in range(6)]
        for slot, (piece, turn) in enumerate(zip(order, turns, strict=True)):
            clash = False
            for x, y, z in placed[(piece, slot, turn)]:
                if board[x][y][z]:
                    clash = True
                    break
                board[x][y][z] = piece + 1
            if clash:
                break
    return time.perf_counter() - started, total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--sample", type=int, default=20_000)
    parser.add_argument("--no-solid", action="store_true")
    args = parser.parse_args()
    kind = Burr()
    print("| puzzle | assemblies | come apart | level shown | first solve | solve median | "
          "pipeline with pictures median | seed's brute force in Python (extrapolated) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name in PUZZLES:
        text = (ROOT / "puzzles" / name).read_text()
        puzzle = kind.parse(text)
        started = time.perf_counter()
        solutions = kind.solve(puzzle, Limits(max_solutions=2))
        cold = time.perf_counter() - started
        solve = median_seconds(lambda p=puzzle: kind.solve(p, Limits(max_solutions=2)),
                               args.repeat)
        whole = median_seconds(lambda t=text: pipeline.run(t), max(3, args.repeat // 2))
        seconds, total = seed_brute_force(puzzle.ids, args.sample)
        brute = seconds * total / args.sample
        level = solutions.found[0].disassembly.level if solutions.found else "-"
        print(f"| {puzzle.name} | {solutions.count} | {solutions.stats['come_apart']} | "
              f"{level} | {cold * 1000:.0f} ms | {solve * 1000:.0f} ms | {whole * 1000:.0f} ms | "
              f"{brute:.0f} s |")
    if not args.no_solid:
        result = solid_burrs()
        print(f"\n25 notchable pieces, solid burrs: {result['assemblies']} assemblies, "
              f"{result['come_apart']} come apart; {result['assemble_seconds']} s to "
              f"assemble, {result['total_seconds']} s in all; levels {result['levels']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
