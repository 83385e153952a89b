"""Patterns of one digit built from *strong links*: a unit where the digit has exactly
two spots, so if one is not the digit the other is.

*Skyscraper*: two parallel lines with two spots each, one end of each in a shared
cross line: one of the two far ends is the digit. *2-String Kite*: a row pair and a
column pair with an end of each in one box: one of the two far ends is the digit.
*Empty Rectangle*: a box whose spots lie in one row and one column, and a strong link
outside it. *Simple Colouring*: the chain of strong links coloured in two colours,
one of which is all true.
"""

from __future__ import annotations

from ...i18n import _, listing
from ..grid import CELLS, SIZE
from .board import (
    BOX_OF,
    COL,
    PEER_SET,
    ROW,
    Board,
    bit,
    cell_name,
    eliminations_text,
    sees,
    unit_name,
)
from .step import Step, step


def strong_links(board: Board, digit: int, units: range = range(3 * SIZE)) \
        -> list[tuple[int, int, int]]:
    """(unit, a, b) for every unit where the digit has exactly two spots."""
    links = []
    for unit in units:
        spots = board.spots(unit, digit)
        if len(spots) == 2:
            links.append((unit, spots[0], spots[1]))
    return links


def _seeing_both(board: Board, digit: int, a: int, b: int, avoid: set[int]) \
        -> list[tuple[int, int]]:
    return [(c, digit) for c in sorted(PEER_SET[a] & PEER_SET[b])
            if c not in avoid and board.cands[c] & bit(digit)]


def skyscraper(board: Board) -> Step | None:
    for digit in range(1, SIZE + 1):
        for lines, cross in ((range(SIZE), COL), (range(SIZE, 2 * SIZE), ROW)):
            links = strong_links(board, digit, lines)
            for i, (u1, a1, b1) in enumerate(links):
                for u2, a2, b2 in links[i + 1:]:
                    for base1, top1 in ((a1, b1), (b1, a1)):
                        for base2, top2 in ((a2, b2), (b2, a2)):
                            if cross[base1] != cross[base2] or cross[top1] == cross[top2]:
                                continue
                            gone = _seeing_both(board, digit, top1, top2,
                                                {a1, b1, a2, b2})
                            if gone:
                                return step(
                                    "Skyscraper",
                                    _("The {digit}s of {first} and {second} have two spots "
                                      "each, and {near} and {other} share a line, so at most "
                                      "one of them is {digit}: {end} or {far} is {digit}, "
                                      "and a cell seeing both cannot be: {removals}.").format(
                                        digit=digit, first=unit_name(u1),
                                        second=unit_name(u2), near=cell_name(base1),
                                        other=cell_name(base2), end=cell_name(top1),
                                        far=cell_name(top2),
                                        removals=eliminations_text(gone)),
                                    _digits_in(digit, u1, u2),
                                    [a1, b1, a2, b2], eliminations=gone)
    return None


def two_string_kite(board: Board) -> Step | None:
    for digit in range(1, SIZE + 1):
        rows = strong_links(board, digit, range(SIZE))
        cols = strong_links(board, digit, range(SIZE, 2 * SIZE))
        for ur, r1, r2 in rows:
            for uc, c1, c2 in cols:
                for near_r, far_r in ((r1, r2), (r2, r1)):
                    for near_c, far_c in ((c1, c2), (c2, c1)):
                        if near_r == near_c or far_r == far_c or \
                                BOX_OF[near_r] != BOX_OF[near_c] or \
                                len({r1, r2, c1, c2}) != 4:
                            continue
                        gone = _seeing_both(board, digit, far_r, far_c, {r1, r2, c1, c2})
                        if gone:
                            return step(
                                "2-String Kite",
                                _("The {digit}s of {first} and {second} have two spots "
                                  "each, and {near} and {other} share a box, so at most one "
                                  "of them is {digit}: {end} or {far} is {digit}, and a cell "
                                  "seeing both cannot be: {removals}.").format(
                                    digit=digit, first=unit_name(ur), second=unit_name(uc),
                                    near=cell_name(near_r), other=cell_name(near_c),
                                    end=cell_name(far_r), far=cell_name(far_c),
                                    removals=eliminations_text(gone)),
                                _digits_in(digit, ur, uc),
                                [r1, r2, c1, c2], eliminations=gone)
    return None


def _digits_in(digit: int, *units: int) -> str:
    """Where to look: "the 4s in row 2 and column 7"."""
    return _("the {digit}s in {lines}").format(
        digit=digit, lines=listing([unit_name(u) for u in units]))


def empty_rectangle(board: Board) -> Step | None:
    for digit in range(1, SIZE + 1):
        for box in range(2 * SIZE, 3 * SIZE):
            spots = board.spots(box, digit)
            if len(spots) < 2 or len({ROW[c] for c in spots}) == 1 \
                    or len({COL[c] for c in spots}) == 1:
                continue
            for row, col in _crosses(spots):
                found = _er_link(board, digit, box, spots, row, col)
                if found:
                    return found
    return None


def _crosses(spots: list[int]) -> list[tuple[int, int]]:
    """(row, column) pairs of the box whose lines cover every spot."""
    rows = {ROW[c] for c in spots}
    cols = {COL[c] for c in spots}
    return [(r, c) for r in sorted(rows) for c in sorted(cols)
            if all(ROW[s] == r or COL[s] == c for s in spots)]


def _er_link(board: Board, digit: int, box: int, spots: list[int], row: int,
             col: int) -> Step | None:
    """A strong link in a column (rows alike) with one end in the box's row: the other
    end's row loses the digit where it crosses the box's column."""
    for unit, a, b in strong_links(board, digit, range(2 * SIZE)):
        for near, far in ((a, b), (b, a)):
            if unit >= SIZE and ROW[near] == row and BOX_OF[near] != box - 2 * SIZE \
                    and BOX_OF[far] != box - 2 * SIZE:
                target = ROW[far] * SIZE + col
            elif unit < SIZE and COL[near] == col and BOX_OF[near] != box - 2 * SIZE \
                    and BOX_OF[far] != box - 2 * SIZE:
                target = row * SIZE + COL[far]
            else:
                continue
            if BOX_OF[target] == box - 2 * SIZE or not board.cands[target] & bit(digit) \
                    or target in (near, far):
                continue
            gone = [(target, digit)]
            return step("Empty Rectangle",
                        _("In {box} the {digit}s all lie in row {row} or column {column}. If "
                          "{target} were {digit}, {far} would not be, so {near} would be, "
                          "and {box} would have no place left for its {digit}: "
                          "{removals}.").format(
                            box=unit_name(box), digit=digit, row=row + 1, column=col + 1,
                            target=cell_name(target), far=cell_name(far),
                            near=cell_name(near), removals=eliminations_text(gone)),
                        _digits_in(digit, box), [*spots, near, far, target],
                        eliminations=gone)
    return None


def simple_colouring(board: Board) -> Step | None:
    for digit in range(1, SIZE + 1):
        links = strong_links(board, digit)
        graph: dict[int, set[int]] = {}
        for _unit, a, b in links:
            graph.setdefault(a, set()).add(b)
            graph.setdefault(b, set()).add(a)
        seen: set[int] = set()
        for start in sorted(graph):
            if start in seen:
                continue
            colour = _colour(graph, start)
            seen |= colour.keys()
            found = _colour_step(board, digit, colour)
            if found:
                return found
    return None


def _colour(graph: dict[int, set[int]], start: int) -> dict[int, int]:
    colour = {start: 0}
    todo = [start]
    while todo:
        cell = todo.pop()
        for other in graph[cell]:
            if other not in colour:
                colour[other] = 1 - colour[cell]
                todo.append(other)
    return colour


def _colour_step(board: Board, digit: int, colour: dict[int, int]) -> Step | None:
    if len(colour) < 4:
        return None
    groups = [[c for c, k in colour.items() if k == side] for side in (0, 1)]
    chain = sorted(colour)
    for group in groups:
        clash = next(((a, b) for a in group for b in group if a < b and sees(a, b)), None)
        if clash:
            gone = [(c, digit) for c in group]
            return step("Simple Colouring",
                        _("Colour the {digit}s linked by units where the {digit} has two "
                          "spots in two colours: one colour is all {digit}. {first} and "
                          "{second} share a colour and see each other, so that colour is "
                          "false: {removals}.").format(
                            digit=digit, first=cell_name(clash[0]),
                            second=cell_name(clash[1]), removals=eliminations_text(gone)),
                        _("the {digit}s").format(digit=digit), chain, eliminations=gone)
    b = bit(digit)
    gone = [(c, digit) for c in range(CELLS) if board.cands[c] & b and c not in colour
            and any(sees(c, x) for x in groups[0]) and any(sees(c, y) for y in groups[1])]
    if not gone:
        return None
    return step("Simple Colouring",
                _("Colour the {digit}s linked by units where the {digit} has two spots in "
                  "two colours: one colour is all {digit}. A cell that sees both colours "
                  "cannot be {digit}: {removals}.").format(
                    digit=digit, removals=eliminations_text(gone)),
                _("the {digit}s").format(digit=digit), chain, eliminations=gone)

