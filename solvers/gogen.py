"""Gogen: place every letter in a square grid so that each word can be traced.

Vocabulary, used throughout:
- *grid*: n x n *cells*, numbered 0..n*n-1 row by row; a cell's *position* in the SMT
  text is the seed's `10*row + column + 1` (1..5 on the top row, 11..15 below...);
- *letters*: the puzzle's alphabet, one letter per cell (A..Y for 5x5; for other sizes
  exactly the letters the grid and the words use);
- *given*: a letter printed in the grid; the others are *free*;
- *word*: a clue; each *link* (two consecutive letters of a word) must sit in
  *neighbouring* cells (a king's move apart);
- *candidates*: the cells a letter may still take.

Input, as in the seed: an optional `#gogen NAME` header, the grid rows (`.` for an empty
cell, letters in any case), then the words, one a line (spaces or commas may also
separate them). A solution is the filled grid, written as n rows of n letters.

Solving: a cheap propagation narrows every letter's candidates (a letter must have a
candidate next to each letter it links to; a letter with one candidate owns that cell;
a cell only one letter can reach belongs to it; then each candidate left is tried and
dropped when that propagation refutes it). When every letter is placed, that grid is
the only solution and Z3 is not called; otherwise Z3 searches and counts only what is
left, as Booleans "letter a is on position 14" (the text `smt()` exports, where every
letter also gets its Int position for `get-value`).
"""

from __future__ import annotations

import random
import re
import string
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import z3
from PIL import Image

from . import draw
from .base import (
    CheckReport,
    Limits,
    PuzzleError,
    PuzzleKind,
    Rule,
    Solutions,
    check_size,
    clip,
    header_is,
    plural,
)
from .smt import enumerate_models

#: 5x5 is the published size; its alphabet leaves out Z
CLASSIC_SIZE = 5
CLASSIC_LETTERS = string.ascii_lowercase[:25]
MAX_SIZE = 5  # a 6x6 grid would need 36 different letters
EMPTY = "."

Candidates = dict[str, frozenset[int]]


@dataclass(frozen=True)
class GogenPuzzle:
    size: int
    grid: str  # n*n characters, a letter or '.', row by row, lower case
    words: tuple[str, ...]
    letters: str  # the alphabet, sorted
    name: str = ""

    def links(self) -> list[tuple[str, str]]:
        """Each distinct pair of consecutive letters, in word order, first seen first."""
        seen: dict[frozenset[str], tuple[str, str]] = {}
        for word in self.words:
            for a, b in zip(word, word[1:], strict=False):
                seen.setdefault(frozenset((a, b)), (a, b))
        return list(seen.values())

    def givens(self) -> dict[str, int]:
        return {letter: cell for cell, letter in enumerate(self.grid) if letter != EMPTY}


@lru_cache(maxsize=8)
def neighbours(size: int) -> tuple[frozenset[int], ...]:
    """For each cell, the cells a king's move away."""
    result = []
    for cell in range(size * size):
        r, c = divmod(cell, size)
        result.append(frozenset(
            rr * size + cc
            for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
            if (rr, cc) != (r, c) and 0 <= rr < size and 0 <= cc < size))
    return tuple(result)


def position(puzzle: GogenPuzzle, cell: int) -> int:
    """The seed's position number of a cell: 10*row + column + 1."""
    r, c = divmod(cell, puzzle.size)
    return 10 * r + c + 1


def cell_name(puzzle: GogenPuzzle, cell: int) -> str:
    r, c = divmod(cell, puzzle.size)
    return f"row {r + 1} column {c + 1}"


# Reading the puzzle ------------------------------------------------------------------

def _header_name(line: str) -> str:
    return line.split(None, 1)[1].strip() if len(line.split(None, 1)) > 1 else ""


def _read_row(puzzle_rows: list[str], line: str, number: int) -> None:
    """Append one grid row, refusing stray characters and rows of the wrong length."""
    row = line.strip().replace(" ", "")
    for column, char in enumerate(row, 1):
        if char != EMPTY and not ("a" <= char.lower() <= "z"):
            raise PuzzleError(f"'{char}' is not a cell; use a letter or '.' for an empty cell",
                              number, column)
    if puzzle_rows and len(row) != len(puzzle_rows[0]):
        raise PuzzleError(
            f"grid row {len(puzzle_rows) + 1} has {len(row)} cells but row 1 has "
            f"{len(puzzle_rows[0])}; the grid must be square", number)
    if not puzzle_rows and not 2 <= len(row) <= MAX_SIZE:
        raise PuzzleError(
            f"a grid row has {len(row)} cells; Gogen grids are 2 to {MAX_SIZE} cells wide "
            "(a 5x5 grid holds the 25 letters A to Y)", number)
    puzzle_rows.append(row.lower())


def _read_words(line: str, number: int) -> list[str]:
    """The words on one line, each letters only and with no letter twice in a row."""
    words = []
    for match in re.finditer(r"[^\s,;]+", line):
        word = match.group()
        for offset, char in enumerate(word):
            if not ("a" <= char.lower() <= "z"):
                raise PuzzleError(f"word '{clip(word)}' has '{char}', which is not a letter",
                                  number, match.start() + offset + 1)
        word = word.lower()
        for offset, (a, b) in enumerate(zip(word, word[1:], strict=False)):
            if a == b:
                raise PuzzleError(f"word '{clip(word)}' has '{a}' twice in a row; a letter cannot "
                                  "be next to itself", number, match.start() + offset + 2)
        words.append(word)
    return words


def parse_gogen(text: str) -> GogenPuzzle:
    """Read the seed's format into a puzzle, or raise PuzzleError naming the line."""
    check_size(text)
    name, rows, words = "", [], []
    given: dict[str, tuple[int, int]] = {}
    lines: dict[str, int] = {}  # where each word was read, for later messages
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            if rows:
                raise PuzzleError("a header line must come before the grid", number)
            name = _header_name(stripped)
        elif not rows or len(rows) < len(rows[0]):
            _read_row(rows, line, number)
            _check_givens(rows, number, given)
        else:
            for word in _read_words(line, number):
                words.append(word)
                lines.setdefault(word, number)
    if not rows:
        raise PuzzleError("the puzzle is empty: send the grid rows (. for an empty cell), "
                          "then the words, one a line")
    size = len(rows[0])
    if len(rows) < size:
        raise PuzzleError(f"the grid has {len(rows)} rows of {size} cells; it must be square")
    grid = "".join(rows)
    letters = _alphabet(size, grid, words, lines)
    return GogenPuzzle(size, grid, tuple(words), letters, name)


def _check_givens(rows: list[str], number: int, seen: dict[str, tuple[int, int]]) -> None:
    """Refuse a letter given twice, naming the second place (the newest row, `number`)."""
    r = len(rows) - 1
    for c, letter in enumerate(rows[-1]):
        if letter == EMPTY:
            continue
        if letter in seen:
            first = seen[letter]
            raise PuzzleError(
                f"letter '{letter.upper()}' is given twice (also row {first[0] + 1} "
                f"column {first[1] + 1}); every letter has exactly one cell", number, c + 1)
        seen[letter] = (r, c)


def _alphabet(size: int, grid: str, words: list[str], lines: dict[str, int]) -> str:
    """A..Y for 5x5; otherwise the letters used, which must be as many as the cells."""
    cells = size * size
    if size == CLASSIC_SIZE:
        for letter in set(grid) - {EMPTY}:
            if letter not in CLASSIC_LETTERS:
                raise PuzzleError(f"'{letter.upper()}' cannot fit: a 5x5 Gogen uses the "
                                  "letters A to Y")
        for word in words:
            for letter in word:
                if letter not in CLASSIC_LETTERS:
                    raise PuzzleError(f"word '{clip(word)}' has '{letter.upper()}', which cannot "
                                      "fit: a 5x5 Gogen uses the letters A to Y", lines[word])
        return CLASSIC_LETTERS
    used = set(grid) - {EMPTY}
    for word in words:
        used |= set(word)
        if len(used) > cells:
            raise PuzzleError(f"word '{clip(word)}' brings the letters to {len(used)}, more than "
                              f"the {cells} cells of a {size}x{size} grid", lines[word])
    if len(used) < cells:
        raise PuzzleError(f"a {size}x{size} grid needs {cells} different letters; the grid "
                          f"and the words use only {len(used)}")
    return "".join(sorted(used))


# Narrowing the candidates --------------------------------------------------------------

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
            return f"no solution: '{letter.upper()}' has no cell left"
        if len(cells) == 1:
            cell = next(iter(cells))
            if cell in owner:
                return (f"no solution: '{owner[cell].upper()}' and '{letter.upper()}' both "
                        f"need {cell_name(puzzle, cell)}")
            owner[cell] = letter
    reachable = frozenset().union(*candidates.values())
    for cell in range(puzzle.size * puzzle.size):
        if cell not in reachable:
            return f"no solution: no letter can reach {cell_name(puzzle, cell)}"
    return ""


# The SMT encoding ---------------------------------------------------------------------

def open_letters(puzzle: GogenPuzzle, candidates: Candidates) -> list[str]:
    """The letters propagation could not place: the only ones Z3 has to search."""
    return [x for x in puzzle.letters if len(candidates[x]) > 1]


def here(puzzle: GogenPuzzle, letter: str, cell: int) -> str:
    """The Bool "letter is on this cell", named by the position: `a14`."""
    return f"{letter}{position(puzzle, cell)}"


def smt_assertions(puzzle: GogenPuzzle, candidates: Candidates, named: str) -> list[str]:
    """The search left after propagation, as Bools, and the Int position of `named` letters.

    Each open letter takes exactly one candidate, each cell at most one open letter, and
    each link between two open letters reads "if a is here, b is on one of these
    neighbouring candidates". Links to a placed letter need nothing: propagation kept
    only candidates next to it. The export names every letter (placed ones as
    constants); the solver reads only the open ones, so it names just those.
    """
    near = neighbours(puzzle.size)
    search = open_letters(puzzle, candidates)
    lines = [f"(declare-const {here(puzzle, x, c)} Bool)"
             for x in search for c in sorted(candidates[x])]
    lines.append(";; each open letter on exactly one of its candidate cells")
    for x in search:
        names = " ".join(here(puzzle, x, c) for c in sorted(candidates[x]))
        lines += [f"(assert (or {names}))", f"(assert ((_ at-most 1) {names}))"]
    lines.append(";; each cell holds at most one open letter")
    for cell in range(puzzle.size * puzzle.size):
        names = [here(puzzle, x, cell) for x in search if cell in candidates[x]]
        if len(names) > 1:
            lines.append(f"(assert ((_ at-most 1) {' '.join(names)}))")
    lines.append(";; each link: if a is here, b is on a neighbouring candidate")
    for a, b in puzzle.links():
        if a not in search or b not in search:
            continue
        for first, second in ((a, b), (b, a)):
            for cell in sorted(candidates[first]):
                targets = " ".join(here(puzzle, second, q)
                                   for q in sorted(near[cell] & candidates[second]))
                lines.append(f"(assert (=> {here(puzzle, first, cell)} (or {targets})))")
    lines.append(";; each letter's position: 10*row + column + 1")
    for x in named:
        lines += [f"(declare-const V{x} Int)",
                  f"(assert (= V{x} {_position_text(puzzle, x, candidates[x])}))"]
    return lines


def _position_text(puzzle: GogenPuzzle, letter: str, cells: frozenset[int]) -> str:
    """`(ite a14 14 (ite a23 23 5))`: the position chosen among the candidates."""
    ordered = sorted(cells)
    text = str(position(puzzle, ordered[-1]))
    for cell in reversed(ordered[:-1]):
        text = f"(ite {here(puzzle, letter, cell)} {position(puzzle, cell)} {text})"
    return text


# The kind ----------------------------------------------------------------------------

Solution = str  # n*n lower-case letters, row by row


class Gogen(PuzzleKind[GogenPuzzle, Solution]):
    name = "gogen"
    title = "Gogen"
    summary = ("`#gogen NAME`, then the grid rows (. for an empty cell), then the words, "
               "one a line")
    example = "gogen_dm_older02.txt"
    solution_form = "5 lines of 5 letters"
    generates = True
    version = "2"  # counts made exact (pipeline.recount): cached "at least 2" dies

    def detect(self, text: str) -> bool:
        if header_is(text, "gogen"):
            return True
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        return (len(lines) > CLASSIC_SIZE
                and all(re.fullmatch(r"[a-yA-Y.]{5}", x) for x in lines[:CLASSIC_SIZE])
                and EMPTY in "".join(lines[:CLASSIC_SIZE]))

    def parse(self, text: str) -> GogenPuzzle:
        return parse_gogen(text)

    def canonical(self, puzzle: GogenPuzzle) -> str:
        return f"{puzzle.size}:{puzzle.grid}:{','.join(sorted(set(puzzle.words)))}"

    def solve(self, puzzle: GogenPuzzle, limits: Limits) -> Solutions:
        candidates, reason = propagate(puzzle)
        if reason:
            return Solutions([], 0, True, reason, stats={"propagation": "unsat"})
        search = open_letters(puzzle, candidates)
        if not search:  # propagation placed every letter: that grid is the only candidate
            grid = self.grid(puzzle, {x: position(puzzle, next(iter(c)))
                                      for x, c in candidates.items()})
            if self.check(puzzle, grid).ok:
                if limits.progress:
                    limits.progress(1, 0)
                return Solutions([grid], 1, True, "",
                                 stats={"letters_left_after_propagation": 0})
        solver = z3.SimpleSolver()
        solver.from_string("\n".join(smt_assertions(puzzle, candidates, "".join(search))))
        letters = [z3.Int(f"V{x}") for x in search]
        found, count, exhaustive = enumerate_models(solver, letters, limits)
        placed = {x: position(puzzle, next(iter(c)))
                  for x, c in candidates.items() if len(c) == 1}
        grids = [self.grid(puzzle, placed | dict(zip(search, values, strict=True)))
                 for values in found]
        if count == 0 and exhaustive:
            reason = "Z3 says unsat: no placement of the letters lets every word be traced."
        return Solutions(grids, count, exhaustive, reason,
                         stats={"letters_left_after_propagation": len(search)})

    @staticmethod
    def grid(puzzle: GogenPuzzle, positions: dict[str, int]) -> Solution:
        """Turn letter positions (seed numbering) back into the grid string."""
        cells = [EMPTY] * (puzzle.size * puzzle.size)
        for letter, pos in positions.items():
            r, c = divmod(pos - 1, 10)
            cells[r * puzzle.size + c] = letter
        return "".join(cells)

    def smt(self, puzzle: GogenPuzzle) -> str:
        """The whole SMT-LIB2 file: the solver's own encoding, then check-sat/get-value."""
        candidates, reason = propagate(puzzle)
        head = [f"; Gogen {puzzle.name}".rstrip(),
                "; positions: 10*row + column + 1 (1..5 top row, 11..15 next...)",
                "(set-option :produce-models true)"]
        if reason:  # propagation already proved it: say so in a file Z3 finds unsat
            return "\n".join(head + [f"; {reason}", "(assert false)", "(check-sat)", "(exit)"])
        names = " ".join(f"V{x}" for x in puzzle.letters)
        tail = ["(check-sat)", f"(get-value ({names}))", "(exit)"]
        return "\n".join(head + smt_assertions(puzzle, candidates, puzzle.letters) + tail)

    # Checking ----------------------------------------------------------------------

    def check(self, puzzle: GogenPuzzle, solution: Solution) -> CheckReport:
        """Re-trace every word on the grid alone; count every letter; keep the givens."""
        rules: list[Rule] = []
        where: dict[str, list[int]] = {}
        for cell, letter in enumerate(solution):
            where.setdefault(letter, []).append(cell)
        problems = self._letter_problems(puzzle, solution, where)
        rules += problems
        near = neighbours(puzzle.size)
        failed = 0
        for word in puzzle.words:
            broken = next(((a, b) for a, b in zip(word, word[1:], strict=False)
                           if not any(q in near[p] for p in where.get(a, [])
                                      for q in where.get(b, []))), None)
            if broken is None:
                rules.append(Rule(word, True, "OK"))
            else:
                failed += 1
                a, b = broken
                rules.append(Rule(word, False, f"**Fail** at {a.upper()}-{b.upper()}: "
                                  f"{self._where_text(puzzle, a, where)}, "
                                  f"{self._where_text(puzzle, b, where)}, not neighbours"))
        if not problems and not failed:
            return CheckReport(True, rules, "Puzzle OK Solution successful.")
        parts = [f"{failed} word(s) fail"] if failed else []
        parts += [f"{len(problems)} letter problem(s)"] if problems else []
        return CheckReport(False, rules, f"Puzzle has ** ERROR ** {', '.join(parts)}.")

    def _letter_problems(self, puzzle: GogenPuzzle, solution: Solution,
                         where: dict[str, list[int]]) -> list[Rule]:
        """Missing, doubled or foreign letters, and givens that were changed."""
        problems = []
        for letter in puzzle.letters:
            cells = where.get(letter, [])
            if not cells:
                problems.append(Rule(f"letter {letter.upper()}", False, "is missing"))
            elif len(cells) > 1:
                places = " and ".join(cell_name(puzzle, c) for c in cells)
                problems.append(Rule(f"letter {letter.upper()}", False, f"is doubled: {places}"))
        for letter in sorted(set(where) - set(puzzle.letters)):
            problems.append(Rule(f"'{letter}'", False, "is not one of the puzzle's letters"))
        for cell, given in enumerate(puzzle.grid):
            if given != EMPTY and solution[cell] != given:
                problems.append(Rule(f"given {given.upper()} at {cell_name(puzzle, cell)}",
                                     False, f"was changed to {solution[cell].upper()}"))
        return problems

    @staticmethod
    def _where_text(puzzle: GogenPuzzle, letter: str, where: dict[str, list[int]]) -> str:
        cells = where.get(letter, [])
        if not cells:
            return f"{letter.upper()} missing"
        return f"{letter.upper()} at " + " and ".join(cell_name(puzzle, c) for c in cells)

    # Text form of a solution -------------------------------------------------------

    def format_solution(self, puzzle: GogenPuzzle, solution: Solution) -> str:
        n = puzzle.size
        return "\n".join(" ".join(solution[r * n:(r + 1) * n]).upper() for r in range(n))

    def parse_solution(self, puzzle: GogenPuzzle, text: str) -> Solution:
        """n rows of n letters (spaces between letters allowed), any case."""
        n = puzzle.size
        rows = [(number, line.replace(" ", "").replace("\t", ""))
                for number, line in enumerate(text.splitlines(), 1) if line.strip()]
        if len(rows) != n:
            raise PuzzleError(f"expected {n} rows of {n} letters, got {plural(len(rows), 'row')}")
        cells = []
        for number, row in rows:
            if len(row) != n:
                raise PuzzleError(f"expected {n} letters, got {len(row)}", number)
            for column, char in enumerate(row.lower(), 1):
                if char not in puzzle.letters:
                    raise PuzzleError(f"'{char}' is not one of the puzzle's letters",
                                      number, column)
                cells.append(char)
        return "".join(cells)

    # Generator ---------------------------------------------------------------------

    def generate(self, rng: random.Random, difficulty: str) -> str:
        """A random 5x5 letter grid (nudged so words reach its rare letters), common words
        traced through it, then givens taken away in random order while the solver still
        proves exactly one solution, down to the difficulty's number of givens. Hard takes
        away every given it can. A grid that stops short is drawn again (the fewest givens
        of a few draws is kept), so hard has fewer givens than medium in all but rare
        draws."""
        if difficulty not in TARGET_GIVENS:
            raise PuzzleError(f"unknown difficulty '{difficulty}'; use "
                              f"{', '.join(TARGET_GIVENS)}")
        target = TARGET_GIVENS[difficulty]
        enough = target if target else TARGET_GIVENS["medium"] - 1
        givens, words = self._draw(rng, target)
        for _ in range(ATTEMPTS - 1):
            if len(givens) - givens.count(EMPTY) <= enough:
                break
            trial = self._draw(rng, target)
            if trial[0].count(EMPTY) > givens.count(EMPTY):
                givens, words = trial
        rows = [givens[r:r + CLASSIC_SIZE] for r in range(0, len(givens), CLASSIC_SIZE)]
        count = sum(letter != EMPTY for letter in givens)
        return "\n".join([f"#gogen {difficulty} ({count} givens)", *rows, *words]) + "\n"

    def _draw(self, rng: random.Random, target: int) -> tuple[str, list[str]]:
        """One random grid and its words, dug down to `target` givens: (givens, words)."""
        vocabulary = gogen_words()
        grid = letter_grid(rng, vocabulary)
        fits = traceable(grid, vocabulary)
        words = choose_words(rng, [w for w, ok in zip(vocabulary.words, fits, strict=True)
                                   if ok])
        return self._dig(grid, tuple(words), rng, target), words

    def _dig(self, grid: str, words: tuple[str, ...], rng: random.Random, target: int) -> str:
        """The grid with givens taken away in random order, each only while the solver
        proves the puzzle still has exactly one solution, until `target` are left."""
        cells = list(grid)
        order = list(range(len(cells)))
        rng.shuffle(order)
        left = len(cells)
        for cell in order:
            if left <= target:
                break
            cells[cell] = EMPTY
            trial = GogenPuzzle(CLASSIC_SIZE, "".join(cells), words, CLASSIC_LETTERS)
            if self.solve(trial, Limits.within(DIG_SECONDS, max_solutions=2)).unique:
                left -= 1
            else:
                cells[cell] = grid[cell]
        return "".join(cells)

    # Picture -----------------------------------------------------------------------

    def render(self, puzzle: GogenPuzzle, solution: Solution | None) -> Image.Image:
        """The grid (givens blue on grey, found letters black) with each word's path."""
        cell, margin, top = 600 // puzzle.size, 30, 84  # the same width for every size
        side = cell * puzzle.size
        legend_rows = (len(puzzle.words) + 2) // 3 if solution else 0
        image, pen = draw.canvas(side + 2 * margin, top + side + 30 + legend_rows * 38 + 20)
        draw.centred_text(pen, (image.width / 2, 24), "Gogen", 28, bold=True)
        draw.centred_text(pen, (image.width / 2, 56), puzzle.name[:48], 18, fill=draw.MUTED)

        def centre(index: int) -> tuple[float, float]:
            r, c = divmod(index, puzzle.size)
            return margin + (c + 0.5) * cell, top + (r + 0.5) * cell

        for index, given in enumerate(puzzle.grid):
            x, y = margin + (index % puzzle.size) * cell, top + (index // puzzle.size) * cell
            fill = (228, 234, 246) if given != EMPTY else draw.PAPER
            pen.rectangle([x, y, x + cell, y + cell], fill=fill, outline=draw.GRID, width=2)
        if solution:
            self._draw_paths(pen, puzzle, solution, centre, cell)
        for index, given in enumerate(puzzle.grid):
            letter = given if given != EMPTY else (solution[index] if solution else "")
            if letter:
                x, y = centre(index)
                pen.ellipse([x - 26, y - 26, x + 26, y + 26], fill=draw.PAPER)
                colour = draw.GIVEN if given != EMPTY else draw.INK
                draw.centred_text(pen, (x, y), letter.upper(), 44, fill=colour, bold=True)
        if solution:
            self._draw_legend(pen, puzzle, top + side + 30, image.width)
        return image

    @staticmethod
    def _draw_paths(pen, puzzle: GogenPuzzle, solution: Solution, centre, cell: int) -> None:
        """One coloured polyline per word, each nudged a little so overlaps stay visible."""
        where = {letter: index for index, letter in enumerate(solution)}
        count = max(1, len(puzzle.words))
        for number, word in enumerate(puzzle.words):
            colour = draw.PALETTE[number % len(draw.PALETTE)]
            nudge = (number - (count - 1) / 2) * min(6.0, 0.3 * cell / count)
            points = [(centre(where[x])[0] + nudge, centre(where[x])[1] + nudge)
                      for x in word if x in where]
            pen.line(points, fill=colour, width=5, joint="curve")

    @staticmethod
    def _draw_legend(pen, puzzle: GogenPuzzle, top: int, width: int) -> None:
        """Each word beside a sample of its path colour, three to a row."""
        column = (width - 40) / 3
        for number, word in enumerate(puzzle.words):
            colour = draw.PALETTE[number % len(draw.PALETTE)]
            r, c = divmod(number, 3)
            x, y = 20 + c * column, top + r * 38
            pen.line([(x, y + 15), (x + 30, y + 15)], fill=colour, width=10)
            pen.text((x + 38, y + 15), word.upper(), font=draw.font(22, bold=True),
                     fill=draw.INK, anchor="lm")


# Generator -----------------------------------------------------------------------------

#: givens a generated puzzle keeps at each difficulty ("hard" takes away every given it can)
TARGET_GIVENS = {"easy": 11, "medium": 8, "hard": 0}
#: grids tried until one digs down to its difficulty (hard: fewer givens than medium)
ATTEMPTS = 4
#: longest uniqueness count while digging; a longer one keeps the given
DIG_SECONDS = 0.3
#: words a generated puzzle lists: enough links to pin letters down, few enough to read
WORD_COUNT = 10
#: the most frequent English words looked at (wordfreq's ranking), so the clues are words
#: people know
COMMON_WORDS = 40_000
WORD_LENGTHS = range(4, 9)


#: words never put in a puzzle: common in text, unwelcome in a group chat
UNWELCOME = frozenset(
    "anal anus arse milf bastard bitch bitches bitchy boob boobs butt clit cock cocks crap cunt "
    "damn dick dicks dildo dyke fags fuck fucked fucker fucking gook homo horny jerk kike "
    "nazi nigga pedo penis piss pissed porn porno prick pussy rape raped rapist semen sexy "
    "shit shits slut sluts spic tits turd twat vagina whore wank".split())
#: grid swaps tried to bring every letter into some word (each costs one vector test)
GRID_SWAPS = 400


@dataclass(frozen=True)
class Vocabulary:
    """The words a generated 5x5 Gogen may use, with what the grid search reads.

    `links[i]` holds word i's links as `25*a + b` (letter indices), padded with 625, a
    slot that always reads as neighbouring; `letters[i]` is its letters as a bit mask.
    """

    words: tuple[str, ...]
    links: np.ndarray
    letters: np.ndarray


@lru_cache(maxsize=1)
def gogen_words() -> Vocabulary:
    """Common words a 5x5 Gogen can use, most frequent first: in Debian's word lists
    (the anagram lexicon's sources, lower-case entries only, so no names), 4 to 8 letters
    from A to Y, no letter twice in a row (a letter cannot neighbour itself), none
    unwelcome."""
    import wordfreq

    from .anagram.lexicon import DICTIONARY_FILES

    known: set[str] = set()
    for path in DICTIONARY_FILES:
        if path.exists():
            known.update(path.read_text(encoding="utf-8", errors="replace").split())
    words = tuple(word for word in wordfreq.top_n_list("en", COMMON_WORDS)
                  if word in known and len(word) in WORD_LENGTHS and word not in UNWELCOME
                  and set(word) <= set(CLASSIC_LETTERS)
                  and all(a != b for a, b in zip(word, word[1:], strict=False)))
    pad = len(CLASSIC_LETTERS) ** 2
    links = np.full((len(words), max(WORD_LENGTHS) - 1), pad, dtype=np.int16)
    letters = np.zeros(len(words), dtype=np.int64)
    for i, word in enumerate(words):
        index = [CLASSIC_LETTERS.index(x) for x in word]
        links[i, :len(word) - 1] = [25 * a + b for a, b in zip(index, index[1:], strict=False)]
        letters[i] = sum(1 << k for k in set(index))
    return Vocabulary(words, links, letters)


def traceable(grid: str, vocabulary: Vocabulary) -> np.ndarray:
    """Which words (a bool per word) have every link on neighbouring cells of a full grid."""
    cell = np.array([grid.index(x) for x in CLASSIC_LETTERS])
    touching = np.append(_near_matrix()[cell[:, None], cell[None, :]].ravel(), True)
    return touching[vocabulary.links].all(axis=1)


@lru_cache(maxsize=1)
def _near_matrix() -> np.ndarray:
    """`[p, q]` is True when cells p and q of a 5x5 grid are neighbours."""
    near = np.zeros((CLASSIC_SIZE ** 2, CLASSIC_SIZE ** 2), dtype=bool)
    for p, cells in enumerate(neighbours(CLASSIC_SIZE)):
        near[p, list(cells)] = True
    return near


def grid_score(grid: str, vocabulary: Vocabulary) -> tuple[int, int]:
    """(letters some traceable word uses, traceable words): what the grid search raises."""
    fits = traceable(grid, vocabulary)
    covered = int(np.bitwise_or.reduce(vocabulary.letters[fits])) if fits.any() else 0
    return covered.bit_count(), int(fits.sum())


def letter_grid(rng: random.Random, vocabulary: Vocabulary) -> str:
    """A random grid, then random swaps of two letters kept when no fewer letters (and no
    fewer words) can be traced, until words reach every letter or the swaps run out: a
    plain random grid leaves rare letters (J, Q, X) in no word."""
    cells = rng.sample(CLASSIC_LETTERS, len(CLASSIC_LETTERS))
    score = grid_score("".join(cells), vocabulary)
    for _ in range(GRID_SWAPS):
        if score[0] == len(CLASSIC_LETTERS):
            break
        i, j = rng.sample(range(len(cells)), 2)
        cells[i], cells[j] = cells[j], cells[i]
        trial = grid_score("".join(cells), vocabulary)
        if trial >= score:
            score = trial
        else:
            cells[i], cells[j] = cells[j], cells[i]
    return "".join(cells)


def choose_words(rng: random.Random, traceable: list[str]) -> list[str]:
    """About `WORD_COUNT` words covering as many letters as the traceable words can. Each
    pick is the word bringing the most new letters (ties broken at random), then the most
    new links. A letter no word uses can only be a given, so digging keeps it."""
    pool = traceable[:]
    rng.shuffle(pool)
    chosen: list[str] = []
    letters: set[str] = set()
    links: set[frozenset[str]] = set()

    def gain(word: str) -> tuple[int, int]:
        pairs = {frozenset(p) for p in zip(word, word[1:], strict=False)}
        return len(set(word) - letters), len(pairs - links)

    while pool and (len(chosen) < WORD_COUNT or any(set(w) - letters for w in pool)):
        word = max(pool, key=gain)
        if gain(word) == (0, 0):
            break
        pool.remove(word)
        chosen.append(word)
        letters |= set(word)
        links |= {frozenset(p) for p in zip(word, word[1:], strict=False)}
    return sorted(chosen)
