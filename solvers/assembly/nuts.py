"""Drive Ya Nuts: seven hexagonal nuts, the numbers 1 to 6 round each, set in a flower so
that touching edges show the same number.

Words: a *nut* is the six numbers read clockwise, lettered A to G in the order given
(the picture and the report both use the letters); a *spot* is one of the seven places
(0 the centre, 1..6 the ring, clockwise from the top: named centre, top, upper right...);
a *side* of a spot is one of its six directions, clockwise from the top (its top edge,
upper right edge...); a *joint* is two touching sides (6 spokes from the
centre, 6 between ring neighbours).

As in `aps`' `nuts`, each joint is four primary items and a number is a 2-of-4 code
(there are exactly six): one side of a joint covers the code's two items and the
other side the two others, so a cover exists only where numbers match. Turning the
whole flower gives the same assembly, so the centre nut keeps its first turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from math import cos, pi, sin

from PIL import Image

from .. import draw
from ..base import ASSEMBLY_PUZZLES, PuzzleKind
from ..exact_cover import ExactCover
from ..i18n import N_, Translated, _
from ..texts import check_size
from ..values import CheckReport, Limits, PuzzleError, Rule, Solutions

#: the seven nuts of the commercial puzzle (Milton Bradley), clockwise
COMMERCIAL = ((1, 2, 3, 4, 5, 6), (1, 6, 5, 4, 3, 2), (1, 6, 4, 2, 5, 3), (1, 4, 6, 2, 3, 5),
              (1, 6, 2, 4, 5, 3), (1, 6, 5, 3, 2, 4), (1, 4, 3, 6, 5, 2))
#: the 2-of-4 code of each number
CODE = dict(zip(range(1, 7), combinations(range(4), 2), strict=True))


def joints() -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """Touching (spot, side) pairs: spokes, then ring neighbours."""
    found = [((0, k), (k + 1, (k + 3) % 6)) for k in range(6)]
    for k in range(6):
        spot, after = k + 1, (k + 1) % 6 + 1
        found.append(((spot, (k + 2) % 6), (after, (k + 5) % 6)))
    return found


@dataclass(frozen=True)
class Nuts:
    nuts: tuple[tuple[int, ...], ...]
    name: str = ""


#: a solution: for each spot, (nut number, the six numbers it shows, side by side)
Flower = tuple[tuple[int, tuple[int, ...]], ...]


class NutsKind(PuzzleKind[Nuts, Flower]):
    name = "nuts"
    family = ASSEMBLY_PUZZLES
    title = "Drive Ya Nuts"
    summary = Translated("`nuts` for the commercial puzzle, or 7 lines of six numbers 1-6 "
                         "(clockwise)")
    example = "nuts.txt"
    rules = Translated("Seven hexagonal nuts carry the numbers 1 to 6 round their edges. Lay "
                       "one in the middle and six around it, turned so that every pair of "
                       "touching edges shows the same number.")
    bare_is_example = True
    version = "2"  # the report names nuts by their letters in the picture

    def detect(self, text: str) -> bool:
        return text.strip().lower().split()[:1] == ["nuts"]

    def parse(self, text: str) -> Nuts:
        check_size(text, 1000)
        lines = [(n, line.split()) for n, line in enumerate(text.splitlines(), 1)
                 if line.strip()]
        if lines and lines[0][1][0].lower() == "nuts":
            lines[0] = (lines[0][0], lines[0][1][1:])
            lines = [x for x in lines if x[1]]
        if not lines:
            return Nuts(COMMERCIAL, "commercial")
        if len(lines) != 7:
            raise PuzzleError(_("expected 7 nuts (one line of six numbers each), got {got}")
                              .format(got=len(lines)))
        nuts = []
        for number, words in lines:
            if sorted(words) != list("123456"):
                raise PuzzleError(_("a nut shows the numbers 1 to 6 once each, got '{words}'")
                                  .format(words=" ".join(words)), number)
            nuts.append(tuple(int(w) for w in words))
        return Nuts(tuple(nuts))

    def canonical(self, puzzle: Nuts) -> str:
        return "\n".join(" ".join(map(str, n)) for n in puzzle.nuts)

    def solve(self, puzzle: Nuts, limits: Limits) -> Solutions:
        problem = ExactCover()
        touching = joints()
        side_at: dict[tuple[int, int], tuple[int, bool]] = {}
        for j, (a, b) in enumerate(touching):
            side_at[a], side_at[b] = (j, False), (j, True)
            for bit in range(4):
                problem.primary(("joint", j, bit))
        for i in range(7):
            problem.primary(("spot", i))
            problem.primary(("nut", i))
        choices = []
        for nut, numbers in enumerate(puzzle.nuts):
            for spot in range(7):
                for turn in range(1 if spot == 0 else 6):
                    shown = numbers[turn:] + numbers[:turn]
                    items: list[tuple[str, int] | tuple[str, int, int]] = [("spot", spot),
                                                                           ("nut", nut)]
                    for side in range(6):
                        if (spot, side) in side_at:
                            j, other = side_at[(spot, side)]
                            code = CODE[shown[side]]
                            bits = [b for b in range(4) if (b in code) != other]
                            items += [("joint", j, b) for b in bits]
                    problem.option(items)
                    choices.append((spot, nut, shown))
        search = problem.run(limits, keep=max(limits.max_solutions, 1))
        found = []
        for cover in search.found:
            placed = sorted(choices[i] for i in cover)
            found.append(tuple((nut, shown) for _, nut, shown in placed))
        return Solutions(found, search.count, search.exhaustive,
                         "" if search.count else "no way to match every edge")

    def check(self, puzzle: Nuts, solution: Flower) -> CheckReport:
        used = sorted(nut for nut, _ in solution)
        same = all(sorted(shown) == [1, 2, 3, 4, 5, 6] and _is_turn(puzzle.nuts[nut], shown)
                   for nut, shown in solution)
        ok = used == list(range(7)) and same
        rules = [Rule(_("Each nut used once, as made"), ok, _("yes") if ok else _("no"), ": ")]
        for (a, sa), (b, sb) in joints():
            x, y = solution[a][1][sa], solution[b][1][sb]
            ok &= x == y
            rules.append(Rule(_("Nut {edge} {number}, nut {other} {other_number}").format(
                edge=edge_name(solution, a, sa), number=x, other=edge_name(solution, b, sb),
                other_number=y), x == y, _("they match") if x == y else _("they differ"), ": "))
        return CheckReport(ok, rules, "Puzzle OK Solution successful." if ok else
                           "Puzzle has ** ERROR ** touching edges differ.")

    def format_solution(self, puzzle: Nuts, solution: Flower) -> str:
        """One line per spot (centre first): the nut's numbers from the top, clockwise."""
        return "\n".join(" ".join(map(str, shown)) for _, shown in solution)

    def parse_solution(self, puzzle: Nuts, text: str) -> Flower:
        rows = [line.split() for line in text.splitlines() if line.strip()]
        # one decimal digit per edge: isdigit() lets ² and 5,000-digit numbers reach int()
        if len(rows) != 7 or any(len(r) != 6 or not all(len(w) == 1 and w.isdecimal()
                                                          for w in r) for r in rows):
            raise PuzzleError(_("expected 7 lines of six numbers, centre nut first"))
        flower = []
        for row in rows:
            shown = tuple(int(w) for w in row)
            nut = next((i for i, n in enumerate(puzzle.nuts) if _is_turn(n, shown)), -1)
            flower.append((nut, shown))
        return tuple(flower)

    def render(self, puzzle: Nuts, solution: Flower | None) -> Image.Image:
        """Seven hexagons with their edge numbers; matching edges touch."""
        radius = 100
        image, pen = draw.canvas(620, 680)
        draw.centred_text(pen, (310, 30), "Drive Ya Nuts", 28, bold=True)
        centre = (310, 360)
        reach = 3 ** 0.5 * radius  # ring spots sit beyond the centre's sides
        spots = [centre] + [(centre[0] + reach * cos(pi / 2 - k * pi / 3),
                             centre[1] - reach * sin(pi / 2 - k * pi / 3)) for k in range(6)]
        nuts = solution or tuple((i, n) for i, n in enumerate(puzzle.nuts))
        for spot, (nut, shown) in enumerate(nuts):
            cx, cy = spots[spot]
            corners = [(cx + radius * cos(pi / 3 * i), cy + radius * sin(pi / 3 * i))
                       for i in range(6)]
            fill = draw.PALETTE[nut % len(draw.PALETTE)]
            pen.polygon(corners, fill=fill, outline=draw.INK, width=3)
            pen.ellipse([cx - 22, cy - 22, cx + 22, cy + 22], fill=draw.PAPER, outline=draw.INK,
                        width=2)
            draw.centred_text(pen, (cx, cy), nut_letter(nut), 22, bold=True)
            for side, number in enumerate(shown):
                angle = pi / 2 - side * pi / 3
                x = cx + 0.68 * radius * cos(angle)
                y = cy - 0.68 * radius * sin(angle)
                draw.centred_text(pen, (x, y), str(number), 26, fill=draw.contrast(fill),
                                  bold=True)
        return image


#: where a spot lies in the flower (0 the centre), and the way a side faces: both
#: clockwise from the top, as the picture draws them
PLACES = (N_("centre"), N_("top"), N_("upper right"), N_("lower right"), N_("bottom"),
          N_("lower left"), N_("upper left"))
EDGES = (N_("top edge"), N_("upper right edge"), N_("lower right edge"), N_("bottom edge"),
         N_("lower left edge"), N_("upper left edge"))


def nut_letter(nut: int) -> str:
    """The letter the picture prints on a nut: A for the first nut given, then B..."""
    return chr(ord("A") + nut)


def edge_name(solution: Flower, spot: int, side: int) -> str:
    """An edge as the picture shows it: `C (top) bottom edge`."""
    return _("{letter} ({place}) {edge}").format(letter=nut_letter(solution[spot][0]),
                                                  place=_(PLACES[spot]), edge=_(EDGES[side]))


def _is_turn(nut: tuple[int, ...], shown: tuple[int, ...]) -> bool:
    """Is `shown` the nut turned some way?"""
    return any(nut[t:] + nut[:t] == tuple(shown) for t in range(6))
