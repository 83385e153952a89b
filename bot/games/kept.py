"""The running games as the bot holds them in memory, so that a game goes on while the
database does not (locked by another process, read-only, stopped, unreachable).

The writes that move a game on go through `Store.keep`, which holds them in memory, in
order, when the database refuses them, and writes them when it takes writes again; until
then, the reads show them as if they were (`HeldBack`). The running games are kept too
(`Kept`: the game, its scores, and a race's or a daily puzzle's entries), so that a game
whose database cannot even be read goes on from there: a finish's place is counted from
the entries in memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..database import StoreUnavailable, Transactions
from .rows import Entry, Game, Reads, Score, game_of

#: the games whose entries are kept in memory, so their finishes can be made while the
#: database cannot be read (a daily puzzle's finish shows a streak, which comes from the
#: chat's past days in the database: without it, the finish is announced without one)
ENTRIES_IN_MEMORY = frozenset({"race", "daily"})



@dataclass
class HeldBack:
    """What the held-back writes will change, for the reads to show meanwhile."""

    #: game id -> (state, ended) of a game ended in memory
    ended: dict[int, tuple[str, float]] = field(default_factory=dict)
    #: game id -> its current round number
    rounds: dict[int, int] = field(default_factory=dict)
    #: game id -> rounds won: (user id, name, points)
    wins: dict[int, list[tuple[int, str, int]]] = field(default_factory=dict)


@dataclass
class Kept:
    """A running game as the bot holds it in memory, for when the database cannot be
    read: the game, its scores by player once they were all made or read here, and, for
    a game of ENTRIES_IN_MEMORY, its entries by player likewise (None: not held)."""

    game: Game
    entries: dict[int, Entry] | None = None
    scores: dict[int, Score] | None = None


class KeptGames(Reads):
    """The games read or made, held in memory while they run (and an ended one until
    its end is written), with the changes held back meanwhile."""

    def __init__(self, store: Transactions):
        super().__init__(store)
        self._held = HeldBack()
        #: the running games by id (and an ended one until its end is written)
        self._kept: dict[int, Kept] = {}

    def held(self) -> HeldBack:
        """The changes still waiting to be written (none once the backlog is empty)."""
        if not self.store.backlog:
            self._held = HeldBack()
            if any(kept.game.state != "running" for kept in self._kept.values()):
                self._kept = {n: kept for n, kept in self._kept.items()
                              if kept.game.state == "running"}
        return self._held

    def _keep(self, game: Game) -> Game:
        """Hold a game read or made in memory while it runs (its entries stay)."""
        if (kept := self._kept.get(game.id)) is not None:
            kept.game = game
        elif game.state == "running":
            self._kept[game.id] = Kept(game)
        return game

    def _change(self, game_id: int, **changes: Any) -> None:
        """A game's change in memory too (its round, its end)."""
        if (kept := self._kept.get(game_id)) is not None:
            kept.game = replace(kept.game, **changes)

    def _entries_held(self, game_id: int) -> dict[int, Entry] | None:
        """A race's entries as held in memory; None when they are not."""
        kept = self._kept.get(game_id)
        return kept.entries if kept is not None else None

    def _shown(self, game: Game) -> Game:
        """A game as its held-back writes will leave it."""
        held = self.held()
        if game.id in held.rounds:
            game = replace(game, round=held.rounds[game.id])
        if game.id in held.ended:
            state, ended = held.ended[game.id]
            game = replace(game, state=state, ended=ended)
        return game

    async def _games(self, sql: str, args: tuple = ()) -> list[Game]:
        return [self._keep(self._shown(game_of(row))) for row in await self._all(sql, args)]

    def _kept_games(self, error: StoreUnavailable) -> list[Game]:
        """The games held in memory, newest first, when the database cannot be read;
        the read's error again when none is held."""
        if not self._kept:
            raise error
        return sorted((self._shown(kept.game) for kept in self._kept.values()),
                      key=lambda game: -game.id)

