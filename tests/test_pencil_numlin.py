"""Numberlink's own search (genres/numlin.py `solve`): tight answers, loose loops allowed
in the model and deleted from answers, "not all of the first answer's lines" as the
question for a second answer, and a detour of the first answer looked for directly.

Each crafted board below is built so that one step of that reasoning decides it; the
random boards compare the whole search with the rules as they stand (connectivity
cuts, two answers differing on any line), which the hints use.
"""

from __future__ import annotations

import random

from solvers.pencil import Pencil
from solvers.pencil.engine import Model, Values
from solvers.pencil.genre import Genre
from solvers.pencil.genres.numlin import GENRE, Numberlink
from solvers.pencil.grid import Cell, Grid, pair
from solvers.pencil.layers import Answer
from tests.pzpr import judge, solve

KIND = Pencil()

#: eight pairs of neighbours round an empty 3x3 corner; the six numbers beside the
#: corner differ, so no line can pass through it: one answer, yet a loose loop fits
#: round the corner's centre (a 2x2 loop is ruled out by the tight model itself)
CORNER = Numberlink(5, 5, {(0, 0): 7, (0, 1): 7, (1, 0): 8, (1, 1): 8,
                           (0, 2): 1, (1, 2): 1, (0, 3): 2, (1, 3): 2, (0, 4): 3, (1, 4): 3,
                           (2, 0): 4, (2, 1): 4, (3, 0): 5, (3, 1): 5, (4, 0): 6, (4, 1): 6})


def link(board: Numberlink) -> str:
    return GENRE.encode(board)


def judged_complete(link_text: str, count: int) -> list[Answer]:
    """The link's answers (`count` of them, exhaustive only for one), each passing our
    check and judged complete by pzpr."""
    puzzle, answers, exhaustive = solve(link_text)
    assert (len(answers), exhaustive) == (count, count == 1)
    assert all(KIND.check(puzzle, a).ok for a in answers)
    verdicts = judge([{"pzprv3": KIND.format_solution(puzzle, a)} for a in answers])
    assert [v.get("complete") for v in verdicts] == [True] * count
    return list(answers)


def test_unique_although_a_loose_loop_fits() -> None:
    """A loop fits round the empty corner beside the answer's lines: the rules refuse
    it (no loose loop), the search's model refuses it too (its top-left corner could
    move down into the empty centre, `solve`), and an answer read from values that hold
    such a loop has it deleted; the answer is proved unique."""
    (answer,) = judged_complete(link(CORNER), 1)
    ring = [(2, 2), (2, 3), (2, 4), (3, 4), (4, 4), (4, 3), (4, 2), (3, 2)]
    loop = {pair(a, b) for a, b in zip(ring, ring[1:] + ring[:1], strict=True)}
    model = Model()
    lines, _used = GENRE.tight(CORNER, model)
    for p in answer.lines | loop:
        model.clause([lines[p]])
    assert model.solve(1).found == []
    held = Values([lit for p, lit in lines.items() if p in answer.lines | loop])
    assert GENRE.answer(CORNER, lines, held) == answer  # the loop deleted


def test_second_answer_a_corner_moved() -> None:
    """A 1 in a corner and a 1 diagonally across a 2x2 square: the line turns in
    either of the two other cells; the second answer is found by moving the corner
    (same length: no detour and no search needed)."""
    first, second = judged_complete(link(Numberlink(2, 2, {(0, 0): 1, (1, 1): 1})), 2)
    assert {first.lines, second.lines} == {
        frozenset({((0, 0), (0, 1)), ((0, 1), (1, 1))}),
        frozenset({((0, 0), (1, 0)), ((1, 0), (1, 1))})}


def test_second_answer_a_detour() -> None:
    """Two 1s side by side with two empty cells below: joined straight (tight), or
    round the two cells: the detour is the second answer."""
    first, second = judged_complete(link(Numberlink(2, 2, {(0, 0): 1, (0, 1): 1})), 2)
    assert {first.lines, second.lines} == {
        frozenset({((0, 0), (0, 1))}),
        frozenset({((0, 0), (1, 0)), ((1, 0), (1, 1)), ((0, 1), (1, 1))})}


def test_second_answer_found_by_the_search() -> None:
    """1 . 1 over an empty row: through the middle, or round by the row below; both are
    tight, so the second is found by the search, not as a detour."""
    first, second = judged_complete(link(Numberlink(2, 3, {(0, 0): 1, (0, 2): 1})), 2)
    assert first != second


def made_board(rnd: random.Random, size: int) -> Numberlink:
    """Random paths that do not meet, their ends numbered (a pair each)."""
    grid = Grid(size, size)
    used: set[Cell] = set()
    numbers: dict[Cell, int] = {}
    for _try in range(40):
        path = [rnd.choice(grid.cells())]
        if path[0] in used:
            continue
        while len(path) < rnd.randint(2, 8):
            free = [n for n in grid.neighbours(path[-1]) if n not in used and n not in path]
            if not free:
                break
            path.append(rnd.choice(free))
        if len(path) >= 2:
            used.update(path)
            numbers[path[0]] = numbers[path[-1]] = len(numbers) // 2 + 1
    return Numberlink(size, size, numbers)


def test_tight_search_agrees_with_the_rules() -> None:
    """On random boards, numberlink's search and the rules as they stand (the base
    class's search: connectivity, answers differing on any line) agree on the count,
    and every answer passes our check and has no line off the board's paths."""
    rnd = random.Random(36)
    counts = {1: 0, 2: 0}
    for size in (4, 4, 5, 5, 5, 6) * 8:
        board = made_board(rnd, size)
        fast = GENRE.solve(board, 2)
        rules = Genre.solve(GENRE, board, 2)
        assert (len(fast.answers), fast.exhaustive) == \
            (len(rules.answers), rules.exhaustive), link(board)
        assert len({a.lines for a in fast.answers}) == len(fast.answers)
        for answer in fast.answers:
            assert all(rule.ok is not False for rule in GENRE.check(board, answer))
            assert all(pair(*p) == p for p in answer.lines)
        counts[len(fast.answers)] += 1
    assert counts[1] >= 1 and counts[2] >= 10


def test_a_preferred_guess_leads_the_first_answer_and_is_dropped_when_impossible() -> None:
    """`Model.solve(prefer=...)`, the engine's hook numberlink's "every cell on a line"
    uses: the guess picks the first answer but never changes the count."""
    model = Model()
    a, b = model.var(), model.var()
    model.clause([a, b])
    model.clause([-a, -b])
    model.show([a, b])
    found = model.solve(3, prefer=[b])
    assert ([v(b) for v in found.found], found.exhaustive) == ([True, False], True)
    model.clause([-b])
    found = model.solve(3, prefer=[b])
    assert ([v(a) for v in found.found], found.exhaustive) == ([True], True)
