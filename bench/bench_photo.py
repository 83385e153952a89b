"""Sudoku photos: how many are read exactly, how many cells wrong, how fast; with a baseline.

Reads every photo of `shared/sudoku_photos` (160 phone photos of newspaper Sudokus with
their true grids) and reports, for the held-out photos of the fixed split
(`bench/data/sudoku_photos_split.txt`: never trained or tuned on) and for all 160:
the share of photos read with all 81 cells right, the share of cells wrong, and the
time per photo (median and worst, wall clock, one process, the model loaded first).

Readers, side by side in one run:
- `ours`: `solvers.photo.read_photo` with the tie-breaker repair (what the bot uses);
- `ours, no repair`: the classifier's own reading;
- `tesseract` (with `--tesseract`, needs Debian's tesseract-ocr): the same board our
  reader finds and the same cells, each cut inside its grid lines and set apart with a
  wide white margin in one sheet per photo, read by Tesseract 5 in sparse-text mode
  with only 1-9 allowed; each digit it finds goes to the cell its box is in. One
  Tesseract run per photo (81 runs a photo would take minutes for the set).

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

TILE = 2 * CELL  # a cell is drawn twice its size in the Tesseract sheet, with a margin
GAP = CELL


def tesseract_grid(data: bytes) -> tuple[int, ...]:
    """The grid Tesseract reads from the cells of the board our reader finds."""
    board = find_board(data).gray
    inset = CELL // 7
    sheet = np.full((9 * (TILE + GAP) + GAP, 9 * (TILE + GAP) + GAP), 255, np.uint8)
    for row in range(9):
        for column in range(9):
            cell = board[row * CELL + inset:(row + 1) * CELL - inset,
                         column * CELL + inset:(column + 1) * CELL - inset]
            y, x = GAP + row * (TILE + GAP), GAP + column * (TILE + GAP)
            sheet[y:y + TILE, x:x + TILE] = cv2.resize(cell, (TILE, TILE))
    with tempfile.NamedTemporaryFile(suffix=".png") as image:
        cv2.imwrite(image.name, sheet)
        out = subprocess.run(
            ["tesseract", image.name, "-", "--psm", "11", "-c",
             "tessedit_char_whitelist=123456789", "tsv"],
            capture_output=True, text=True, check=True).stdout
    grid = [0] * 81
    for line in out.splitlines()[1:]:
        parts = line.split("\t")
        if len(parts) < 12 or not parts[11].strip().isdigit():
            continue
        left, top, width, height = map(int, parts[6:10])
        column = int((left + width / 2 - GAP / 2) // (TILE + GAP))
        row = int((top + height / 2 - GAP / 2) // (TILE + GAP))
        if 0 <= row < 9 and 0 <= column < 9:
            grid[row * 9 + column] = int(parts[11].strip()[0])
    return tuple(grid)


def ours(data: bytes) -> tuple[int, ...]:
    return read_photo(data).grid


def ours_plain(data: bytes) -> tuple[int, ...]:
    return read_photo(data, repair=False).grid


def measure(reader: Callable[[bytes], tuple[int, ...]], photos: Path,
            numbers: list[int]) -> dict[int, tuple[int, float]]:
    """Cells wrong (81 when no grid is found) and milliseconds, for each photo."""
    results = {}
    for number in numbers:
        data = (photos / f"image{number}.jpg").read_bytes()
        truth = tuple(read_truth(photos / f"image{number}.dat"))
        started = time.perf_counter()
        try:
            grid = reader(data)
        except PhotoError:
            grid = (-1,) * 81
        ms = (time.perf_counter() - started) * 1000
        results[number] = (sum(a != b for a, b in zip(grid, truth, strict=True)), ms)
    return results


def row(name: str, part: str, results: dict[int, tuple[int, float]]) -> str:
    wrong = [w for w, _ in results.values()]
    times = [ms for _, ms in results.values()]
    exact = sum(1 for w in wrong if w == 0)
    return (f"| {name} | {part} ({len(results)}) | {exact} ({100 * exact / len(results):.1f}%) | "
            f"{100 * sum(wrong) / (81 * len(results)):.2f}% | {statistics.median(times):.0f} | "
            f"{max(times):.0f} |")


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
    print("| reader | photos | read exactly | cells wrong | median ms | worst ms |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, reader in readers:
        results = measure(reader, args.photos, everything)
        held = {n: results[n] for n in split["heldout"]}
        print(row(name, "held-out", held))
        print(row(name, "all", results), flush=True)
        if args.misses:
            missed = {n: w for n, (w, _) in results.items() if w}
            print(f"  missed: {missed}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
