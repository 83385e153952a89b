"""/help KIND: a kind's rules in a few plain sentences (`PuzzleKind.rules`) over a small
picture of its example solved, and how to send one. The picture is drawn once per kind
in a worker (`jobs.rules_picture`) and kept in memory; when it cannot be drawn, the
rules come as text alone."""

from __future__ import annotations

import html
import logging
import re
from pathlib import Path

from telegram import Message
from telegram.constants import ParseMode

from solvers.base import PuzzleKind
from solvers.values import PuzzleError

from .context import BotData, Context
from .i18n import _
from .work import jobs
from .work.errors import JobTimeout, NoWorker, WorkerDied

log = logging.getLogger(__name__)

#: the puzzle files, among them each kind's example
PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
#: seconds a worker may take to solve and draw a kind's example
PICTURE_TIMEOUT = 30.0


def code_spans(text: str) -> str:
    """Escape for HTML, then show `backticked` parts as code."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


def rules_text(kind: PuzzleKind) -> str:
    """The rules, how to send a puzzle of the kind and where to find one (HTML)."""
    lines = [f"<b>{html.escape(kind.title)}</b>"]
    if kind.rules:
        lines.append(html.escape(kind.rules))
    lines.append(_("How to send one: {summary}").format(summary=code_spans(kind.summary)))
    if kind.example:
        lines.append(_("/example {kind} gives one to try.").format(kind=kind.name))
    return "\n\n".join(lines)


class _Pictures(dict[str, bytes]):
    """The rules pictures drawn so far, by kind name."""


def rules_pictures(bot_data: BotData) -> dict[str, bytes]:
    """The rules pictures drawn so far (one per kind, some 30 KB each)."""
    return bot_data.own(_Pictures)


async def rules_picture(context: Context, kind: PuzzleKind) -> bytes | None:
    """The kind's example solved, drawn small: kept, or drawn now in a worker; None for a
    kind without an example, or when the drawing fails (the rules go without it)."""
    kept = rules_pictures(context.bot_data)
    if kind.name in kept or not kind.example:
        return kept.get(kind.name)
    example = (PUZZLES / kind.example).read_text()
    try:
        picture = await context.bot_data.services.pool.submit(
            jobs.rules_picture, kind.name, example, timeout=PICTURE_TIMEOUT)
    except (PuzzleError, JobTimeout, WorkerDied, NoWorker) as error:
        log.warning("no rules picture for %s: %r", kind.name, error)
        return None
    kept[kind.name] = picture
    return picture


async def send_rules(message: Message, context: Context, kind: PuzzleKind) -> None:
    """The kind's rules, over the picture of its example solved when there is one."""
    text = rules_text(kind)
    picture = await rules_picture(context, kind)
    if picture is None:
        await message.reply_text(text, parse_mode=ParseMode.HTML)
    else:
        await message.reply_photo(picture, caption=text, parse_mode=ParseMode.HTML,
                                  filename=f"{kind.name}-rules.png")
