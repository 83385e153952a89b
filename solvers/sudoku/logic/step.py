"""One logical step as the engine finds it, and the scale that rates it.

Ratings follow Sudoku Explainer's scale where it has the technique (1.0 full house ...
7.x forcing chains); techniques it lacks (single-digit patterns, finned fish, ALS) sit
where players usually place them. A puzzle's band is its hardest step's rating read off
the one scale every kind shares (`solvers.values.level_of`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ... import gridkit
from ...i18n import N_, _
from ...values import level_of

if TYPE_CHECKING:
    from .board import Board

#: technique -> rating; the technique's English name is its key everywhere, and
#: `Step.name` (or `_(technique)`) is the name a person reads
TECHNIQUES: dict[str, float] = {
    N_("Full House"): 1.0,
    N_("Hidden Single"): 1.2,  # in a box; 1.5 in a row or column
    N_("Naked Single"): 2.3,
    N_("Pointing"): 2.6,
    N_("Claiming"): 2.8,
    N_("Naked Pair"): 3.0,
    N_("X-Wing"): 3.2,
    N_("Hidden Pair"): 3.4,
    N_("Naked Triple"): 3.6,
    N_("Swordfish"): 3.8,
    N_("Hidden Triple"): 4.0,
    N_("Skyscraper"): 4.0,
    N_("2-String Kite"): 4.1,
    N_("XY-Wing"): 4.2,
    N_("Empty Rectangle"): 4.3,
    N_("XYZ-Wing"): 4.4,
    N_("W-Wing"): 4.4,
    N_("Unique Rectangle"): 4.5,
    N_("Finned X-Wing"): 4.6,
    N_("Simple Colouring"): 4.7,
    N_("Naked Quad"): 5.0,
    N_("Jellyfish"): 5.2,
    N_("Hidden Quad"): 5.4,
    N_("BUG+1"): 5.6,
    N_("Finned Swordfish"): 5.7,
    N_("Finned Jellyfish"): 6.0,
    N_("X-Chain"): 6.5,  # + 0.1 a link beyond four
    N_("XY-Chain"): 6.6,  # + 0.1 a cell beyond four
    N_("AIC"): 6.8,  # + 0.1 a strong link beyond three
    N_("Grouped AIC"): 7.0,  # + 0.1 a strong link beyond three
    N_("ALS-XZ"): 7.0,
    N_("Forcing Chain"): 7.8,  # + 0.1 a placement beyond eight, to 9.5
    N_("Forcing Net"): 8.6,  # + the same for length, to 10.1
    N_("Guess"): 11.0,
}


@dataclass(frozen=True)
class Step(gridkit.Step[int]):
    """What one technique found (the grid kinds' step: placements and eliminations as
    (cell, digit), the cells it reasons about, where to look first, one plain sentence),
    rated: Sudoku's techniques are rated per step (longer chains rate higher). A chain's
    `links` are the (from, to) cells its sentence follows, in order: the picture draws
    them as arrows, so every cell the sentence names is on the picture and connected."""

    rating: float = field(default=0.0)
    links: tuple[tuple[int, int], ...] = field(default=())

    @property
    def name(self) -> str:
        """The technique's name in the current language ("Versteckter Einer")."""
        return _(self.technique)

    @property
    def band(self) -> str:
        return level_of(self.rating)


def step(technique: str, text: str, where: str, cells: list[int] | tuple[int, ...], *,
         placements: list[tuple[int, int]] | None = None,
         eliminations: list[tuple[int, int]] | None = None,
         extra: float = 0.0, links: list[tuple[int, int]] | None = None) -> Step:
    """A Step rated from the table (`extra` for longer chains, line hidden singles)."""
    rating = round(TECHNIQUES[technique] + extra, 1)
    return Step(technique, text, where, tuple(sorted(set(cells))),
                tuple(placements or ()), tuple(sorted(set(eliminations or ()))), rating=rating,
                links=tuple(links or ()))


def linked(cells: list[int]) -> list[tuple[int, int]]:
    """A chain's links for the picture: each cell to the next one its sentence follows
    (a link inside one cell, between two of its digits, has no arrow)."""
    return [(a, b) for a, b in zip(cells, cells[1:], strict=False) if a != b]


#: a technique's search: the first step it finds on a board, or None
Finder = Callable[["Board"], "Step | None"]
