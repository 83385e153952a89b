"""What one pencil genre provides: its decoder, its rules twice (as constraints on the
engine's `Model`, and as an independent checker), its picture and its player file.

A genre module (`solvers/pencil/genres/NAME.py`) defines one instance named `GENRE` of
a `Genre` subclass; the catalog finds it by listing the package. The base class does
the rest: refusing flags and variants the genre does not know, solving through the
model (first solutions, uniqueness, the clash when there is none) and packing answers.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, Self, TypeVar

from PIL import Image

from ..i18n import _
from ..texts import clip
from ..values import PuzzleError, Rule
from .codecs import Reader, read_borders, write_borders
from .engine import Model, Values
from .grid import Grid, Pair
from .layers import Answer
from .link import Link


class Sized(Protocol):
    """A board: anything with `rows` and `cols`."""

    @property
    def rows(self) -> int: ...

    @property
    def cols(self) -> int: ...


B = TypeVar("B", bound=Sized)
V = TypeVar("V")
C = TypeVar("C")


@dataclass(frozen=True)
class ClueBoard(Generic[C]):
    """The board of a genre whose puzzle is clues on a grid: place -> clue. A genre names
    its own (`class Board(ClueBoard[int])`, what a clue means in its docstring); the
    clues are a dict, so the hash is written out (boards are cache keys)."""

    rows: int
    cols: int
    clues: dict[Any, C]

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, tuple(sorted(self.clues.items()))))


@dataclass(frozen=True)
class WallBoard:
    """The board of a genre whose puzzle is only its regions: the walls between cells,
    read from and written to a link's body as border bits."""

    rows: int
    cols: int
    walls: frozenset[Pair]

    @classmethod
    def read(cls, link: Link) -> Self:
        return cls(link.rows, link.cols, read_borders(Reader(link.body), link.rows, link.cols))

    def body(self) -> str:
        return write_borders(self.walls, self.rows, self.cols)


@dataclass
class Found:
    """What a genre's solve found: answers, whether there are no others, figures, and
    with none the rules that clash (their labels)."""

    answers: list[Answer]
    exhaustive: bool
    stats: dict[str, Any] = field(default_factory=dict)
    clash: list[str] = field(default_factory=list)


class Genre(ABC, Generic[B, V]):
    """One genre. Subclasses set the attributes and implement the abstract methods."""

    #: puzz.link names, canonical first (the name in files and links), then aliases
    names: tuple[str, ...] = ()
    #: shown name, marked with N_ ("Akari (Light Up)")
    title: str = ""
    #: the rules, one short sentence each, marked with N_
    rules: tuple[str, ...] = ()
    #: the flag segments (before the size) the genre honours, e.g. ("b",)
    flags: tuple[str, ...] = ()
    #: the `v:` variants the genre honours
    variants: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.names[0]

    def accept(self, link: Link) -> None:
        """Refuse a flag or variant the genre does not honour, by name."""
        if link.variant and link.variant not in self.variants:
            raise PuzzleError(_("The {genre} variant {variant!r} is not supported.").format(
                genre=self.name, variant=clip(link.variant)))
        if link.flag and link.flag not in self.flags:
            raise PuzzleError(_("The {genre} option {flag!r} in the link is not supported."
                                ).format(genre=self.name, flag=clip(link.flag)))

    def read(self, link: Link) -> B:
        """The board of a link: its flags checked, then `decode`."""
        self.accept(link)
        return self.decode(link)

    @abstractmethod
    def decode(self, link: Link) -> B:
        """The board (the clues) from the link; PuzzleError naming what is unreadable."""

    @abstractmethod
    def encode(self, board: B) -> str:
        """The link of a board (`https://puzz.link/p?...`), as the player writes it."""

    @abstractmethod
    def constrain(self, board: B, model: Model) -> V:
        """The rules as constraints; call `model.show` with the answer's literals and
        wrap each clue's constraints in `model.about(label)` so a clash can be named."""

    @abstractmethod
    def answer(self, board: B, variables: V, values: Values) -> Answer:
        """The solution's layers from the model's values."""

    @abstractmethod
    def check(self, board: B, answer: Answer) -> list[Rule]:
        """Every rule verified in plain Python (`check.py`), one Rule each."""

    @abstractmethod
    def draw(self, board: B, answer: Answer | None) -> Image.Image:
        """The board, and the answer if given, in the player's look (`render.py`)."""

    @abstractmethod
    def pzprv3(self, board: B, answer: Answer | None) -> str:
        """The player's file of the board with the answer (or blank)."""

    def read_answer(self, board: B, text: str) -> Answer:
        """A person's board from a pzprv3 file (for /check); genres that support it
        override this."""
        raise PuzzleError(_("Reading a {genre} answer is not supported yet.").format(
            genre=self.name))

    def grid(self, board: B) -> Grid:
        return Grid(board.rows, board.cols)

    def solve(self, board: B, limit: int = 2, deadline: float | None = None) -> Found:
        """Up to `limit` answers, and whether the search proved there are no others."""
        model = Model()
        variables = self.constrain(board, model)
        outcome = model.solve(limit, deadline=deadline)
        answers = [self.answer(board, variables, values) for values in outcome.found]
        return Found(answers, outcome.exhaustive, outcome.stats, outcome.clash)


def first_broken(rules: Sequence[Rule]) -> Rule | None:
    """The first rule that fails, if any."""
    return next((rule for rule in rules if rule.ok is False), None)
