"""Narrowing each segment's candidate numbers before any search.

Touching segments share one set of candidates; a placed number leaves the hexagon's
other segments, a number with one place left takes it, and then each candidate left is
tried and dropped when that propagation refutes it. No solution is ever lost, so when
every segment ends with one number that grid is the only solution.
"""

from __future__ import annotations

from ..i18n import _
from .geometry import CELLS, HEXAGONS, NUMBERS, OWNER, PAIRS, PARTNER


def propagate(clues: tuple[int, ...]) -> tuple[list[set[int]], str]:
    """Candidate numbers per segment (touching segments share one set), and why none."""
    candidates: list[set[int]] = [set(NUMBERS) for _ in range(CELLS)]
    for a, b in PAIRS:
        candidates[b] = candidates[a]  # one shared set: the pair holds one number
    for cell, clue in enumerate(clues):
        if clue:
            if clue not in candidates[cell]:
                return candidates, _("no solution: the clues differ {where}, and touching "
                                     "segments hold one number").format(where=_touching(cell))
            candidates[cell] &= {clue}
    changed = True
    while changed:
        changed = False
        for hexagon in HEXAGONS:
            changed |= _settle(candidates, hexagon)
            if not set().union(*(candidates[cell] for cell in hexagon)) >= set(NUMBERS) \
                    or any(not candidates[cell] for cell in hexagon):
                return candidates, _("no solution: hexagon {hexagon} cannot hold 1..6 once "
                                     "each").format(hexagon=OWNER[hexagon[0]] + 1)
    return _probe(candidates)


def _settle(candidates: list[set[int]], hexagon: tuple[int, ...]) -> bool:
    """A placed number leaves the hexagon's other segments; a number with one place takes it."""
    changed = False
    for cell in hexagon:
        if len(candidates[cell]) == 1:
            for other in hexagon:
                if other != cell and candidates[cell] & candidates[other]:
                    candidates[other] -= candidates[cell]
                    changed = True
    for value in NUMBERS:
        places = [cell for cell in hexagon if value in candidates[cell]]
        if len(places) == 1 and len(candidates[places[0]]) > 1:
            candidates[places[0]] &= {value}
            changed = True
    return changed


#: each hexagon's segments, a touching pair named by its first (the one whose set counts)
HEXAGON_FIRSTS = tuple(tuple(min(c, PARTNER.get(c, c)) for c in h) for h in HEXAGONS)
ALL_NUMBERS = sum(1 << v for v in NUMBERS)
#: for each segment, the hexagons (indices into HEXAGON_FIRSTS) its pair's first is in
HEXAGONS_OF = tuple(tuple(k for k, h in enumerate(HEXAGON_FIRSTS) if c in h)
                    for c in range(CELLS))


def _probe(candidates: list[set[int]]) -> tuple[list[set[int]], str]:
    """Try each candidate of each open segment; drop those that propagation refutes.

    A number is dropped only when placing it makes the hexagon rules fail, so no
    solution is lost; when every segment ends with one number, that grid is the only
    possible one. Works on bit masks (bit v: number v possible) for speed.
    """
    masks = [sum(1 << v for v in candidates[c]) for c in range(CELLS)]
    firsts = [c for c in range(CELLS) if min(c, PARTNER.get(c, c)) == c]
    changed = True
    while changed:
        changed = False
        for cell in firsts:
            mask = masks[cell]
            if not mask & (mask - 1):
                continue
            for value in NUMBERS:
                bit = 1 << value
                if mask & bit:
                    trial = masks[:]
                    trial[cell] = bit
                    if not _narrow(trial, HEXAGONS_OF[cell]):
                        masks[cell] &= ~bit
                        changed = True
                        if not _narrow(masks, HEXAGONS_OF[cell]):
                            return candidates, _("no solution: every number tried in "
                                                 "{segment} breaks a hexagon").format(
                                segment=_segment(cell))
                    mask = masks[cell]
    for cell in firsts:
        candidates[cell].intersection_update(v for v in NUMBERS if masks[cell] >> v & 1)
    return candidates, ""


def _narrow(masks: list[int], start: tuple[int, ...]) -> bool:
    """Naked and hidden singles per hexagon on bit masks, to a fixpoint; False if stuck.

    Only the hexagons in `start`, and then those whose segments change, are looked at.
    """
    todo = set(start)
    while todo:
        hexagon = HEXAGON_FIRSTS[todo.pop()]
        placed = seen = 0
        for cell in hexagon:
            mask = masks[cell]
            seen |= mask
            if not mask & (mask - 1):
                if not mask or placed & mask:
                    return False
                placed |= mask
        if seen != ALL_NUMBERS:
            return False
        once = twice = 0
        for cell in hexagon:
            mask = masks[cell]
            if mask & (mask - 1):
                kept = mask & ~placed
                if not kept:
                    return False
                if kept != mask:
                    masks[cell] = kept
                    todo.update(HEXAGONS_OF[cell])
                mask = kept
            twice |= once & mask
            once |= mask
        lonely = once & ~twice & ~placed  # numbers with a single place left
        if lonely:
            for cell in hexagon:
                mask = masks[cell]
                if mask & lonely and mask & (mask - 1):
                    kept = mask & lonely
                    if kept & (kept - 1):
                        return False  # one segment would need two numbers
                    masks[cell] = kept
                    todo.update(HEXAGONS_OF[cell])
    return True


def _touching(cell: int) -> str:
    """Where a touching pair of segments is, by its hexagons' numbers in the picture: a
    person never sees the segments' own numbers ("where hexagons 2 and 3 touch")."""
    first, second = sorted((OWNER[cell] + 1, OWNER[PARTNER[cell]] + 1))
    return _("where hexagons {first} and {second} touch").format(first=first, second=second)


def _segment(cell: int) -> str:
    """A segment as the picture shows it: "the segment where hexagons 2 and 3 touch",
    or "a segment of hexagon 1" on the outside."""
    if cell not in PARTNER:
        return _("a segment of hexagon {hexagon}").format(hexagon=OWNER[cell] + 1)
    return _("the segment {where}").format(where=_touching(cell))
