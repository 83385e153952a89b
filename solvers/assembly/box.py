"""Box puzzles: parts of given shapes packed into a hyperrectangle, counted up to symmetry.

A *box* has a length per dimension and may exclude some locations (holes). An
*assembly* is one placement (a position in the box) per part, covering every free
location once; the raw count lists assemblies as they are, the unique count takes
rotations and reflections of the whole as the same assembly, as `aps` reports them.

Symmetry is broken in the search, not filtered afterwards: one *anchor* shape (a
single part whose mirror image is itself) is only tried in one position per orbit of
the box's symmetries, which cuts the search by up to the size of the group. Anchor
positions that some symmetry leaves in place are then told apart by a canonical form.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import product
from typing import TYPE_CHECKING

import numpy as np

from .. import i18n
from ..exact_cover import ExactCover
from ..i18n import _
from ..values import Limits, PuzzleError, Solutions
from . import shapes as geo
from .shapes import Location, Map, Position

if TYPE_CHECKING:
    from .bitmask import BitmaskSearch

#: largest box (free locations) and part count accepted, checked before any search
MAX_LOCATIONS = 1000
MAX_PARTS = 200
#: orientations a part may take (2^d d! in d dimensions) times free locations: a bound on
#: the placements of one part, which the setup before the search weighs against every
#: symmetry of the box; 6 dimensions reach millions and the setup alone runs for minutes
MAX_PLACEMENTS = 1_000_000
#: placements x symmetries above which only one anchor candidate is weighed
ANCHOR_WORK = 50_000
#: nodes per slice of the bitmask search between deadline checks (about 0.1 s): filling
#: the lowest location runs about 20 million nodes a second, weighing tight locations
#: (3D) 1 to 2 million (Bedlam, Y25)
SLICE, WEIGHED_SLICE = 2_000_000, 200_000


@dataclass(frozen=True)
class Shape:
    """A shape and its parts: one label character per interchangeable part."""

    position: Position
    parts: str


@dataclass(frozen=True)
class BoxPuzzle:
    """A box, its holes and its shapes (the whole of a boxer file)."""

    lengths: tuple[int, ...]
    excluded: frozenset[Location]
    shapes: tuple[Shape, ...]
    name: str = ""

    @property
    def dims(self) -> int:
        return len(self.lengths)

    @cached_property
    def axes(self) -> list[int]:
        """Axes in search order: the shortest varies fastest (fewer dead ends)."""
        return sorted(range(self.dims), key=lambda a: (self.lengths[a], a))

    @cached_property
    def locations(self) -> list[Location]:
        """Every location of the box (holes too), numbered in search order."""
        found = []
        for offsets in product(*(range(self.lengths[a]) for a in reversed(self.axes))):
            location = [0] * self.dims
            for axis, value in zip(reversed(self.axes), offsets, strict=True):
                location[axis] = value
            found.append(tuple(location))
        return found

    @cached_property
    def free(self) -> list[int]:
        """Numbers of the locations parts may fill (all but the holes)."""
        return [i for i, loc in enumerate(self.locations) if loc not in self.excluded]

    @cached_property
    def index(self) -> dict[Location, int]:
        return {loc: i for i, loc in enumerate(self.locations)}

    @property
    def volume(self) -> int:
        return sum(len(s.position) * len(s.parts) for s in self.shapes)


#: one placed part: (shape number, sorted location numbers)
Placement = tuple[int, tuple[int, ...]]
#: an assembly: one placement per part, sorted
Assembly = tuple[Placement, ...]
#: what a cover search streams: a cover (placement numbers; None: none this time, the
#: search goes on) and the nodes searched so far
Covers = tuple[list[int] | None, int]


def check_limits(puzzle: BoxPuzzle) -> None:
    """Refuse boxes too big for a chat reply before any search starts."""
    free = len(puzzle.free)
    parts = sum(len(s.parts) for s in puzzle.shapes)
    if free > MAX_LOCATIONS:
        raise PuzzleError(_("the box has {free} free locations; the limit is {limit}").format(
            free=i18n.number(free), limit=i18n.number(MAX_LOCATIONS)))
    if parts > MAX_PARTS:
        raise PuzzleError(_("the puzzle has {parts} parts; the limit is {limit}").format(
            parts=i18n.number(parts), limit=i18n.number(MAX_PARTS)))
    turns = 2 ** puzzle.dims * math.factorial(puzzle.dims)
    if turns * free > MAX_PLACEMENTS:
        raise PuzzleError(_("a part may take {turns} orientations in {dims} dimensions at each "
                            "of {free} free locations; that many placements ({placements}) is "
                            "over the limit of {limit}").format(
            turns=i18n.number(turns), dims=puzzle.dims, free=i18n.number(free),
            placements=i18n.number(turns * free), limit=i18n.number(MAX_PLACEMENTS)))
    if puzzle.volume > free:
        raise PuzzleError(_("the parts fill {volume} locations but the box has only {free} free "
                            "ones").format(volume=i18n.number(puzzle.volume),
                                           free=i18n.number(free)))


class Assembler:
    """Everything derived from one box puzzle that the search and the counting need."""

    def __init__(self, puzzle: BoxPuzzle):
        check_limits(puzzle)
        self.puzzle = puzzle
        self.counts = [len(s.parts) for s in puzzle.shapes]
        self.symmetries = self._effective_symmetries()
        self.placements: list[Placement] = []
        self.shape_by_cells: dict[tuple[int, ...], int] = {}
        self._first: dict[tuple[int, ...], int] = {}
        for number, shape in enumerate(puzzle.shapes):
            for cells in self._positions(shape.position):
                self._first.setdefault(cells, len(self.placements))
                self.placements.append((number, cells))
                self.shape_by_cells.setdefault(cells, number)
        self._moves = [[puzzle.index[geo.in_box(m, loc, puzzle.lengths)]
                        for loc in puzzle.locations] for m in self.symmetries]
        self._move_array = np.array(self._moves, dtype=np.int64)
        self._moved: dict[int, np.ndarray] = {}
        self.anchor = self._choose_anchor()

    # Geometry -----------------------------------------------------------------------

    def _positions(self, position: Position) -> list[tuple[int, ...]]:
        """Every placement of one shape in the box, as sorted location numbers."""
        index, lengths = self.puzzle.index, self.puzzle.lengths
        found = []
        for oriented in geo.orientations(position, geo.part_maps(self.puzzle.dims)):
            spans = [max(c[a] for c in oriented) for a in range(self.puzzle.dims)]
            ranges = [range(lengths[a] - spans[a]) for a in range(self.puzzle.dims)]
            for shift in product(*ranges):
                moved = [tuple(v + s for v, s in zip(c, shift, strict=True)) for c in oriented]
                if not self.puzzle.excluded.intersection(moved):
                    found.append(tuple(sorted(index[m] for m in moved)))
        return found

    def _effective_symmetries(self) -> list[Map]:
        """Box symmetries that turn assemblies into assemblies.

        A reflection does so only if every shape's mirror image is also a shape with
        as many parts; otherwise only the rotations are kept.
        """
        maps = geo.box_symmetries(self.puzzle.lengths, self.puzzle.excluded)
        shapes = [s.position for s in self.puzzle.shapes]
        if self.puzzle.dims <= 2 or geo.is_mirror_closed(shapes, self.counts, self.puzzle.dims):
            return maps
        proper = {m for m in geo.all_maps(self.puzzle.dims, proper_only=True)}
        return [m for m in maps if m in proper]

    def move(self, k: int, placement: Placement) -> Placement:
        """Symmetry k applied to a placement (its shape may become its mirror shape)."""
        cells = tuple(sorted(self._moves[k][c] for c in placement[1]))
        return self.shape_by_cells.get(cells, placement[0]), cells

    def images_of(self, number: int) -> np.ndarray:
        """The number of a placement's image under each symmetry (as `move` finds it:
        the first placement with the image's locations), kept once found: an assembly's
        images are then rows of one lookup. Built per placement as covers use it, not
        for all at once, which could be millions of placements by hundreds of symmetries."""
        column = self._moved.get(number)
        if column is None:
            images = np.sort(self._move_array[:, self.placements[number][1]], axis=1)
            column = np.array([self._first[tuple(row)] for row in images.tolist()],
                              dtype=np.int64)
            self._moved[number] = column
        return column

    def _choose_anchor(self) -> tuple[int, dict[int, list[int]]] | None:
        """The anchor shape and, for each of its kept placements, the symmetries fixing it.

        Among single-part shapes that every symmetry maps to themselves, the one with
        the fewest orbit representatives wins; None when there is no such shape. In big
        boxes only the shape with the fewest placements is weighed, to keep set-up short.
        """
        mine: dict[int, list[int]] = {}
        for i, (shape, _cells) in enumerate(self.placements):
            mine.setdefault(shape, []).append(i)
        eligible = sorted((n for n, count in enumerate(self.counts) if count == 1 and mine.get(n)
                           and all(self.move(k, self.placements[mine[n][0]])[0] == n
                                   for k in range(len(self.symmetries)))),
                          key=lambda n: len(mine[n]))
        if len(self.placements) * len(self.symmetries) > ANCHOR_WORK:
            eligible = eligible[:1]
        best = None
        for number in eligible:
            kept: dict[int, list[int]] = {}
            for i in mine[number]:
                images = [self.move(k, self.placements[i]) for k in range(len(self.symmetries))]
                if self.placements[i] == min(images):
                    kept[i] = [k for k, image in enumerate(images) if image == self.placements[i]]
            if best is None or len(kept) < len(best[1]):
                best = (number, kept)
        return best

    def search_placements(self) -> list[int]:
        """Placement numbers the search may use (symmetry broken).

        With an anchor shape, all but its non-representative placements. Without one
        (all parts alike, as in Y25), the part at the first free location is kept to
        one placement per orbit of the symmetries that hold that location still.
        """
        if self.anchor is not None:
            number, kept = self.anchor
            return [i for i, p in enumerate(self.placements) if p[0] != number or i in kept]
        corner = self.puzzle.free[0]
        still = [k for k in range(len(self.symmetries)) if self._moves[k][corner] == corner]
        return [i for i, p in enumerate(self.placements) if corner not in p[1]
                or p == min(self.move(k, p) for k in still)]

    # Searching ----------------------------------------------------------------------

    def use_bitmask(self) -> bool:
        """The bitmask search suits boxes of up to 128 locations that the parts fill exactly.

        Filling the lowest empty location alone branches badly in three dimensions (the
        seed measured Bedlam 6x slower than dancing links), but with the probe buckets,
        the walled-in test and, in 3D, branching on tight locations it counts Bedlam's
        19,186 and Y25's 1,264 faster than xcover's dancing cells (bench/README.md).
        """
        from .bitmask import MAX_LOCATIONS as fits

        size = len(self.puzzle.locations)
        exact = self.puzzle.volume == len(self.puzzle.free)
        return exact and size <= fits

    def raw_covers(self, placements: list[int], limits: Limits) -> Iterator[Covers]:
        """Stream covers (lists of placement numbers) and the nodes searched so far."""
        if self.use_bitmask():
            first = None
            if self.puzzle.dims >= 3 and len(self.puzzle.locations) > 32:
                # dancing cells reach a first cover far sooner in a big 3D box (Bedlam:
                # 0.01 s against 0.2 s); the bitmask search then counts them all faster
                first, _count = next(self._engine_covers(placements), (None, 0))
                yield first, 0
            for cover, nodes in self._bitmask_covers(placements, limits):
                if cover is None or first is None or sorted(cover) != sorted(first):
                    yield cover, nodes
        else:
            yield from self._engine_covers(placements)

    def prepare(self) -> None:
        """Build what a unique count needs besides the search (the image table, the
        bitmask search's tables: Bedlam 0.2 s), so that no reply pays for it."""
        for number in range(len(self.placements)):
            self.images_of(number)
        if self.use_bitmask():
            self._bitmask_search(self.search_placements())

    def _bitmask_search(self, placements: list[int]) -> BitmaskSearch:
        from .bitmask import BitmaskSearch

        holes = tuple(self.puzzle.index[loc] for loc in self.puzzle.excluded)
        # weighing tight locations pays in three dimensions (Y25: 2.4x faster, Bedlam
        # 1.4x); in two the lowest empty location is as good and weighing costs 4x
        return BitmaskSearch([self.placements[i] for i in placements], self.counts,
                             len(self.puzzle.locations), holes, self._neighbours(),
                             weigh=self.puzzle.dims >= 3)

    def _bitmask_covers(self, placements: list[int], limits: Limits) -> Iterator[Covers]:
        search = self._bitmask_search(placements)
        # With an anchor, place it first: one small search per representative position.
        starts: list[tuple[int, ...]] = [()]
        counts = list(self.counts)
        if self.anchor is not None:
            starts = [(n,) for n, i in enumerate(placements)
                      if self.placements[i][0] == self.anchor[0]]
            counts[self.anchor[0]] = 0
        for start in starts:
            search.restart(start, counts if start else self.counts)
            while not search.finished:
                for cover in search.step(WEIGHED_SLICE if search.weigh else SLICE):
                    yield [placements[i] for i in cover], search.nodes
                yield None, search.nodes

    def _neighbours(self) -> list[tuple[int, int, int]]:
        """For each axis: the step between neighbours in location numbers, and the masks
        of locations that have a next and a previous neighbour along it (for the
        bitmask search's test for an empty location walled in on every side)."""
        found = []
        step = 1
        for axis in self.puzzle.axes:
            length = self.puzzle.lengths[axis]
            after = sum(1 << i for i, loc in enumerate(self.puzzle.locations)
                        if loc[axis] < length - 1)
            before = sum(1 << i for i, loc in enumerate(self.puzzle.locations) if loc[axis] > 0)
            found.append((step, after, before))
            step *= length
        return found

    def _alike(self) -> bool:
        """One shape filling the box exactly: any cover of the cells uses each part once,
        so the shape's count item adds nothing (and would need miniexact's Algorithm M
        where xcover's dancing cells do: Y25)."""
        return self.puzzle.volume == len(self.puzzle.free) and len(self.counts) == 1

    def _engine_covers(self, placements: list[int]) -> Iterator[Covers]:
        problem = ExactCover()
        exact = self.puzzle.volume == len(self.puzzle.free)
        for cell in self.puzzle.free:
            if exact:
                problem.primary(("cell", cell))
            else:
                problem.secondary(("cell", cell))
        alike = self._alike()
        for number, count in enumerate(self.counts):
            if not alike:
                problem.primary(("shape", number), count)
        for i in placements:
            shape, cells = self.placements[i]
            problem.option([*(() if alike else (("shape", shape),)),
                            *(("cell", c) for c in cells)])
        for seen, cover in enumerate(problem.covers(), start=1):
            yield [placements[i] for i in cover], seen

    def solve(self, limits: Limits, unique: bool = True) -> Solutions:
        """Count assemblies (unique by default, raw too), keeping the first few."""
        started = last = time.monotonic()
        group = len(self.symmetries)
        use = self.search_placements() if unique else list(range(len(self.placements)))
        fixing = self.anchor[1] if (unique and self.anchor) else {}
        everything = list(range(group))
        keys: set[bytes] = set()
        found: list[Assembly] = []
        count = raw = nodes = 0
        exhaustive = True
        for cover, nodes in self.raw_covers(use, limits):
            if cover is not None:
                new, orbit = self._classify(cover, fixing, everything, keys, unique)
                if new:
                    count += 1
                    raw += orbit
                    if len(found) < max(limits.max_solutions, 1):
                        found.append(tuple(sorted(self.placements[i] for i in cover)))
            now = time.monotonic()
            if cover is None or now - last > 0.5:
                last = now
                if limits.progress:
                    limits.progress(count, nodes)
                so_far = self._solutions(found, count, raw if unique else count, nodes,
                                         started, exhaustive=False, counting=True)
                if limits.hand_back(so_far):
                    return so_far
                if limits.expired():
                    exhaustive = False
                    break
        return self._solutions(found, count, raw if unique else count, nodes, started,
                               exhaustive)

    def _solutions(self, found: list[Assembly], count: int, raw: int, nodes: int,
                   started: float, exhaustive: bool, counting: bool = False) -> Solutions:
        """The count so far (or in full) with its figures: raw count, nodes, seconds."""
        stats = {"raw_count": raw, "symmetries": len(self.symmetries),
                 "nodes": nodes, "seconds": round(time.monotonic() - started, 3),
                 "engine": "bitmask" if self.use_bitmask() else
                 "xcover" if all(c == 1 for c in self.counts) or self._alike() else
                 "miniexact"}
        return Solutions(list(found), count, exhaustive, "" if count or counting else
                         "the parts cannot fill the box", stats, counting)

    def _classify(self, cover: list[int], fixing: dict[int, list[int]], everything: list[int],
                  keys: set[bytes], unique: bool) -> tuple[bool, int]:
        """Is this assembly (placement numbers) new up to symmetry, and how many raw
        assemblies it stands for."""
        group = len(self.symmetries)
        if not unique:
            return True, 1
        if self.anchor is not None:
            stabiliser = next(fixing[i] for i in cover if i in fixing)
            if len(stabiliser) == 1:
                return True, group
        else:
            stabiliser = everything
        images = self._images(cover, stabiliser)
        key = min(images)
        if key in keys:
            return False, 0
        keys.add(key)
        return True, group // images.count(images[0])

    def _images(self, cover: list[int], among: list[int]) -> list[bytes]:
        """A fingerprint of the assembly's image under each listed symmetry (identity
        first): its placement numbers, sorted, so equal images match."""
        moved = np.sort(np.stack([self.images_of(i) for i in cover], axis=1)[among], axis=1)
        return [row.tobytes() for row in moved]


@lru_cache(maxsize=16)
def assembler_for(puzzle: BoxPuzzle) -> Assembler:
    """The assembler of a puzzle, built once per process (placements, anchor, maps)."""
    return Assembler(puzzle)
