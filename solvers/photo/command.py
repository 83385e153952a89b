"""`python -m solvers read-photo FILE [--json] [--png OUT]`: read a Sudoku from a photo.

Prints the grid as read (nine lines, '.' for an empty cell), how many solutions it has,
the cells read with least confidence and any repaired by the tie-breaker; `--json`
prints one object instead (kind, grid of 81 characters with 0 for an empty cell,
per-cell confidence, solutions, repairs, turns, timings in ms); `--png` writes the
picture of the grid as read. Exit status 0 when a grid was read, 2 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from . import PhotoError, read_photo

#: the largest file read (Telegram's own limit for a bot's downloads)
MAX_BYTES = 20 * 1024 * 1024


def _cell(cell: int) -> str:
    return f"r{cell // 9 + 1}c{cell % 9 + 1}"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m solvers read-photo", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", help="a JPEG or PNG photo of a Sudoku")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--png", help="write the picture of the grid as read here")
    parser.add_argument("--no-repair", action="store_true",
                        help="leave the reading as it is even when it has no single solution")
    args = parser.parse_args(argv)
    path = Path(args.file)
    try:
        if path.stat().st_size > MAX_BYTES:
            raise PhotoError(f"{path} is larger than {MAX_BYTES // 2**20} MB.")
        reading = read_photo(path.read_bytes(), repair=not args.no_repair)
    except OSError as error:
        print(f"cannot read {path}: {error.strerror}", file=sys.stderr)
        return 2
    except PhotoError as error:
        print(error, file=sys.stderr)
        return 2
    if args.png:
        Path(args.png).write_bytes(reading.picture_png())
    if args.json:
        print(json.dumps(reading.to_json()))
        return 0
    print(reading.text)
    print(f"solutions: {'2 or more' if reading.solutions > 1 else reading.solutions}")
    unsure = [f"{_cell(c)} {reading.grid[c] or 'empty'} ({reading.confidence[c]:.2f})"
              for c in reading.unsure() if c not in {r.cell for r in reading.repairs}]
    if unsure:
        print("least sure:", ", ".join(unsure))
    for repair in reading.repairs:
        print(f"repaired: {_cell(repair.cell)} read {repair.read or 'empty'} "
              f"({repair.confidence:.2f}), taken as {repair.chosen or 'empty'} because only "
              "then the puzzle has one solution")
    print("ms:", ", ".join(f"{name} {ms}" for name, ms in reading.timings.items()))
    return 0
