"""Pencil puzzles side by side: our engine against puzzlekit (OR-Tools CP-SAT), per genre.

For each link of `tests/data/pencil/GENRE.json` (and the larger bake-off puzzles), the
board decoded by our genre is written in puzzlekit's own text format ("ROWS COLS", then
the grid; region ids below it for heyawake) and solved by `puzzlekit.solve` with its
default options. Ours is timed twice: to the first answer, and to the proof that it is
the only one (puzzlekit stops at its first answer). Model building is included for both.

    .venv/bin/pip install -e '.[bench]'   # ortools, clingo, puzzlekit: bench only
    .venv/bin/python bench/bench_pencil.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solvers.pencil.codecs import QUESTION  # noqa: E402
from solvers.pencil.engine import Model  # noqa: E402
from solvers.pencil.genres import find  # noqa: E402
from solvers.pencil.link import read_link  # noqa: E402

DATA = ROOT / "tests" / "data" / "pencil"
#: our genre -> puzzlekit's name for it
THEIRS = {"nurikabe": "nurikabe", "slither": "slitherlink", "heyawake": "heyawake",
          "hitori": "hitori", "shikaku": "shikaku", "lightup": "akari"}


def grid_text(rows: int, cols: int, token: Any) -> str:
    return "\n".join([f"{rows} {cols}"] + [" ".join(token((r, c)) for c in range(cols))
                                           for r in range(rows)])


def number(value: int | None) -> str:
    return "-" if value is None else str(value)


def their_text(genre: str, board: Any) -> str | None:
    """The board in puzzlekit's format, or None when it has no way to say it ('?')."""
    rows, cols = board.rows, board.cols
    if genre in ("nurikabe", "slither", "shikaku"):
        clues = board.clues
        if QUESTION in clues.values():
            return None
        return grid_text(rows, cols, lambda c: number(clues.get(c)))
    if genre == "hitori":
        return grid_text(rows, cols, lambda c: number(board.numbers.get(c)))
    if genre == "lightup":
        return grid_text(rows, cols, lambda c: "-" if c not in board.walls else
                         "x" if board.walls[c] == QUESTION else str(board.walls[c]))
    if genre == "heyawake":
        rooms = board.rooms()
        tops = {}
        for room, clue in zip(rooms, board.clues, strict=True):
            if clue is not None and clue >= 0:
                tops[min(room, key=lambda cell: (cell[1], cell[0]))] = clue
        owner = {cell: index for index, room in enumerate(rooms) for cell in room}
        regions = "\n".join(" ".join(str(owner[(r, c)]) for c in range(cols))
                            for r in range(rows))
        return grid_text(rows, cols, lambda c: number(tops.get(c))) + "\n" + regions
    return None


def ours(genre: str, link: str) -> tuple[float, float]:
    started = time.perf_counter()
    parts = read_link(link)
    handler = find(parts.genre)
    assert handler is not None
    model = Model()
    handler.constrain(handler.read(parts), model)
    outcome = model.solve(limit=2)
    total = time.perf_counter() - started
    first = total - outcome.stats["seconds"] + (outcome.stats["first"] or 0)
    assert len(outcome.found) == 1, link
    return first, total


def theirs(genre: str, text: str) -> tuple[float, str]:
    """puzzlekit's seconds and its status line ("Optimal"; "Unknown" when its 30 s
    time limit ran out)."""
    import puzzlekit

    started = time.perf_counter()
    result = puzzlekit.solve(text, THEIRS[genre])
    seconds = time.perf_counter() - started
    status = str(result).split("Status:", 1)[1].split()[0] if "Status:" in str(result) else "?"
    return seconds, status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print("| genre | puzzles | ours first: median / worst | ours unique: median / worst "
          "| puzzlekit: median / worst |")
    print("| --- | --- | --- | --- | --- |")
    for genre in THEIRS:
        links = [p["link"] for p in json.loads(
            (DATA / f"{genre}.json").read_text(encoding="utf-8"))["puzzles"]]
        firsts, uniques, kits = [], [], []
        unsolved = 0
        for link in links:
            parts = read_link(link)
            board = find(parts.genre).read(parts)  # type: ignore[union-attr]
            text = their_text(genre, board)
            if text is None:
                continue
            runs = [ours(genre, link) for _ in range(args.repeat)]
            firsts.append(statistics.median(r[0] for r in runs))
            uniques.append(statistics.median(r[1] for r in runs))
            kit = [theirs(genre, text) for _ in range(args.repeat)]
            kits.append(statistics.median(k[0] for k in kit))
            unsolved += sum(k[1] not in ("Optimal", "Feasible") for k in kit)
        cells = [f"{statistics.median(x):.3f} / {max(x):.3f}" for x in (firsts, uniques, kits)]
        note = f" ({unsolved} runs not solved in its 30 s)" if unsolved else ""
        print(f"| {genre} | {len(firsts)} | " + " | ".join(cells) + f"{note} |", flush=True)


if __name__ == "__main__":
    main()
