"""Checking a Gogen solution from the grid alone: every word re-traced, every letter
counted, every given kept."""

from __future__ import annotations

from ..values import Cell, CheckReport, Rule
from .grid import EMPTY, GogenPuzzle, Solution, cell_name, neighbours


def check(puzzle: GogenPuzzle, solution: Solution) -> CheckReport:
    """Re-trace every word on the grid alone; count every letter; keep the givens."""
    rules: list[Rule] = []
    where: dict[str, list[int]] = {}
    for cell, letter in enumerate(solution):
        where.setdefault(letter, []).append(cell)
    problems = _letter_problems(puzzle, solution, where)
    rules += problems
    near = neighbours(puzzle.size)
    failed = 0
    for word in puzzle.words:
        broken = broken_link(word, where, near)
        if broken is None:
            rules.append(Rule(word, True, "OK"))
        else:
            failed += 1
            a, b = broken
            rules.append(Rule(word, False, f"**Fail** at {a.upper()}-{b.upper()}: "
                              f"{_where_text(puzzle, a, where)}, "
                              f"{_where_text(puzzle, b, where)}, not neighbours",
                              cells=at(puzzle, where.get(a, []) + where.get(b, []))))
    if not problems and not failed:
        return CheckReport(True, rules, "Puzzle OK Solution successful.")
    parts = [f"{failed} word(s) fail"] if failed else []
    parts += [f"{len(problems)} letter problem(s)"] if problems else []
    return CheckReport(False, rules, f"Puzzle has ** ERROR ** {', '.join(parts)}.")


def at(puzzle: GogenPuzzle, cells: list[int]) -> tuple[Cell, ...]:
    """Grid indices as the cells a broken rule names, (row, column) from 1."""
    return tuple((index // puzzle.size + 1, index % puzzle.size + 1) for index in cells)


def broken_link(word: str, where: dict[str, list[int]],
                near: tuple[frozenset[int], ...]) -> tuple[str, str] | None:
    """The word's first two consecutive letters that sit in no neighbouring cells (`where`:
    each letter's cells), or None when the grid spells the word."""
    return next(((a, b) for a, b in zip(word, word[1:], strict=False)
                 if not any(q in near[p] for p in where.get(a, []) for q in where.get(b, []))),
                None)


def spelled(puzzle: GogenPuzzle, solution: Solution) -> bool:
    """Whether the grid `solution` spells every one of the puzzle's words (its givens
    aside): the fair-play test of a race's answer against another word list."""
    where: dict[str, list[int]] = {}
    for cell, letter in enumerate(solution):
        where.setdefault(letter, []).append(cell)
    near = neighbours(puzzle.size)
    return all(broken_link(word, where, near) is None for word in puzzle.words)


def _letter_problems(puzzle: GogenPuzzle, solution: Solution,
                     where: dict[str, list[int]]) -> list[Rule]:
    """Missing, doubled or foreign letters, and givens that were changed."""
    problems = []
    for letter in puzzle.letters:
        cells = where.get(letter, [])
        if not cells:
            problems.append(Rule(f"letter {letter.upper()}", False, "is missing"))
        elif len(cells) > 1:
            places = " and ".join(cell_name(puzzle, c) for c in cells)
            problems.append(Rule(f"letter {letter.upper()}", False, f"is doubled: {places}",
                                 cells=at(puzzle, cells)))
    for letter in sorted(set(where) - set(puzzle.letters)):
        problems.append(Rule(f"'{letter}'", False, "is not one of the puzzle's letters",
                             cells=at(puzzle, where[letter])))
    for cell, given in enumerate(puzzle.grid):
        if given != EMPTY and solution[cell] != given:
            problems.append(Rule(f"given {given.upper()} at {cell_name(puzzle, cell)}",
                                 False, f"was changed to {solution[cell].upper()}",
                                 cells=at(puzzle, [cell])))
    return problems


def _where_text(puzzle: GogenPuzzle, letter: str, where: dict[str, list[int]]) -> str:
    cells = where.get(letter, [])
    if not cells:
        return f"{letter.upper()} missing"
    return f"{letter.upper()} at " + " and ".join(cell_name(puzzle, c) for c in cells)
