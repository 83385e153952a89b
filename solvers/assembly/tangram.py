"""The tangram square: the seven tans assembled into a square, as `aps`' `tangram` does.

The square is a 4x4 grid of unit squares, each cut by both diagonals into four
*half-squares* (right isosceles triangles: 64 in all). A *tan* is a polygon made of
half-squares; its *placements* are its images under the grid's 8 rotations and
reflections, moved by whole units. An exact cover of the 64 half-squares by one
placement of each tan (the two large triangles are interchangeable) is an assembly;
assemblies that differ by a symmetry of the square are the same.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PIL import Image

from .. import draw
from ..base import ASSEMBLY_PUZZLES, PuzzleKind
from ..exact_cover import ExactCover
from ..i18n import Translated, _
from ..texts import check_size
from ..values import CheckReport, Limits, PuzzleError, Rule, Solutions

SIDE = 4
#: the tans as polygons in grid units; "large" is needed twice
TANS = {
    "large": ((0, 0), (4, 0), (2, 2)),
    "medium": ((0, 0), (2, 0), (0, 2)),
    "small": ((0, 0), (2, 0), (1, 1)),
    "square": ((1, 0), (2, 1), (1, 2), (0, 1)),
    "parallelogram": ((0, 0), (2, 0), (3, 1), (1, 1)),
}
COUNTS = {"large": 2, "medium": 1, "small": 2, "square": 1, "parallelogram": 1}
#: each tan's letter in the solution text and the picture; the second tan of a pair has
#: its own capital (B the other large, "big"; T the other small, "tiny"), never a lower
#: case one, since l and I look alike
LETTERS = {"large": "L", "medium": "M", "small": "S", "square": "Q", "parallelogram": "P"}
SECOND = {"large": "B", "small": "T"}
NAMES = {letter: name for name, letter in (*LETTERS.items(), *SECOND.items())}

#: a half-square: (unit x, unit y, quarter 0 bottom, 1 right, 2 top, 3 left)
Half = tuple[int, int, int]
#: an assembly: (tan name, its half-squares) for each of the seven tans
Tangram = tuple[tuple[str, tuple[Half, ...]], ...]


def centroid(half: Half) -> tuple[float, float]:
    x, y, q = half
    dx, dy = ((0.5, 1 / 6), (5 / 6, 0.5), (0.5, 5 / 6), (1 / 6, 0.5))[q]
    return x + dx, y + dy


def half_at(point: tuple[float, float]) -> Half:
    """The half-square whose centroid is this point."""
    x, y = int(point[0] // 1), int(point[1] // 1)
    fx, fy = point[0] - x, point[1] - y
    quarter = 0 if fy < 0.3 else 2 if fy > 0.7 else 1 if fx > 0.5 else 3
    return x, y, quarter


def inside(point: tuple[float, float], polygon: tuple[tuple[int, int], ...]) -> bool:
    """Is a point strictly inside a convex polygon (either winding)?"""
    signs = set()
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        cross = (bx - ax) * (point[1] - ay) - (by - ay) * (point[0] - ax)
        signs.add(cross > 0)
    return len(signs) == 1


def halves(polygon: tuple[tuple[int, int], ...]) -> frozenset[Half]:
    """The half-squares a polygon (on the 4x4 grid) is made of."""
    return frozenset((x, y, q) for x in range(-SIDE, 2 * SIDE) for y in range(-SIDE, 2 * SIDE)
                     for q in range(4) if inside(centroid((x, y, q)), polygon))


def placements(polygon: tuple[tuple[int, int], ...]) -> set[frozenset[Half]]:
    """Every way to lay a tan inside the square."""
    found = set()
    for turn in range(8):
        def move(p: tuple[int, int], turn: int = turn) -> tuple[int, int]:
            x, y = p
            for _turn in range(turn % 4):
                x, y = -y, x
            return (-x, y) if turn >= 4 else (x, y)
        shape = halves(tuple(move(p) for p in polygon))
        for dx in range(-2 * SIDE, 2 * SIDE):
            for dy in range(-2 * SIDE, 2 * SIDE):
                moved = frozenset((x + dx, y + dy, q) for x, y, q in shape)
                if all(0 <= x < SIDE and 0 <= y < SIDE for x, y, _ in moved):
                    found.add(moved)
    return found


def square_images(tangram: Tangram) -> list[tuple]:
    """The 8 images of an assembly under the square's symmetries, as sortable keys."""
    images = []
    for turn in range(8):
        def move(h: Half, turn: int = turn) -> Half:
            x, y = centroid(h)
            for _turn in range(turn % 4):
                x, y = SIDE - y, x
            if turn >= 4:
                x = SIDE - x
            return half_at((x, y))
        images.append(tuple(sorted((name, tuple(sorted(move(h) for h in cells)))
                                   for name, cells in tangram)))
    return images


@dataclass(frozen=True)
class TangramPuzzle:
    name: str = "square"


class TangramKind(PuzzleKind[TangramPuzzle, Tangram]):
    name = "tangram"
    family = ASSEMBLY_PUZZLES
    title = "Tangram square"
    summary = Translated("`tangram`: the seven tans into a square (the 4x4 grid of 64 "
                         "half-squares)")
    example = "tangram.txt"
    rules = Translated("Put the seven tans (two large triangles, a middle one, two small "
                       "ones, a square and a parallelogram) together into one square, without "
                       "overlaps.")
    bare_is_example = True
    version = "2"  # caption without "square square"; B and T for the second tans

    def detect(self, text: str) -> bool:
        """`tangram` and a word or two after it (`tangram triangle` gets the tangram's own
        answer, not an anagram of its letters)."""
        words = text.lower().replace("/", " ").split()
        return bool(words) and words[0] == self.name and len(words) <= 3

    def parse(self, text: str) -> TangramPuzzle:
        check_size(text, 200)
        words = text.lower().replace("/", " ").split()
        if words and words[0] == self.name:
            words = words[1:]
        if words not in ([], ["square"]):
            raise PuzzleError(_("the tangram kind solves the square only; send: tangram"), 1)
        return TangramPuzzle()

    def canonical(self, puzzle: TangramPuzzle) -> str:
        return puzzle.name

    def solve(self, puzzle: TangramPuzzle, limits: Limits) -> Solutions:
        problem = ExactCover()
        for x in range(SIDE):
            for y in range(SIDE):
                for q in range(4):
                    problem.primary((x, y, q))
        choices = []
        for name, polygon in TANS.items():
            problem.primary(name, COUNTS[name])
            for cells in sorted(placements(polygon), key=sorted):
                problem.option([name, *sorted(cells)])
                choices.append((name, tuple(sorted(cells))))
        seen: set[tuple] = set()

        def accept(cover: list[int]) -> bool:
            key = min(square_images(tuple(choices[i] for i in cover)))
            if key in seen:
                return False
            seen.add(key)
            return True

        search = problem.run(limits, keep=max(limits.max_solutions, 1), accept=accept)
        found = [tuple(sorted(choices[i] for i in cover)) for cover in search.found]
        return Solutions(found, search.count, search.exhaustive,
                         "" if search.count else "the tans do not make a square")

    def check(self, puzzle: TangramPuzzle, solution: Tangram) -> CheckReport:
        names = sorted(name for name, _ in solution)
        wanted = sorted(n for n, c in COUNTS.items() for _ in range(c))
        tans_ok = names == wanted
        shapes_ok = all(name in TANS and frozenset(cells) in placements(TANS[name])
                        for name, cells in solution)
        covered = [h for _, cells in solution for h in cells]
        cover_ok = len(covered) == len(set(covered)) == SIDE * SIDE * 4
        rules = [Rule(name, holds, _("yes") if holds else _("no"), ": ") for name, holds in (
            (_("Seven tans, two of them large"), tans_ok),
            (_("Each tan keeps its shape"), shapes_ok),
            (_("The 64 half-squares covered once each"), cover_ok))]
        ok = tans_ok and shapes_ok and cover_ok
        return CheckReport(ok, rules, "Puzzle OK Solution successful." if ok else
                           "Puzzle has ** ERROR ** the tans do not form the square.")

    def puzzle_name(self, puzzle: TangramPuzzle) -> str:
        """Nothing: the title already says "Tangram square"."""
        return ""

    def format_solution(self, puzzle: TangramPuzzle, solution: Tangram) -> str:
        """Each unit square as four letters (bottom, right, top, left), top row first."""
        letter = {h: mark for (_, cells), mark in zip(solution, tan_letters(solution),
                                                      strict=True) for h in cells}
        return "\n".join(" ".join("".join(letter.get((x, y, q), ".") for q in range(4))
                                  for x in range(SIDE)) for y in reversed(range(SIDE)))

    def parse_solution(self, puzzle: TangramPuzzle, text: str) -> Tangram:
        """What `format_solution` writes, in any case: a letter names one tan."""
        rows = [line.split() for line in text.upper().splitlines() if line.strip()]
        if len(rows) != SIDE or any(len(r) != SIDE or any(len(w) != 4 for w in r)
                                    for r in rows):
            raise PuzzleError(_("expected 4 lines of 4 groups of 4 letters (L B M S T Q P)"))
        by_letter: dict[str, list[Half]] = {}
        for y, row in zip(reversed(range(SIDE)), rows, strict=True):
            for x, word in enumerate(row):
                for q, ch in enumerate(word):
                    by_letter.setdefault(ch, []).append((x, y, q))
        return tuple((NAMES.get(ch, ch), tuple(cells)) for ch, cells in by_letter.items())

    def render(self, puzzle: TangramPuzzle, solution: Tangram | None) -> Image.Image:
        """The square with each tan filled in its own colour and named."""
        unit, margin, top = 120, 30, 60
        image, pen = draw.canvas(SIDE * unit + 2 * margin, SIDE * unit + top + margin)
        draw.centred_text(pen, (image.width / 2, top / 2), "Tangram square", 28, bold=True)

        def point(x: float, y: float) -> tuple[float, float]:
            return margin + x * unit, top + (SIDE - y) * unit

        marks = tan_letters(solution or ())
        for number, (_name, cells) in enumerate(solution or ()):
            fill = draw.PALETTE[number % len(draw.PALETTE)]
            for x, y, q in cells:
                corners = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
                a, b = corners[q], corners[(q + 1) % 4]
                pen.polygon([point(*a), point(*b), point(x + 0.5, y + 0.5)], fill=fill,
                            outline=fill)
            cx = sum(centroid(h)[0] for h in cells) / len(cells)
            cy = sum(centroid(h)[1] for h in cells) / len(cells)
            draw.centred_text(pen, point(cx, cy), marks[number], 30,
                              fill=draw.contrast(fill), bold=True)
        edges = [edge for _, cells in solution or () for edge in _outline(cells)]
        square = [(0, 0), (SIDE, 0), (SIDE, SIDE), (0, SIDE)]
        edges += [(square[n], square[(n + 1) % 4]) for n in range(4)]
        for a, b in _joined(edges):  # whole straight lines, round where they meet
            draw.round_line(pen, point(*a), point(*b), draw.INK, 4)
        return image


def tan_letters(solution: Tangram) -> list[str]:
    """Each tan's letter, in the assembly's order: the second of a pair gets `SECOND`'s."""
    seen: set[str] = set()
    marks = []
    for name, _cells in solution:
        marks.append(SECOND[name] if name in seen else LETTERS[name])
        seen.add(name)
    return marks


def _outline(cells: Iterable[Half]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The edges of a tan: half-square edges not shared with another of its half-squares."""
    count: dict[frozenset, int] = {}
    for x, y, q in cells:
        corners = [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
        a, b, c = corners[q], corners[(q + 1) % 4], (x + 0.5, y + 0.5)
        for edge in (frozenset((a, b)), frozenset((b, c)), frozenset((c, a))):
            count[edge] = count.get(edge, 0) + 1
    return [tuple(edge) for edge, n in count.items() if n == 1]


def _joined(edges: list) -> list:
    """The edges joined into the longest straight lines they make: drawn piece by piece,
    a line shows a notch or a bump wherever two pieces meet."""
    lines = {tuple(sorted(edge)) for edge in edges}
    merged = True
    while merged:
        merged = False
        for one in list(lines):
            for other in list(lines):
                joined = _straight(one, other)
                if one != other and joined is not None:
                    lines -= {one, other}
                    lines.add(joined)
                    merged = True
                    break
            if merged:
                break
    return sorted(lines)


def _straight(one: tuple, other: tuple) -> tuple | None:
    """The single line two edges make when they meet end to end in one direction."""
    (a, b), (c, d) = one, other
    if b != c:
        return None
    cross = (b[0] - a[0]) * (d[1] - c[1]) - (b[1] - a[1]) * (d[0] - c[0])
    return (a, d) if cross == 0 else None
