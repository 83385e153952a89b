"""A race's answer turned and mirrored, to recognise its puzzle in disguise.

A race's players get no help with a variant of its puzzle (`PencilKind.variant_of`): a
puzzle that the race's answer, turned or mirrored the same way, also solves. Turning the
answer instead of the puzzle needs no knowledge of a genre's clues: every layer of an
`Answer` is cells, pairs of cells or grid segments, which turn alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

from .grid import Cell
from .layers import Answer

#: a point's place after a turn or mirror, on a board of (rows, cols) points
Move = Callable[[Cell, int, int], Cell]

#: the eight ways to lay a rectangle down again, with whether they swap rows and columns
MOVES: tuple[tuple[Move, bool], ...] = (
    (lambda p, rows, cols: p, False),
    (lambda p, rows, cols: (p[0], cols - 1 - p[1]), False),
    (lambda p, rows, cols: (rows - 1 - p[0], p[1]), False),
    (lambda p, rows, cols: (rows - 1 - p[0], cols - 1 - p[1]), False),
    (lambda p, rows, cols: (p[1], p[0]), True),
    (lambda p, rows, cols: (p[1], rows - 1 - p[0]), True),
    (lambda p, rows, cols: (cols - 1 - p[1], p[0]), True),
    (lambda p, rows, cols: (cols - 1 - p[1], rows - 1 - p[0]), True),
)
#: marks that look the same turned or mirrored (slashes and triangles do not)
ROUND_MARKS = frozenset({"light", "star", "circle", "cross"})


def moved(answer: Answer, move: Move, rows: int, cols: int) -> Answer:
    """Every layer moved: cells on the rows x cols board, segments on its vertices."""
    def cell(p: Cell) -> Cell:
        return move(p, rows, cols)

    def vertex(p: Cell) -> Cell:
        return move(p, rows + 1, cols + 1)

    def two(pairs: frozenset[tuple[Cell, Cell]],
            where: Callable[[Cell], Cell]) -> frozenset[tuple[Cell, Cell]]:
        return frozenset(tuple(sorted((where(a), where(b)))) for a, b in pairs)  # type: ignore

    return replace(
        answer, shaded=frozenset(map(cell, answer.shaded)),
        dotted=frozenset(map(cell, answer.dotted)),
        numbers={cell(p): n for p, n in answer.numbers.items()},
        lines=two(answer.lines, cell), borders=two(answer.borders, cell),
        edges=two(answer.edges, vertex), marks={cell(p): m for p, m in answer.marks.items()})


def turned(answer: Answer, rows: int, cols: int, to_rows: int, to_cols: int
           ) -> Iterator[Answer]:
    """The answer (of a rows x cols board) laid down each way that gives a board of
    to_rows x to_cols; only as it is when its marks change shape when turned."""
    round_ = set(answer.marks.values()) <= ROUND_MARKS
    for move, swaps in MOVES if round_ else MOVES[:1]:
        if ((cols, rows) if swaps else (rows, cols)) == (to_rows, to_cols):
            yield moved(answer, move, rows, cols)


def whole(board: Any, answer: Answer) -> Answer:
    """The answer with the numbers its board gives (a genre whose answer leaves its
    clue numbers out, fillomino, has `given()`): what two boards' answers compare on."""
    given = getattr(board, "given", None)
    return replace(answer, numbers={**answer.numbers, **given()}) if given else answer
