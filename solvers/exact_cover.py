"""A small, generic exact-cover engine on top of the compiled `xcover` and `miniexact`.

Words:
- *item*: something an answer must account for. A *primary* item is covered exactly
  `count` times (once, unless several interchangeable parts share it, as the seed's
  "Google cube" shapes do); a *secondary* item at most once (a hole, a queen's diagonal);
- *option*: a set of items chosen together (one part in one position);
- *cover*: a set of options that covers every primary item exactly as often as it must
  and no secondary item twice. Covers are given as sorted lists of option numbers.

Usage::

    problem = ExactCover()
    problem.primary("a"); problem.primary("b"); problem.secondary("hole")
    first = problem.option(["a", "b"])          # option numbers count from 0
    result = problem.run(Limits.within(5), keep=10)
    result.count, result.exhaustive, result.found

When every primary item is covered once the covers come from `xcover` (Knuth's dancing
cells, Algorithm C, compiled with numba; MIT licence), which measured faster on Bedlam;
otherwise from `miniexact` (Knuth's Algorithms C and M, dancing links, BSD licence). Both
stream covers one at a time, so the time budget and progress are checked between covers;
a search that finds nothing for a long time is bounded by the caller's process time limit.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .values import Limits

#: miniexact's answer when it found a cover (20 means there are no more)
_FOUND = 10
#: report progress at most this often (seconds)
PROGRESS_EVERY = 0.5


@dataclass
class CoverSearch:
    """What `ExactCover.run` found: covers kept, how many were counted, whether all."""

    found: list[list[int]]
    count: int
    exhaustive: bool
    seconds: float
    stats: dict[str, int] = field(default_factory=dict)
    #: stopped after handing back the first covers (`run`'s `hand_back`)
    counting: bool = False


class ExactCover:
    """An exact-cover problem built item by item and option by option."""

    def __init__(self, backend: str | None = None) -> None:
        """`backend`: "xcover" or "miniexact"; by default xcover unless some primary
        item is needed more than once (only miniexact's Algorithm M handles that)."""
        if backend not in (None, "xcover", "miniexact"):
            raise ValueError(f"unknown backend {backend!r}")
        self._backend = backend
        self._primary: dict[Hashable, int] = {}
        self._secondary: set[Hashable] = set()
        self._options: list[tuple[Hashable, ...]] = []

    def primary(self, item: Hashable, count: int = 1) -> None:
        """An item every cover must hit exactly `count` times."""
        self._primary[item] = count

    def secondary(self, item: Hashable) -> None:
        """An item a cover may hit at most once."""
        self._secondary.add(item)

    def option(self, items: Iterable[Hashable]) -> int:
        """Add an option; returns its number (from 0). Unknown items are refused."""
        items = tuple(items)
        for item in items:
            if item not in self._primary and item not in self._secondary:
                raise KeyError(f"option uses undeclared item {item!r}")
        self._options.append(items)
        return len(self._options) - 1

    @property
    def options(self) -> list[tuple[Hashable, ...]]:
        return self._options

    @property
    def backend(self) -> str:
        """`xcover` when every primary item is covered once, else `miniexact`.

        xcover 0.2.6 raises IndexError on problems with fewer than two primary items,
        which miniexact answers; those go to miniexact too."""
        if (self._backend == "miniexact" or any(c != 1 for c in self._primary.values())
                or len(self._primary) < 2):  # xcover 0.2.6 fails with one primary item
            return "miniexact"
        return "xcover"

    def covers(self) -> Iterator[list[int]]:
        """Stream every cover (sorted option numbers), in the backend's order."""
        if self.backend == "xcover":
            yield from self._xcover_covers()
            return
        solver = self._build()
        while solver.solve() == _FOUND:
            yield sorted(i - 1 for i in solver.selected_options())

    def _xcover_covers(self) -> Iterator[list[int]]:
        """xcover's dancing cells (Algorithm C), items numbered primary first (xcover is
        imported here: it loads numba, which a process that only parses never needs)."""
        import xcover

        ids = {item: n for n, item in enumerate(self._primary)}
        for item in self._secondary:
            ids.setdefault(item, len(ids))
        flat = np.fromiter((ids[i] for items in self._options for i in items), np.uint32)
        if len(np.unique(flat[flat < len(self._primary)])) < len(self._primary):
            return  # a primary item in no option (xcover fails on an empty matrix)
        pointers = np.zeros(len(self._options) + 1, dtype=np.uint32)
        pointers[1:] = np.cumsum([len(items) for items in self._options])
        colours = np.zeros(len(flat), dtype=np.uint32)
        for cover in xcover.algorithm_c(flat, pointers, colours, len(ids),
                                        len(ids) - len(self._primary)):
            yield sorted(cover)

    def run(self, limits: Limits, keep: int = 1,
            accept: Callable[[list[int]], bool] | None = None,
            cap: int | None = None,
            hand_back: Callable[[CoverSearch], bool] | None = None) -> CoverSearch:
        """Count covers until done, the deadline, or `cap`; keep the first `keep`.

        `accept` filters covers (symmetry reduction): only accepted covers are kept
        and counted. `limits.progress(count, covers seen)` is called every half second,
        and then `hand_back(the search so far)` once a cover is kept: when it answers
        True the count stops there, marked `counting` (see `Limits.early`).
        """
        started = last = time.monotonic()
        found: list[list[int]] = []
        count = seen = 0
        for cover in self.covers():
            seen += 1
            if accept is None or accept(cover):
                count += 1
                if len(found) < keep:
                    found.append(cover)
                if cap is not None and count >= cap:
                    return CoverSearch(found, count, False, time.monotonic() - started,
                                       {"covers_seen": seen})
            now = time.monotonic()
            if now - last > PROGRESS_EVERY:
                last = now
                if limits.progress:
                    limits.progress(count, seen)
                so_far = CoverSearch(list(found), count, False, now - started,
                                     {"covers_seen": seen}, counting=True)
                if found and hand_back is not None and hand_back(so_far):
                    return so_far
                if limits.expired():
                    return CoverSearch(found, count, False, now - started,
                                       {"covers_seen": seen})
        return CoverSearch(found, count, True, time.monotonic() - started,
                           {"covers_seen": seen})

    def _build(self) -> Any:
        """The miniexact solver: Algorithm C, or M when an item is needed more than once."""
        import miniexact

        multiple = any(c != 1 for c in self._primary.values())
        solver = miniexact.miniexacts_m() if multiple else miniexact.miniexacts_c()
        ids: dict[Hashable, int] = {}
        for number, (item, count) in enumerate(self._primary.items()):
            ids[item] = (solver.primary(f"p{number}", count, count) if multiple
                         else solver.primary(f"p{number}"))
        for number, item in enumerate(self._secondary):
            ids[item] = solver.secondary(f"s{number}")
        for items in self._options:
            solver.add([ids[i] for i in items])
        return solver


def warm() -> None:
    """Load xcover's compiled search (numba's cache) before the first real problem."""
    problem = ExactCover()
    problem.primary("a")
    problem.primary("b")
    problem.option(["a"])
    problem.option(["b"])
    list(problem.covers())
