"""Narrowing each letter's candidate cells before any search.

A letter must have a candidate next to each letter it links to; a letter with one
candidate owns that cell; a cell only one letter can reach belongs to it; then each
candidate left is tried and dropped when that propagation refutes it. No solution is
ever lost, so when every letter ends with one cell that grid is the only solution.
"""

from __future__ import annotations

from ..i18n import _
from .grid import EMPTY, Candidates, GogenPuzzle, neighbours


def propagate(puzzle: GogenPuzzle) -> tuple[Candidates, str]:
    """Every letter's candidate cells after propagation, and why none is left (or '')."""
    givens = puzzle.givens()
    free = frozenset(c for c, ch in enumerate(puzzle.grid) if ch == EMPTY)
    candidates: dict[str, frozenset[int]] = {
        letter: frozenset({givens[letter]}) if letter in givens else free
        for letter in puzzle.letters}
    near = neighbours(puzzle.size)
    links = puzzle.links()
    changed = True
    while changed:
        changed = False
        for a, b in links + [(b, a) for a, b in links]:
            kept = frozenset(p for p in candidates[a] if near[p] & candidates[b])
            if kept != candidates[a]:
                if not kept:
                    return candidates, (f"no solution: '{a.upper()}' has no cell left next "
                                        f"to a cell '{b.upper()}' can take")
                candidates[a], changed = kept, True
        changed |= _settle(candidates)
        reason = _conflict(puzzle, candidates)
        if reason:
            return candidates, reason
    return _probe(puzzle, candidates)


def _probe(puzzle: GogenPuzzle, candidates: Candidates) -> tuple[Candidates, str]:
    """Try each candidate cell of each open letter; drop those propagation refutes.

    A cell is dropped only when putting the letter there makes the links or the
    one-letter-per-cell rule fail, so no solution is lost; when every letter ends with
    one cell, that grid is the only possible one. Works on bit masks (bit p: cell p).
    """
    near = [sum(1 << q for q in cells) for cells in neighbours(puzzle.size)]
    links = puzzle.links()
    arcs = links + [(b, a) for a, b in links]
    masks = {x: sum(1 << c for c in cells) for x, cells in candidates.items()}
    full = (1 << (puzzle.size * puzzle.size)) - 1
    changed = True
    while changed:
        changed = False
        for letter in puzzle.letters:
            mask = masks[letter]
            if not mask & (mask - 1):
                continue
            for cell in sorted(candidates[letter]):
                bit = 1 << cell
                if mask & bit:
                    trial = dict(masks)
                    trial[letter] = bit
                    if not _narrow(trial, arcs, near, full):
                        masks[letter] &= ~bit
                        changed = True
                        if not _narrow(masks, arcs, near, full):
                            return candidates, (f"no solution: every cell tried for "
                                                f"'{letter.upper()}' breaks a word or a cell")
                    mask = masks[letter]
    return {x: frozenset(c for c in candidates[x] if masks[x] >> c & 1)
            for x in candidates}, ""


def _narrow(masks: dict[str, int], arcs: list[tuple[str, str]], near: list[int],
            full: int) -> bool:
    """Links, placed letters and cells only one letter reaches, on bit masks, to a
    fixpoint; False when a letter or a cell is left with nothing."""
    changed = True
    while changed:
        changed = False
        for a, b in arcs:
            mask, other, kept = masks[a], masks[b], 0
            rest = mask
            while rest:
                low = rest & -rest
                if near[low.bit_length() - 1] & other:
                    kept |= low
                rest ^= low
            if kept != mask:
                if not kept:
                    return False
                masks[a], changed = kept, True
        placed = 0
        for mask in masks.values():
            if not mask & (mask - 1):
                if not mask or placed & mask:
                    return False
                placed |= mask
        once = twice = 0
        for letter, mask in masks.items():
            if mask & (mask - 1):
                kept = mask & ~placed
                if not kept:
                    return False
                if kept != mask:
                    masks[letter], changed, mask = kept, True, kept
            twice |= once & mask
            once |= mask
        if once != full:
            return False
        lonely = once & ~twice & ~placed  # cells only one letter can reach
        if lonely:
            for letter, mask in masks.items():
                if mask & lonely and mask & (mask - 1):
                    kept = mask & lonely
                    if kept & (kept - 1):
                        return False  # one letter would need two cells
                    masks[letter], changed = kept, True
    return True


def _settle(candidates: dict[str, frozenset[int]]) -> bool:
    """Placed letters leave their cell to no one else; a cell one letter can reach is its."""
    changed = False
    placed = {next(iter(cells)): letter for letter, cells in candidates.items()
              if len(cells) == 1}
    for letter, cells in candidates.items():
        kept = frozenset(c for c in cells if placed.get(c, letter) == letter)
        if kept != cells and len(cells) > 1:  # two placed on one cell: `_conflict` says so
            candidates[letter], changed = kept, True
    reach: dict[int, list[str]] = {}
    for letter, cells in candidates.items():
        for cell in cells:
            reach.setdefault(cell, []).append(letter)
    for cell, letters in reach.items():
        if len(letters) == 1 and len(candidates[letters[0]]) > 1:
            candidates[letters[0]], changed = frozenset({cell}), True
    return changed


def _conflict(puzzle: GogenPuzzle, candidates: Candidates) -> str:
    """Why the candidates cannot give a solution: a letter with no cell, two letters
    needing one cell, or a cell no letter can reach (there are as many letters as cells)."""
    owner: dict[int, str] = {}
    for letter, cells in candidates.items():
        if not cells:
            return _("no solution: '{letter}' has no cell left").format(letter=letter.upper())
        if len(cells) == 1:
            cell = next(iter(cells))
            if cell in owner:
                return _("no solution: '{first}' and '{second}' both need row {row} column "
                         "{column}").format(first=owner[cell].upper(), second=letter.upper(),
                                            row=cell // puzzle.size + 1,
                                            column=cell % puzzle.size + 1)
            owner[cell] = letter
    reachable = frozenset().union(*candidates.values())
    for cell in range(puzzle.size * puzzle.size):
        if cell not in reachable:
            return _("no solution: no letter can reach row {row} column {column}").format(
                row=cell // puzzle.size + 1, column=cell % puzzle.size + 1)
    return ""
