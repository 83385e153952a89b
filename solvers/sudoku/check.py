"""Checking a Sudoku solution from the grid alone, and saying why givens cannot work."""

from __future__ import annotations

from ..i18n import N_, _
from ..values import Cell, CheckReport, Rule
from .grid import DIGITS, SIZE, UNIT_NAMES, UNITS, Grid, SudokuPuzzle, cell_name

#: the words of UNIT_NAMES ("Row 1"), for the catalogs: a unit named to a person is
#: named in their language, in sentences and in the check report's lines alike
UNIT_WORDS = (N_("Row"), N_("Column"), N_("Box"))


def unit_words(name: str) -> str:
    """A unit's name ("Row 1") in the reader's language."""
    word, number = name.split()
    return f"{_(word)} {number}"


def repeated_givens(givens: Grid) -> str:
    """Why the givens break the rules outright (a digit twice in a unit), or ''."""
    for name, unit in zip(UNIT_NAMES, UNITS, strict=True):
        digits = [givens[c] for c in unit if givens[c]]
        twice = sorted({d for d in digits if digits.count(d) > 1})
        if twice:
            word, number = name.split()
            return _("{unit} {number} already has two {digit}s among the givens.").format(
                unit=_(word), number=number, digit=twice[0])
    return ""


def at(cells: list[int]) -> tuple[Cell, ...]:
    """Grid indices as the cells a broken rule names, (row, column) from 1."""
    return tuple((index // SIZE + 1, index % SIZE + 1) for index in cells)


def check(puzzle: SudokuPuzzle, solution: Grid) -> CheckReport:
    """Recount every unit and compare every given, from the grid alone; a broken unit
    names its repeated and empty cells, a changed given its cell."""
    rules, failures = [], 0
    for name, unit in zip(UNIT_NAMES, UNITS, strict=True):
        digits = [solution[c] for c in unit]
        twice = sorted({d for d in digits if digits.count(d) > 1})
        missing = sorted(set(DIGITS) - set(digits))
        if twice or missing:
            failures += 1
            rules.append(Rule(unit_words(name), False, "; ".join(
                [_("{digit} more than once").format(digit=d) for d in twice] +
                ([_("missing {digits}").format(digits=", ".join(map(str, missing)))]
                 if missing else [])) + " FAIL", sep=": ",
                cells=at([c for c in unit if solution[c] in twice or not solution[c]])))
        else:
            rules.append(Rule(unit_words(name), True, _("1-9 once each") + " OK", sep=": "))
    changed = [c for c, d in enumerate(puzzle.givens) if d and solution[c] != d]
    total = sum(1 for d in puzzle.givens if d)
    if changed:
        where = ", ".join(_("{cell} should be {digit}").format(
            cell=cell_name(c), digit=puzzle.givens[c]) for c in changed[:5])
        rules.append(Rule(_("Givens"), False, _("{changed} of {total} changed ({where})").format(
            changed=len(changed), total=total, where=where) + " FAIL", sep=": ",
            cells=at(changed)))
    else:
        rules.append(Rule(_("Givens"), True, _("all {total} kept").format(total=total) + " OK",
                          sep=": "))
    if not failures and not changed:
        return CheckReport(True, rules, "Puzzle OK Solution successful.")
    return CheckReport(False, rules, f"Puzzle has ** ERROR ** {failures} units fail, "
                                     f"{len(changed)} givens changed.")
