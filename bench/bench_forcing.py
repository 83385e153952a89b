"""Our forcing chains and nets on every forcing step HoDoKu takes on the hard puzzles.

HoDoKu (its Python port hodoku-py, GPL: bench-only, never imported by `solvers/`, `bot/`
or `tests/`) solves each puzzle of `bench/data/sudoku_hard.txt` on its default settings.
Its steps are replayed from the givens (`hodoku_positions.Position`), and at each of its
Forcing Chain or Forcing Net steps (contradiction or verity) the position is handed to
our engine: the step counts as proven when one of the steps `forcing.every_step` lists
(those our finders choose from) makes HoDoKu's placement or every one of its eliminations.
HoDoKu's chains follow one implication at a time and its nets every single; our Forcing
Chain follows every single, our Forcing Net locked candidates and naked pairs besides.

    .venv/bin/pip install hodoku-py
    .venv/bin/python bench/bench_forcing.py [--hard 109] [--widest 3]
    .venv/bin/python bench/bench_forcing.py --show 19:21   # a position, as a load line

`--show LINE:STEP` prints HoDoKu's load line before its STEP-th step (from 1) on the
puzzle at that line of the file (from 1), and the step: how tests/test_sudoku_forcing.py
got its positions.

`--widest` is `forcing.WIDEST`: the most places a unit's chain, or a candidate assumed
false, may start from (more cost more time per search).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

from hodoku import SolutionType, Solver
from hodoku_positions import Position

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solvers.sudoku.logic import forcing  # noqa: E402
from solvers.sudoku.logic.board import BIT, Board  # noqa: E402

FORCING = {SolutionType.FORCING_CHAIN_CONTRADICTION, SolutionType.FORCING_CHAIN_VERITY,
           SolutionType.FORCING_NET_CONTRADICTION, SolutionType.FORCING_NET_VERITY}


def board_of(position: Position) -> Board:
    return Board(list(position.values),
                 [sum(BIT[d] for d in cands) for cands in position.cands])


def proves(board: Board, placements: set, eliminations: set, net: bool) -> bool:
    """Whether one of our steps makes the placement, or removes every elimination."""
    for found in forcing.every_step(board, net=net):
        if placements and placements <= set(found.placements):
            return True
        if eliminations and eliminations <= set(found.eliminations):
            return True
    return False


def show(where: str) -> None:
    """The load line of HoDoKu's position before one of its steps, and the step."""
    line, number = map(int, where.split(":"))
    givens = (ROOT / "bench/data/sudoku_hard.txt").read_text().splitlines()[line - 1].split()[0]
    steps = Solver().solve(givens.replace(".", "0")).steps
    position = Position(givens)
    for step in steps[:number - 1]:
        position.apply(step)
    step = steps[number - 1]
    print(position.load_line("0000", step))
    print(step.type.value, "set", [(c // 9 + 1, c % 9 + 1, v) for c, v in
                                   zip(step.indices, step.values, strict=True)],
          "remove", [(c.index // 9 + 1, c.index % 9 + 1, c.value)
                     for c in step.candidates_to_delete])


def puzzles(count: int) -> list[str]:
    lines = (ROOT / "bench/data/sudoku_hard.txt").read_text().splitlines()
    return [line.split()[0] for line in lines if line and not line.startswith("#")][:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hard", type=int, default=109)
    parser.add_argument("--widest", type=int, default=forcing.WIDEST)
    parser.add_argument("--show", metavar="LINE:STEP")
    args = parser.parse_args()
    if args.show:
        show(args.show)
        return
    forcing.WIDEST = args.widest
    counts: Counter = Counter()
    seconds = 0.0
    for givens in puzzles(args.hard):
        position = Position(givens)
        for step in Solver().solve(givens.replace(".", "0")).steps:
            if step.type in FORCING:
                board = board_of(position)
                placed = set(zip(step.indices, step.values, strict=True))
                gone = {(c.index, c.value) for c in step.candidates_to_delete}
                start = time.process_time()
                chain = proves(board, placed, gone, net=False)
                net = chain or proves(board, placed, gone, net=True)
                seconds += time.process_time() - start
                counts[(step.type.value, "all")] += 1
                counts[(step.type.value, "chain")] += chain
                counts[(step.type.value, "net")] += net
            position.apply(step)
    print(f"forcing.WIDEST = {args.widest}; our listing took {seconds:.1f} s of CPU\n")
    print("| HoDoKu's step | steps | proven by our Forcing Chain | by Chain or Net |")
    print("| --- | ---: | ---: | ---: |")
    for kind in sorted({k for k, _ in counts}):
        print(f"| {kind} | {counts[(kind, 'all')]} | {counts[(kind, 'chain')]} "
              f"| {counts[(kind, 'net')]} |")
    total = {w: sum(v for (_, what), v in counts.items() if what == w)
             for w in ("all", "chain", "net")}
    print(f"| all | {total['all']} | {total['chain']} | {total['net']} |")


if __name__ == "__main__":
    main()
