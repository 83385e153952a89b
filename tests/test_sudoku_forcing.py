"""Forcing chains and nets on HoDoKu's published steps.

Two sources, both HoDoKu's:

* its exemplar library (exemplars-1.0.txt in HoDoKu's source; the section "#1202: Forcing
  Chain Verity, set value"): eight puzzles recorded as "ssts fcv(0) s", simple techniques,
  then one forcing chain that sets a value, then singles to the end. The value each sets
  is HoDoKu's own step, from hodoku-py 0.2.1's solve of the line (`bench/hodoku_positions.py`
  does the same for other techniques);
* positions from hodoku-py 0.2.1's solves of `bench/data/sudoku_hard.txt` just before one
  of its forcing chain or net steps (the line and step number are named with each), as
  HoDoKu load lines, with the step's placement or elimination
  (`bench/bench_forcing.py --show LINE:STEP` prints them).

What HoDoKu calls a forcing *chain* follows one implication at a time and its *net*
follows every single a premise makes; our Forcing Chain already follows every single, so
it proves both, and our Forcing Net (singles, locked candidates and naked pairs) proves
what the nets it is given prove. `forcing.every_step` lists every step the finders choose
from; the test asks that HoDoKu's step is among them, and that the step the finder
chooses is sound.
"""

from __future__ import annotations

from typing import NamedTuple

import pytest

from solvers.sudoku.logic import forcing, intersections, subsets
from solvers.sudoku.logic.board import Board
from solvers.sudoku.logic.path import FINDERS, apply, hint_path
from tests.test_sudoku_published import assert_sound, position, rcd, singles_done, solution_of

#: our finders tried before the forcing chain (a superset of HoDoKu's simple techniques)
BEFORE = FINDERS[:FINDERS.index(forcing.forcing_chain)]

#: exemplar line -> the value HoDoKu's forcing chain sets there (row, column, digit)
VERITY_SET_VALUE = [
    (".7..96.....352.68...6..47.248.....2..........51..............7.....3.5.9168.....3",
     (1, 7, 4)),
    (".3.174...6..........4...3.....61.27...1.9...8..9.........8..5.42.8....37....5..92",
     (2, 5, 3)),
    ("8...........8..53.5...2.6..............5..81..46..2.......3...5..9.41.7.6.3....29",
     (1, 4, 3)),
    ("......791.235.1......6.......6.8..........12..4..13.....1.64..2..2..84..4......85",
     (2, 1, 7)),
    (".....8954.....5.7.9.4.7...87...............2352973.......5.....38..2....271......",
     (1, 1, 1)),
    ("85..4......3.....2..9.6....218....76...5....1......9...9.7...2...64.....7...86.9.",
     (1, 3, 7)),
    (".218.5...........39......6...3.7..5.....9.....76..2......9.7..17...246.......123.",
     (1, 8, 9)),
    ("8....27......3.........78137........52....43.....246........2.73.1..6.....6.78...",
     (2, 6, 9)),
]


def stuck(givens: str) -> tuple[Board, tuple[int, ...]]:
    """The board once every finder before the forcing chain has nothing left to do."""
    grid = tuple(0 if ch == "." else int(ch) for ch in givens)
    board = Board.from_grid(grid)
    while found := next(filter(None, (f(board) for f in BEFORE)), None):
        apply(board, found)
    return board, grid


def proven(board: Board, net: bool = False) -> tuple[set, set]:
    """Every placement and every elimination some forcing step on the board makes."""
    placements: set = set()
    eliminations: set = set()
    for found in forcing.every_step(board, net=net):
        placements |= rcd(found.placements)
        eliminations |= rcd(found.eliminations)
    return placements, eliminations


@pytest.mark.parametrize("givens, published", VERITY_SET_VALUE, ids=lambda v: str(v)[:12])
def test_forcing_chain_sets_hodokus_value_in_its_exemplar(givens, published):
    """The record: one forcing chain sets a value, then singles solve the puzzle. Our
    chains prove HoDoKu's value; the finder's own choice sets a value too, and is sound;
    and HoDoKu's value, set on our board, leaves singles to finish, as recorded."""
    board, grid = stuck(givens)
    assert published in proven(board)[0]
    chosen = forcing.forcing_chain(board)
    assert chosen is not None and chosen.placements
    assert rcd(chosen.placements) <= rcd(tuple(enumerate(solution_of(grid))))
    assert_sound(chosen.eliminations, grid)
    row, col, digit = published
    board.place((row - 1) * 9 + col - 1, digit)
    singles_done(board)
    assert board.solved()


class Published(NamedTuple):
    source: str
    #: HoDoKu's load line of the position before its step
    line: str
    placement: tuple[int, int, int] | None = None
    elimination: tuple[int, int, int] | None = None
    #: whether our net, which starts only from candidates assumed true, proves it too
    net: bool = True


HARD = "bench/data/sudoku_hard.txt line "
STEPS = [
    Published(HARD + "19 (Easter Monster), step 21: Forcing Chain Contradiction r2c1=2",
              ":0000:x:1+7......2.9.4.+7.5...6...7...5.9.3......+67+4......85..4.7.....6...3...9.8"
              "...2.....1:135 148 153 157 167 175 248 251 261 275 615 641 669::",
              placement=(2, 1, 2), net=False),
    Published(HARD + "31, step 27: Forcing Chain Contradiction r1c6=3",
              ":0000:x:6.2.5...+9.....4.3+2.....+2...43..+28....1....2........7..5..27........."
              "..81...6+8..+2+7:116 166 334 335 379 418 438 459 469 472 478 482 483 487 527 532"
              " 533 537 547 559 569 643 655 658 659 662 665 668 669 673 683 723 731 733 839::",
              placement=(1, 6, 3)),
    Published(HARD + "19 (Easter Monster), step 22: Forcing Chain Verity r5c2<>8",
              ":0000:x:1+7......2+29.4.+7.5...6...7...5.9.3......+67+4......85..4.7.....6...3...9."
              "8...2.....1:135 148 153 157 167 175 248 275 615 641 669::",
              elimination=(5, 2, 8)),
    Published(HARD + "33, step 30: Forcing Chain Verity r2c3<>4",
              ":0000:x:6..3.2+5...5.....1+2.+2.+5.....7+426.+5..........543.+5....+2+7+28.15........4."
              "2........7..:149 155 157 181 191 347 356 373 383 389 393 395 399 473 498 627 635"
              " 636 637 677 689 699 715 736 818 838 848 854 855 856 857 889 899 918 955 989 "
              "999::", elimination=(2, 3, 4)),
    Published(HARD + "10, step 4: Forcing Net Contradiction r2c8<>6",
              ":0000:x:1....7.9..3..2...8..96..5....53..9...1..8.+7.26....4...3......1..4+1.....7"
              "..7...3..:974 976 994 996::", elimination=(2, 8, 6)),
    Published(HARD + "20 (Golden Nugget), step 20: Forcing Net Contradiction r5c3=4",
              ":0000:x:.......39.....1..5..3.5.8....8+19...6+97..+62+3+1.1..4.......9.8..5..2...."
              "6..4..7.....:189 199 211 221 366 392 541 546 622 636 766 811 868 889 899::",
              placement=(5, 3, 4)),
    Published(HARD + "67, step 14: Forcing Net Contradiction r1c1=1",
              ":0000:x:.4.5.....8...9..3..76.2.....146..+3..+6....9..7.....36....1..4.5..6......"
              "3..71..2..:115 117 211 213 229 269 454 464 527 529 531 541 549 555 565 615 696 "
              "765 786 855 857 865 869 875 969 988::", placement=(1, 1, 1), net=False),
    Published(HARD + "57, step 22: Forcing Net Verity r3c4<>4",
              ":0000:x:..8+39.1...6.5...2......6....3.1.7.5.....+3...9..4...3...5....2...7...3.8"
              ".2..7....4:123 133 153 161 171 181 192 253 266 323 333 371 411 418 421 431 435 "
              "531 653 679 721 729 731 738 739 751 758 769 825 861 874 931 933 961 962 997::",
              elimination=(3, 4, 4)),
    Published(HARD + "91, step 4: Forcing Net Verity r4c7<>2",
              ":0000:x:.......4...2..4..1.7..5..9...3..7....4..6....6+9.1..8..+32....1..85.9...6"
              ".....8...3:316::", elimination=(4, 7, 2)),
]


@pytest.mark.parametrize("published", STEPS, ids=lambda p: p.source.split(": ")[1])
def test_forcing_steps_prove_hodokus_step(published: Published):
    board, grid = position(published.line)
    for net in (False, True) if published.net else (False,):
        placements, eliminations = proven(board, net)
        if published.placement:
            assert published.placement in placements
        if published.elimination:
            assert published.elimination in eliminations
    chosen = forcing.forcing_chain(board)
    assert chosen is not None
    assert rcd(chosen.placements) <= rcd(tuple(enumerate(solution_of(grid))))
    assert_sound(chosen.eliminations, grid)


def kind(found) -> tuple[str, bool]:
    """What a forcing step started from, read off its sentence, and whether it places."""
    head = found.text.split(";")[0].split(":")[0]
    if head.startswith("Suppose"):
        start = "candidate false" if " were not " in head else "candidate true"
    else:
        start = "unit" if head.startswith("The ") else "cell"
    return start, bool(found.placements)


def test_every_kind_of_forcing_step_is_sound_on_hodokus_positions():
    """Contradictions from a candidate assumed true or false, and what every candidate of
    a cell or every place of a digit in a unit leads to (a placement, or eliminations):
    each step listed on these positions is sound, and each kind occurs."""
    kinds = set()
    for published in STEPS:
        board, grid = position(published.line)
        solution = solution_of(grid)
        for found in forcing.every_step(board):
            assert all(solution[c] == d for c, d in found.placements), found.text
            assert_sound(found.eliminations, grid)
            kinds.add(kind(found))
    assert kinds == {("candidate true", True), ("candidate true", False),
                     ("candidate false", True), ("cell", True), ("cell", False),
                     ("unit", True), ("unit", False)}


def test_a_nets_simple_eliminations_are_what_the_finders_remove():
    """A net follows locked candidates and naked pairs all at once, without sentences:
    on every board of a hard puzzle's path, what it removes includes what the pointing,
    claiming and naked pair finders would remove first, and removes no solution value."""
    givens = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    path = hint_path(tuple(0 if ch == "." else int(ch) for ch in givens))
    for before in path.before:
        board = Board(list(before.values), list(before.cands))
        locked = intersections.locked_eliminations(board)
        pairs = subsets.naked_pair_eliminations(board)
        for finder, bulk in ((intersections.pointing, locked), (intersections.claiming, locked),
                             (subsets.naked(2), pairs)):
            found = finder(board)
            assert found is None or set(found.eliminations) <= bulk
        assert all(path.solution[cell] != digit for cell, digit in locked | pairs)
