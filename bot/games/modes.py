"""The game modes, in one registry: each mode (bot/games/mode.py) carries its own
commands and says how it resumes, stops, takes /submit and holds back help. A new mode is
one module with a `MODE`, listed here (or, for a plug-in such as a test's, `add`ed before
the Application is built); nothing else names it.
"""

from __future__ import annotations

from . import daily, race
from .mode import GameMode
from .quiz import play as quiz

#: every game mode, in the order of their commands in the menus and /help
MODES: list[GameMode] = [quiz.MODE, race.MODE, daily.MODE]


def add(mode: GameMode) -> None:
    """Register a game mode (a plug-in's); its name must be new."""
    if any(known.name == mode.name for known in MODES):
        raise ValueError(f"a game mode named {mode.name!r} is registered already")
    MODES.append(mode)


def remove(mode: GameMode) -> None:
    """Unregister a plug-in's mode (a test's, when it is done)."""
    MODES.remove(mode)


def get(name: str) -> GameMode | None:
    """The mode of a game record (its `game`), or None for one no longer known."""
    return next((mode for mode in MODES if mode.name == name), None)
