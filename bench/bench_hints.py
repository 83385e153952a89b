"""Sudoku hints: our logical-step engine beside HoDoKu (its Python port, hodoku-py).

On the same puzzles, one run, CPU time of this process (`time.process_time`):
- the 109 hard puzzles of bench/data/sudoku_hard.txt;
- the true grids of the newspaper photos in ../shared/sudoku_photos (`imageN.dat`),
  those with exactly one solution;
- puzzles from our generator, `--generated` of each difficulty (fixed seeds).

For each puzzle: our whole hint path (and the first hint alone), its rating, band and
whether it needed a guess; HoDoKu's solve with its default settings, its score, level
and whether it fell back to brute force. Printed: the share solved without guessing
(and the puzzles HoDoKu solves without brute force that we guess on), the Spearman
correlation of our rating with HoDoKu's score, band agreement, the time figures and
the hardest named puzzles.

hodoku-py is GPL and a bench-only baseline: it is never imported by `solvers/` or
`bot/`, and is not a dependency of the project. Install it into the venv to run this:

    .venv/bin/pip install hodoku-py
    .venv/bin/python bench/bench_hints.py [--generated 20] [--photos 160] [--hard 109]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from hodoku import Solver

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solvers.sudoku.generate import generate  # noqa: E402
from solvers.sudoku.logic import hint_path, rating  # noqa: E402
from solvers.sudoku.parse import parse_sudoku  # noqa: E402
from solvers.sudoku.search import count_solutions, warm  # noqa: E402

HARD = ROOT / "bench" / "data" / "sudoku_hard.txt"
PHOTOS = ROOT.parent / "shared" / "sudoku_photos"
#: HoDoKu's levels in our bands' words
LEVELS = {"EASY": "Easy", "MEDIUM": "Medium", "HARD": "Hard", "UNFAIR": "Fiendish",
          "EXTREME": "Extreme"}
NAMED = {
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..":
        "Inkala 2012",
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1":
        "Easter Monster",
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....":
        "Golden Nugget",
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..":
        "AI Escargot",
}


@dataclass
class Row:
    puzzle: str
    group: str
    ours_seconds: float
    first_seconds: float
    ours_rating: float
    ours_band: str
    hardest: str
    guessed: bool
    hodoku_seconds: float
    hodoku_score: int
    hodoku_band: str
    brute: bool


def puzzles(args: argparse.Namespace) -> list[tuple[str, str]]:
    """(group, 81 characters) for every puzzle of the run."""
    out = [("hard", line) for line in HARD.read_text().splitlines()
           if line and not line.startswith("#")][:args.hard]
    photos = sorted(PHOTOS.glob("image*.dat"), key=lambda p: int(p.stem[5:]))[:args.photos]
    for path in photos:
        lines = path.read_text().splitlines()[2:11]
        text = "".join(x if x != "0" else "." for line in lines for x in line.split())
        if count_solutions(_grid(text)) == 1:
            out.append(("photo", text))
    for difficulty in ("easy", "medium", "hard"):
        for seed in range(args.generated):
            puzzle = parse_sudoku(generate(random.Random(seed), difficulty))
            out.append((f"generated {difficulty}",
                        "".join(str(d) if d else "." for d in puzzle.givens)))
    return out


def _grid(text: str) -> tuple[int, ...]:
    return tuple(int(ch) if ch.isdigit() else 0 for ch in text)


def measure(group: str, text: str, hodoku: Solver) -> Row:
    givens = _grid(text)
    started = time.process_time()
    path = hint_path(givens)
    ours = time.process_time() - started
    started = time.process_time()
    hint_path(givens, limit=1)
    first = time.process_time() - started
    figure, band, hardest = rating(path.steps)
    started = time.process_time()
    result = hodoku.solve(text.replace(".", "0"))
    theirs = time.process_time() - started
    brute = any(step.type.name == "BRUTE_FORCE" for step in result.steps)
    return Row(text, group, ours, first, figure, band, hardest,
               any(s.technique == "Guess" for s in path.steps), theirs, result.score,
               LEVELS[result.level.name], brute)


def ranks(values: list[float]) -> list[float]:
    """Ranks from 1, ties sharing their average rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(xs: list[float], ys: list[float]) -> float:
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    var = (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5
    return cov / var if var else float("nan")


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f}"


def report(rows: list[Row]) -> None:
    groups = ["hard", "photo", "generated easy", "generated medium", "generated hard"]
    print("| puzzles | n | solved without guessing: ours | HoDoKu without brute force "
          "| HoDoKu-logical that we guess | Spearman | bands agree | path ms median "
          "(p95): ours | HoDoKu | first hint ms median (p95) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name in [*groups, "all"]:
        part = rows if name == "all" else [r for r in rows if r.group == name]
        if not part:
            continue
        ours = sum(not r.guessed for r in part)
        theirs = sum(not r.brute for r in part)
        missed = sum(r.guessed and not r.brute for r in part)
        rho = spearman([r.ours_rating for r in part], [r.hodoku_score for r in part])
        agree = sum(r.ours_band == r.hodoku_band for r in part)
        print(f"| {name} | {len(part)} | {ours} | {theirs} | {missed} | {rho:.2f} "
              f"| {100 * agree / len(part):.0f}% "
              f"| {ms(statistics.median(r.ours_seconds for r in part))} "
              f"({ms(p95([r.ours_seconds for r in part]))}) "
              f"| {ms(statistics.median(r.hodoku_seconds for r in part))} "
              f"({ms(p95([r.hodoku_seconds for r in part]))}) "
              f"| {ms(statistics.median(r.first_seconds for r in part))} "
              f"({ms(p95([r.first_seconds for r in part]))}) |")
    print()
    print("| named puzzle | ours s | rating, band, hardest step | HoDoKu s | score, level |")
    print("| --- | ---: | --- | ---: | --- |")
    for row in rows:
        if row.puzzle in NAMED:
            print(f"| {NAMED[row.puzzle]} | {row.ours_seconds:.2f} | {row.ours_rating:.1f} "
                  f"{row.ours_band}, {row.hardest}{' (guess)' if row.guessed else ''} "
                  f"| {row.hodoku_seconds:.2f} | {row.hodoku_score} {row.hodoku_band}"
                  f"{' (brute force)' if row.brute else ''} |")
    bands = {}
    for row in rows:
        bands[(row.ours_band, row.hodoku_band)] = bands.get((row.ours_band, row.hodoku_band),
                                                            0) + 1
    print()
    print("bands (ours, HoDoKu): " + ", ".join(f"{a}/{b} {n}" for (a, b), n in
                                               sorted(bands.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hard", type=int, default=109)
    parser.add_argument("--photos", type=int, default=160)
    parser.add_argument("--generated", type=int, default=20)
    args = parser.parse_args()
    warm()
    hodoku = Solver()
    rows = []
    for group, text in puzzles(args):
        rows.append(measure(group, text, hodoku))
        print(f"{len(rows)} {group} ours {rows[-1].ours_seconds:.3f}s "
              f"{rows[-1].ours_rating} theirs {rows[-1].hodoku_seconds:.3f}s "
              f"{rows[-1].hodoku_score}", file=sys.stderr, flush=True)
    report(rows)


if __name__ == "__main__":
    main()
