"""The buttons an answer carries under its picture (*Share*, and a kind's solution file),
and the daily job that deletes expired shared puzzles (the links themselves: `bot.share`).
"""

from __future__ import annotations

import logging
import time

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from solvers.base import PuzzleKind

from .context import App, Context, jobs_of
from .i18n import _
from .share import DAY, forget_stale, keep_shared, share_row

log = logging.getLogger(__name__)


async def cleanup(context: Context) -> None:
    """The daily job (and the one at start) that deletes expired shared puzzles."""
    if forgotten := await forget_stale(context.bot_data.services.store, time.time()):
        log.info("%d shared puzzles expired", forgotten)


def plan_cleanup(application: App) -> None:
    """Expired shared puzzles are deleted now and then once a day."""
    jobs_of(application).run_repeating(cleanup, interval=DAY, first=0.0, name="share-cleanup")


async def share_button(context: Context, key: str, kind: PuzzleKind,
                       text: str) -> InlineKeyboardMarkup | None:
    """The Share button of an answer (the puzzle kept for it), or None without a store."""
    payload = await keep_shared(context.bot_data.services.store, key, kind, text)
    if payload is None:
        return None
    return InlineKeyboardMarkup([share_row(context.bot.username, payload)])


#: the solution file's button data: the puzzle is the one the pressed message answers
#: (`solution_files.file_pressed`)
FILE_DATA = "sf"


def with_file_button(markup: InlineKeyboardMarkup | None,
                     kind: PuzzleKind) -> InlineKeyboardMarkup | None:
    """The markup with a row for the solution's file, for a kind that has one."""
    if not kind.solution_file:
        return markup
    row = [InlineKeyboardButton(_("📄 File for {program}").format(
        program=kind.solution_file_for), callback_data=FILE_DATA)]
    return InlineKeyboardMarkup([*(markup.inline_keyboard if markup else ()), row])
