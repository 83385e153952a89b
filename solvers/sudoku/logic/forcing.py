"""The last resorts: forcing chains found by following singles, then a named guess.

*Forcing chain*: suppose a candidate and place every single that follows. If that
empties a cell or a unit, the candidate is false (a contradiction). If every candidate
of a cell leads to the same placement somewhere, that placement is true (a cell forcing
chain). *Guess*: when nothing here finds a step, the path places the solution's digit
in a cell with the fewest candidates and says so.
"""

from __future__ import annotations

from collections.abc import Callable

from ...i18n import _
from ..grid import CELLS, PEERS, SIZE, UNITS, Grid
from .board import ALL, COUNT, DIGITS_OF, Board, bit, cell_name, unit_name
from .intersections import claiming, pointing
from .step import Step, step
from .subsets import naked

#: a way of following an assumption: the placements it makes and what went wrong
Follow = Callable[[Board, int, int], tuple[list[tuple[int, int]], str]]
#: the simple eliminations a forcing net follows besides singles
NET_FINDERS = (pointing, claiming, naked(2))

#: implications named in a sentence before "..."
SHOWN = 4


def propagate(board: Board, cell: int, digit: int) -> tuple[list[tuple[int, int]], str]:
    """Place the digit and every single that follows, in place. The placements made, in
    order, and what went wrong ('' when nothing did: "R9C9 has no candidate left")."""
    placed: list[tuple[int, int]] = []
    return placed, _settle(board, [(cell, digit)], placed)


def propagate_net(board: Board, cell: int, digit: int) -> tuple[list[tuple[int, int]], str]:
    """`propagate`, then whenever singles stall, the simple eliminations too (locked
    candidates, pairs and triples) and the singles they make, until nothing follows."""
    placed: list[tuple[int, int]] = []
    wrong = _settle(board, [(cell, digit)], placed)
    while not wrong:
        found = next((s for s in (f(board) for f in NET_FINDERS) if s), None)
        if found is None:
            break
        todo = []
        for c, d in found.eliminations:
            board.eliminate(c, d)
            if board.cands[c] == 0:
                return placed, _no_candidate(c)
            if COUNT[board.cands[c]] == 1:
                todo.append((c, DIGITS_OF[board.cands[c]][0]))
        wrong = _settle(board, todo, placed)
    return placed, wrong


def _settle(board: Board, todo: list[tuple[int, int]], placed: list[tuple[int, int]]) -> str:
    """Place the queued singles and every single that follows; what went wrong or ''."""
    while True:
        while todo:
            c, d = todo.pop()
            if board.values[c] == d:
                continue
            if board.values[c]:
                return _("{cell} would need to be {value} and {digit}").format(
                    cell=cell_name(c), value=board.values[c], digit=d)
            if not board.cands[c] & bit(d):
                return _("{cell} would need a {digit} that a cell it sees has").format(
                    cell=cell_name(c), digit=d)
            board.place(c, d)
            placed.append((c, d))
            for peer in PEERS[c]:
                mask = board.cands[peer]
                if board.values[peer]:
                    continue
                if mask == 0:
                    return _no_candidate(peer)
                if COUNT[mask] == 1:
                    todo.append((peer, DIGITS_OF[mask][0]))
        wrong = _hidden(board, todo)
        if wrong or not todo:
            return wrong


def _no_candidate(cell: int) -> str:
    return _("{cell} would have no candidate left").format(cell=cell_name(cell))


def _hidden(board: Board, todo: list[tuple[int, int]]) -> str:
    """Queue every hidden single; a unit with no place for a digit is a contradiction."""

    for unit, cells in enumerate(UNITS):
        once = twice = used = 0
        for c in cells:
            if board.values[c]:
                used |= bit(board.values[c])
            mask = board.cands[c]
            twice |= once & mask
            once |= mask
        if (once | used) != ALL:
            missing = DIGITS_OF[ALL & ~(once | used)][0]
            return _("{unit} would have no place for its {digit}").format(
                unit=unit_name(unit), digit=missing)
        lone = once & ~twice & ~used
        for d in DIGITS_OF[lone]:
            c = next(x for x in cells if board.cands[x] & bit(d))
            todo.append((c, d))
    return ""


def _chain_text(placed: list[tuple[int, int]]) -> str:
    """"R1C2 is 4, R3C3 is 5 and 6 more singles follow", or "nothing else follows"."""
    shown = ", ".join(_("{cell} is {digit}").format(cell=cell_name(c), digit=d)
                      for c, d in placed[1:SHOWN + 1])
    rest = len(placed) - 1 - SHOWN
    if not shown:
        return _("nothing else follows")
    return _("{shown} and {rest} more singles follow").format(shown=shown, rest=rest) \
        if rest > 0 else shown


def forcing_chain(board: Board) -> Step | None:
    """The shortest contradiction or cell forcing chain from cells with the fewest
    candidates (two, then three...), following singles only."""
    return _forcing(board, propagate, "Forcing Chain", shortest=True)


def forcing_net(board: Board) -> Step | None:
    """As `forcing_chain`, following simple eliminations as well as singles; the first
    net found, not the shortest (each costs tens of times a chain)."""
    return _forcing(board, propagate_net, "Forcing Net", shortest=False)


def _forcing(board: Board, follow: Follow, technique: str, shortest: bool) -> Step | None:
    for size in range(2, SIZE + 1):
        best: Step | None = None
        for cell in range(CELLS):
            if COUNT[board.cands[cell]] != size:
                continue
            found = _from_cell(board, cell, follow, technique)
            if found and not shortest:
                return found
            if found and (best is None or found.rating < best.rating):
                best = found
        if best:
            return best
    return None


def _from_cell(board: Board, cell: int, follow: Follow, technique: str) -> Step | None:
    outcomes = []
    for digit in DIGITS_OF[board.cands[cell]]:
        trial = board.copy()
        placed, wrong = follow(trial, cell, digit)
        if wrong:
            gone = [(cell, digit)]
            return step(technique,
                        _("Suppose {cell} were {digit}: then {chain}, and {wrong}. So {cell} "
                          "is not {digit}.").format(cell=cell_name(cell), digit=digit,
                                                    chain=_chain_text(placed), wrong=wrong),
                        cell_name(cell), [cell, *(c for c, _ in placed[1:SHOWN + 1])],
                        eliminations=gone, extra=_length(len(placed)))
        outcomes.append((digit, placed))
    common = set(outcomes[0][1][1:])
    for _digit, placed in outcomes[1:]:
        common &= set(placed[1:])
    if not common:
        return None
    target = min(common, key=lambda p: max(_rank(placed, p) for _, placed in outcomes))
    digits = _(" or ").join(str(d) for d, _placed in outcomes)
    longest = max(_rank(placed, target) for _, placed in outcomes)
    return step(technique,
                _("{cell} is {digits}; following the singles from each of them puts {digit} "
                  "in {target} every time, so {target} is {digit}.").format(
                    cell=cell_name(cell), digits=digits, digit=target[1],
                    target=cell_name(target[0])),
                cell_name(cell), [cell, target[0]], placements=[target],
                extra=_length(longest) + 0.2)


def _rank(placed: list[tuple[int, int]], item: tuple[int, int]) -> int:
    return placed.index(item)


def _length(placements: int) -> float:
    return min(1.5, 0.1 * max(0, placements - 8) / 2)


def guess(board: Board, solution: Grid) -> Step:
    """The solution's digit in a cell with the fewest candidates, named as a guess."""
    cell = min((c for c in range(CELLS) if board.cands[c]),
               key=lambda c: COUNT[board.cands[c]])
    digit = solution[cell]
    others = [d for d in DIGITS_OF[board.cands[cell]] if d != digit]
    return step("Guess",
                _("None of the techniques here finds the next step, so guess: {cell} is "
                  "{digit} (not {others}), and it is the right guess.").format(
                    cell=cell_name(cell), digit=digit, others=_(" or ").join(map(str, others))),
                cell_name(cell), [cell], placements=[(cell, digit)])
