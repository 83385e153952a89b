"""A bot command as one record: its name, its handler, its line in the command menu and
its line in /help. The command table (bot/app.py's `command_table()`, with the game
modes' own commands from bot/games/modes.py) is made of these; registration, the menus
by scope and /help's Groups page read that one table, so adding a command touches one
room.

Texts are marked with N_ where they are written and translated here, when shown; a text
that needs values (the first kind with an example...) is a function giving it translated.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any

from telegram import Update

from .context import BotData, Context
from .i18n import _

#: a command's handler, as python-telegram-bot calls it
Handler = Callable[[Update, Context], Coroutine[Any, Any, None]]
#: a text marked with N_ (translated when shown), or a function giving it translated
Text = str | Callable[[], str]


def shown(text: Text) -> str:
    """The text in the current language."""
    return text() if callable(text) else _(text)


@dataclass(frozen=True)
class Command:
    """One command. `menu`: its description in the command menu (None: not in it);
    `private`/`group`: whether the menus of private chats and of group members list it;
    `admin`: its description in group admins' menu when it differs there (a command for
    admins only has `group=False`). `help`: its line on the /help page `topic`."""

    name: str
    handler: Handler
    menu: Text | None = None
    private: bool = True
    group: bool = False
    admin: Text | None = None
    help: Text | None = None
    topic: str = ""


def help_lines(commands: Sequence[Command], topic: str) -> list[str]:
    """The /help lines of a topic's commands, in the table's order, translated."""
    return [shown(c.help) for c in commands if c.help is not None and c.topic == topic]


@dataclass
class CommandTable:
    """The bot's command table, kept in its `bot_data` by bot/app.py when the handlers
    are registered, for the handlers that list commands (unknown commands, /help)."""

    commands: list[Command] = field(default_factory=list)


def table_of(bot_data: BotData) -> list[Command]:
    """The command table the bot was built with."""
    return bot_data.own(CommandTable).commands
