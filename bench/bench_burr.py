"""Six-piece burr benchmark: our solver against BurrTools and the seed's brute force.

    .venv/bin/python bench/bench_burr.py [--repeat 21] [--solid-repeat 5] [--no-solid]
        [--no-brute] [--sample 20000] [--no-pictures] [--burrtools DRIVER]
        [--solid-file SolidSixPieceBurrs.xmpuzzle]

For each seed puzzle: the time of the whole solve (every assembly and every
disassembly, in-process, caches warm) and of the full pipeline (with slice diagram, 3D
view, pieces and GIF); then the 25-piece solid run (`python -m solvers burr-solid`).

BurrTools (GPL, not part of this repository) is timed when `--burrtools` (or the
environment variable BURRTOOLS_BENCH) names a driver built from its source as
bench/README.md describes: `DRIVER FILE REPEAT [-r] [-merge-mirrors]` loads a puzzle
file, then REPEAT times builds its matrix (mirror images kept apart, as Cutler and this
project count them), assembles and disassembles every assembly, and prints
`assemblies solutions median-wall min-wall median-cpu min-cpu`; the fewest CPU
seconds are compared. The puzzle files for the
three seed puzzles are written here from our own piece tables (skin cells filled,
core cells may stay empty, as in our outline); the solid run uses BurrTools' own
`examples/SolidSixPieceBurrs.xmpuzzle` (pass its path with --solid-file). Without a
driver only this project's figures are printed.

Times are the fewest CPU seconds of --repeat runs (`time.process_time`; the driver
reports CPU seconds too), so other load on a shared machine disturbs them less.
The seed's method (fix the key, try every order, turn and flip of the other five
pieces) is timed on a sample of layouts and scaled up, since the full run takes minutes.
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import Counter
from itertools import islice, permutations, product
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solvers import pipeline  # noqa: E402
from solvers.base import Limits  # noqa: E402
from solvers.burr.geometry import frame  # noqa: E402
from solvers.burr.kind import Burr  # noqa: E402
from solvers.burr.parse import BurrPuzzle  # noqa: E402
from solvers.burr.pieces import cubies_of  # noqa: E402
from solvers.burr.solid import solid_burrs  # noqa: E402

PUZZLES = ("burr_antique.txt", "burr_shop.txt", "burr_eight.txt")
DRIVER_LINE = re.compile(r"^(\d+) (\d+) ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)$", re.MULTILINE)


def best_cpu(action, repeat: int) -> float:
    """The fewest CPU seconds of `repeat` calls (other load on the machine only adds)."""
    times = []
    for _ in range(repeat):
        started = time.process_time()
        action()
        times.append(time.process_time() - started)
    return min(times)


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


def run_driver(driver: str, path: str, repeat: int, *flags: str) -> tuple[int, int, float]:
    """(assemblies, solutions, fewest CPU seconds) from the BurrTools driver."""
    out = subprocess.run([driver, path, str(repeat), *flags], capture_output=True, text=True,
                         check=True).stdout
    found = DRIVER_LINE.findall(out)
    if not found:
        raise RuntimeError(f"unexpected output from {driver}: {out[-300:]}")
    assemblies, solutions, _, _, _, cpu = found[-1]
    return int(assemblies), int(solutions), float(cpu)


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
    print("| puzzle | assemblies | come apart | level shown | solve (CPU, best) | "
          "BurrTools, same work (CPU, best) | ratio | pipeline with pictures (CPU, best) | "
          "seed's brute force in Python (extrapolated) |")
    print("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    for name in PUZZLES:
        text = (ROOT / "puzzles" / name).read_text()
        puzzle = kind.parse(text)
        solutions = kind.solve(puzzle, Limits(max_solutions=2))
        solve = best_cpu(lambda p=puzzle: kind.solve(p, Limits(max_solutions=2)),
                           args.repeat)
        theirs, ratio = "-", "-"
        if driver:
            path = os.path.join(folder, name.replace(".txt", ".xmpuzzle"))
            Path(path).write_bytes(burrtools_puzzle(puzzle))
            assemblies, apart, seconds = run_driver(driver, path, args.repeat)
            theirs = f"{seconds * 1000:.3f} ms ({assemblies} / {apart})"
            ratio = f"{solve / seconds:.2f}"
        whole = "-"
        if not args.no_pictures:
            whole = f"{best_cpu(lambda t=text: pipeline.run(t), 3) * 1000:.0f} ms"
        brute = "-"
        if not args.no_brute:
            seconds, total = seed_brute_force(puzzle.ids, args.sample)
            brute = f"{seconds * total / args.sample:.0f} s"
        level = solutions.found[0].disassembly.level if solutions.found else "-"
        print(f"| {puzzle.name} | {solutions.count} | {solutions.stats['come_apart']} | "
              f"{level} | {solve * 1000:.3f} ms | {theirs} | {ratio} | {whole} | {brute} |")


def solid_table(args, driver: str | None) -> None:
    result = solid_burrs()
    cpu = best_cpu(solid_burrs, args.solid_repeat)
    print(f"\n25 notchable pieces, solid burrs: {result['assemblies']} assemblies, "
          f"{result['come_apart']} come apart; levels {result['levels']}")
    print("\n| solid run | assemblies / come apart | CPU seconds (best) |")
    print("| --- | ---: | ---: |")
    print(f"| this project, in-process | {result['assemblies']} / {result['come_apart']} | "
          f"{cpu:.3f} |")
    if driver and args.solid_file:
        for label, flags in (("BurrTools with its reduction `-r`", ("-r",)),
                             ("BurrTools without reduction", ()),
                             ("BurrTools `-r`, mirror images merged (stock burrTxt)",
                              ("-r", "-merge-mirrors"))):
            repeat = args.solid_repeat if flags else 1
            assemblies, apart, seconds = run_driver(driver, args.solid_file, repeat, *flags)
            print(f"| {label} | {assemblies} / {apart} | {seconds:.3f} |")


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
