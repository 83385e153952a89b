"""The games' commands and handlers, for the modes of the registry (bot/games/modes.py),
which bot/app.py hands in: this module imports no mode.

`commands(modes)` is the games' part of the command table (each mode's own, then the
shared /stop, /submit, /top and /stats); `add_handlers(application, modes)` registers the
modes' other handlers (buttons, guesses) and their holds, and keeps the modes for the
shared commands, which dispatch on a running game's record: /stop ends the chat's newest
running game by its mode's `stop`, /submit judges a solution for any mode that takes
one, and `resume(application)` (once the store and pool are open) hands each unfinished
game to its mode, so unfinished games go on or end cleanly and each chat is told which.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from telegram import Update

from ..context import App, BotData, Context, message_of
from ..database import StoreUnavailable
from ..i18n import N_, _
from ..menu import Command
from . import scores
from .common import NO_STORE, NOTHING_RUNNING, game_store, needs_store
from .mode import GameMode
from .submit import submit

log = logging.getLogger(__name__)


class Registered:
    """The game modes the Application was built with (`add_handlers`)."""

    def __init__(self) -> None:
        self.modes: Sequence[GameMode] = ()


def modes_of(bot_data: BotData) -> Sequence[GameMode]:
    """The game modes the shared commands dispatch to."""
    return bot_data.own(Registered).modes


def mode_named(bot_data: BotData, name: str) -> GameMode | None:
    """The mode of a game record (its `game`), or None for one no longer known."""
    return next((mode for mode in modes_of(bot_data) if mode.name == name), None)


async def stop_command(update: Update, context: Context) -> None:
    """/stop: the chat's newest running game ends, as its mode says (for its starter or an
    admin)."""
    message = message_of(update)
    games = game_store(context.bot_data)
    if games is None:
        await message.reply_text(_(NO_STORE))
        return
    running = [game for mode in modes_of(context.bot_data) if mode.stop is not None
               if (game := await games.running_game(message.chat_id, mode.name)) is not None]
    if not running:
        await message.reply_text(_(NOTHING_RUNNING))
        return
    game = max(running, key=lambda game: game.id)
    mode = mode_named(context.bot_data, game.game)
    if mode is not None and mode.stop is not None:
        await mode.stop(update, context, game)


async def submit_command(update: Update, context: Context) -> None:
    """/submit ID + solution, in a private chat, for a game of any mode that takes one."""
    await submit(update, context, {mode.name: mode.submit for mode in modes_of(context.bot_data)
                                   if mode.submit is not None})


#: the commands every mode shares
SHARED = (
    Command("stop", needs_store(stop_command), private=False,
            admin=N_("End this chat's quiz or race (its starter, an admin)")),
    Command("submit", needs_store(submit_command),
            menu=N_("Send a race or daily solution privately: /submit ID")),
    Command("top", needs_store(scores.top_command), menu=N_("Scores: /top day, week, month or all"),
            private=False, group=True, topic="groups",
            help=N_("/top [day|week|month|all]: scores; /stats: your own record and streaks")),
    Command("stats", needs_store(scores.stats_command), menu=N_("Your own game record"),
            group=True),
)


def commands(modes: Sequence[GameMode]) -> list[Command]:
    """The games' commands: each mode's own, in the registry's order, then the shared."""
    return [*(command for mode in modes for command in mode.commands), *SHARED]


def add_handlers(application: App, modes: Sequence[GameMode]) -> None:
    """The modes' other handlers (buttons, guesses) and what they hold back from players;
    the modes kept for /stop, /submit and resuming."""
    application.bot_data.own(Registered).modes = modes
    for mode in modes:
        for handler, group in mode.handlers() if mode.handlers else ():
            application.add_handler(handler, group=group)
        if mode.hold is not None:
            mode.hold(application.bot_data)


async def resume(application: App) -> None:
    """Every game still marked running goes to its mode to resume or end, saying which in
    its chat; then each mode plans what else it does (the daily schedules)."""
    games = game_store(application.bot_data)
    if games is None:
        return
    try:
        running = await games.running_games()
    except StoreUnavailable as error:
        log.error("unfinished games not resumed, the database is unavailable: %s", error)
        return
    for game in running:
        mode = mode_named(application.bot_data, game.game)
        try:
            if mode is not None and mode.resume is not None:
                await mode.resume(application, game)
        except Exception:  # one broken game must not keep the bot from starting
            log.exception("game %s could not be resumed", game.id)
    for mode in modes_of(application.bot_data):
        try:
            if mode.start is not None:
                await mode.start(application)
        except StoreUnavailable as error:
            log.error("%s games not resumed, the database is unavailable: %s", mode.name, error)
