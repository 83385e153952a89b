"""Locked candidates: a digit confined to where a box and a line cross.

*Pointing*: in a box the digit's spots all lie in one row or column, so the rest of
that line loses it. *Claiming*: in a row or column they all lie in one box, so the rest
of that box loses it.
"""

from __future__ import annotations

from ...i18n import N_, _
from ..grid import SIZE, UNITS
from .board import BIT, BOX_OF, COL, DIGITS_OF, ROW, Board, bit, eliminations_text, unit_name
from .step import Step, step

#: the three cells where a box meets a row (a *minirow*) or a column (a *minicolumn*):
#: for each box its minirows and its minicolumns, top to bottom and left to right; for
#: each line (rows 0..8, columns 9..17) its three, one per box it crosses
MINIROWS = tuple(tuple(tuple(c for c in UNITS[2 * SIZE + box] if ROW[c] == row)
                       for row in sorted({ROW[c] for c in UNITS[2 * SIZE + box]}))
                 for box in range(SIZE))
MINICOLS = tuple(tuple(tuple(c for c in UNITS[2 * SIZE + box] if COL[c] == col)
                       for col in sorted({COL[c] for c in UNITS[2 * SIZE + box]}))
                 for box in range(SIZE))
LINE_TRIADS = tuple(tuple(tuple(c for c in UNITS[line] if BOX_OF[c] == box)
                          for box in sorted({BOX_OF[c] for c in UNITS[line]}))
                    for line in range(2 * SIZE))


#: every triad (the 27 minirows, then the 27 minicolumns) with the rest of its line and
#: the rest of its box, six cells each
TRIAD_RESTS = tuple((triad,
                     tuple(c for c in UNITS[line_of(triad[0])] if c not in triad),
                     tuple(c for c in UNITS[2 * SIZE + BOX_OF[triad[0]]] if c not in triad))
                    for triads, line_of in ((MINIROWS, lambda c: ROW[c]),
                                            (MINICOLS, lambda c: SIZE + COL[c]))
                    for box in triads for triad in box)


def locked_eliminations(board: Board) -> set[tuple[int, int]]:
    """Every candidate pointing and claiming remove on the board, at once and without
    their sentences: what a forcing net follows. A digit of a triad missing from the
    rest of its box leaves the rest of its line, and the other way round."""
    cands = board.cands
    gone: set[tuple[int, int]] = set()
    for (a, b, c), line, box in TRIAD_RESTS:
        here = cands[a] | cands[b] | cands[c]
        if not here:
            continue
        in_line = in_box = 0
        for x in line:
            in_line |= cands[x]
        for x in box:
            in_box |= cands[x]
        for rest, confined in ((line, here & ~in_box & in_line), (box, here & ~in_line & in_box)):
            for digit in DIGITS_OF[confined]:
                gone.update((x, digit) for x in rest if cands[x] & BIT[digit])
    return gone


def _unions(cands: list[int], triads: tuple[tuple[int, ...], ...]) -> list[int]:
    """Each triad's candidates together."""
    return [cands[a] | cands[b] | cands[c] for a, b, c in triads]


def _alone(unions: list[int]) -> list[int]:
    """For each of three triads, the digits found in it and in neither of the others."""
    a, b, c = unions
    return [a & ~(b | c), b & ~(a | c), c & ~(a | b)]


def pointing(board: Board) -> Step | None:
    """Boxes in order, digits in order, a row before a column: the digit's places in
    the box found through its minirows' and minicolumns' candidates, not cell by cell
    (this runs before every harder step, and inside every forcing net)."""
    cands = board.cands
    for box in range(SIZE):
        rows = _alone(_unions(cands, MINIROWS[box]))
        cols = _alone(_unions(cands, MINICOLS[box]))
        in_a_row = rows[0] | rows[1] | rows[2]
        in_a_col = cols[0] | cols[1] | cols[2]
        for digit in DIGITS_OF[(in_a_row | in_a_col) & ~(in_a_row & in_a_col)]:
            b = BIT[digit]
            spots = [c for c in UNITS[2 * SIZE + box] if cands[c] & b]
            line = ROW[spots[0]] if in_a_row & b else SIZE + COL[spots[0]]
            found = _locked(board, digit, spots, line, "Pointing",
                            N_("In {box} the {digit}s all lie in {line}, so the {digit} "
                               "of {line} is in {box}: {removals}."),
                            2 * SIZE + box, line, unit_name(2 * SIZE + box))
            if found:
                return found
    return None


def claiming(board: Board) -> Step | None:
    """Rows then columns, digits in order: a digit in one of a line's three minirows (or
    minicolumns) only, in two cells or three (one is a hidden single)."""
    cands = board.cands
    for line in range(2 * SIZE):
        triads = LINE_TRIADS[line]
        alone = _alone(_unions(cands, triads))
        for digit in DIGITS_OF[alone[0] | alone[1] | alone[2]]:
            b = BIT[digit]
            triad = triads[next(i for i in range(3) if alone[i] & b)]
            spots = [c for c in triad if cands[c] & b]
            if len(spots) < 2:
                continue
            box = 2 * SIZE + BOX_OF[spots[0]]
            found = _locked(board, digit, spots, box, "Claiming",
                            N_("In {line} the {digit}s all lie in {box}, so the {digit} of "
                               "{box} is in {line}: {removals}."),
                            box, line, unit_name(line))
            if found:
                return found
    return None


def _locked(board: Board, digit: int, spots: list[int], target: int, technique: str,
            sentence: str, box: int, line: int, where: str) -> Step | None:
    """The step if the rest of `target` has the digit to lose; `sentence` (marked, not
    yet translated) names the box, the line, the digit and what is removed."""
    inside = set(spots)
    gone = [(c, digit) for c in UNITS[target]
            if c not in inside and board.cands[c] & bit(digit)]
    if not gone:
        return None
    text = _(sentence).format(box=unit_name(box), line=unit_name(line), digit=digit,
                              removals=eliminations_text(gone))
    return step(technique, text, where, spots, eliminations=gone)
