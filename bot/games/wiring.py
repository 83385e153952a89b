"""The games' handlers.

`add_handlers(application)` registers their commands; guesses are read in handler group
-1, before the generic text handler. `resume(application)` runs once the store and pool
are open: unfinished games go on or end cleanly, and each chat is told which.
"""

from __future__ import annotations

import logging

from telegram.ext import CallbackQueryHandler, CommandHandler, MessageHandler, filters

from ..context import App
from ..store import StoreUnavailable
from . import daily, quiz, race, scores
from .common import game_store, needs_store

log = logging.getLogger(__name__)

#: the handler group of quiz guesses: before the generic text handler (group 0)
GUESS_GROUP = -1


def add_handlers(application: App) -> None:
    """Every game handler, each told to say so when the database is unavailable."""
    commands = {"quiz": quiz.quiz_command, "skip": quiz.skip_command,
                "stop": race.stop_command, "top": scores.top_command,
                "stats": scores.stats_command, "race": race.race_command,
                "submit": daily.submit_command, "daily": daily.daily_command}
    for name, command in commands.items():
        application.add_handler(CommandHandler(name, needs_store(command)))
    application.add_handler(CallbackQueryHandler(needs_store(race.join),
                                                 pattern=r"^race:\d+:join$"))
    application.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND,
                                           needs_store(quiz.on_guess)), group=GUESS_GROUP)
    quiz.add_hold(application.bot_data)


async def resume(application: App) -> None:
    """Every game still marked running: resume it or end it, saying which in its chat."""
    games = game_store(application.bot_data)
    if games is None:
        return
    try:
        running = await games.running_games()
    except StoreUnavailable as error:
        log.error("unfinished games not resumed, the database is unavailable: %s", error)
        return
    for game in running:
        try:
            if game.game == quiz.GAME:
                await quiz.resume_game(application, game)
            elif game.game == race.GAME:
                await race.resume_race(application, game)
        except Exception:  # one broken game must not keep the bot from starting
            log.exception("game %s could not be resumed", game.id)
    try:
        await daily.resume(application)
    except StoreUnavailable as error:
        log.error("daily puzzles not resumed, the database is unavailable: %s", error)
