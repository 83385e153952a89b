"""/check: a player who solved a puzzle by hand learns whether their solution is right,
without being told the answer.

Two forms, in private chats and groups alike (a player who posts a solution in a group
chose to show it):

- a reply to a message holding the puzzle, `/check` and the solution on the next lines;
- one message: `/check`, the puzzle, a line `---`, then the solution.

`/check KIND` names the kind when detection guesses wrong. The kind's own `check` judges
the solution in the solver pool (`solvers.pipeline.judge`); a right one is answered with
the verdict and a picture of the player's own solution, a wrong one with the rules it
breaks.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from telegram import Message, Update
from telegram.constants import ChatType

from solvers import registry
from solvers.base import PuzzleError, PuzzleKind, clip
from solvers.pipeline import Judgement, judge

from .context import Context, message_of
from .games.race import CHECK_TIMEOUT, SHOWN_FAILURES
from .pool import JobTimeout, WorkerDied
from .replies import CAPTION_LIMIT, TEXT_LIMIT, admitted
from .routing import command_in_text, detected_kind

log = logging.getLogger(__name__)

#: the line between the puzzle and the solution in the one-message form
SEPARATOR = "---"

RIGHT = "✅ Your solution is right."
WRONG = "❌ Not right yet:"


def usage() -> str:
    """How /check is used, with the solution form of every kind that declares one."""
    return (
        "Usage: reply to a puzzle with /check and your solution on the lines after it; or "
        "send /check, the puzzle, a line ---, then your solution, in one message. Name the "
        "kind when I guess wrong: /check KIND.\nType the solution as I write it under my "
        "answers: " + "; ".join(f"for {kind.name} {kind.solution_form}"
                                for kind in registry.KINDS if kind.solution_form) + ".")


@dataclass
class Request:
    """What a /check message asks: the puzzle text, the solution text, a named kind."""

    puzzle: str
    solution: str
    named: PuzzleKind | None


def solution_form(kind: PuzzleKind) -> str:
    """How a solution of this kind is typed: the bot's own form of it."""
    form = kind.solution_form or "as I write it under my answer to the puzzle"
    return f"{kind.title} solution: {form}."


def request_of(message: Message) -> Request:
    """Split a /check message into puzzle and solution: the `---` form when the message
    has that line, else the puzzle is the text of the message it replies to. A first-line
    word naming a kind is the kind (a `#KIND` header there is the puzzle's own); other
    words there start the body."""
    first, _, rest = (message.text or "").partition("\n")
    words = first.split()[1:]
    named = registry.get(words[0]) if words and not words[0].startswith("#") else None
    head = " ".join(words[1:] if named else words)
    body = "\n".join(x for x in (head, rest) if x.strip())
    lines = body.splitlines()
    stripped = [line.strip() for line in lines]
    if SEPARATOR in stripped:
        cut = stripped.index(SEPARATOR)
        return Request("\n".join(lines[:cut]).strip("\n"),
                       "\n".join(lines[cut + 1:]).strip("\n"), named)
    replied = message.reply_to_message
    puzzle = (replied.text or "") if replied is not None else ""
    return Request(puzzle.strip("\n"), body.strip("\n"), named)


def kind_of(request: Request, private: bool) -> tuple[PuzzleKind | None, str]:
    """The kind named in /check, else by a /KIND first line of the puzzle, else detected;
    and the puzzle text without that first command."""
    commanded, puzzle = command_in_text(request.puzzle)
    kind = request.named or commanded or detected_kind(puzzle, private)
    return kind, puzzle


def verdict_text(judgement: Judgement, kind: PuzzleKind) -> str:
    """What the player is told: right, unreadable (with the form to type), or the rules
    their solution breaks (never the answer)."""
    if judgement.ok:
        return f"{RIGHT}\n{judgement.verdict}"
    if not judgement.readable:
        return f"❌ {judgement.verdict}\n{solution_form(kind)}"
    return f"{WRONG}\n{judgement.failures_text(SHOWN_FAILURES)}"


async def check_command(update: Update, context: Context) -> None:
    """/check: judge the player's own solution of a puzzle with the kind's check."""
    message = message_of(update)
    request = request_of(message)
    kind, puzzle = kind_of(request, message.chat.type == ChatType.PRIVATE)
    if not puzzle.strip():
        await message.reply_text(usage())
        return
    if kind is None:
        await message.reply_text("I can't tell which puzzle kind that is; name it, as in "
                                 f"/check KIND.\n{usage()}")
        return
    if not request.solution.strip():
        await message.reply_text(f"Put your solution on the lines after /check. "
                                 f"{solution_form(kind)}\n{usage()}")
        return
    if not await admitted(update, context):
        return
    judgement = await judged(message, context, puzzle, request.solution, kind)
    if judgement is not None:
        await reply(message, judgement, kind)


async def judged(message: Message, context: Context, puzzle: str,
                 solution: str, kind: PuzzleKind) -> Judgement | None:
    """The judgement from the pool; the player is told (and None returned) when the
    puzzle is bad or the job fails."""
    try:
        return await context.bot_data.services.pool.submit(
            judge, puzzle, solution, kind, True, timeout=CHECK_TIMEOUT)
    except PuzzleError as error:
        await message.reply_text(f"{kind.title} puzzle: {error}")
    except (JobTimeout, WorkerDied) as error:
        log.warning("check not judged: %s", error)
        await message.reply_text("I could not check that just now; please send it again.")
    return None


async def reply(message: Message, judgement: Judgement, kind: PuzzleKind) -> None:
    """The verdict; a right solution comes as the picture of it with the verdict below."""
    text = verdict_text(judgement, kind)
    if judgement.picture:
        await message.reply_photo(judgement.picture, filename=f"{kind.name}-check.png",
                                  caption=clip(text, CAPTION_LIMIT - 1))
    else:
        await message.reply_text(clip(text, TEXT_LIMIT - 1))
