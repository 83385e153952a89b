"""The box kinds: `boxer` (any boxer file) and the presets `pent`, `soma`, `bedlam`, `y25`,
`sg`, `conway` and `diabolical`.

A solution is an assembly: one (label, locations) pair per part. Its text form is the
label grid: for a 2D box one line per row; in more dimensions each line holds every
layer's row side by side, separated by spaces (`.` for a hole), as `aps` prints them.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import partial
from itertools import product
from pathlib import Path

from PIL import Image

from ..base import ASSEMBLY_PUZZLES, PuzzleKind
from ..i18n import N_, Translated, _, ngettext
from ..texts import check_size, header_is, with_symmetries
from ..values import CheckReport, Limits, PuzzleError, Rule, Solutions
from . import boxer, presets, render
from .box import Assembler, BoxPuzzle, assembler_for, check_limits
from .shapes import Location, normalise, orientations, part_maps

#: a solved assembly: (part label, its locations) for every part, in shape order
Assembly = tuple[tuple[str, tuple[tuple[int, ...], ...]], ...]
#: what a count counts, and its singular for exactly one (`Solutions.how_many`)
ASSEMBLIES = (N_("unique assemblies"), N_("unique assembly"))


def _part_words(size: int, fits: bool, inside: bool, clash: list[Location]) -> str:
    """How a placed part sits, in words: its size, and what is wrong with it if anything
    (the rule's own mark says right or wrong; no seed prints these lines)."""
    locations = ngettext("{count} location", "{count} locations", size).format(count=size)
    if not fits:
        return _("{locations}, not the part's shape").format(locations=locations)
    if not inside:
        return _("{locations}, outside the box").format(locations=locations)
    if clash:
        return _("{locations}, overlapping at {cell}").format(locations=locations,
                                                              cell=clash[0])
    return locations


class BoxerKind(PuzzleKind[BoxPuzzle, Assembly]):
    name = "boxer"
    family = ASSEMBLY_PUZZLES
    title = "Boxer"
    summary = Translated("`#boxer NAME` then the seed's boxer numbers: dimensions, lengths, "
                         "holes, shapes with their parts and offsets")
    example = "boxer_soma.txt"
    rules = Translated("Fit every piece into the box, turned any way you like, so that no two "
                       "pieces overlap and no space is left. I show one way and count them "
                       "all.")
    version = "2"
    counted = ASSEMBLIES[0]

    def detect(self, text: str) -> bool:
        return header_is(text, "boxer")

    def warm_up(self) -> None:
        from . import warm  # the package imports this module: import at call time

        warm()

    def parse(self, text: str) -> BoxPuzzle:
        puzzle = boxer.parse(text)
        check_limits(puzzle)  # refused before any search
        return puzzle

    def canonical(self, puzzle: BoxPuzzle) -> str:
        return boxer.write(puzzle)

    def solve(self, puzzle: BoxPuzzle, limits: Limits) -> Solutions:
        """Unique assemblies up to rotation and reflection; raw count in the stats.

        The whole count runs until the deadline (the cap only limits those kept), since
        the count is the answer these puzzles ask for.
        """
        def labelled(solutions: Solutions) -> Solutions:
            return replace(solutions, found=[self._label(puzzle, a) for a in solutions.found])

        early = limits.early
        asked = replace(limits, early=early and (lambda so_far: early(labelled(so_far))))
        return labelled(assembler_for(puzzle).solve(asked))

    @staticmethod
    def _label(puzzle: BoxPuzzle, assembly: Iterable[tuple[int, Iterable[int]]]) -> Assembly:
        """Give each placed part its label: the k-th placement of a shape its k-th part."""
        used = [0] * len(puzzle.shapes)
        labelled = []
        for shape, cells in assembly:
            label = puzzle.shapes[shape].parts[used[shape]]
            used[shape] += 1
            labelled.append((label, tuple(puzzle.locations[c] for c in cells)))
        return tuple(labelled)

    def caption(self, puzzle: BoxPuzzle, solutions: Solutions,
                report: CheckReport | None) -> str:
        """Title and verdict; the count's own line (`count_figures`) follows it."""
        title = puzzle.name or self.title
        if not solutions.found:
            return _("{title}: no assembly ({count}).").format(title=title,
                                                               count=solutions.count_text())
        return f"{title}\n{report.summary() if report else ''}"

    def count_figures(self, puzzle: BoxPuzzle, solutions: Solutions) -> str:
        return with_symmetries(solutions, solutions.stats.get("raw_count", 0), self.counted)

    # Checking -----------------------------------------------------------------------

    def check(self, puzzle: BoxPuzzle, solution: Assembly) -> CheckReport:
        """Every part has its shape, lies inside the box, and every location is filled once."""
        rules, ok = [], True
        shapes = {label: shape for shape in puzzle.shapes for label in shape.parts}
        seen: dict[tuple[int, ...], str] = {}
        for label, cells in solution:
            shape = shapes.get(label)
            fits = shape is not None and normalise(cells) in set(
                orientations(shape.position, part_maps(puzzle.dims)))
            inside = all(0 <= v < n for c in cells for v, n in zip(c, puzzle.lengths,
                                                                    strict=True))
            clash = [c for c in cells if c in seen or c in puzzle.excluded]
            for c in cells:
                seen[c] = label
            good = fits and inside and not clash
            ok &= good
            rules.append(Rule(_("Part {label}").format(label=label), good,
                              _part_words(len(cells), fits, inside, clash), ": "))
        labels = sorted(label for label, _ in solution)
        expected = sorted(label for shape in puzzle.shapes for label in shape.parts)
        empty = len(puzzle.free) - len(seen)
        full = puzzle.volume < len(puzzle.free) or empty == 0
        rules.append(Rule(_("Parts used"), labels == expected, _("{used} of {parts}").format(
            used=len(labels), parts=len(expected)), ": "))
        rules.append(Rule(_("Empty locations"), full, str(empty), ": "))
        ok &= labels == expected and full
        verdict = ("Puzzle OK Assembly successful." if ok
                   else "Puzzle has ** ERROR ** the assembly breaks a rule above.")
        return CheckReport(ok, rules, verdict)

    # Text form ----------------------------------------------------------------------

    def format_solution(self, puzzle: BoxPuzzle, solution: Assembly) -> str:
        grid = {c: label for label, cells in solution for c in cells}
        rows = []
        for r in range(puzzle.lengths[0]):
            groups = []
            for rest in product(*(range(n) for n in puzzle.lengths[2:])):
                width = puzzle.lengths[1] if puzzle.dims > 1 else 1
                groups.append("".join(grid.get((r, c, *rest)[:puzzle.dims], ".")
                                      for c in range(width)))
            rows.append(" ".join(groups))
        return "\n".join(rows)

    def parse_solution(self, puzzle: BoxPuzzle, text: str) -> Assembly:
        lines = [(n, line.split()) for n, line in enumerate(text.splitlines(), 1)
                 if line.strip()]
        if len(lines) != puzzle.lengths[0]:
            raise PuzzleError(_("expected {lines} lines, got {got}").format(
                lines=puzzle.lengths[0], got=len(lines)))
        layers = list(product(*(range(n) for n in puzzle.lengths[2:])))
        width = puzzle.lengths[1] if puzzle.dims > 1 else 1
        parts: dict[str, list[tuple[int, ...]]] = {}
        for r, (number, groups) in enumerate(lines):
            if len(groups) != len(layers) or any(len(g) != width for g in groups):
                raise PuzzleError(_("expected {groups} groups of {width} labels").format(
                    groups=len(layers), width=width), number)
            for rest, group in zip(layers, groups, strict=True):
                for c, label in enumerate(group):
                    if label != ".":
                        parts.setdefault(label, []).append((r, c, *rest)[:puzzle.dims])
        return tuple((label, tuple(cells)) for label, cells in parts.items())

    # Picture ------------------------------------------------------------------------

    def render(self, puzzle: BoxPuzzle, solution: Assembly | None) -> Image.Image:
        labels = "".join(s.parts for s in puzzle.shapes)
        grid = {c: label for label, cells in (solution or ()) for c in cells}
        title = puzzle.name or "Boxer"
        lengths = puzzle.lengths if puzzle.dims >= 2 else (1, puzzle.lengths[0])
        if puzzle.dims == 1:
            grid = {(0, c[0]): label for c, label in grid.items()}
        if len(lengths) == 2:
            cell = max(26, min(60, 600 // max(lengths)))
            return render.tiles(grid, lengths[0], lengths[1], labels, cell, title)
        pictures = render.slices(grid, lengths, labels)
        if puzzle.dims == 3:
            pictures.insert(0, render.isometric(grid, (lengths[0], lengths[1], lengths[2]),
                                                labels))
        return render.stack(pictures, per_row=3 if len(pictures) > 4 else len(pictures),
                            title=title)

    def cli_commands(self) -> dict[str, Callable[[list[str]], int]]:
        return {"assembly-count": count_command}


class PresetKind(BoxerKind):
    """A box puzzle `aps` ships as its own program; the input is its short command."""

    bare_is_example = True

    builders: dict[str, Callable[[], BoxPuzzle]] = {}

    def detect(self, text: str) -> bool:
        words = text.lower().replace("/", " ").split()
        return bool(words) and words[0] == self.name and len(words) <= 2

    def parse(self, text: str) -> BoxPuzzle:
        check_size(text, 200)
        words = text.lower().replace("/", " ").split()
        if words and words[0] == self.name:
            words = words[1:]
        key = words[0] if words else ""
        if key not in self.builders:
            choices = ", ".join(f"'{self.name} {k}'".replace(" '", "'") for k in self.builders)
            raise PuzzleError(_("'{key}' is not a {title} puzzle; send {choices}").format(
                key=key, title=self.title, choices=choices), 1)
        return self.builders[key]()


class PentKind(PresetKind):
    name = "pent"
    title = "Pentominoes"
    summary = Translated("`pent N`: the 12 pentominoes in an N x 60/N rectangle, N = 3, 4, 5 "
                         "or 6")
    example = "pent.txt"
    aliases = ("pentomino", "pentominoes")
    builders: dict[str, Callable[[], BoxPuzzle]] = {
        "": lambda: presets.pentominoes(6),
        **{str(n): partial(presets.pentominoes, n) for n in presets.PENT_SIZES},
        "scott": presets.scott}


class SomaKind(PresetKind):
    name = "soma"
    title = "Soma cube"
    summary = Translated("`soma`: Piet Hein's seven pieces in a 3x3x3 cube (240 unique "
                         "assemblies)")
    example = "soma.txt"
    builders = {"": presets.soma}


class BedlamKind(PresetKind):
    name = "bedlam"
    title = "Bedlam cube"
    summary = Translated("`bedlam`: thirteen pieces in a 4x4x4 cube (19,186 unique; long "
                         "count)")
    example = "bedlam.txt"
    builders = {"": presets.bedlam}


class Y25Kind(PresetKind):
    name = "y25"
    title = "Y25 cube"
    summary = Translated("`y25`: 25 Y pentacubes in a 5x5x5 cube (1,264 unique; long count)")
    example = "y25.txt"
    builders = {"": presets.y25}


class SlothouberGraatsmaKind(PresetKind):
    name = "sg"
    title = "Slothouber-Graatsma puzzle"
    summary = Translated("`sg`: six 1x2x2 blocks and three unit cubes in a 3x3x3 box (1 unique "
                         "assembly)")
    example = "sg.txt"
    aliases = ("slothouber",)
    builders = {"": presets.slothouber_graatsma}


class ConwayKind(PresetKind):
    name = "conway"
    title = "Conway's puzzle"
    summary = Translated("`conway`: thirteen 1x2x4, one 2x2x2, one 1x2x2 and three 1x1x3 blocks "
                         "in a 5x5x5 box")
    example = "conway.txt"
    builders = {"": presets.conway}


class DiabolicalKind(PresetKind):
    name = "diabolical"
    title = "Diabolical cube"
    summary = Translated("`diabolical`: six flat pieces of 2 to 7 cubes in a 3x3x3 cube (13 "
                         "unique)")
    example = "diabolical.txt"
    builders = {"": presets.diabolical}


def count_command(argv: list[str]) -> int:
    """`python -m solvers assembly-count FILE|PRESET [--timeout S]`: a full count."""
    parser = argparse.ArgumentParser(prog="python -m solvers assembly-count")
    parser.add_argument("puzzle", help="a boxer file, or pent3..pent6, soma, bedlam, y25, "
                                       "sg, conway, diabolical")
    parser.add_argument("--timeout", type=float, default=None)
    parser.add_argument("--raw", action="store_true", help="count without symmetry breaking")
    args = parser.parse_args(argv)
    named: dict[str, Callable[[], BoxPuzzle]] = {
        "soma": presets.soma, "bedlam": presets.bedlam, "y25": presets.y25,
        "scott": presets.scott, "tesseract": presets.tesseract_dominoes,
        "sg": presets.slothouber_graatsma, "conway": presets.conway,
        "diabolical": presets.diabolical,
        **{f"pent{n}": partial(presets.pentominoes, n) for n in presets.PENT_SIZES}}
    try:
        puzzle = (named[args.puzzle]() if args.puzzle in named
                  else boxer.parse(Path(args.puzzle).read_text(encoding="utf-8")))
        assembler = Assembler(puzzle)
    except PuzzleError as error:
        print(error, file=sys.stderr)
        return 2

    def progress(count: int, nodes: int) -> None:
        print(f"  {count:,} found so far ({nodes:,} nodes)", file=sys.stderr)

    started = time.monotonic()
    found = assembler.solve(Limits.within(args.timeout, max_solutions=1, progress=progress),
                            unique=not args.raw)
    print(f"{puzzle.name}: {found.count_text()} {'raw' if args.raw else 'unique'} "
          f"assemblies, {found.stats.get('raw_count', 0):,} raw, "
          f"{time.monotonic() - started:.2f} s ({found.stats.get('engine')})")
    return 0
