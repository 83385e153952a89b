"""Seki: a 4x4 grid of black and white cells set by nine rotors.

A *rotor* sits on each of the nine inner intersections of the grid and covers the four
cells around it, its *rotor group*. Its type says how many of those cells are black and
in what pattern, whatever way it is turned:

- `+` singleOn: one cell black;
- `-` singleOff: three cells black;
- `o` opposite2: two diagonally opposite cells black (like the BMW logo);
- `a` adjacent2: two side-by-side cells black (like a half-eaten pie).

Cells are numbered V0..V15 row by row; rotor k (row r = k // 3, column c = k % 3) covers
cells 4r+c, 4r+c+1, 4(r+1)+c, 4(r+1)+c+1. Input, as in the seed: an optional `#seki NAME`
header, then the nine rotor characters (spaces and line breaks between them allowed).
A solution is the 16 cells, 1 for black, written as four rows of 0/1.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from . import draw
from .base import (
    LOGIC_GRIDS,
    CheckReport,
    Difficulty,
    HintPath,
    HintStep,
    Limits,
    Mistake,
    PuzzleError,
    PuzzleKind,
    Rule,
    Solutions,
    check_size,
    header_is,
    square_maps,
)
from .i18n import N_, Translated, _, capital, listing, ngettext
from .smt import enumerate_models

if TYPE_CHECKING:
    import z3

SIZE = 4
ROTOR_TYPES = {"+": "singleOn", "-": "singleOff", "o": "opposite2", "a": "adjacent2"}
#: black cells in each rotor's group
BLACK_COUNT = {"+": 1, "-": 3, "o": 2, "a": 2}
#: what each rotor asks of its four cells, as the picture's legend says it
ROTOR_WORDS = {"+": N_("one black"), "-": N_("three black"), "o": N_("an opposite pair black"),
               "a": N_("an adjacent pair black")}
COLUMNS = "ABCD"

Grid = tuple[int, ...]  # 16 cells, 1 = black
#: rotor counts a near miss may have (`Seki.near_miss`): a few rotors off the nine
NEAR_ROTORS = (6, 12)


def rotor_group(k: int) -> tuple[int, int, int, int]:
    """Cells around rotor k, in the order top-left, top-right, bottom-left, bottom-right."""
    r, c = divmod(k, SIZE - 1)
    top = SIZE * r + c
    return (top, top + 1, top + SIZE, top + SIZE + 1)


def cell_name(i: int) -> str:
    """A cell as the picture names it: column letter A-D, row number 1-4 ("B2")."""
    r, c = divmod(i, SIZE)
    return f"{COLUMNS[c]}{r + 1}"


def black_pairs(rotor: str, group: tuple[int, int, int, int]) -> list[tuple[int, int]]:
    """The pairs of cells that may be the two black ones for `o` and `a` rotors."""
    tl, tr, bl, br = group
    if rotor == "o":
        return [(tl, br), (tr, bl)]
    if rotor == "a":
        return [(tl, tr), (tr, br), (br, bl), (tl, bl)]
    return []


@dataclass(frozen=True)
class SekiPuzzle:
    rotors: str  # nine characters from + - o a
    name: str = ""


class Seki(PuzzleKind[SekiPuzzle, Grid]):
    name = "seki"
    family = LOGIC_GRIDS
    title = "Seki"
    summary = Translated("`#seki NAME`, then 9 rotor characters (+ - o a) row by row, e.g. "
                         "oo+ooaoo-")
    example = "sk_6018.txt"
    solution_form = Translated("4 lines of 4 cells, 1 = black, 0 = white")
    generates = True
    smt_example = "oo+ooaoo-"
    rules = Translated("Colour the 16 cells of a 4x4 grid black or white. On each of the 9 "
                       "inner corners sits a rotor that rules the 4 cells around it: + means "
                       "one of them is black, - three, o two diagonally opposite, a two side "
                       "by side. Find the colouring that fits all 9 rotors.")
    version = "3"  # captions state the difficulty: cached answers without it die
    hints = True

    def detect(self, text: str) -> bool:
        if header_is(text, "seki"):
            return True
        body = "".join(text.split())
        return len(body) == 9 and set(body) <= set(ROTOR_TYPES)

    def near_miss(self, text: str) -> str | None:
        """Rotor characters, a + or - among them, but not nine: a rotor missing or extra."""
        body = "".join(text.split())
        if header_is(text, "seki") or not NEAR_ROTORS[0] <= len(body) <= NEAR_ROTORS[1] \
                or len(body) == 9 or not set(body) <= set(ROTOR_TYPES) or not set(body) & set("+-"):
            return None
        return ngettext("{count} rotor; a Seki has 9, one on each inner corner of its 4x4 grid, "
                        "row by row (for example oo+ooaoo-).",
                        "{count} rotors; a Seki has 9, one on each inner corner of its 4x4 "
                        "grid, row by row (for example oo+ooaoo-).", len(body)).format(
            count=len(body))

    def parse(self, text: str) -> SekiPuzzle:
        check_size(text)
        name, rotors, first_line = "", "", None
        for number, line in enumerate(text.splitlines(), start=1):
            stripped = line.strip()
            if not stripped:
                continue
            if stripped.startswith("#"):
                if rotors:
                    raise PuzzleError(_("a header line must come before the rotors"), number)
                name = stripped.split(None, 1)[1].strip() if " " in stripped else ""
                continue
            first_line = first_line or number
            for column, char in enumerate(line, start=1):
                if char.isspace():
                    continue
                if char.lower() not in ROTOR_TYPES:
                    raise PuzzleError(
                        _("'{char}' is not a rotor; use + (one black), - (three black), "
                          "o (opposite pair) or a (adjacent pair)").format(char=char),
                        number, column)
                rotors += char.lower()
            if len(rotors) > 9:
                raise PuzzleError(_("expected 9 rotors in all, got {got} so far").format(
                    got=len(rotors)), number)
        if not rotors:
            raise PuzzleError(_("the puzzle is empty: send 9 rotor characters such as "
                                "oo+ooaoo-"))
        if len(rotors) != 9:
            raise PuzzleError(_("expected 9 rotors, got {got}").format(got=len(rotors)),
                              first_line)
        return SekiPuzzle(rotors, name)

    def canonical(self, puzzle: SekiPuzzle) -> str:
        return puzzle.rotors

    def variant_of(self, race: SekiPuzzle, solution: Grid, candidate: SekiPuzzle) -> bool:
        """The race's rotors turned or mirrored as a 3x3 grid (each rotor's type is the
        same whichever way it is turned), with black and white swapped or not (+ and -
        trade places): whatever the candidate's answer is, it is the race's in disguise."""
        swapped = candidate.rotors.translate(str.maketrans("+-", "-+"))
        images = {"".join(race.rotors[cell] for cell in cell_map)
                  for cell_map in square_maps(SIZE - 1)}
        return bool(images & {candidate.rotors, swapped})

    # Solving -----------------------------------------------------------------------

    def solve(self, puzzle: SekiPuzzle, limits: Limits) -> Solutions:
        import z3  # here, not at the top: the bot's process parses without Z3

        cells = [z3.Int(f"V{i}") for i in range(SIZE * SIZE)]
        solver = z3.Solver()
        solver.set("core.minimize", True)  # name the fewest rotor groups that clash
        for cell in cells:
            solver.add(z3.Or(cell == 0, cell == 1))
        for k, rotor in enumerate(puzzle.rotors):
            group = rotor_group(k)
            rules = [z3.Sum([cells[i] for i in group]) == BLACK_COUNT[rotor]]
            pairs = black_pairs(rotor, group)
            if pairs:
                rules.append(z3.Or([cells[a] + cells[b] == 2 for a, b in pairs]))
            solver.assert_and_track(z3.And(rules), f"RotorGroup{k}")
        found, count, exhaustive = enumerate_models(solver, cells, limits)
        reason = self._unsat_reason(puzzle, solver) if count == 0 and exhaustive else ""
        return Solutions(found, count, exhaustive, reason,
                         stats={"z3_conflicts": _stat(solver, "conflicts")})

    @staticmethod
    def _unsat_reason(puzzle: SekiPuzzle, solver: z3.Solver) -> str:
        """Name the rotors that cannot all be satisfied (the fewest Z3 found, its unsat
        core) and their cells, numbered as the picture numbers them."""
        core = sorted(int(str(name).removeprefix("RotorGroup")) for name in solver.unsat_core())
        return clash_words(puzzle, core)

    def smt(self, puzzle: SekiPuzzle) -> str:
        """The seed's SMT-LIB2 text: Int cells in 0..1, a sum and a pattern per rotor."""
        lines = ["(set-logic LIA)", "(set-option :produce-models true)",
                 "(set-option :produce-assignments true)"]
        for i in range(SIZE * SIZE):
            lines += [f"(declare-const V{i} Int)", f"(assert (or (= V{i} 0) (= V{i} 1) ))"]
        for k, rotor in enumerate(puzzle.rotors):
            group = rotor_group(k)
            names = " ".join(f"V{i}" for i in group)
            lines.append(f";RotorGroup {k} {rotor} {','.join(map(str, group))}")
            lines.append(f"(assert (= {BLACK_COUNT[rotor]} (+ {names})))")
            pairs = black_pairs(rotor, group)
            if pairs:
                options = " ".join(f"(= 2 (+ V{a} V{b}))" for a, b in pairs)
                lines.append(f"(assert (or {options} )); {rotor}")
        cells = " ".join(f"V{i}" for i in range(SIZE * SIZE))
        lines += ["(check-sat)", f"(get-value ( {cells}))", "(exit)"]
        return "\n".join(lines)

    # Checking ----------------------------------------------------------------------

    def check(self, puzzle: SekiPuzzle, solution: Grid) -> CheckReport:
        """Recount every rotor group from the grid alone, as the seed's check does."""
        rules, difference, patterns_ok = [], 0, True
        for k, rotor in enumerate(puzzle.rotors):
            group = rotor_group(k)
            total = sum(solution[i] for i in group)
            blacks = {i for i in group if solution[i]}
            pairs = black_pairs(rotor, group)
            pattern = not pairs or any(blacks == set(pair) for pair in pairs)
            difference += abs(total - BLACK_COUNT[rotor])
            patterns_ok &= pattern
            ok = total == BLACK_COUNT[rotor] and pattern
            note = "" if pattern or total != BLACK_COUNT[rotor] else " (wrong pattern)"
            rules.append(Rule(
                f"RotorGroup {k}", ok, f"ch={rotor} Value={BLACK_COUNT[rotor]} "
                f"[{','.join(map(str, group))}] gives Sum = {total} "
                f"{'OK' if ok else 'FAIL'}{note}"))
        if difference == 0 and patterns_ok:
            return CheckReport(True, rules, "Puzzle OK Solution successful.")
        why = (f"Solution failed by difference = {difference}." if difference
               else "Solution failed: a rotor's black cells are in the wrong pattern.")
        return CheckReport(False, rules, f"Puzzle has ** ERROR ** {why}")

    # Text form of a solution -------------------------------------------------------

    def format_solution(self, puzzle: SekiPuzzle, solution: Grid) -> str:
        return "\n".join(
            "".join(str(v) for v in solution[r * SIZE:(r + 1) * SIZE]) for r in range(SIZE))

    def parse_solution(self, puzzle: SekiPuzzle, text: str) -> Grid:
        """Four rows of four 0/1 digits (1 = black); `#` also means black, `.` white."""
        rows = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
        if len(rows) == 1 and len(rows[0][1].replace(" ", "")) == SIZE * SIZE:
            flat = rows[0][1].replace(" ", "")
            rows = [(rows[0][0], flat[i:i + SIZE]) for i in range(0, SIZE * SIZE, SIZE)]
        if len(rows) != SIZE:
            raise PuzzleError(ngettext("expected {size} rows of {size} cells, got {got} row",
                                       "expected {size} rows of {size} cells, got {got} rows",
                                       len(rows)).format(size=SIZE, got=len(rows)))
        cells: list[int] = []
        for number, row in rows:
            row = row.replace(" ", "")
            if len(row) != SIZE:
                raise PuzzleError(_("expected {size} cells, got {got}").format(
                    size=SIZE, got=len(row)), number)
            for column, char in enumerate(row, 1):
                if char not in "01#.":
                    raise PuzzleError(_("'{char}' is not a cell; use 1 or # for black, 0 or . "
                                        "for white").format(char=char), number, column)
                cells.append(1 if char in "1#" else 0)
        return tuple(cells)

    # Hints -------------------------------------------------------------------------

    def hint_steps(self, puzzle: SekiPuzzle, entries: Known | None = None,
                   limit: int | None = None) -> HintPath:
        return hint_path(puzzle, entries, limit)

    def hint_entries(self, puzzle: SekiPuzzle, text: str) -> Known:
        """The grid as the person has it: 1 or # black, 0 white, ? . - or _ not known."""
        rows = ["".join(line.split()) for line in text.splitlines()
                if line.strip() and not line.lstrip().startswith("#")]
        if len(rows) != SIZE or any(len(row) != SIZE for row in rows) \
                or set("".join(rows)) - set("01#?.-_"):
            raise PuzzleError(_("type your grid as {size} lines of {size} cells: 1 black, 0 "
                                "white, ? not known yet").format(size=SIZE))
        return tuple(1 if x in "1#" else 0 if x == "0" else -1 for x in "".join(rows))

    def hint_picture(self, puzzle: SekiPuzzle, step: HintStep) -> Image.Image:
        return hint_picture(puzzle, step)

    def difficulty(self, puzzle: SekiPuzzle) -> Difficulty:
        return hint_path(puzzle, None, None).difficulty

    # Generator ---------------------------------------------------------------------

    #: how many `o` rotors a puzzle of each difficulty has: an `o` rotor allows only two
    #: patterns (the others four), so each one narrows the search for a person
    OPPOSITE_COUNTS = {"easy": range(3, 10), "medium": range(2, 3), "hard": range(0, 2)}
    #: planted grids drawn (cheap) before giving up; only those of the right difficulty
    #: are handed to Z3
    GENERATE_ATTEMPTS = 2000

    def generate(self, rng: random.Random, difficulty: str) -> str:
        """Random rotors with exactly one solution (Z3 proves it), graded by `o` rotors.

        The rotors are read off a random grid whose rotor groups all hold one to three
        black cells, so each draw has at least one solution; most are unique.
        """
        if difficulty not in self.OPPOSITE_COUNTS:
            raise PuzzleError(_("unknown difficulty '{difficulty}'; use {known}").format(
                difficulty=difficulty, known=", ".join(self.OPPOSITE_COUNTS)))
        for _attempt in range(self.GENERATE_ATTEMPTS):
            rotors = self._planted_rotors(rng)
            if rotors.count("o") not in self.OPPOSITE_COUNTS[difficulty]:
                continue
            if self.solve(SekiPuzzle(rotors), Limits(max_solutions=2)).unique:
                return f"#seki {difficulty}\n{rotors}\n"
        raise PuzzleError(_("no unique {difficulty} Seki puzzle found; try again").format(
            difficulty=difficulty))

    @staticmethod
    def _planted_rotors(rng: random.Random) -> str:
        """The rotors of a random grid, drawn again until no rotor group is all one colour."""
        while True:
            cells = [rng.randint(0, 1) for _ in range(SIZE * SIZE)]
            rotors = ""
            for k in range(9):
                tl, tr, bl, br = (cells[i] for i in rotor_group(k))
                black = tl + tr + bl + br
                if black in (0, 4):
                    break
                rotors += {1: "+", 3: "-"}.get(black, "o" if tl == br else "a")
            if len(rotors) == 9:
                return rotors

    # Picture -----------------------------------------------------------------------

    def render(self, puzzle: SekiPuzzle, solution: Grid | None) -> Image.Image:
        """The grid with black/white cells and the nine rotors drawn on the corners; the
        columns lettered A-D, the rows numbered 1-4 and the rotors 1-9, as the
        no-solution answer names them (`clash_words`)."""
        title = " ".join(x for x in ("Seki", puzzle.name) if x)
        fill = (lambda i: draw.INK if solution[i] else draw.PAPER) if solution else (
            lambda i: UNKNOWN)
        return picture(puzzle, title, fill, solution,
                       (_("+ one black   - three black"),
                        _("o opposite pair   a adjacent pair")))


def clash_words(puzzle: SekiPuzzle, rotors: list[int]) -> str:
    """Why there is no solution, in the puzzle's words: the rotors (numbered 1-9 row by
    row, as in the picture) that cannot all be satisfied at once, and the cells each one
    covers."""
    each = "; ".join(_("{rotor} covers {cells}").format(
        rotor=_rotor_words(puzzle, k), cells=" ".join(cell_name(i) for i in rotor_group(k)))
        for k in rotors)
    return _("Rotors {rotors} cannot all be satisfied at once: {each}. The picture numbers "
             "the rotors and names the cells.").format(
        rotors=listing([str(k + 1) for k in rotors]), each=each)


def _stat(solver: z3.Solver, key: str) -> int:
    """One figure from Z3's statistics, 0 when Z3 did not report it."""
    stats = solver.statistics()
    return int(stats.get_key_value(key)) if key in list(stats.keys()) else 0


def _draw_rotor(pen: ImageDraw.ImageDraw, k: int, rotor: str, solution: Grid | None,
                margin: int, top: int, cell: int) -> None:
    """A disc on the intersection; its quarters are amber where the cell is black."""
    r, c = divmod(k, SIZE - 1)
    cx, cy, radius = margin + (c + 1) * cell, top + (r + 1) * cell, 34
    box = [cx - radius, cy - radius, cx + radius, cy + radius]
    # Pillow angles run clockwise from 3 o'clock: quarters over tl, tr, bl, br cells
    quarters = {0: (180, 270), 1: (270, 360), 2: (90, 180), 3: (0, 90)}
    for position, cell_index in enumerate(rotor_group(k)):
        on = solution is not None and solution[cell_index]
        start, end = quarters[position]
        pen.pieslice(box, start, end, fill=(240, 160, 32) if on else (255, 246, 224))
    pen.ellipse(box, outline=(90, 60, 10), width=3)
    inner = 15
    pen.ellipse([cx - inner, cy - inner, cx + inner, cy + inner], fill=draw.PAPER,
                outline=(90, 60, 10), width=2)
    draw.centred_text(pen, (cx, cy - 1), rotor, 22, bold=True)
    bx, by, badge = cx + 36, cy - 36, 14  # the rotor's number, on its upper right
    pen.ellipse([bx - badge, by - badge, bx + badge, by + badge], fill=draw.PAPER,
                outline=(90, 60, 10), width=2)
    draw.centred_text(pen, (bx, by), str(k + 1), 18, bold=True)


#: an undecided cell's grey; the frames a hint picture draws round its cells
UNKNOWN = (235, 235, 235)
STEP_FRAME, PLACED_FRAME = (240, 180, 0), (0, 150, 70)
#: a cell's colour in a picture, by cell
Fill = Callable[[int], tuple[int, int, int]]


def picture(puzzle: SekiPuzzle, title: str, fill: Fill, black: Grid | None,
            legend: tuple[str, str], frames: dict[int, tuple[int, int, int]] | None = None,
            ringed: frozenset[int] = frozenset()) -> Image.Image:
    """The grid, each cell filled by `fill` (and framed where `frames` says), its rows and
    columns named, and the rotors on the corners (their quarters amber where `black`
    has the cell black; a yellow ring round the `ringed` ones); two lines of legend."""
    cell, margin, top = 130, 40, 96
    side = cell * SIZE
    image, pen = draw.canvas(side + 2 * margin, side + top + margin + 74)
    draw.centred_text(pen, (image.width / 2, top / 2), title, 28, bold=True)
    for i in range(SIZE * SIZE):
        r, c = divmod(i, SIZE)
        x, y = margin + c * cell, top + r * cell
        pen.rectangle([x, y, x + cell, y + cell], fill=fill(i), outline=draw.GRID, width=2)
        if frames and i in frames:
            pen.rectangle([x + 6, y + 6, x + cell - 6, y + cell - 6], outline=frames[i],
                          width=9)
    for n in range(SIZE):
        draw.centred_text(pen, (margin + (n + 0.5) * cell, top - 16), COLUMNS[n], 22,
                          fill=draw.MUTED, bold=True)
        draw.centred_text(pen, (margin / 2, top + (n + 0.5) * cell), str(n + 1), 22,
                          fill=draw.MUTED, bold=True)
    for k, rotor in enumerate(puzzle.rotors):
        if k in ringed:
            r, c = divmod(k, SIZE - 1)
            cx, cy, ring = margin + (c + 1) * cell, top + (r + 1) * cell, 44
            pen.ellipse([cx - ring, cy - ring, cx + ring, cy + ring], fill=STEP_FRAME)
        _draw_rotor(pen, k, rotor, black, margin, top, cell)
    for n, line in enumerate(legend):  # two lines: one would be cut at a phone's width
        draw.centred_text(pen, (image.width / 2, top + side + margin / 2 + 20 + 26 * n),
                          line, 18, fill=draw.MUTED)
    return image


# Hints ---------------------------------------------------------------------------
# The next forced cell, one step at a time, from the rotors' own rules: a rotor whose
# cells known so far leave every way it can be set agreeing on a cell (*Rotor*); two
# rotors that share cells, taken together (*Two Rotors*); a cell whose one colour,
# followed rotor by rotor, leaves some rotor no way to be set (*Probe*); and when none
# applies, a named *Guess* of the solution's colour.

#: technique -> rating, on the scale every kind shares (`solvers.base.level_of`)
#: (the English names are the keys; `_(technique)` is the name a person reads)
HINT_TECHNIQUES = {N_("Rotor"): 1.5, N_("Two Rotors"): 3.0, N_("Probe"): 4.0,
                   N_("Guess"): 11.0}
#: a cell's colour as a sentence says it of one cell ("B1 is black")
COLOURS = (N_("white"), N_("black"))
#: a cell's state while hinting: -1 not known yet, else 0 white or 1 black
Known = tuple[int, ...]


def rotor_ways(rotor: str, k: int) -> list[dict[int, int]]:
    """Every way rotor k can be set: its four cells' colours, cell -> 0/1."""
    group = rotor_group(k)
    ways = []
    for bits in range(16):
        colours = {cell: bits >> n & 1 for n, cell in enumerate(group)}
        blacks = {cell for cell, on in colours.items() if on}
        pairs = black_pairs(rotor, group)
        if len(blacks) == BLACK_COUNT[rotor] and (not pairs or any(
                blacks == set(pair) for pair in pairs)):
            ways.append(colours)
    return ways


def _fitting(ways: list[dict[int, int]], known: Known) -> list[dict[int, int]]:
    return [w for w in ways if all(known[c] in (-1, v) for c, v in w.items())]


def _agreed(ways: list[dict[int, int]], known: Known) -> dict[int, int]:
    """The unknown cells every way gives the same colour."""
    if not ways:
        return {}
    return {c: v for c, v in ways[0].items()
            if known[c] == -1 and all(w[c] == v for w in ways)}


def _cells_words(cells: list[int], known: Known) -> str:
    """"B1 black and C1 white": cells with their colours."""
    return listing([_("{cell} {colour}").format(cell=cell_name(c), colour=_(COLOURS[known[c]]))
                    for c in sorted(cells)])


def _forced_words(forced: dict[int, int]) -> str:
    """"C2 and C3 are white and D2 is black": forced cells grouped by colour."""
    parts = []
    for colour in (1, 0):
        cells = [cell_name(c) for c in sorted(forced) if forced[c] == colour]
        if cells:
            said = (ngettext("{cells} is white", "{cells} are white", len(cells)) if colour == 0
                    else ngettext("{cells} is black", "{cells} are black", len(cells)))
            parts.append(said.format(cells=listing(cells)))
    return _(" and ").join(parts)


def _rotor_words(puzzle: SekiPuzzle, k: int) -> str:
    return _("rotor {number} ({symbol}: {meaning})").format(
        number=k + 1, symbol=puzzle.rotors[k], meaning=_(ROTOR_WORDS[puzzle.rotors[k]]))


@dataclass(frozen=True)
class _SekiStep:
    technique: str
    text: str
    where: str
    cells: tuple[int, ...]
    forced: tuple[tuple[int, int], ...]
    rotors: tuple[int, ...]


def _one_rotor(puzzle: SekiPuzzle, known: Known) -> _SekiStep | None:
    for k, rotor in enumerate(puzzle.rotors):
        group = rotor_group(k)
        forced = _agreed(_fitting(rotor_ways(rotor, k), known), known)
        if not forced:
            continue
        seen = [c for c in group if known[c] != -1]
        blacks = sum(known[c] == 1 for c in seen)
        whites = len(seen) - blacks
        if blacks == BLACK_COUNT[rotor] or whites == 4 - BLACK_COUNT[rotor]:
            colour = 1 if blacks == BLACK_COUNT[rotor] else 0
            mine = [c for c in seen if known[c] == colour]
            said = (ngettext("{rotor} already has its {count} black cell ({cells}), so "
                             "{forced}.", "{rotor} already has its {count} black cells "
                             "({cells}), so {forced}.", len(mine)) if colour else
                    ngettext("{rotor} already has its {count} white cell ({cells}), so "
                             "{forced}.", "{rotor} already has its {count} white cells "
                             "({cells}), so {forced}.", len(mine)))
            text = said.format(rotor=capital(_rotor_words(puzzle, k)), count=len(mine),
                               cells=listing([cell_name(c) for c in sorted(mine)]),
                               forced=_forced_words(forced))
        else:
            text = _("{rotor} has {cells}: every way it can still be turned says "
                     "{forced}.").format(rotor=capital(_rotor_words(puzzle, k)),
                                         cells=_cells_words(seen, known),
                                         forced=_forced_words(forced))
        return _SekiStep("Rotor", text, _("rotor {number}").format(number=k + 1), group,
                         tuple(sorted(forced.items())), (k,))
    return None


def _two_rotors(puzzle: SekiPuzzle, known: Known) -> _SekiStep | None:
    for a in range(9):
        for b in range(a + 1, 9):
            shared = set(rotor_group(a)) & set(rotor_group(b))
            if not shared:
                continue
            ways = [wa | wb for wa in _fitting(rotor_ways(puzzle.rotors[a], a), known)
                    for wb in _fitting(rotor_ways(puzzle.rotors[b], b), known)
                    if all(wa[c] == wb[c] for c in shared)]
            forced = _agreed(ways, known)
            if not forced:
                continue
            names = _(" and ").join(cell_name(c) for c in sorted(shared))
            return _SekiStep("Two Rotors",
                             _("Rotors {a} and {b} share {cells}: of the ways {first} and "
                               "{second} can be turned together, every one says "
                               "{forced}.").format(
                                 a=a + 1, b=b + 1, cells=names,
                                 first=_rotor_words(puzzle, a), second=_rotor_words(puzzle, b),
                                 forced=_forced_words(forced)),
                             _("rotors {a} and {b}").format(a=a + 1, b=b + 1),
                             tuple(sorted(set(rotor_group(a)) | set(rotor_group(b)))),
                             tuple(sorted(forced.items())), (a, b))
    return None


def _follow(puzzle: SekiPuzzle, known: Known) -> int | None:
    """Set every cell single rotors force, again and again; the first rotor left with
    no way to be turned, or None."""
    cells = list(known)
    changed = True
    while changed:
        changed = False
        for k, rotor in enumerate(puzzle.rotors):
            ways = _fitting(rotor_ways(rotor, k), tuple(cells))
            if not ways:
                return k
            for c, v in _agreed(ways, tuple(cells)).items():
                cells[c] = v
                changed = True
    return None


def _probe(puzzle: SekiPuzzle, known: Known) -> _SekiStep | None:
    for cell in range(SIZE * SIZE):
        if known[cell] != -1:
            continue
        for colour in (1, 0):
            broken = _follow(puzzle, known[:cell] + (colour,) + known[cell + 1:])
            if broken is None:
                continue
            return _SekiStep("Probe",
                             _("If {cell} were {colour}, setting the cells each rotor then "
                               "forces would leave {rotor} no way to be turned, so {cell} is "
                               "{other}.").format(cell=cell_name(cell),
                                                  colour=_(COLOURS[colour]),
                                                  rotor=_rotor_words(puzzle, broken),
                                                  other=_(COLOURS[1 - colour])),
                             cell_name(cell), (cell, *rotor_group(broken)),
                             ((cell, 1 - colour),), (broken,))
    return None


def _hint_guess(known: Known, solution: Grid) -> _SekiStep:
    cell = known.index(-1)
    return _SekiStep("Guess", _("None of the deductions here finds the next step, so guess: "
                               "{cell} is {colour}, and it is the right guess.").format(
                                   cell=cell_name(cell), colour=_(COLOURS[solution[cell]])),
                     cell_name(cell), (cell,), ((cell, solution[cell]),), ())


def hint_path(puzzle: SekiPuzzle, entries: Known | None, limit: int | None) -> HintPath:
    """The path from the person's cells (-1 not known) to the solution."""
    found = Seki().solve(puzzle, Limits(max_solutions=2))
    if not found.found:
        raise PuzzleError(_("this Seki has no solution, so there is no next step"))
    if found.count > 1:
        raise PuzzleError(_("this Seki has more than one solution, so no step is forced"))
    solution = found.found[0]
    known: Known = entries or (-1,) * (SIZE * SIZE)
    wrong = [c for c in range(SIZE * SIZE) if known[c] != -1 and known[c] != solution[c]]
    if wrong:
        r, c = divmod(wrong[0], SIZE)
        return HintPath("seki", [], Difficulty.of(0.0, ""), False, Mistake(
            f"row {r + 1}", (r + 1, c + 1),
            _("There is a mistake in row {row}.").format(row=r + 1),
            _("{cell} is not {colour}.").format(cell=cell_name(wrong[0]),
                                                colour=_(COLOURS[known[wrong[0]]]))))
    steps: list[HintStep] = []
    while -1 in known and (limit is None or len(steps) < limit):
        step = (_one_rotor(puzzle, known) or _two_rotors(puzzle, known)
                or _probe(puzzle, known) or _hint_guess(known, solution))
        steps.append(HintStep(
            _(step.technique), step.text, step.where,
            tuple((c // SIZE + 1, c % SIZE + 1, v) for c, v in step.forced), (),
            tuple((c // SIZE + 1, c % SIZE + 1) for c in sorted(step.cells)),
            HINT_TECHNIQUES[step.technique], (step, known)))
        cells = list(known)
        for c, v in step.forced:
            cells[c] = v
        known = tuple(cells)
    hardest = max(steps, key=lambda s: s.rating, default=None)
    return HintPath("seki", steps, Difficulty.of(hardest.rating if hardest else 0.0,
                                                 hardest.state[0].technique if hardest else ""),
                    -1 not in known)


def hint_picture(puzzle: SekiPuzzle, hint: HintStep) -> Image.Image:
    """The cells known before the step (grey: not yet), its cells framed yellow and its
    rotors ringed, the cells it sets framed green in their colour."""
    step, known = hint.state
    forced = dict(step.forced)
    after = [forced.get(c, v) for c, v in enumerate(known)]
    frames = {c: STEP_FRAME for c in step.cells} | {c: PLACED_FRAME for c in forced}
    return picture(puzzle, f"Seki: {_(step.technique)}",
                   lambda i: UNKNOWN if after[i] == -1 else (draw.INK if after[i]
                                                              else draw.PAPER),
                   tuple(max(v, 0) for v in known), (
                       _("yellow: the step's cells and rotors   grey: not known"),
                       _("green frame: the cells this step sets")), frames, frozenset(step.rotors))
