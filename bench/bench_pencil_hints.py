"""The pencil hint ladders: for each genre's example, how long the first step and the
whole ladder take, how many steps there are and how they split by reason (one rule, a
few rules, the rules nearby, the whole puzzle).

    .venv/bin/python bench/bench_pencil_hints.py
    .venv/bin/python bench/bench_pencil_hints.py --link LINK   # these links instead
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solvers import registry  # noqa: E402
from solvers.values import PuzzleError  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def links() -> list[str]:
    """The genres' examples."""
    return [(ROOT / "puzzles" / kind.example).read_text().strip()
            for kind in registry.KINDS if kind.example.startswith("pencil/")]


def measure(link: str) -> dict[str, object] | None:
    """One link's ladder: first step, whole ladder, steps by technique (None: no ladder)."""
    kind = registry.detect(link)
    if kind is None or not kind.hints:
        return None
    try:
        puzzle = kind.parse(link)
        started = time.perf_counter()
        kind.hint_steps(puzzle, limit=1)
        first = time.perf_counter() - started
        started = time.perf_counter()
        path = kind.hint_steps(puzzle)
        whole = time.perf_counter() - started
    except PuzzleError as error:
        return {"kind": kind.name, "error": str(error)}
    return {"kind": kind.name, "first": first, "whole": whole, "steps": len(path.steps),
            "reasons": Counter(step.technique for step in path.steps),
            "rating": path.difficulty.rating}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--link", action="append", help="a link to measure (repeatable; "
                        "default: every genre's example)")
    args = parser.parse_args()
    rows = [row for link in args.link or links() if (row := measure(link))]
    done = [row for row in rows if "error" not in row]
    print(f"{'genre':12} {'first s':>8} {'ladder s':>9} {'steps':>6}  reasons")
    for row in done:
        reasons = ", ".join(f"{name} {count}" for name, count in row["reasons"].items())
        print(f"{row['kind']:12} {row['first']:8.3f} {row['whole']:9.3f} {row['steps']:6}"
              f"  {reasons}")
    for row in rows:
        if "error" in row:
            print(f"{row['kind']:12} {row['error']}")
    reasons = sum((row["reasons"] for row in done), Counter())
    total = sum(reasons.values())
    first = statistics.median(row["first"] for row in done)
    whole = statistics.median(row["whole"] for row in done)
    print(f"\n{len(done)} ladders; median first step {first:.3f} s, median ladder {whole:.3f} s,"
          f" slowest ladder {max(row['whole'] for row in done):.3f} s")
    print("steps by reason: " + ", ".join(
        f"{name} {count} ({100 * count / total:.0f}%)" for name, count in reasons.most_common()))


if __name__ == "__main__":
    main()
