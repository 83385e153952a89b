"""Pencil puzzles side by side: our engine against puzzlekit (OR-Tools CP-SAT), per genre.

For each link of `tests/data/pencil/GENRE.json` (and the larger bake-off puzzles), the
board decoded by our genre is written in puzzlekit's own text format ("ROWS COLS", then
the grid; region ids below it for heyawake) and solved by `puzzlekit.solve` with its
default options. Ours is timed twice: to the first answer, and to the proof that it is
the only one (puzzlekit stops at its first answer). Model building is included for both.

    .venv/bin/pip install -e '.[bench]'   # ortools, clingo, puzzlekit: bench only
    .venv/bin/python bench/bench_pencil.py [--repeat 3]

`--unseen` instead solves the held-out links of `bench/data/pencil_unseen.json` (none of
them in the tests) through the pencil kind with a 20 s limit each, has npm pzpr judge
every answer (complete, and the same puzzle as the link) and prints per genre: right /
total, how many were proved unique, median and worst seconds.

    .venv/bin/python bench/bench_pencil.py --unseen
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solvers.pencil.codecs import QUESTION  # noqa: E402
from solvers.pencil.engine import Model  # noqa: E402
from solvers.pencil.genres import find  # noqa: E402
from solvers.pencil.grid import Grid  # noqa: E402
from solvers.pencil.link import read_link  # noqa: E402

DATA = ROOT / "tests" / "data" / "pencil"
#: our genre -> puzzlekit's name for it
THEIRS = {"nurikabe": "nurikabe", "slither": "slitherlink", "heyawake": "heyawake",
          "hitori": "hitori", "shikaku": "shikaku", "lightup": "akari", "mashu": "masyu",
          "yinyang": "yin_yang", "kurodoko": "kuromasu", "norinori": "norinori",
          "lits": "lits", "yajirin": "yajilin", "sudoku": "sudoku", "shimaguni": "shimaguni",
          "nanro": "nanro", "country": "country_road", "starbattle": "starbattle",
          "creek": "creek", "tatamibari": "tatamibari", "kakuro": "kakuro",
          "ripple": "hakyuu", "easyasabc": "abc_end_view"}
#: puzzlekit's arrow letters by our arrow codes (codecs.UP, DOWN, LEFT, RIGHT)
COMPASS = {1: "n", 2: "s", 3: "w", 4: "e"}


def grid_text(rows: int, cols: int, token: Any) -> str:
    return "\n".join([f"{rows} {cols}"] + [" ".join(token((r, c)) for c in range(cols))
                                           for r in range(rows)])


def number(value: int | None) -> str:
    return "-" if value is None else str(value)


def regions(board: Any, walls: Any) -> str:
    """The region id of every cell, a grid of them below the clue grid."""
    rooms = Grid(board.rows, board.cols).rooms(walls)
    owner = {cell: index for index, room in enumerate(rooms) for cell in room}
    return "\n".join(" ".join(str(owner[(r, c)]) for c in range(board.cols))
                     for r in range(board.rows))


def region_text(board: Any, walls: Any, clues: dict[Any, int]) -> str | None:
    """Clue grid and region grid (norinori, lits, shimaguni, nanro, country_road)."""
    if QUESTION in clues.values():
        return None
    return (grid_text(board.rows, board.cols, lambda c: number(clues.get(c))) + "\n"
            + regions(board, walls))


def more_text(genre: str, board: Any) -> str | None:
    """puzzlekit's text for the genres beyond the core's six (None: it cannot say it)."""
    rows, cols = board.rows, board.cols
    if genre == "mashu":
        if board.full:
            return None
        return grid_text(rows, cols, lambda c: {None: "-", 1: "w", 2: "b"}[board.pearls.get(c)])
    if genre == "yinyang":
        return grid_text(rows, cols, lambda c: {None: "-", 1: "w", 2: "b"}[board.given.get(c)])
    if genre == "kurodoko":
        if QUESTION in board.clues.values():
            return None
        return grid_text(rows, cols, lambda c: number(board.clues.get(c)))
    if genre == "sudoku":
        if math.isqrt(rows) ** 2 != rows:
            return None  # puzzlekit's boxes are square: no 6x6
        return grid_text(rows, cols, lambda c: number(board.givens.get(c)))
    if genre == "yajirin":
        if board.flag or any(arrow not in COMPASS or value < 0
                             for arrow, value in board.clues.values()):
            return None
        return grid_text(rows, cols, lambda c: "-" if c not in board.clues else
                         f"{board.clues[c][1]}{COMPASS[board.clues[c][0]]}")
    if genre in ("norinori", "lits"):
        return region_text(board, board.walls, {})
    if genre == "shimaguni":
        return region_text(board, board.walls, board.clues)
    if genre == "nanro":
        cells = Grid(rows, cols).cells()
        return region_text(board, board.walls, {cell: clue for cell, clue in
                                                zip(cells, board.clues, strict=True)
                                                if clue is not None})
    if genre == "country":
        if board.empty:
            return None
        return region_text(board, board.walls, {board.rooms[index][0]: value
                                                for index, value in board.numbers.items()})
    if genre == "starbattle":
        return f"{rows} {cols} {board.stars}\n" + regions(board, board.walls)
    return corner_text(genre, board)


def letter_text(genre: str, board: Any) -> str | None:
    """Ripple effect (puzzlekit's hakyuu: clue and room grids) and Easy as ABC (its
    abc_end_view: the last letter, the four sides' letters, an empty grid)."""
    if QUESTION in board.clues:
        return None
    if genre == "ripple":
        return region_text(board, board.walls, board.given())
    if genre == "easyasabc":
        given = board.given()

        def side(where: str, count: int) -> str:
            return " ".join(chr(ord("a") + given[(where, i)] - 1) if (where, i) in given
                            else "-" for i in range(count))
        return "\n".join([f"{board.rows} {board.cols} {chr(ord('a') + board.letters - 1)}",
                          side("top", board.cols), side("bottom", board.cols),
                          side("left", board.rows), side("right", board.rows),
                          *[" ".join("-" * board.cols) for _ in range(board.rows)]])
    return None


def corner_text(genre: str, board: Any) -> str | None:
    """Creek (clues on the corners), tatamibari (marks) and kakuro (a clue margin)."""
    rows, cols = board.rows, board.cols
    if genre == "creek":
        if QUESTION in board.clues.values():
            return None
        return f"{rows} {cols}\n" + "\n".join(
            " ".join(number(board.clues.get((r, c))) for c in range(cols + 1))
            for r in range(rows + 1))
    if genre == "tatamibari":
        letters = {None: "-", 1: "s", 2: "v", 3: "h"}  # SQUARE, TALL, WIDE
        if any(mark not in letters for mark in board.marks):
            return None
        return grid_text(rows, cols, lambda c: letters[board.marks[c[0] * cols + c[1]]])
    if genre == "kakuro":
        def token(cell: Any) -> str:
            if cell[0] >= 0 and cell[1] >= 0 and cell not in board.blocks:
                return "0"
            down, across = board.down.get(cell), board.across.get(cell)
            if down is None and across is None:
                return "-"
            return f"{'' if down is None else down},{'' if across is None else across}"
        return f"{rows + 1} {cols + 1}\n" + "\n".join(
            " ".join(token((r, c)) for c in range(-1, cols)) for r in range(-1, rows))
    return letter_text(genre, board)


def their_text(genre: str, board: Any) -> str | None:
    """The board in puzzlekit's format, or None when it has no way to say it ('?')."""
    rows, cols = board.rows, board.cols
    if genre in ("nurikabe", "slither", "shikaku"):
        clues = board.clues
        if QUESTION in clues.values():
            return None
        return grid_text(rows, cols, lambda c: number(clues.get(c)))
    if genre == "hitori":
        if len(board.numbers) < rows * cols or QUESTION in board.numbers.values():
            return None  # puzzlekit reads '-' otherwise and has no '?'
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
    return more_text(genre, board)


def ours(genre: str, link: str) -> tuple[float, float, int]:
    """Seconds to the first answer, to the end of the count, and the count (at most 2)."""
    started = time.perf_counter()
    parts = read_link(link)
    handler = find(parts.genre)
    assert handler is not None
    model = Model()
    handler.constrain(handler.read(parts), model)
    outcome = model.solve(limit=2)
    total = time.perf_counter() - started
    first = total - outcome.stats["seconds"] + (outcome.stats["first"] or 0)
    return first, total, len(outcome.found)


def theirs(genre: str, text: str) -> tuple[float, str]:
    """puzzlekit's seconds and its status line ("Optimal"; "Unknown" when its 30 s
    time limit ran out)."""
    import puzzlekit

    started = time.perf_counter()
    result = puzzlekit.solve(text, THEIRS[genre])
    seconds = time.perf_counter() - started
    status = str(result).split("Status:", 1)[1].split()[0] if "Status:" in str(result) else "?"
    return seconds, status


def warm_up() -> None:
    """One small puzzle solved by each side, untimed: the first solve pays the engine's
    import (PySAT about 0.02 s, OR-Tools about 0.5 s), which would otherwise fall on
    whichever genre comes first."""
    link = json.loads((DATA / "sudoku.json").read_text(encoding="utf-8"))["puzzles"][0]["link"]
    parts = read_link(link)
    ours("sudoku", link)
    text = their_text("sudoku", find(parts.genre).read(parts))  # type: ignore[union-attr]
    if text is not None:
        theirs("sudoku", text)


UNSEEN = ROOT / "bench" / "data" / "pencil_unseen.json"
LIMIT = 20.0
#: a child still searching this long after it started is stopped: a guard only, the
#: engine checks its deadline every slice of CaDiCaL conflicts (`engine.SLICE`)
KILL = 120.0


def unseen(only: str | None = None) -> None:
    """The held-out links: each solved within LIMIT seconds, its answer judged by pzpr,
    one genre at a time (a row printed as soon as its genre is done); `only`: these
    genres (comma-separated)."""
    puzzles = json.loads(UNSEEN.read_text(encoding="utf-8"))["puzzles"]
    genres = sorted({puzzle["genre"] for puzzle in puzzles
                     if only is None or puzzle["genre"] in only.split(",")})
    print("| genre | right / total | proved unique | median s | worst s |")
    print("| --- | --- | --- | --- | --- |")
    everything: list[tuple[bool, bool, float]] = []
    for genre in genres:
        rows = unseen_genre([p["link"] for p in puzzles if p["genre"] == genre])
        times = [row[2] for row in rows]
        print(f"| {genre} | {sum(r[0] for r in rows)} / {len(rows)} | "
              f"{sum(r[1] for r in rows)} | {statistics.median(times):.3f} | "
              f"{max(times):.3f} |", flush=True)
        everything += rows
    print(f"all: {sum(r[0] for r in everything)} / {len(everything)} right, "
          f"{sum(r[2] > LIMIT for r in everything)} over {LIMIT:.0f} s, worst "
          f"{max(r[2] for r in everything):.3f} s")


def solve_one(link: str) -> dict[str, Any]:
    """One held-out link solved through the pencil kind within LIMIT seconds, its search
    given the share of them a chat job gives its search (`SOFT_SHARE`: a search stopped
    at its deadline still has its answer to check and write). Run in a child process,
    so that a search running past its deadline can be stopped."""
    from bot.work.jobs import SOFT_SHARE
    from solvers.pencil import Pencil
    from solvers.values import Limits, PuzzleError

    kind = Pencil()
    started = time.perf_counter()
    try:
        parsed = kind.parse(link)
    except PuzzleError as refused:
        return {"refused": str(refused), "seconds": 0.0, "count": 0, "exhaustive": False,
                "pzprv3": None}
    found = kind.solve(parsed, Limits.within(LIMIT * SOFT_SHARE))
    seconds = time.perf_counter() - started
    return {"seconds": seconds, "count": len(found.found), "exhaustive": found.exhaustive,
            "pzprv3": kind.format_solution(parsed, found.found[0]) if found.found else None}


def unseen_genre(links: list[str]) -> list[tuple[bool, bool, float]]:
    """(right by pzpr, proved unique, seconds) for each link of one genre; a line starting
    with '#' for each that is not right, not proved unique or over the limit."""
    from tests.pzpr import judge

    runs: list[tuple[str, float, int, bool, str | None]] = []
    for link in links:
        started = time.perf_counter()
        try:
            done = subprocess.run([sys.executable, __file__, "--one", link], check=True,
                                  capture_output=True, text=True, timeout=KILL)
        except subprocess.TimeoutExpired:
            print(f"# {link}: still running after {KILL:.0f} s, killed", flush=True)
            runs.append((link, time.perf_counter() - started, 0, False, None))
            continue
        one = json.loads(done.stdout)
        if "refused" in one:
            print(f"# {link}: refused: {one['refused']}", flush=True)
        runs.append((link, one["seconds"], one["count"], one["exhaustive"], one["pzprv3"]))
    verdicts = judge([item for run in runs for item in
                      ({"url": run[0], "file": "1"}, {"pzprv3": run[4] or ""})])
    # the player's own file of the link, read back: a wall inside a room (kept by some
    # links) is not in the file, so our file can only come back as this link
    again = judge([{"pzprv3": given.get("file") or ""} for given in verdicts[::2]])
    rows = []
    for run, given, mine, own in zip(runs, verdicts[::2], verdicts[1::2], again, strict=True):
        link, seconds, count, exhaustive, text = run
        right = (text is not None and mine.get("complete") is True
                 and mine.get("url") in (given.get("url"), own.get("url")))
        unique = count == 1 and exhaustive
        if not right or not unique or seconds > LIMIT:
            print(f"# {link}: {seconds:.2f} s, {count} answers (exhaustive {exhaustive}), "
                  f"pzpr {mine.get('code') or mine.get('error')}", flush=True)
        rows.append((right, unique, seconds))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--unseen", action="store_true",
                        help="judge the held-out links instead of timing against puzzlekit")
    parser.add_argument("--also-unseen", action="store_true",
                        help="time the held-out links (those with one answer) side by side too")
    parser.add_argument("--genres", help="only these genres (comma-separated)")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(solve_one(args.one)))
        return
    if args.unseen:
        unseen(args.genres)
        return
    print("| genre | puzzles | largest | ours first: median / worst | ours unique: median / "
          "worst | puzzlekit: median / worst |")
    print("| --- | --- | --- | --- | --- | --- |")
    held_out = json.loads(UNSEEN.read_text(encoding="utf-8"))["puzzles"]
    warm_up()
    for genre in args.genres.split(",") if args.genres else THEIRS:
        links = [p["link"] for p in json.loads(
            (DATA / f"{genre}.json").read_text(encoding="utf-8"))["puzzles"]]
        if args.also_unseen:
            links += [p["link"] for p in held_out if p["genre"] == genre]
        firsts, uniques, kits, sizes = [], [], [], []
        unsolved = 0
        for link in links:
            parts = read_link(link)
            board = find(parts.genre).read(parts)  # type: ignore[union-attr]
            text = their_text(genre, board)
            if text is None:
                continue
            runs = [ours(genre, link) for _ in range(args.repeat)]
            if runs[0][2] != 1:
                print(f"# {link}: not one answer, left out", flush=True)
                continue
            sizes.append((board.rows * board.cols, f"{board.cols}x{board.rows}"))
            firsts.append(statistics.median(r[0] for r in runs))
            uniques.append(statistics.median(r[1] for r in runs))
            kit = [theirs(genre, text) for _ in range(args.repeat)]
            kits.append(statistics.median(k[0] for k in kit))
            unsolved += sum(k[1] not in ("Optimal", "Feasible") for k in kit)
        if not firsts:
            print(f"| {genre} | 0 | | | | (none puzzlekit can be given) |", flush=True)
            continue
        cells = [f"{statistics.median(x):.4f} / {max(x):.3f}" for x in (firsts, uniques, kits)]
        note = f" ({unsolved} runs not solved in its 30 s)" if unsolved else ""
        print(f"| {genre} | {len(firsts)} | {max(sizes)[1]} | " + " | ".join(cells)
              + f"{note} |", flush=True)


if __name__ == "__main__":
    main()
