"""What a game mode is (quiz, race, daily and the next ones): a plug-in that carries
its commands and says how it resumes, stops, takes /submit and holds back help, so the
shared commands (/stop, /submit, resuming at start) dispatch on a running game's record
(its mode's name, the games table's `game`) and no mode imports another.

The modes are listed in one registry, bot/games/modes.py.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from telegram import Update, User
from telegram.ext import BaseHandler

from ..context import App, BotData, Context
from ..menu import Command
from .store import Game

#: the numbering the games /submit takes share (`GameStore.create_game`'s `series`): a
#: race and a daily puzzle never both are #3, so "/submit 3" names one game
SUBMITTED = "submit"


@dataclass(frozen=True)
class Submissions:
    """How a game takes /submit: its name in the replies (`named`, `race #{game}`, and
    `titled` to begin a sentence, both marked with N_), what someone who submits once it
    is over is told (translated), and what a right solution does in its group
    (`finished(application, game, player, place, time taken)`, under the chat's lock)."""

    named: str
    titled: str
    closed: Callable[[Game], str]
    finished: Callable[[App, Game, User, int, str], Awaitable[None]]


@dataclass(frozen=True)
class GameMode:
    """A game mode. `name`: its games' `game` in the store. `commands`: its own commands
    (in the menus and /help through the command table). `handlers`: its other handlers
    (buttons, plain-message guesses) with their handler group, made for each Application.
    `resume(application, game)`: a game of this mode still running at start goes on or
    ends; `start(application)`: what else it plans at start (the daily schedules).
    `stop(update, context, game)`: /stop for its running game in the chat (the starter's
    or an admin's). `submit`: how it takes /submit ID. `hold(bot_data)`: installs what it
    keeps from its players while a game runs (bot/race_guard.py)."""

    name: str
    commands: tuple[Command, ...] = ()
    handlers: Callable[[], list[tuple[BaseHandler[Update, Context, None], int]]] | None = None
    resume: Callable[[App, Game], Awaitable[None]] | None = None
    start: Callable[[App], Awaitable[None]] | None = None
    stop: Callable[[Update, Context, Game], Awaitable[None]] | None = None
    submit: Submissions | None = None
    hold: Callable[[BotData], None] | None = None
