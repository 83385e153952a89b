"""Geometry of assembly puzzles in any number of dimensions.

Words (after `aps`, seed 003), used throughout the package:
- *location*: one cell of the box, a tuple of integer offsets, one per dimension;
- *position*: a set of locations, normalised so its smallest offsets are 0;
- *shape*: a position together with every orientation a part may take;
- *part*: one physical piece; parts with the same shape are interchangeable;
- *map*: a signed permutation of the axes (a rotation or reflection) that transforms
  locations; the maps that carry the box onto itself are its *symmetries*.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import permutations, product

Location = tuple[int, ...]
Position = tuple[Location, ...]  # sorted, normalised
#: (permutation of axes, sign of each axis): location[i] -> sign[i] * location[perm[i]]
Map = tuple[tuple[int, ...], tuple[int, ...]]


def normalise(locations: Iterable[Location]) -> Position:
    """Shift a set of locations so each axis starts at 0, and sort it."""
    cells = list(locations)
    low = [min(c[i] for c in cells) for i in range(len(cells[0]))]
    return tuple(sorted(tuple(v - o for v, o in zip(c, low, strict=True)) for c in cells))


def _parity(perm: tuple[int, ...]) -> int:
    """+1 for an even permutation, -1 for an odd one."""
    sign, seen = 1, set()
    for start in range(len(perm)):
        if start in seen:
            continue
        length, i = 0, start
        while i not in seen:
            seen.add(i)
            i = perm[i]
            length += 1
        sign *= -1 if length % 2 == 0 else 1
    return sign


def all_maps(dims: int, proper_only: bool = False) -> list[Map]:
    """Every signed axis permutation (2^n n! of them); only rotations if `proper_only`."""
    maps = []
    for perm in permutations(range(dims)):
        for signs in product((1, -1), repeat=dims):
            det = _parity(perm)
            for s in signs:
                det *= s
            if not proper_only or det == 1:
                maps.append((perm, signs))
    return maps


def apply(m: Map, location: Location) -> Location:
    """Transform one location by a map (about the origin)."""
    perm, signs = m
    return tuple(signs[i] * location[perm[i]] for i in range(len(perm)))


def part_maps(dims: int) -> list[Map]:
    """The orientations a physical part may take in a box of `dims` dimensions.

    A flat tile can be turned over (a reflection in 2D is a rotation in 3D), so up to
    two dimensions every map is allowed; from three on only rotations are, as a solid
    part cannot be mirrored.
    """
    return all_maps(dims, proper_only=dims >= 3)


def orientations(position: Position, maps: list[Map]) -> list[Position]:
    """The distinct normalised images of a position under the maps, in a stable order."""
    seen: dict[Position, None] = {}
    for m in maps:
        seen.setdefault(normalise(apply(m, c) for c in position))
    return list(seen)


def box_symmetries(lengths: tuple[int, ...], excluded: frozenset[Location]) -> list[Map]:
    """Maps (with the translation that follows) carrying the box and its holes onto itself.

    A map is kept when it permutes only axes of equal length and maps the excluded
    locations onto themselves; the identity comes first.
    """
    kept = []
    for m in all_maps(len(lengths)):
        perm, _ = m
        if any(lengths[i] != lengths[perm[i]] for i in range(len(perm))):
            continue
        if {in_box(m, c, lengths) for c in excluded} == set(excluded):
            kept.append(m)
    kept.sort(key=lambda m: m != (tuple(range(len(lengths))), (1,) * len(lengths)))
    return kept


def in_box(m: Map, location: Location, lengths: tuple[int, ...]) -> Location:
    """A symmetry of the box applied to a location, staying inside the box."""
    perm, signs = m
    return tuple(
        location[perm[i]] if signs[i] == 1 else lengths[i] - 1 - location[perm[i]]
        for i in range(len(perm)))


def is_mirror_closed(shapes: list[Position], counts: list[int], dims: int) -> list[int] | None:
    """Which shape each shape's mirror image is, or None if some mirror is missing.

    Used to decide whether reflections of a whole assembly are themselves assemblies
    (as for Soma, whose two chiral parts are each other's mirror images).
    """
    maps = part_maps(dims)
    classes = [set(orientations(s, maps)) for s in shapes]
    mirror = ((1, 0) + tuple(range(2, dims)), (1,) * dims) if dims > 1 else ((0,), (-1,))
    result = []
    for shape in shapes:
        image = normalise(apply(mirror, c) for c in shape)
        match = next((j for j, cls in enumerate(classes) if image in cls), None)
        if match is None:
            return None
        result.append(match)
    if any(counts[i] != counts[j] for i, j in enumerate(result)):
        return None
    return result
