"""Pencil puzzles in the chat, two worker jobs: a hint job (`jobs.grid_hint`: the step and
its picture, as /hint and "Next step" run it) and an easy race's puzzle
(`jobs.race_puzzle`: generated, rated, the closest of up to 12 candidates).

    .venv/bin/python bench/bench_pencil_chat.py [--seeds 3] [--difficulty easy]
        [--genres kakuro,kurodoko] [--races-only]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.work import jobs  # noqa: E402
from solvers import registry  # noqa: E402
from solvers.pencil import hints  # noqa: E402
from solvers.pencil.generate import MAKERS  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
#: the genres whose hint jobs are timed (each example's first five steps)
HINTED = ("nurikabe", "slither", "tentaisho", "heyawake", "fillomino")


def hint_jobs(genre: str, rounds: int = 5) -> tuple[float, float, int]:
    """A puzzle's first hint job and its next steps, `rounds` times (the medians, ms),
    and the boards opened per round."""
    link = (ROOT / "puzzles" / "pencil" / f"{genre}.txt").read_text().strip()
    opened, real = [], hints.open_board

    def counted(*args):  # noqa: ANN002, ANN202
        opened.append(1)
        return real(*args)

    firsts, nexts = [], []
    hints.open_board = counted
    try:
        for _round in range(rounds):
            hints.let_go()  # a puzzle not seen before
            started = time.perf_counter()
            jobs.grid_hint(genre, link, "", 0)
            firsts.append(time.perf_counter() - started)
            started = time.perf_counter()
            for step in range(1, 5):
                jobs.grid_hint(genre, link, "", step)
            nexts.append((time.perf_counter() - started) / 4)
    finally:
        hints.open_board = real
    return (statistics.median(firsts) * 1000, statistics.median(nexts) * 1000,
            len(opened) // rounds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--difficulty", default="easy")
    parser.add_argument("--genres", help="racing genres, comma-separated (default: all)")
    parser.add_argument("--races-only", action="store_true", help="no hint jobs")
    args = parser.parse_args()
    if not args.races_only:
        hinting()
    racing = args.genres.split(",") if args.genres else sorted(MAKERS)
    print(f"\n{'genre':12} {args.difficulty + ' race median s':>19} {'worst s':>8}  ratings")
    for genre in racing:
        times, ratings = [], []
        for seed in range(args.seeds):
            started = time.perf_counter()
            made = jobs.race_puzzle(registry.get(genre).name, args.difficulty, seed, [])
            times.append(time.perf_counter() - started)
            ratings.append(made.difficulty.split()[1])
        print(f"{genre:12} {statistics.median(times):19.2f} {max(times):8.2f}  "
              f"{' '.join(ratings)}")


def hinting() -> None:
    """The hint jobs' table."""
    for genre in HINTED:  # warm: the engine's import, the genre's first model
        hint_jobs(genre)
    print(f"{'genre':12} {'first job ms':>13} {'next step ms':>13} {'opened / 5 jobs':>16}")
    for genre in HINTED:
        first, rest, opened = hint_jobs(genre)
        print(f"{genre:12} {first:13.1f} {rest:13.1f} {opened:16}")


if __name__ == "__main__":
    main()
