"""N queens on an N x N chessboard, as `aps`' `queen` program poses it.

An exact cover: each queen fills one *row* and one *column* (primary items, covered
once) and two *diagonals* (secondary items, at most once). Queens are interchangeable,
so one option per square. A *placement* is the tuple of queen columns, row by row.
Unique placements exclude the board's 8 rotations and reflections; the search breaks
the left-right mirror by keeping the first row's queen in the left half, and a
canonical form tells the rest apart.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from .. import draw
from ..base import ASSEMBLY_PUZZLES, PuzzleKind
from ..exact_cover import CoverSearch, ExactCover
from ..i18n import N_, Translated, _
from ..texts import check_size, with_symmetries
from ..values import CheckReport, Limits, PuzzleError, Rule, Solutions

MAX_N = 16
#: queen counts per n (all placements, unique ones), OEIS A000170 and A002562
KNOWN = {1: (1, 1), 4: (2, 1), 5: (10, 2), 6: (4, 1), 7: (40, 6), 8: (92, 12),
         9: (352, 46), 10: (724, 92), 11: (2680, 341), 12: (14200, 1787)}

Placement = tuple[int, ...]


@dataclass(frozen=True)
class Board:
    n: int

    @property
    def name(self) -> str:
        return f"{self.n}x{self.n}"


#: what a count counts, and its singular for exactly one (`Solutions.how_many`)
PLACEMENTS = (N_("unique placements"), N_("unique placement"))


def symmetries(p: Placement) -> list[Placement]:
    """The 8 images of a placement under the board's rotations and reflections."""
    n = len(p)
    squares = [(r, c) for r, c in enumerate(p)]
    images = []
    for turn in range(8):
        moved = []
        for r, c in squares:
            for _turn in range(turn % 4):
                r, c = c, n - 1 - r
            if turn >= 4:
                c = n - 1 - c
            moved.append((r, c))
        images.append(tuple(c for _, c in sorted(moved)))
    return images


class QueensKind(PuzzleKind[Board, Placement]):
    name = "queens"
    family = ASSEMBLY_PUZZLES
    title = "Queens"
    summary = Translated("`queens N`: N queens on an N x N board, none attacking another (N up "
                         "to 16)")
    example = "queens.txt"
    rules = Translated("Place N queens on an N x N chessboard so that no two share a row, a "
                       "column or a diagonal: no queen can take another.")
    bare_is_example = True
    aliases = ("queen",)
    version = "2"
    counted = PLACEMENTS[0]

    def detect(self, text: str) -> bool:
        words = text.lower().split()
        return len(words) == 2 and words[0] in ("queens", "queen") and words[1].isdigit()

    def parse(self, text: str) -> Board:
        check_size(text, 200)
        words = text.lower().replace("/", " ").split()
        if words and words[0] in ("queens", "queen"):
            words = words[1:]
        if not words:
            return Board(8)
        if len(words) != 1 or not words[0].isdecimal():  # isdigit() lets ² through to int()
            raise PuzzleError(_("'{words}' is not a board size; send e.g. queens 8").format(
                words=" ".join(words)), 1)
        n = int(words[0])
        if not 1 <= n <= MAX_N:
            raise PuzzleError(_("a {n}x{n} board is not offered; N must be from 1 to {most}")
                              .format(n=n, most=MAX_N), 1)
        return Board(n)

    def canonical(self, puzzle: Board) -> str:
        return str(puzzle.n)

    def solve(self, puzzle: Board, limits: Limits) -> Solutions:
        """Unique placements (the whole count, until the deadline) and all placements."""
        n = puzzle.n
        problem = ExactCover()
        for i in range(n):
            problem.primary(("row", i))
            problem.primary(("column", i))
        for d in range(2 * n - 1):
            problem.secondary(("down", d))
            problem.secondary(("up", d))
        square = []
        for r in range(n):
            for c in range(n):
                if r == 0 and c >= (n + 1) // 2:
                    continue  # the mirror image has its first queen in the left half
                problem.option([("row", r), ("column", c), ("down", r - c + n - 1),
                                ("up", r + c)])
                square.append((r, c))
        seen: set[Placement] = set()
        raw = [0]

        def accept(cover: list[int]) -> bool:
            placement = tuple(c for _, c in sorted(square[i] for i in cover))
            images = symmetries(placement)
            key = min(images)
            if key in seen:
                return False
            seen.add(key)
            raw[0] += len(set(images))
            return True

        def solutions(search: CoverSearch) -> Solutions:
            found = [tuple(c for _, c in sorted(square[i] for i in cover))
                     for cover in search.found]
            return Solutions(found, search.count, search.exhaustive,
                             "" if search.count or search.counting
                             else _("no {n} queens fit on a {n}x{n} board").format(n=n),
                             {"all_placements": raw[0], "seconds": round(search.seconds, 3)},
                             search.counting)

        return solutions(problem.run(limits, keep=max(limits.max_solutions, 1), accept=accept,
                                     hand_back=lambda so_far: limits.hand_back(
                                         solutions(so_far))))

    def caption(self, puzzle: Board, solutions: Solutions,
                report: CheckReport | None) -> str:
        """Title and verdict; the count's own line (`count_figures`) follows it."""
        if not solutions.found:
            return _("Queens {size}: none.").format(size=puzzle.name)
        return f"Queens {puzzle.name}\n{report.summary() if report else ''}"

    def count_figures(self, puzzle: Board, solutions: Solutions) -> str:
        return with_symmetries(solutions, solutions.stats.get("all_placements", 0),
                               self.counted)

    def check(self, puzzle: Board, solution: Placement) -> CheckReport:
        """One queen per row and column, never two on a diagonal."""
        n = puzzle.n
        rows_ok = len(solution) == n and all(0 <= c < n for c in solution)
        columns_ok = len(set(solution)) == n
        down = {r - c for r, c in enumerate(solution)}
        up = {r + c for r, c in enumerate(solution)}
        diagonals_ok = len(down) == n and len(up) == n
        rules = [Rule(name, holds, _("yes") if holds else _("no"), ": ") for name, holds in (
            (_("One queen in each of {n} rows").format(n=n), rows_ok),
            (_("One queen in each of {n} columns").format(n=n), columns_ok),
            (_("No two queens on a diagonal"), diagonals_ok))]
        ok = rows_ok and columns_ok and diagonals_ok
        return CheckReport(ok, rules, "Puzzle OK Solution successful." if ok else
                           "Puzzle has ** ERROR ** two queens attack each other.")

    def format_solution(self, puzzle: Board, solution: Placement) -> str:
        """`aps`' picture: O for a queen, . for an empty square."""
        return "\n".join("".join("O" if c == q else "." for c in range(puzzle.n))
                         for q in solution)

    def parse_solution(self, puzzle: Board, text: str) -> Placement:
        rows = [(i, r.strip()) for i, r in enumerate(text.splitlines(), 1) if r.strip()]
        if len(rows) != puzzle.n:
            raise PuzzleError(_("expected {n} rows, got {got}").format(n=puzzle.n, got=len(rows)))
        placement = []
        for number, row in rows:
            if len(row) != puzzle.n or row.count("O") + row.count("Q") != 1:
                raise PuzzleError(_("expected {n} squares with one O (queen)").format(n=puzzle.n),
                                  number)
            placement.append(max(row.find("O"), row.find("Q")))
        return tuple(placement)

    def render(self, puzzle: Board, solution: Placement | None) -> Image.Image:
        """A chessboard with crowned queens."""
        n = puzzle.n
        cell = max(34, 480 // n)
        top, margin = 56, 24
        image, pen = draw.canvas(n * cell + 2 * margin, n * cell + top + margin)
        draw.centred_text(pen, (image.width / 2, top / 2), _("{n} queens").format(n=n), 26,
                          bold=True)
        for r in range(n):
            for c in range(n):
                x, y = margin + c * cell, top + r * cell
                fill = (240, 217, 181) if (r + c) % 2 == 0 else (181, 136, 99)
                pen.rectangle([x, y, x + cell, y + cell], fill=fill)
                if solution is not None and solution[r] == c:
                    draw.write(pen, (x + cell / 2, y + cell / 2), "\u265b", int(cell * 0.95))
        pen.rectangle([margin, top, margin + n * cell, top + n * cell], outline=draw.INK,
                      width=3)
        return image
