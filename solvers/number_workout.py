"""Number Workout: thirteen hexagons, numbers 1..6 in each, touching segments equal.

Vocabulary, used throughout:
- *hexagon*: one of 13 flat-topped hexagons in three columns of 4, 5 and 4 (the middle
  column starts half a hexagon higher), numbered 1..13 top to bottom, left to right,
  as in the seed;
- *segment* (a *cell* of the input): one of the six triangles a hexagon is cut into,
  centre to edge; the 78 segments are numbered 0..77 row by row, each row being the top
  or bottom half of the hexagons at that height (3, then 9 per row, then 3);
- *touching pair*: two segments of different hexagons sharing an edge; both hold the
  same number (26 pairs); the *first* of a pair is the lower-numbered segment;
- *clue*: a number printed in the puzzle (0 in the input for an empty segment).

The hexagon and pair tables are built from the geometry below, not typed in.
Input, as in the seed: an optional `#nw NAME` header, then 10 lines of 3 or 9 digits.
A solution is the 78 numbers, written in the same 10 lines.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass

import z3
from PIL import Image

from . import draw
from .base import CheckReport, Limits, PuzzleError, PuzzleKind, Rule, Solutions, check_size
from .smt import enumerate_models

NUMBERS = range(1, 7)
HEIGHT = math.sqrt(3) / 2  # centre-to-edge distance of a hexagon with side 1
#: hexagons per column, left to right, and how many half-heights each column starts down
COLUMNS = ((4, 2), (5, 1), (4, 2))

Point = tuple[float, float]
Triangle = tuple[Point, Point, Point]  # a segment: the hexagon's centre and two corners


# Geometry ---------------------------------------------------------------------------

def _hexagon_centres() -> list[Point]:
    """Centres of the 13 hexagons (side 1, y downward), in the seed's numbering order."""
    centres = [(1.5 * column, HEIGHT * (start + 2 * k))
               for column, (count, start) in enumerate(COLUMNS) for k in range(count)]
    return sorted(centres, key=lambda p: (round(p[1], 6), p[0]))


def _segments(centre: Point) -> list[Triangle]:
    """The six triangles of a flat-topped hexagon: its centre and two adjacent corners."""
    cx, cy = centre
    corners = [(cx + math.cos(math.radians(a)), cy + math.sin(math.radians(a)))
               for a in range(0, 360, 60)]
    return [(centre, corners[i], corners[(i + 1) % 6]) for i in range(6)]


def _build_tables() -> tuple[tuple[Triangle, ...], tuple[int, ...], tuple[tuple[int, ...], ...],
                             tuple[tuple[int, int], ...], tuple[int, ...]]:
    """Segment triangles in reading order, the hexagon of each, hexagon cells, pairs."""
    pieces = []  # (row, x, hexagon index, triangle)
    for hexagon, centre in enumerate(_hexagon_centres()):
        for triangle in _segments(centre):
            x = sum(p[0] for p in triangle) / 3
            y = sum(p[1] for p in triangle) / 3
            pieces.append((math.floor(y / HEIGHT), round(x, 6), hexagon, triangle))
    pieces.sort(key=lambda piece: (piece[0], piece[1]))
    triangles = tuple(piece[3] for piece in pieces)
    owner = tuple(piece[2] for piece in pieces)
    hexagons = tuple(tuple(i for i, h in enumerate(owner) if h == k) for k in range(13))
    corners = [{(round(x, 6), round(y, 6)) for x, y in t[1:]} for t in triangles]
    pairs = tuple((a, b) for a in range(len(triangles)) for b in range(a + 1, len(triangles))
                  if owner[a] != owner[b] and corners[a] == corners[b])
    rows: dict[int, int] = {}
    for piece in pieces:
        rows[piece[0]] = rows.get(piece[0], 0) + 1
    return triangles, owner, hexagons, pairs, tuple(rows[r] for r in sorted(rows))


#: TRIANGLES[i]: segment i's corners; OWNER[i]: its hexagon (0-based); HEXAGONS[k]: the
#: segments of hexagon k+1; PAIRS: the touching pairs; TEMPLATE: segments per input line
TRIANGLES, OWNER, HEXAGONS, PAIRS, TEMPLATE = _build_tables()
CELLS = len(TRIANGLES)
PARTNER = {a: b for a, b in PAIRS} | {b: a for a, b in PAIRS}


# Reading the puzzle ------------------------------------------------------------------

@dataclass(frozen=True)
class NumberWorkoutPuzzle:
    clues: tuple[int, ...]  # 78 numbers, 0 = empty
    name: str = ""


Grid = tuple[int, ...]  # 78 numbers 1..6


def _read_digits(text: str, what: str) -> tuple[tuple[int, ...], str]:
    """The 10 template lines as one tuple of digits, and the header name if any."""
    check_size(text)
    name, digits, line_count = "", [], 0
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip().replace(" ", "")
        if not stripped:
            continue
        if stripped.startswith("#"):
            if line_count:
                raise PuzzleError("a header line must come before the numbers", number)
            name = _header_name(line.strip())
            continue
        if line_count == len(TEMPLATE):
            raise PuzzleError(f"Template violation: a Number Workout has {len(TEMPLATE)} "
                              "lines of digits; this is one too many", number)
        expected = TEMPLATE[line_count]
        if len(stripped) != expected:
            raise PuzzleError(f"Template violation: line {line_count + 1} of the {what} needs "
                              f"{expected} digits, got {len(stripped)}", number)
        for column, char in enumerate(stripped, 1):
            if char not in "0123456":
                raise PuzzleError(f"'{char}' is not a number 1..6 (0 for an empty segment)",
                                  number, column)
            digits.append(int(char))
        line_count += 1
    if line_count == 0:
        raise PuzzleError("the puzzle is empty: send 10 lines of 3 or 9 digits (0 = empty)")
    if line_count < len(TEMPLATE):
        raise PuzzleError(f"Template violation: got {line_count} lines of digits, a Number "
                          f"Workout needs {len(TEMPLATE)} ({', '.join(map(str, TEMPLATE))})")
    return tuple(digits), name


def _header_name(header: str) -> str:
    """`#nw NAME` gives NAME; a header such as `#NW_001.txt DM ...` is kept whole."""
    word, _, rest = header[1:].partition(" ")
    return rest.strip() if word.lower() in ("nw", "numberworkout") else header[1:].strip()


# Narrowing the candidates --------------------------------------------------------------

def propagate(clues: tuple[int, ...]) -> tuple[list[set[int]], str]:
    """Candidate numbers per segment (touching segments share one set), and why none."""
    candidates: list[set[int]] = [set(NUMBERS) for _ in range(CELLS)]
    for a, b in PAIRS:
        candidates[b] = candidates[a]  # one shared set: the pair holds one number
    for cell, clue in enumerate(clues):
        if clue:
            if clue not in candidates[cell]:
                pair = sorted((cell, PARTNER[cell]))
                return candidates, (f"no solution: segments {pair[0]} and {pair[1]} touch "
                                    f"but hold different clues")
            candidates[cell] &= {clue}
    changed = True
    while changed:
        changed = False
        for hexagon in HEXAGONS:
            changed |= _settle(candidates, hexagon)
            if not set().union(*(candidates[cell] for cell in hexagon)) >= set(NUMBERS) \
                    or any(not candidates[cell] for cell in hexagon):
                return candidates, (f"no solution: hexagon {OWNER[hexagon[0]] + 1} cannot "
                                    "hold 1..6 once each")
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
                            return candidates, (f"no solution: every number tried on segment "
                                                f"{cell} breaks a hexagon")
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


# The SMT encoding ---------------------------------------------------------------------

def first_of(cell: int) -> int:
    """The segment that speaks for a touching pair (its first); any other for itself."""
    return min(cell, PARTNER.get(cell, cell))


def open_segments(candidates: list[set[int]]) -> list[int]:
    """The segments (one per touching pair) propagation left undecided: Z3's search."""
    return [c for c in range(CELLS) if first_of(c) == c and len(candidates[c]) > 1]


def holds(cell: int, value: int) -> str:
    """The Bool "this segment holds this number": `V5is3`."""
    return f"V{cell}is{value}"


def smt_assertions(candidates: list[set[int]], named: Iterable[int]) -> list[str]:
    """The search left after propagation, as Bools, and the Int number of `named` segments.

    Each open segment (a touching pair counts once) holds exactly one of its candidate
    numbers; in each hexagon each number not yet placed sits on exactly one open segment.
    The export names every segment (decided ones as constants); the solver reads only
    the open ones, so it names just those and Z3 parses less.
    """
    search = open_segments(candidates)
    lines = [f"(declare-const {holds(c, v)} Bool)" for c in search
             for v in sorted(candidates[c])]
    lines.append(";; each open segment holds exactly one candidate number")
    for cell in search:
        names = " ".join(holds(cell, v) for v in sorted(candidates[cell]))
        lines += [f"(assert (or {names}))", f"(assert ((_ at-most 1) {names}))"]
    lines.append(";; each hexagon holds every number once")
    for k, hexagon in enumerate(HEXAGONS, 1):
        segments = sorted({first_of(c) for c in hexagon} & set(search))
        for value in NUMBERS:
            names = " ".join(holds(c, value) for c in segments if value in candidates[c])
            if names and not any(candidates[c] == {value} for c in hexagon):
                lines += [f"(assert (or {names})) ; hexagon {k} has a {value}",
                          f"(assert ((_ at-most 1) {names}))"]
    lines.append(";; each segment's number (a touching pair shares its first's)")
    for cell in named:
        lines += [f"(declare-const V{cell} Int)",
                  f"(assert (= V{cell} {_number_text(first_of(cell), candidates)}))"]
    return lines


def _number_text(cell: int, candidates: list[set[int]]) -> str:
    """`(ite V5is1 1 (ite V5is3 3 4))`: the number chosen among the candidates."""
    ordered = sorted(candidates[cell])
    text = str(ordered[-1])
    for value in reversed(ordered[:-1]):
        text = f"(ite {holds(cell, value)} {value} {text})"
    return text


# The kind ----------------------------------------------------------------------------

class NumberWorkout(PuzzleKind[NumberWorkoutPuzzle, Grid]):
    name = "nw"
    title = "Number Workout"
    summary = "`#nw NAME`, then 10 lines of 3, 9 (x8), 3 digits, 0 for an empty segment"
    example = "nw_003.txt"
    solution_form = "the puzzle's 10 lines of digits (3, 9 x 8, 3), every segment 1 to 6"
    generates = True
    aliases = ("numberworkout",)
    version = "2"  # counts made exact (pipeline.recount): cached "at least 2" dies

    def detect(self, text: str) -> bool:
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        if lines and lines[0].lower().startswith(("#nw", "#numberworkout")):
            return True
        body = [x for x in lines if not x.startswith("#")]
        return ([len(x) for x in body] == list(TEMPLATE)
                and all(x.isdigit() for x in body))

    def parse(self, text: str) -> NumberWorkoutPuzzle:
        clues, name = _read_digits(text, "puzzle")
        return NumberWorkoutPuzzle(clues, name)

    def canonical(self, puzzle: NumberWorkoutPuzzle) -> str:
        return "".join(map(str, puzzle.clues))

    def solve(self, puzzle: NumberWorkoutPuzzle, limits: Limits) -> Solutions:
        candidates, reason = propagate(puzzle.clues)
        if reason:
            return Solutions([], 0, True, reason, stats={"propagation": "unsat"})
        search = open_segments(candidates)
        if not search:  # propagation fixed every segment: that grid is the only candidate
            grid = self._grid(candidates, {})
            if self.check(puzzle, grid).ok:
                if limits.progress:
                    limits.progress(1, 0)
                return Solutions([grid], 1, True, "",
                                 stats={"segments_left_after_propagation": 0})
        solver = z3.SimpleSolver()
        solver.from_string("\n".join(smt_assertions(candidates, search)))
        segments = [z3.Int(f"V{c}") for c in search]
        found, count, exhaustive = enumerate_models(solver, segments, limits)
        grids = [self._grid(candidates, dict(zip(search, values, strict=True)))
                 for values in found]
        if count == 0 and exhaustive:
            reason = "Z3 says unsat: the clues cannot all hold at once."
        return Solutions(grids, count, exhaustive, reason,
                         stats={"segments_left_after_propagation": len(search)})

    @staticmethod
    def _grid(candidates: list[set[int]], chosen: dict[int, int]) -> Grid:
        """Every segment's number: Z3's choice for open ones, propagation's for the rest."""
        return tuple(chosen[first_of(c)] if first_of(c) in chosen
                     else next(iter(candidates[first_of(c)])) for c in range(CELLS))

    def smt(self, puzzle: NumberWorkoutPuzzle) -> str:
        """The whole SMT-LIB2 file: the solver's own encoding, then check-sat/get-value."""
        candidates, reason = propagate(puzzle.clues)
        head = [f"; Number Workout {puzzle.name}".rstrip(), "(set-option :produce-models true)"]
        if reason:  # propagation already proved it: say so in a file Z3 finds unsat
            return "\n".join(head + [f"; {reason}", "(assert false)", "(check-sat)", "(exit)"])
        names = " ".join(f"V{i}" for i in range(CELLS))
        tail = ["(check-sat)", f"(get-value ({names}))", "(exit)"]
        return "\n".join(head + smt_assertions(candidates, range(CELLS)) + tail)

    # Checking ----------------------------------------------------------------------

    def check(self, puzzle: NumberWorkoutPuzzle, solution: Grid) -> CheckReport:
        """Recheck every pair, every hexagon and every clue from the numbers alone."""
        rules = [Rule("Checking Neighbour pairs =", None)]
        errors = 0
        for a, b in PAIRS:
            ok = solution[a] == solution[b]
            errors += not ok
            rules.append(Rule(f"Cell {a} {b}", ok, f"= ( {solution[a]}=?={solution[b]} ) "
                              f"{'OK' if ok else '** ERROR **'}"))
        rules.append(Rule("Checking Hex Regions =", None))
        for k, hexagon in enumerate(HEXAGONS, 1):
            values = sorted(solution[c] for c in hexagon)
            ok = values == list(NUMBERS)
            errors += not ok
            cells = " ".join(map(str, hexagon))
            shown = " ".join(str(solution[c]) for c in hexagon)
            rules.append(Rule(f"Region {k}", ok, f"Cells are {cells} "
                              f"{'OK' if ok else f'** ERROR ** holds {shown}'}"))
        changed = [c for c, clue in enumerate(puzzle.clues) if clue and solution[c] != clue]
        for cell in changed:
            rules.append(Rule(f"Clue at cell {cell}", False, f"is {puzzle.clues[cell]} but the "
                              f"solution has {solution[cell]} ** ERROR **"))
        errors += len(changed)
        if not errors:
            return CheckReport(True, rules, "Puzzle has is OK Solution successful.")
        return CheckReport(False, rules, f"Puzzle has ** ERROR ** {errors} check(s) failed.")

    # Text form of a solution -------------------------------------------------------

    def format_solution(self, puzzle: NumberWorkoutPuzzle, solution: Grid) -> str:
        lines, start = [], 0
        for width in TEMPLATE:
            lines.append("".join(map(str, solution[start:start + width])))
            start += width
        return "\n".join(lines)

    def parse_solution(self, puzzle: NumberWorkoutPuzzle, text: str) -> Grid:
        """The same 10 lines as the puzzle (3, 9 x 8, 3 digits), every digit 1..6."""
        digits, _ = _read_digits(text, "solution")
        if 0 in digits:
            raise PuzzleError(f"segment {digits.index(0)} is 0; a solution fills every "
                              "segment with 1..6")
        return digits

    # Generator ---------------------------------------------------------------------

    def generate(self, rng: random.Random, difficulty: str) -> str:
        """A random valid filling, then clues taken away in random order while the solver
        still proves exactly one solution, down to the difficulty's number of clues. Hard
        takes away every clue it can. A filling that stops short is drawn again (the
        fewest clues of a few draws is kept), so hard has fewer clues than medium in all
        but rare draws."""
        if difficulty not in TARGET_CLUES:
            raise PuzzleError(f"unknown difficulty '{difficulty}'; use "
                              f"{', '.join(TARGET_CLUES)}")
        target = TARGET_CLUES[difficulty]
        enough = target if target else TARGET_CLUES["medium"] - 1
        clues = self._dig(random_filling(rng), rng, target)
        for _ in range(ATTEMPTS - 1):
            if _clue_count(clues) <= enough:
                break
            trial = self._dig(random_filling(rng), rng, target)
            if _clue_count(trial) < _clue_count(clues):
                clues = trial
        puzzle = NumberWorkoutPuzzle(clues)
        header = f"#nw {difficulty} ({_clue_count(clues)} clues)"
        return f"{header}\n{self.format_solution(puzzle, clues)}\n"

    def _dig(self, filling: Grid, rng: random.Random, target: int) -> tuple[int, ...]:
        """Clues read off the filling (one segment of each touching pair, drawn at
        random), taken away in random order, each only while the solver proves the
        puzzle still has exactly one solution, until `target` are left (a count longer
        than `DIG_SECONDS` keeps the clue: uniqueness is never assumed)."""
        shown = {first_of(c): c for c in range(CELLS)}
        for first, last in PAIRS:
            shown[first] = rng.choice((first, last))
        clues = [0] * CELLS
        for cell in shown.values():
            clues[cell] = filling[cell]
        order = sorted(shown.values())
        rng.shuffle(order)
        left = len(order)
        for cell in order:
            if left <= target:
                break
            clues[cell] = 0
            trial = NumberWorkoutPuzzle(tuple(clues))
            if self.solve(trial, Limits.within(DIG_SECONDS, max_solutions=2)).unique:
                left -= 1
            else:
                clues[cell] = filling[cell]
        return tuple(clues)

    # Picture -----------------------------------------------------------------------

    def render(self, puzzle: NumberWorkoutPuzzle, solution: Grid | None) -> Image.Image:
        """Hexagons cut into segments; pairs yellow (first) and teal (last); clues blue."""
        scale, margin, top = 96, 24, 84
        xs = [p[0] for t in TRIANGLES for p in t]
        ys = [p[1] for t in TRIANGLES for p in t]
        width = int((max(xs) - min(xs)) * scale) + 2 * margin
        height = int((max(ys) - min(ys)) * scale) + top + margin + 64
        image, pen = draw.canvas(width, height)
        draw.centred_text(pen, (width / 2, 24), "Number Workout", 26, bold=True)
        draw.centred_text(pen, (width / 2, 56), puzzle.name[:40], 18, fill=draw.MUTED)

        def at(p: Point) -> Point:
            return margin + (p[0] - min(xs)) * scale, top + (p[1] - min(ys)) * scale

        first = {a for a, _ in PAIRS}
        for cell, triangle in enumerate(TRIANGLES):
            fill = (draw.YELLOW if cell in first else draw.TEAL if cell in PARTNER
                    else draw.PAPER)
            pen.polygon([at(p) for p in triangle], fill=fill, outline=draw.GRID, width=1)
        for k, hexagon in enumerate(HEXAGONS):
            centre = at(TRIANGLES[hexagon[0]][0])
            outline = [at(TRIANGLES[c][1]) for c in sorted(
                hexagon, key=lambda c: math.atan2(TRIANGLES[c][1][1] - TRIANGLES[c][0][1],
                                                  TRIANGLES[c][1][0] - TRIANGLES[c][0][0]))]
            pen.polygon(outline, outline=draw.INK, width=4)
            pen.ellipse([centre[0] - 9, centre[1] - 9, centre[0] + 9, centre[1] + 9],
                        fill=draw.PAPER, outline=draw.GRID)
            draw.centred_text(pen, centre, str(k + 1), 12, fill=draw.MUTED)
        for cell, triangle in enumerate(TRIANGLES):
            value = puzzle.clues[cell] or (solution[cell] if solution else 0)
            if value:
                cx = sum(at(p)[0] for p in triangle) / 3
                cy = sum(at(p)[1] for p in triangle) / 3
                colour = draw.INK
                if puzzle.clues[cell]:  # a clue sits on a white disc, in blue
                    pen.ellipse([cx - 16, cy - 16, cx + 16, cy + 16], fill=draw.PAPER)
                    colour = draw.GIVEN
                draw.centred_text(pen, (cx, cy), str(value), 26, fill=colour, bold=True)
        for offset, legend in ((48, "yellow: first of a touching pair   teal: last"),
                               (22, "blue on white: clue   black: found")):
            draw.centred_text(pen, (width / 2, height - offset), legend, 17, fill=draw.MUTED)
        return image


# Generator -----------------------------------------------------------------------------

#: clues a generated puzzle keeps at each difficulty ("hard" takes away every clue it can)
TARGET_CLUES = {"easy": 32, "medium": 26, "hard": 0}
#: fillings tried until one digs down to its difficulty (hard: fewer clues than medium)
ATTEMPTS = 4
#: longest uniqueness count while digging; a longer one keeps the clue
DIG_SECONDS = 0.3


def _clue_count(clues: tuple[int, ...]) -> int:
    return sum(1 for clue in clues if clue)


def random_filling(rng: random.Random) -> Grid:
    """A random grid that keeps every rule, drawn hexagon by hexagon: each takes the
    numbers its touching segments already hold and a random order of the rest; a draw
    where two touching segments bring one number twice into a hexagon starts over (about
    1 draw in 50 succeeds; each costs a tenth of a millisecond, far less than
    backtracking, whose dead ends can take a second)."""
    while True:
        numbers = _draw_filling(rng)
        if numbers:
            return tuple(numbers[first_of(c)] for c in range(CELLS))


def _draw_filling(rng: random.Random) -> dict[int, int] | None:
    """One draw: a touching pair's first (or a lone segment) -> its number, or None."""
    numbers: dict[int, int] = {}
    for hexagon in HEXAGONS:
        cells = [first_of(c) for c in hexagon]
        fixed = [numbers[c] for c in cells if c in numbers]
        if len(set(fixed)) < len(fixed):
            return None
        rest = iter(rng.sample([v for v in NUMBERS if v not in fixed], 6 - len(fixed)))
        for cell in cells:
            if cell not in numbers:
                numbers[cell] = next(rest)
    return numbers
