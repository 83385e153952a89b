"""The last resorts: forcing chains found by following singles, then a named guess.

A *premise* assumes one candidate true (the digit placed) or false (the digit removed),
and the chain places every single that follows. *Forcing chain*: a premise that empties
a cell or a unit is false, so the opposite holds (a contradiction). When every candidate
of a cell, or every place for a digit in a unit, leads to the same placement somewhere,
that placement is true (a cell or unit forcing chain, also called a verity). Steps that
place a digit are preferred to those that only remove one, the shortest first.
*Guess*: when nothing here finds a step, the path places the solution's digit in a cell
with the fewest candidates and says so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ...i18n import _, alternatives, ngettext
from ..grid import CELLS, PEERS, SIZE, UNITS, Grid
from .board import (
    ALL,
    BIT,
    COUNT,
    DIGITS_OF,
    Board,
    cell_name,
    eliminations_text,
    unit_name,
)
from .intersections import locked_eliminations
from .step import Step, linked, step
from .subsets import naked_pair_eliminations


@dataclass(frozen=True)
class Wrong:
    """What went wrong when a premise was followed (false: nothing did), and the cell
    where it did (None for a unit with no place for a digit): the chain's last link."""

    text: str = ""
    cell: int | None = None

    def __bool__(self) -> bool:
        return bool(self.text)


#: nothing went wrong
FINE = Wrong()
#: the placements that follow a premise (not the premise itself), in order, and what
#: went wrong
Outcome = tuple[list[tuple[int, int]], Wrong]
#: a way of following a premise (board, cell, digit, true or false), in place
Follow = Callable[[Board, int, int, bool], Outcome]

#: implications named in a sentence before "..."
SHOWN = 4
#: the most eliminations a sentence names one by one (more are left to the picture)
NAMED = 6
#: the most places a unit's forcing chain, or a cell's candidate assumed false, starts
#: from: more cost a chain search as much again and rarely find what fewer do not
WIDEST = 3


def propagate(board: Board, cell: int, digit: int, on: bool = True) -> Outcome:
    """Assume the candidate true (`on`) or false, and place every single that follows."""
    placed: list[tuple[int, int]] = []
    todo, wrong = _assume(board, cell, digit, on)
    wrong = wrong or _settle(board, todo, placed)
    return (placed[1:] if on else placed), wrong


def propagate_net(board: Board, cell: int, digit: int, on: bool = True) -> Outcome:
    """`propagate`, then whenever singles stall, the simple eliminations too (locked
    candidates and naked pairs, all found at once) and the singles they make, until
    nothing follows."""
    placed: list[tuple[int, int]] = []
    todo, wrong = _assume(board, cell, digit, on)
    wrong = wrong or _settle(board, todo, placed)
    while not wrong:
        gone = locked_eliminations(board) | naked_pair_eliminations(board)
        if not gone:
            break
        todo = []
        for c, d in gone:
            board.eliminate(c, d)
        for c in sorted({c for c, _d in gone}):
            if board.cands[c] == 0:
                return (placed[1:] if on else placed), _no_candidate(c)
            if COUNT[board.cands[c]] == 1:
                todo.append((c, DIGITS_OF[board.cands[c]][0]))
        wrong = _settle(board, todo, placed)
    return (placed[1:] if on else placed), wrong


def _assume(board: Board, cell: int, digit: int, on: bool) -> Outcome:
    """The singles a premise queues: the digit itself when assumed true; when assumed
    false, the cell's last candidate if one is left (an empty cell is what went wrong)."""
    if on:
        return [(cell, digit)], FINE
    board.eliminate(cell, digit)
    mask = board.cands[cell]
    if mask == 0:
        return [], _no_candidate(cell)
    return ([(cell, DIGITS_OF[mask][0])] if COUNT[mask] == 1 else []), FINE


def _settle(board: Board, todo: list[tuple[int, int]], placed: list[tuple[int, int]]) -> Wrong:
    """Place the queued singles and every single that follows; what went wrong."""
    values, cands = board.values, board.cands
    while True:
        while todo:
            c, d = todo.pop()
            if values[c] == d:
                continue
            if values[c]:
                return Wrong(_("{cell} would need to be {value} and {digit}").format(
                    cell=cell_name(c), value=values[c], digit=d), c)
            if not cands[c] & BIT[d]:
                return Wrong(_("{cell} would need a {digit} that a cell it sees has").format(
                    cell=cell_name(c), digit=d), c)
            board.place(c, d)
            placed.append((c, d))
            for peer in PEERS[c]:
                if values[peer]:
                    continue
                mask = cands[peer]
                if mask == 0:
                    return _no_candidate(peer)
                if COUNT[mask] == 1:
                    todo.append((peer, DIGITS_OF[mask][0]))
        wrong = _hidden(board, todo)
        if wrong or not todo:
            return wrong


def _no_candidate(cell: int) -> Wrong:
    return Wrong(_("{cell} would have no candidate left").format(cell=cell_name(cell)), cell)


def _hidden(board: Board, todo: list[tuple[int, int]]) -> Wrong:
    """Queue every hidden single; a unit with no place for a digit is a contradiction."""
    values, cands = board.values, board.cands
    for unit, cells in enumerate(UNITS):
        once = twice = used = 0
        for c in cells:
            if values[c]:
                used |= BIT[values[c]]
            else:
                mask = cands[c]
                twice |= once & mask
                once |= mask
        if (once | used) != ALL:
            missing = DIGITS_OF[ALL & ~(once | used)][0]
            return Wrong(_("{unit} would have no place for its {digit}").format(
                unit=unit_name(unit), digit=missing))
        lone = once & ~twice & ~used
        if lone:
            for d in DIGITS_OF[lone]:
                todo.append((next(x for x in cells if cands[x] & BIT[d]), d))
    return FINE


def _chain_text(placed: list[tuple[int, int]]) -> str:
    """"R1C2 is 4, R3C3 is 5 and 6 more singles follow", or "nothing else follows"."""
    shown = ", ".join(_("{cell} is {digit}").format(cell=cell_name(c), digit=d)
                      for c, d in placed[:SHOWN])
    rest = len(placed) - SHOWN
    if not shown:
        return _("nothing else follows")
    return _("{shown} and {rest} more singles follow").format(shown=shown, rest=rest) \
        if rest > 0 else shown


class Outcomes:
    """Each premise followed once per search, on its own copy of the board: a unit's
    forcing chain reuses the outcomes its cells' chains already computed. Besides the
    outcome, what each premise left of every cell (its digit, or its candidates)."""

    def __init__(self, board: Board, net: bool):
        self.board = board
        self.net = net
        self.technique = "Forcing Net" if net else "Forcing Chain"
        self.follow: Follow = propagate_net if net else propagate
        self.known: dict[tuple[int, int, bool], Outcome] = {}
        self.left: dict[tuple[int, int, bool], list[int]] = {}

    def __call__(self, cell: int, digit: int, on: bool = True) -> Outcome:
        key = (cell, digit, on)
        if key not in self.known:
            trial = self.board.copy()
            self.known[key] = self.follow(trial, cell, digit, on)
            self.left[key] = [m | BIT[v] for m, v in zip(trial.cands, trial.values, strict=True)]
        return self.known[key]

    def ruled_out(self, premises: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The candidates every one of these premises (assumed true) rules out."""
        gone = list(self.board.cands)
        for cell, digit in premises:
            self(cell, digit)
            left = self.left[(cell, digit, True)]
            gone = [g & ~k for g, k in zip(gone, left, strict=True)]
        return [(c, d) for c in range(CELLS) for d in DIGITS_OF[gone[c]]]


def forcing_chain(board: Board) -> Step | None:
    """The best forcing chain following singles only: from the cells and units with the
    fewest places (two, then three...), a placement before an elimination, the shortest
    first."""
    return _forcing(board, net=False)


def forcing_net(board: Board) -> Step | None:
    """As `forcing_chain`, following simple eliminations as well as singles; the first
    net found at the fewest places, not the best (each costs tens of times a chain)."""
    return _forcing(board, net=True)


def every_step(board: Board, net: bool = False) -> Iterator[Step]:
    """Every forcing chain (or net) on the board, from the fewest places up: the steps
    the finders choose from, for a person or a test asking whether one is provable."""
    outcomes = Outcomes(board, net)
    for size in range(2, SIZE + 1):
        yield from _of_size(board, outcomes, size)


def _forcing(board: Board, net: bool) -> Step | None:
    """At the fewest places with a step: a net's first, a chain's best."""
    outcomes = Outcomes(board, net)
    for size in range(2, SIZE + 1):
        found = _of_size(board, outcomes, size)
        if net:
            first = next(found, None)
            if first:
                return first
            continue
        steps = list(found)
        if steps:
            return min(steps, key=lambda s: (not s.placements, s.rating))
    return None


def _of_size(board: Board, outcomes: Outcomes, size: int) -> Iterator[Step]:
    """Every forcing step from a cell with `size` candidates or a unit with `size` places
    for a digit. Nets start from a cell's candidates assumed true only: each premise
    costs tens of times a chain's, and a net is only tried where no chain was found."""
    technique = outcomes.technique
    wide = not outcomes.net and size <= WIDEST
    for cell in range(CELLS):
        if COUNT[board.cands[cell]] == size:
            yield from _from_cell(board, outcomes, technique, cell, wide)
    if not wide:
        return
    for unit in range(len(UNITS)):
        for digit, spots in enumerate(board.places(unit)):
            if digit and len(spots) == size:
                found = _from_unit(outcomes, technique, unit, digit, spots)
                if found:
                    yield found


def _from_cell(board: Board, outcomes: Outcomes, technique: str, cell: int,
               wide: bool) -> Iterator[Step]:
    """Each candidate assumed true, then (`wide`, three or more candidates) assumed
    false; when none of them fails, what all the first ones lead to."""
    digits = DIGITS_OF[board.cands[cell]]
    wrong_any = False
    for digit in digits:
        placed, wrong = outcomes(cell, digit)
        if wrong:
            wrong_any = True
            yield _refuted(technique, cell, digit, placed, wrong, digits)
    if wide and len(digits) > 2:
        for digit in digits:
            placed, wrong = outcomes(cell, digit, on=False)
            if wrong:
                wrong_any = True
                yield _proved(technique, cell, digit, placed, wrong)
    if not wrong_any:
        told = _("{cell} is {digits}").format(cell=cell_name(cell),
                                              digits=alternatives([str(d) for d in digits]))
        found = _verity(technique, outcomes, [(cell, d) for d in digits], cell_name(cell), told)
        if found:
            yield found


def _from_unit(outcomes: Outcomes, technique: str, unit: int, digit: int,
               spots: list[int]) -> Step | None:
    if any(outcomes(cell, digit)[1] for cell in spots):
        return None
    return _verity(technique, outcomes, [(cell, digit) for cell in spots], unit_name(unit),
                   _("The {digit} of {unit} goes in {cells}").format(
                       digit=digit, unit=unit_name(unit),
                       cells=alternatives([cell_name(c) for c in spots])))


def _refuted(technique: str, cell: int, digit: int, placed: list[tuple[int, int]],
             wrong: Wrong, digits: tuple[int, ...]) -> Step:
    """Assuming the digit led to a contradiction: it goes, and a cell with two
    candidates takes the other."""
    chain = _("Suppose {cell} were {digit}: then {chain}, and {wrong}.").format(
        cell=cell_name(cell), digit=digit, chain=_chain_text(placed), wrong=wrong.text)
    others = [d for d in digits if d != digit]
    if len(others) == 1:
        told = _("So {cell} is not {digit}: it is {other}.").format(
            cell=cell_name(cell), digit=digit, other=others[0])
    else:
        told = _("So {cell} is not {digit}.").format(cell=cell_name(cell), digit=digit)
    return step(technique, f"{chain} {told}", cell_name(cell), _cells(cell, placed, wrong),
                placements=[(cell, others[0])] if len(others) == 1 else [],
                eliminations=[(cell, digit)], extra=_length(len(placed) + 1),
                links=_followed(cell, placed, wrong))


def _proved(technique: str, cell: int, digit: int, placed: list[tuple[int, int]],
            wrong: Wrong) -> Step:
    """Assuming the digit false led to a contradiction: the cell is that digit."""
    return step(technique,
                _("Suppose {cell} were not {digit}: then {chain}, and {wrong}. So {cell} is "
                  "{digit}.").format(cell=cell_name(cell), digit=digit,
                                     chain=_chain_text(placed), wrong=wrong.text),
                cell_name(cell), _cells(cell, placed, wrong), placements=[(cell, digit)],
                extra=_length(len(placed) + 1), links=_followed(cell, placed, wrong))


def _verity(technique: str, outcomes: Outcomes, premises: list[tuple[int, int]],
            where: str, told: str) -> Step | None:
    """What every premise leads to: a placement all of them make (the one reached
    soonest in its longest branch), else the candidates all of them rule out."""
    branches = [outcomes(cell, digit)[0] for cell, digit in premises]
    cells = [cell for cell, _digit in premises]
    common = set(branches[0]).intersection(*branches[1:])
    if common:
        target = min(common, key=lambda p: (max(placed.index(p) for placed in branches), p))
        longest = max(placed.index(target) for placed in branches) + 1
        return step(technique,
                    _("{premises}; following the singles from each of them puts {digit} in "
                      "{target} every time, so {target} is {digit}.").format(
                        premises=told, digit=target[1], target=cell_name(target[0])),
                    where, [*cells, target[0]], placements=[target],
                    extra=_length(longest) + 0.2,
                    links=[(cell, target[0]) for cell in dict.fromkeys(cells)
                           if cell != target[0]])
    gone = outcomes.ruled_out(premises)
    if not gone:
        return None
    if len(gone) > NAMED:
        removals = ngettext("rule out the same {count} candidate, crossed out in red",
                            "rule out the same {count} candidates, crossed out in red",
                            len(gone)).format(count=len(gone))
    else:
        removals = _("rule out the same candidates, so {removals}").format(
            removals=eliminations_text(gone))
    return step(technique,
                _("{premises}; whichever it is, the singles that follow {removals}.").format(
                    premises=told, removals=removals),
                where, [*cells, *(c for c, _d in gone)], eliminations=gone,
                extra=_length(max(map(len, branches)) + 1) + 0.2)


def _cells(cell: int, placed: list[tuple[int, int]], wrong: Wrong = FINE) -> list[int]:
    """The premise's cell, the first placements the sentence names and the cell where
    it goes wrong, in the sentence's order."""
    ending = [] if wrong.cell is None else [wrong.cell]
    return list(dict.fromkeys([cell, *(c for c, _ in placed[:SHOWN]), *ending]))


def _followed(cell: int, placed: list[tuple[int, int]], wrong: Wrong) -> list[tuple[int, int]]:
    """The chain the sentence follows: from the premise's cell through the placements
    it names, one after another, to the cell where it goes wrong."""
    return linked(_cells(cell, placed, wrong))


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
