"""Sudoku's triads search (locked candidates, issue 30) against the singles-only search:
its propagation never removes a solution's digit, it finds the same solutions, and a
grid with several still shows the same one first."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from solvers.sudoku import CELLS
from solvers.sudoku.search import BAND, WORDS, Search, _collect, count_solutions, solve_grid
from solvers.values import Limits

ROOT = Path(__file__).resolve().parent.parent
HARD_SET = [line.strip() for line in (ROOT / "bench/data/sudoku_hard.txt").read_text().splitlines()
            if line.strip() and not line.startswith("#")]
#: the first of the hard set with its 1s blanked (in the first 40 cells) and its first
#: three solutions in the order the search before the triads gave them
LOOSE = "85...24..72......9..4...........7..23.5...9...4...........8..7..17..........36.4."
LOOSE_FIRST = ["859362417723418659164975328986547132375621984241893765432189576617254893598736241",
               "859362417723418659164975823986547132375621984241893765432189576617254398598736241",
               "859362417723415869164978523986547132375621984241893756432189675617254398598736241"]


def grid(text: str) -> tuple[int, ...]:
    return tuple(int(ch) if ch in "123456789" else 0 for ch in text)


def text(digits: tuple[int, ...]) -> str:
    return "".join(map(str, digits))


def loosened(count: int, seed: int) -> list[tuple[int, ...]]:
    """Hard puzzles with 1 to 4 givens taken away: most have several solutions."""
    rng = random.Random(seed)
    out = []
    for line in rng.sample(HARD_SET, count):
        cells = list(grid(line))
        for cell in rng.sample([c for c in range(CELLS) if cells[c]], rng.randint(1, 4)):
            cells[cell] = 0
        out.append(tuple(cells))
    return out


def all_solutions(givens: tuple[int, ...], triads: bool, cap: int = 300) -> list:
    found, ended = _collect(Search(givens, budget=20_000, triads=triads), cap,
                            Limits(max_solutions=cap))
    assert ended or len(found) == cap
    return found


def candidates_left(givens: tuple[int, ...]) -> list[int]:
    """Each cell's candidates (9-bit masks) after the triads search's first propagation."""
    search = Search(givens, budget=0, triads=True)
    state = search.work[:WORDS]
    return [sum(1 << d for d in range(9) if state[3 * d + cell // BAND] >> (cell % BAND) & 1)
            for cell in range(CELLS)]


@pytest.mark.parametrize("givens", [grid(line) for line in HARD_SET[:40]] + loosened(40, 30))
def test_triads_keep_every_solution_digit_and_find_the_same_solutions(givens):
    singles = all_solutions(givens, triads=False)
    if len(singles) < 300:  # the whole set of solutions: the triads search finds it all
        assert sorted(all_solutions(givens, triads=True)) == sorted(singles)
    left = candidates_left(givens)
    for solution in singles:
        assert all(left[cell] >> (digit - 1) & 1 for cell, digit in enumerate(solution))


@pytest.mark.parametrize("givens", loosened(30, 31))
def test_several_solutions_come_in_the_singles_search_order(givens):
    for cap in (1, 2, 5):
        found, count, exhaustive, _ = solve_grid(givens, Limits(max_solutions=cap))
        singles = all_solutions(givens, triads=False, cap=cap)
        assert found == singles and count == len(singles)
        assert exhaustive == (len(singles) < cap)
        assert count_solutions(givens, cap) == count


def test_a_puzzle_with_several_solutions_is_not_unique_and_shows_the_same_one():
    found, count, exhaustive, _ = solve_grid(grid(LOOSE), Limits(max_solutions=2))
    assert (count, exhaustive) == (2, False)
    assert [text(g) for g in found] == LOOSE_FIRST[:2]
    found, count, exhaustive, _ = solve_grid(grid(LOOSE), Limits(max_solutions=3))
    assert [text(g) for g in found] == LOOSE_FIRST and not exhaustive


def test_unique_puzzles_are_proved_in_fewer_nodes():
    """The point of the triads: the search to two solutions visits fewer nodes."""
    triads = singles = 0
    for line in HARD_SET:
        for flag in (True, False):
            search = Search(grid(line), budget=20_000, triads=flag)
            found, ended = _collect(search, 2, Limits(max_solutions=2))
            assert len(found) == 1 and ended
            if flag:
                triads += search.nodes
            else:
                singles += search.nodes
    assert triads * 2 < singles


@pytest.mark.parametrize("givens", [
    (5, 5) + (0,) * 79,  # two 5s in row 1
    (5,) + (0,) * 26 + (5,) + (0,) * 53,  # two 5s in column 1, in other bands
    (5,) + (0,) * 9 + (5,) + (0,) * 70,  # two 5s in box 1
])
def test_repeated_givens_have_no_solution(givens):
    assert solve_grid(givens, Limits(max_solutions=2))[1:3] == (0, True)
    assert count_solutions(givens) == 0
