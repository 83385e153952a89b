"""Six-piece burr benchmark: our solver against BurrTools and the seed's brute force.

    .venv/bin/python bench/bench_burr.py [--repeat 21] [--solid-repeat 5] [--no-solid]
        [--no-brute] [--sample 20000] [--no-pictures] [--burrtools DRIVER]
        [--solid-file SolidSixPieceBurrs.xmpuzzle]

For each seed puzzle: the time of the whole solve (every assembly and every
disassembly, in-process, caches warm) and of the full pipeline (with slice diagram, 3D
view, pieces and GIF); then the 25-piece solid run (`python -m solvers burr-solid`).

BurrTools (GPL, not part of this repository) is timed when `--burrtools` (or the
environment variable BURRTOOLS_BENCH) names a driver built from its source as
bench/README.md describes: `DRIVER FILE 0 [-r] [-merge-mirrors]` loads a puzzle file,
then for each line read on its standard input builds its matrix (mirror images kept
apart, as Cutler and this project count them), assembles and disassembles every
assembly, and prints `assemblies solutions wall-seconds cpu-seconds`. Its rounds are
interleaved with ours in one run (ours, then one of BurrTools', and so on), so a change
of load on a shared machine falls on both sides alike. The puzzle files for the
three seed puzzles are written here from our own piece tables (skin cells filled,
core cells may stay empty, as in our outline); the solid run uses BurrTools' own
`examples/SolidSixPieceBurrs.xmpuzzle` (pass its path with --solid-file). Without a
driver only this project's figures are printed.

Times are CPU seconds (`time.process_time`; the driver reports CPU seconds too), the
median and the fewest of --repeat rounds, so other load on a shared machine disturbs
them less; the ratio is of the medians.
The seed's method (fix the key, try every order, turn and flip of the other five
pieces) is timed on a sample of layouts and scaled up, since the full run takes minutes.
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from itertools import islice, permutations, product
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solvers import pipeline  # noqa: E402
from solvers.burr.geometry import frame  # noqa: E402
from solvers.burr.kind import Burr  # noqa: E402
from solvers.burr.parse import BurrPuzzle  # noqa: E402
from solvers.burr.pieces import cubies_of  # noqa: E402
from solvers.burr.solid import solid_burrs  # noqa: E402
from solvers.values import Limits  # noqa: E402

PUZZLES = ("burr_antique.txt", "burr_shop.txt", "burr_eight.txt")
ROUND_LINE = re.compile(r"^(\d+) (\d+) ([\d.]+) ([\d.]+)$")


def cpu_of(action: Callable[[], object]) -> float:
    started = time.process_time()
    action()
    return time.process_time() - started


def best_cpu(action, repeat: int) -> float:
    """The fewest CPU seconds of `repeat` calls (other load on the machine only adds)."""
    return min(cpu_of(action) for _ in range(repeat))


class BurrTools:
    """The BurrTools driver serving one puzzle file: a round of its work per request."""

    def __init__(self, driver: str, path: str, *flags: str):
        self.process = subprocess.Popen([driver, path, "0", *flags], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True)

    def round(self) -> tuple[int, int, float]:
        """(assemblies, solutions, CPU seconds) of one more round of BurrTools' work."""
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write("go\n")
        self.process.stdin.flush()
        while line := self.process.stdout.readline():
            found = ROUND_LINE.match(line.strip())
            if found:  # BurrTools itself prints other lines (the reduction's) too
                return int(found[1]), int(found[2]), float(found[4])
        raise RuntimeError("the BurrTools driver stopped")

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        self.process.wait()


def interleaved(ours: Callable[[], object], driver: str | None, path: str, repeat: int,
                *flags: str) -> tuple[list[float], list[float], tuple[int, int]]:
    """CPU seconds per round of ours and of BurrTools' (none without a driver), one
    after the other, and BurrTools' (assemblies, solutions)."""
    theirs = BurrTools(driver, path, *flags) if driver else None
    mine: list[float] = []
    other: list[float] = []
    counts = (0, 0)
    try:
        for _ in range(repeat):
            mine.append(cpu_of(ours))
            if theirs:
                assemblies, solutions, seconds = theirs.round()
                other.append(seconds)
                counts = (assemblies, solutions)
    finally:
        if theirs:
            theirs.close()
    return mine, other, counts


def ms(times: list[float]) -> str:
    """`median / best` in milliseconds."""
    return f"{statistics.median(times) * 1000:.3f} / {min(times) * 1000:.3f} ms"


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


def voxels(cells: set, size: tuple[int, int, int], variable: set = frozenset()) -> str:
    """BurrTools' voxel text: x fastest, then y, then z; '#' filled, '+' may be empty."""
    sx, sy, sz = size
    return "".join("#" if (x, y, z) in cells else "+" if (x, y, z) in variable else "_"
                   for z in range(sz) for y in range(sy) for x in range(sx))


def burrtools_puzzle(puzzle: BurrPuzzle) -> bytes:
    """A BurrTools puzzle file for this burr: the outline (skin filled, core variable) and
    each distinct piece with how many times it is used."""
    n = puzzle.length
    geometry = frame(n)
    skin = set().union(*geometry.skins)
    result = voxels(skin, (n, n, n), set(geometry.core))
    counts = Counter(puzzle.ids)
    shapes = [f'<voxel x="{n}" y="{n}" z="{n}" type="0">{result}</voxel>']
    shapes += [f'<voxel x="{n}" y="2" z="2" type="0">{voxels(set(cubies_of(i, n)), (n, 2, 2))}'
               '</voxel>' for i in counts]
    problem = "".join(f'<shape id="{k + 1}" count="{c}"/>' for k, c in enumerate(counts.values()))
    text = ('<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/>'
            f'<shapes>{"".join(shapes)}</shapes><problems><problem name="bench" state="0">'
            f'<shapes>{problem}</shapes><result id="0"/><bitmap/></problem></problems>'
            '<comment/></puzzle>')
    return gzip.compress(text.encode())


def warm_cost() -> tuple[float, float]:
    """CPU seconds a fresh worker spends importing the burr kind and loading the compiled
    searches from numba's cache (once per worker)."""
    code = ("import time; t = time.process_time(); from solvers.burr.kind import Burr; "
            "u = time.process_time(); Burr().warm_up(); v = time.process_time(); "
            "print(u - t, v - u)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split()
    return float(out[0]), float(out[1])


def puzzle_table(kind: Burr, args, driver: str | None, folder: str) -> None:
    print("| puzzle | assemblies | come apart | level shown | solve (CPU, median / best) | "
          "BurrTools, same work (CPU, median / best) | ratio of medians (of bests) | "
          "pipeline with pictures (CPU, best) | seed's brute force in Python (extrapolated) |")
    print("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    for name in PUZZLES:
        text = (ROOT / "puzzles" / name).read_text()
        puzzle = kind.parse(text)
        solutions = kind.solve(puzzle, Limits(max_solutions=2))
        path = os.path.join(folder, name.replace(".txt", ".xmpuzzle"))
        Path(path).write_bytes(burrtools_puzzle(puzzle))
        mine, other, counts = interleaved(
            lambda p=puzzle: kind.solve(p, Limits(max_solutions=2)), driver, path, args.repeat)
        theirs, ratio = "-", "-"
        if other:
            theirs = f"{ms(other)} ({counts[0]} / {counts[1]})"
            ratio = (f"{statistics.median(mine) / statistics.median(other):.2f} "
                     f"({min(mine) / min(other):.2f})")
        whole = "-"
        if not args.no_pictures:
            whole = f"{best_cpu(lambda t=text: pipeline.run(t), 3) * 1000:.0f} ms"
        brute = "-"
        if not args.no_brute:
            seconds, total = seed_brute_force(puzzle.ids, args.sample)
            brute = f"{seconds * total / args.sample:.0f} s"
        level = solutions.found[0].disassembly.level if solutions.found else "-"
        print(f"| {puzzle.name} | {solutions.count} | {solutions.stats['come_apart']} | "
              f"{level} | {ms(mine)} | {theirs} | {ratio} | {whole} | {brute} |")


def solid_table(args, driver: str | None) -> None:
    result = solid_burrs()
    print(f"\n25 notchable pieces, solid burrs: {result['assemblies']} assemblies, "
          f"{result['come_apart']} come apart; levels {result['levels']}")
    print("\n| solid run | assemblies / come apart | CPU seconds (median / best) |")
    print("| --- | ---: | ---: |")
    solid_file = args.solid_file if driver and args.solid_file else None
    mine, other, counts = interleaved(solid_burrs, solid_file and driver, solid_file or "",
                                      args.solid_repeat, "-r")
    print(f"| this project, in-process | {result['assemblies']} / {result['come_apart']} | "
          f"{statistics.median(mine):.3f} / {min(mine):.3f} |")
    if not solid_file:
        return
    print(f"| BurrTools with its reduction `-r` | {counts[0]} / {counts[1]} | "
          f"{statistics.median(other):.3f} / {min(other):.3f} |")
    for label, repeat, flags in (("BurrTools without reduction (one round)", 1, ()),
                                 ("BurrTools `-r`, mirror images merged (stock burrTxt)",
                                  args.solid_repeat, ("-r", "-merge-mirrors"))):
        _, other, counts = interleaved(lambda: None, driver, solid_file, repeat, *flags)
        print(f"| {label} | {counts[0]} / {counts[1]} | "
              f"{statistics.median(other):.3f} / {min(other):.3f} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21)
    parser.add_argument("--solid-repeat", type=int, default=5)
    parser.add_argument("--sample", type=int, default=20_000)
    parser.add_argument("--no-solid", action="store_true")
    parser.add_argument("--no-brute", action="store_true", help="skip the seed's method")
    parser.add_argument("--no-pictures", action="store_true", help="skip the pipeline")
    parser.add_argument("--burrtools", default=os.environ.get("BURRTOOLS_BENCH"),
                        help="the BurrTools driver (see bench/README.md)")
    parser.add_argument("--solid-file", help="BurrTools' examples/SolidSixPieceBurrs.xmpuzzle")
    args = parser.parse_args()
    driver = args.burrtools if args.burrtools and os.path.exists(args.burrtools) else None
    imported, warmed = warm_cost()
    print(f"Once per worker (CPU): importing the burr kind {imported:.2f} s, loading the "
          f"compiled searches from numba's cache {warmed:.2f} s\n")
    kind = Burr()
    kind.warm_up()
    with tempfile.TemporaryDirectory() as folder:
        puzzle_table(kind, args, driver, folder)
    if not args.no_solid:
        solid_table(args, driver)
    if not driver:
        print("\n(BurrTools driver not found: this project's figures only)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
