"""The games' handlers.

`add_handlers(application)` registers their commands; guesses are read in handler group
-1, before the generic text handler. `resume(application)` runs once the store and pool
are open: unfinished games go on or end cleanly, and each chat is told which.
"""

from __future__ import annotations

import logging

from telegram.ext import CallbackQueryHandler, CommandHandler, MessageHandler, filters

from ..context import App
from . import quiz, race, scores

log = logging.getLogger(__name__)

#: the handler group of quiz guesses: before the generic text handler (group 0)
GUESS_GROUP = -1


def add_handlers(application: App) -> None:
    application.add_handler(CommandHandler("quiz", quiz.quiz_command))
    application.add_handler(CommandHandler("skip", quiz.skip_command))
    application.add_handler(CommandHandler("stop", quiz.stop_command))
    application.add_handler(CommandHandler("top", scores.top_command))
    application.add_handler(CommandHandler("stats", scores.stats_command))
    application.add_handler(CommandHandler("race", race.race_command))
    application.add_handler(CommandHandler("submit", race.submit_command))
    application.add_handler(CallbackQueryHandler(race.join, pattern=r"^race:\d+:join$"))
    application.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, quiz.on_guess),
                            group=GUESS_GROUP)


async def resume(application: App) -> None:
    """Every game still marked running: resume it or end it, saying which in its chat."""
    games = application.bot_data.game_store()
    if games is None:
        return
    for game in await games.running_games():
        try:
            if game.kind == quiz.KIND:
                await quiz.resume_game(application, game)
            elif game.kind == race.KIND:
                await race.resume_race(application, game)
        except Exception:  # one broken game must not keep the bot from starting
            log.exception("game %s could not be resumed", game.id)
