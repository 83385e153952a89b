"""/check: a player who solved a puzzle by hand learns whether their solution is right,
without being told the answer.

Two forms, in private chats and groups alike (a player who posts a solution in a group
chose to show it):

- a reply to a message holding the puzzle, `/check` and the solution on the next lines:
  a puzzle typed, sent as a .txt file (read as `bot.textfiles` reads one) or as a photo (read
  as `bot.photo_reading` reads one), or one of the bot's own answers (the puzzle it answered,
  while the bot keeps it: `replies.remember_answer`);
- one message: `/check`, the puzzle, a line `---`, then the solution.

`/check KIND` names the kind when detection guesses wrong. The kind's own `check` judges
the solution in the solver pool (`solvers.pipeline.judge`); a right one is answered with
the verdict and a picture of the player's own solution, a wrong one with the rules it
breaks (over the player's own grid with those cells outlined, for a kind whose rules name
cells; never the answer).
"""

from __future__ import annotations

import html
import logging
from dataclasses import dataclass

from telegram import Document, Message, PhotoSize, Update
from telegram.constants import ChatType, ParseMode

from solvers import registry
from solvers.base import PuzzleKind
from solvers.pipeline import Judgement
from solvers.texts import clip
from solvers.values import PuzzleError

from . import photo_reading, textfiles
from .answers import (
    CAPTION_LIMIT,
    TEXT_LIMIT,
    admitted,
    answer_to,
    fold,
    remember_answer,
    user_id,
)
from .config import CHECK_TIMEOUT
from .context import Context, message_of
from .i18n import N_, _
from .race_guard import refusal_for
from .reading import caption_kind, command_in_text, detected_kind
from .work import jobs
from .work.errors import JobTimeout, WorkerDied, failure_text
from .work.jobs import SHOWN_FAILURES

log = logging.getLogger(__name__)

#: the line between the puzzle and the solution in the one-message form
SEPARATOR = "---"

RIGHT = N_("✅ Your solution is right.")
WRONG = N_("❌ Not right yet:")
#: what the picture of a wrong solution marks (the person's own grid, never the answer)
MARKED = N_("Outlined in red: where your solution breaks a rule.")


def usage() -> str:
    """How /check is used, with the solution form of every kind that declares one."""
    forms = "; ".join(_("for {kind} {form}").format(kind=kind.name, form=kind.solution_form)
                      for kind in registry.listed() if kind.solution_form)
    return _("Usage: reply to a puzzle with /check and your solution on the lines after it; "
             "or send /check, the puzzle, a line ---, then your solution, in one message. "
             "Name the kind when I guess wrong: /check KIND.\nType the solution as I write "
             "it under my answers: {forms}.").format(forms=forms)


#: a reply to one of the bot's pictures or files whose puzzle it no longer keeps
NOT_KEPT = N_("I no longer keep the puzzle of that answer. Reply with /check to the "
              "message or file that holds the puzzle, or send /check, the puzzle, a line "
              "---, then your solution.")


@dataclass
class Request:
    """What a /check message asks: the puzzle text, the solution text, a named kind; and
    the replied-to message when the puzzle is in its file or photo, still to be fetched."""

    puzzle: str
    solution: str
    named: PuzzleKind | None
    holder: Message | None = None


def solution_form(kind: PuzzleKind) -> str:
    """How a solution of this kind is typed: the bot's own form of it."""
    form = kind.solution_form or _("as I write it under my answer to the puzzle")
    return _("{title} solution: {form}.").format(title=kind.title, form=form)


def request_of(message: Message, context: Context) -> Request:
    """Split a /check message into puzzle and solution: the `---` form when the message
    has that line, else the puzzle is in the message it replies to (`replied_request`).
    A first-line word naming a kind is the kind (a `#KIND` header there is the puzzle's
    own); other words there start the body."""
    first, _newline, rest = (message.text or "").partition("\n")
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
    return replied_request(message.reply_to_message, body.strip("\n"), named, context)


def replied_request(replied: Message | None, solution: str, named: PuzzleKind | None,
                    context: Context) -> Request:
    """The puzzle of the message a /check replies to: the one the bot answered there (as
    it keeps it), a file or photo (to fetch), else its text (a typed puzzle, the bot's
    /example)."""
    if replied is None:
        return Request("", solution, named)
    if (answered := answer_to(context, replied)) is not None:
        return Request(answered.text, solution, named or answered.kind)
    if replied.document is not None or replied.photo:
        return Request("", solution, named, holder=replied)
    return Request((replied.text or "").strip("\n"), solution, named)


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
        return f"{_(RIGHT)}\n{judgement.summary}"
    if not judgement.readable:
        return f"❌ {judgement.verdict}\n{solution_form(kind)}"
    return f"{_(WRONG)}\n{judgement.failures_text(SHOWN_FAILURES)}"


async def check_command(update: Update, context: Context) -> None:
    """/check: judge the player's own solution of a puzzle with the kind's check. A puzzle
    in a file or photo is fetched only once the rest of the request is complete and the
    rate limit allows it (the one charge for the whole check)."""
    message = message_of(update)
    request = request_of(message, context)
    if request.holder is None:
        await check_request(update, context, request, charged=False)
        return
    if not request.solution.strip():
        await message.reply_text(_("Put your solution on the lines after /check.") + "\n"
                                 + usage())
        return
    if await held_puzzle(update, context, request, request.holder):
        await check_request(update, context, request, charged=True)


async def held_puzzle(update: Update, context: Context, request: Request,
                      holder: Message) -> bool:
    """Fill in the request's puzzle from the replied-to file or photo, as the bot reads
    one sent to it (the same limits and errors); False after telling the person why not."""
    message = message_of(update)
    if holder.from_user is not None and holder.from_user.id == context.bot.id:
        await message.reply_text(_(NOT_KEPT))  # one of its pictures or reports, not kept
        return False
    if holder.document is not None and textfiles.is_text_file(holder.document):
        return await held_file(update, context, request, holder.document, holder.caption)
    picture = photo_reading.attachment_of(holder)
    if picture is not None and photo_reading.is_picture(holder):
        return await held_photo(update, context, request, picture)
    await message.reply_text(_(textfiles.NOT_TEXT))
    return False


async def held_file(update: Update, context: Context, request: Request,
                    document: Document, caption: str | None) -> bool:
    """The puzzle in a replied-to .txt file (its caption may name the kind)."""
    message = message_of(update)
    if refused := textfiles.size_refusal(document, document.file_size):
        await message.reply_text(refused)
        return False
    if not await admitted(update, context):
        return False
    try:
        request.puzzle = (await textfiles.downloaded_text(document)).strip("\n")
    except PuzzleError as error:
        await message.reply_text(str(error))
        return False
    request.named = request.named or caption_kind(caption)
    return True


async def held_photo(update: Update, context: Context, request: Request,
                     picture: PhotoSize | Document) -> bool:
    """The puzzle in a replied-to photo: the grid as read, as the bot shows it."""
    message = message_of(update)
    if refused := photo_reading.size_refusal(picture):
        await message.reply_text(refused)
        return False
    if not await admitted(update, context):
        return False
    reading = await photo_reading.reading_of(message, context, picture)
    if reading is None:
        return False
    request.puzzle, request.named = reading.text, request.named or photo_reading.PHOTO_KIND
    return True


async def check_request(update: Update, context: Context, request: Request,
                        charged: bool) -> None:
    """Judge a request whose puzzle is at hand; `charged`: the rate limit has counted it
    already (when its file was fetched)."""
    message = message_of(update)
    kind, puzzle = kind_of(request, message.chat.type == ChatType.PRIVATE)
    if not puzzle.strip():
        await message.reply_text(usage())
        return
    if kind is None:
        await message.reply_text(_("I can't tell which puzzle kind that is; name it, as in "
                                   "/check KIND.") + "\n" + usage())
        return
    if not request.solution.strip():
        await message.reply_text(_("Put your solution on the lines after /check.") + " "
                                 + solution_form(kind) + "\n" + usage())
        return
    if (refused := await refusal_for(context, user_id(update), message.chat_id,
                                     puzzle, kind)) is not None:
        await message.reply_text(refused)
        return
    if not (charged or await admitted(update, context)):
        return
    judgement = await judged(message, context, puzzle, request.solution, kind)
    if judgement is not None:
        verdict = await reply(message, judgement, kind)
        remember_answer(context.bot_data, verdict, puzzle, kind)  # /check again in reply


async def judged(message: Message, context: Context, puzzle: str,
                 solution: str, kind: PuzzleKind) -> Judgement | None:
    """The judgement from the pool; the player is told (and None returned) when the
    puzzle is bad or the job fails."""
    try:
        return await context.bot_data.services.pool.submit(
            jobs.check, puzzle, solution, kind.name, timeout=CHECK_TIMEOUT)
    except PuzzleError as error:
        await message.reply_text(_("{title} puzzle: {error}").format(title=kind.title,
                                                                      error=error))
    except (JobTimeout, WorkerDied) as error:
        log.warning("check not judged: %s", error)
        await message.reply_text(failure_text(
            error, _("I could not check that just now; please send it again.")))
    return None


async def reply(message: Message, judgement: Judgement, kind: PuzzleKind) -> Message:
    """The verdict; a drawn solution comes as its picture with the verdict below: a right
    one, or a wrong one as typed with the cells where it breaks a rule outlined."""
    filename = f"{kind.name}-check.png"
    if judgement.picture and not judgement.ok:
        return await message.reply_photo(judgement.picture, filename=filename,
                                         caption=marked_caption(judgement),
                                         parse_mode=ParseMode.HTML)
    text = verdict_text(judgement, kind)
    if judgement.picture:
        return await message.reply_photo(judgement.picture, filename=filename,
                                         caption=clip(text, CAPTION_LIMIT - 1))
    return await message.reply_text(clip(text, TEXT_LIMIT - 1))


def marked_caption(judgement: Judgement) -> str:
    """A wrong solution's caption: the verdict, what the red outlines mean, and the rules
    it breaks folded under them (a phone shows the first lines until tapped; Telegram's
    caption limit counts the text, not the markup)."""
    summary, _newline, rules = judgement.failures_text(SHOWN_FAILURES).partition("\n")
    head = f"{_(WRONG)}\n{summary}\n{_(MARKED)}"
    return f"{html.escape(head)}\n{fold(clip(rules, CAPTION_LIMIT - 3 - len(head)))}"
