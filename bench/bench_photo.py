"""Sudoku photos: how many are read exactly, how many cells wrong, how fast; with a baseline.

Reads every photo of `shared/sudoku_photos` (160 phone photos of newspaper Sudokus with
their true grids) and reports, for the held-out photos of the fixed split
(`bench/data/sudoku_photos_split.txt`: never trained or tuned on) and for all 160:
the share of photos read with all 81 cells right, the share of cells wrong, and the
time per photo (median and worst, wall clock and CPU time, one process, the model loaded
first; for Tesseract the CPU time leaves out its own process, so only wall clock counts).

Readers, side by side in one run:
- `ours`: `solvers.photo.read_photo` with the tie-breaker repair (what the bot uses);
- `ours, no repair`: the classifier's own reading;
- `tesseract` (with `--tesseract`, needs Debian's tesseract-ocr; held-out photos only,
  it takes seconds a photo): the same board our reader finds, shading divided out, each
  cell cut inside its grid lines, doubled and given a white margin, read by Tesseract 5
  as a single character (`--psm 10`, only 1-9 allowed); the 81 cells of a photo go to
  one Tesseract run as a list of images, a page each.

    .venv/bin/python bench/bench_photo.py [--photos DIR] [--tesseract] [--misses]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solvers.photo import PhotoError, read_photo  # noqa: E402
from solvers.photo.digits import weights  # noqa: E402
from solvers.photo.grid import CELL, find_board  # noqa: E402
from solvers.photo.train import PHOTOS, read_split, read_truth  # noqa: E402


def tesseract_grid(data: bytes) -> tuple[int, ...]:
    """The grid Tesseract reads from the 81 cells of the board our reader finds."""
    paper = (255 * (1 - find_board(data).ink)).astype(np.uint8)  # shading divided out
    inset = CELL // 7
    with tempfile.TemporaryDirectory() as folder:
        names = []
        for cell in range(81):
            row, column = divmod(cell, 9)
            image = paper[row * CELL + inset:(row + 1) * CELL - inset,
                          column * CELL + inset:(column + 1) * CELL - inset]
            image = cv2.copyMakeBorder(cv2.resize(image, None, fx=2, fy=2), 20, 20, 20, 20,
                                       cv2.BORDER_CONSTANT, value=255)
            names.append(str(Path(folder) / f"cell{cell:02d}.png"))
            cv2.imwrite(names[-1], image)
        listing = Path(folder) / "cells.txt"
        listing.write_text("\n".join(names) + "\n")
        out = subprocess.run(
            ["tesseract", str(listing), "-", "--psm", "10", "-c",
             "tessedit_char_whitelist=123456789", "tsv"],
            capture_output=True, text=True, check=True).stdout
    grid = [0] * 81
    for line in out.splitlines():
        parts = line.split("\t")
        if len(parts) > 11 and parts[0] == "5" and parts[11].strip()[:1].isdigit():
            grid[int(parts[1]) - 1] = int(parts[11].strip()[0])
    return tuple(grid)


def ours(data: bytes) -> tuple[int, ...]:
    return read_photo(data).grid


def ours_plain(data: bytes) -> tuple[int, ...]:
    return read_photo(data, repair=False).grid


def measure(reader: Callable[[bytes], tuple[int, ...]], photos: Path,
            numbers: list[int]) -> dict[int, tuple[int, float, float]]:
    """Cells wrong (81 when no grid is found), wall and CPU milliseconds, for each photo.
    CPU time (this process, all its threads) is what a photo costs a worker; the wall
    time also holds the waits for a core when the machine is busy."""
    results = {}
    for number in numbers:
        data = (photos / f"image{number}.jpg").read_bytes()
        truth = tuple(read_truth(photos / f"image{number}.dat"))
        started, cpu = time.perf_counter(), time.process_time()
        try:
            grid = reader(data)
        except PhotoError:
            grid = (-1,) * 81
        ms = (time.perf_counter() - started) * 1000
        cpu_ms = (time.process_time() - cpu) * 1000
        results[number] = (sum(a != b for a, b in zip(grid, truth, strict=True)), ms, cpu_ms)
    return results


def row(name: str, part: str, results: dict[int, tuple[int, float, float]]) -> str:
    wrong = [w for w, _, _ in results.values()]
    times = [ms for _, ms, _ in results.values()]
    cpu = [ms for _, _, ms in results.values()]
    exact = sum(1 for w in wrong if w == 0)
    return (f"| {name} | {part} ({len(results)}) | {exact} ({100 * exact / len(results):.1f}%) | "
            f"{100 * sum(wrong) / (81 * len(results)):.2f}% | {statistics.median(times):.0f} | "
            f"{max(times):.0f} | {statistics.median(cpu):.0f} | {max(cpu):.0f} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=Path, default=PHOTOS)
    parser.add_argument("--tesseract", action="store_true", help="add the Tesseract baseline")
    parser.add_argument("--misses", action="store_true", help="list the photos read wrong")
    args = parser.parse_args()
    split = read_split()
    everything = sorted(split["train"] + split["heldout"])
    weights()
    read_photo((args.photos / f"image{everything[0]}.jpg").read_bytes())  # warm the solver
    readers = [("ours", ours), ("ours, no repair", ours_plain)]
    if args.tesseract:
        readers.append(("tesseract 5 per cell", tesseract_grid))
    held_out_only = {"tesseract 5 per cell"}
    print("| reader | photos | read exactly | cells wrong | median ms | worst ms | "
          "median CPU ms | worst CPU ms |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name, reader in readers:
        numbers = split["heldout"] if name in held_out_only else everything
        results = measure(reader, args.photos, numbers)
        print(row(name, "held-out", {n: results[n] for n in split["heldout"]}), flush=True)
        if name not in held_out_only:
            print(row(name, "all", results), flush=True)
        if args.misses:
            missed = {n: w for n, (w, _, _) in results.items() if w}
            print(f"  missed: {missed}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
