"""The genres, one module each, found by listing this package (no list to edit).

Each module defines `GENRE`, an instance of a `solvers.pencil.genre.Genre` subclass;
`find` resolves any of a genre's names (aliases included) to it.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from ..genre import Genre


@cache
def catalog() -> dict[str, Genre]:
    """Every genre by each of its names."""
    out: dict[str, Genre] = {}
    for module in sorted(info.name for info in pkgutil.iter_modules(__path__)):
        genre = importlib.import_module(f"{__name__}.{module}").GENRE
        for name in genre.names:
            out[name] = genre
    return out


def find(name: str) -> Genre | None:
    """The genre called `name` (any of its names, case-insensitive), or None."""
    return catalog().get(name.lower())


def genres() -> list[Genre]:
    """Each genre once, by canonical name."""
    unique = {genre.name: genre for genre in catalog().values()}
    return [unique[name] for name in sorted(unique)]
