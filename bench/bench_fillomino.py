"""Fillomino: seconds to the first answer and to the proof of uniqueness, per link.

The fillomino links of `bench/data/pencil_unseen.json` (held out) and of
`tests/data/pencil/fillomino.json`, each solved by the genre twice with the held-out
run's 20 s limit: once for one answer (the first answer's time) and once for up to two
(the time to the proof that there is no second). Model building is included; the
engine's first import is paid on a small board before the table.

    .venv/bin/python bench/bench_fillomino.py
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solvers.pencil.genres import find  # noqa: E402
from solvers.pencil.link import read_link  # noqa: E402

LIMIT = 20.0


def links() -> list[tuple[str, str]]:
    """(where from, link) for every fillomino link of the held-out set and the tests."""
    unseen = json.loads((ROOT / "bench" / "data" / "pencil_unseen.json").read_text("utf-8"))
    tests = json.loads((ROOT / "tests" / "data" / "pencil" / "fillomino.json").read_text("utf-8"))
    return ([("held-out", p["link"]) for p in unseen["puzzles"] if p["genre"] == "fillomino"]
            + [("tests", p["link"]) for p in tests["puzzles"]])


def timed(link: str, limit: int) -> tuple[float, int, bool]:
    """Seconds, answers found (at most `limit`) and whether the search was exhaustive."""
    genre = find("fillomino")
    assert genre is not None
    started = time.perf_counter()
    found = genre.solve(genre.read(read_link(link)), limit, deadline=time.monotonic() + LIMIT)
    return time.perf_counter() - started, len(found.answers), found.exhaustive


def main() -> None:
    timed("https://puzz.link/p?fillomino/2/1/h", 2)
    print("| set | link | size | first answer s | proof s | answers | exhaustive |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for where, link in links():
        parts = read_link(link)
        first, _, _ = timed(link, 1)
        proof, count, exhaustive = timed(link, 2)
        print(f"| {where} | `{link.rsplit('/', 1)[1][:16]}` | {parts.cols}x{parts.rows} | "
              f"{first:.2f} | {proof:.2f} | {count} | {exhaustive} |", flush=True)


if __name__ == "__main__":
    main()
