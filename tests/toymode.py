"""A toy game mode that lives outside `bot/`: a coin toss in a group, started with /coin
and tossed with /stop. tests/test_game_modes.py registers it (`bot.games.modes.add`), and
nothing else, to show that the bot then offers its command (registered, in the group
menus, on /help's Groups page), that /stop dispatches to it by the running game's record,
and that a restart hands its unfinished game back to it.

Its texts are English only, as a plug-in's may be before it has catalogs.
"""

from __future__ import annotations

from telegram import Update

from bot.context import App, Context, message_of, sender_of
from bot.games.common import games_of, needs_store, say
from bot.games.mode import GameMode
from bot.games.store import Game
from bot.menu import Command

NAME = "coin"


async def coin_command(update: Update, context: Context) -> None:
    """/coin: a coin toss starts in the chat; /stop tosses it."""
    message = message_of(update)
    game = await games_of(context.bot_data).create_game(
        message.chat_id, NAME, sender_of(update).id, {"side": "heads"})
    await message.reply_text(f"Coin toss #{game.id} is up; /stop tosses it.")


async def toss(update: Update, context: Context, game: Game) -> None:
    """/stop for a running coin toss: it lands."""
    await games_of(context.bot_data).end_game(game.id, "stopped")
    await message_of(update).reply_text(f"Coin toss #{game.id} landed: {game.settings['side']}.")


async def resume(application: App, game: Game) -> None:
    """A coin toss still in the air at start goes on."""
    await say(application, game.chat_id, f"I was restarted; coin toss #{game.id} goes on.")


MODE = GameMode(
    NAME,
    commands=(Command("coin", needs_store(coin_command), menu="A coin toss in a group",
                      private=False, group=True, help="/coin: a coin toss, tossed with /stop",
                      topic="groups"),),
    resume=resume, stop=toss)
