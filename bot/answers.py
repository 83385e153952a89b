"""What the handlers share about the bot's answers, below every handler that answers:
Telegram's limits on a message, the puzzle each of the bot's messages answers (kept for
/check and /hint in reply to it), the per-person rate limit on solving work, and long
text folded in an answer. `bot/replies.py` makes the answers; the other handlers import
this, not it."""

from __future__ import annotations

import html
from dataclasses import dataclass

from telegram import Message, Update

from solvers.base import PuzzleKind

from .context import BotData, Context, message_of
from .i18n import _
from .recent import Recent

#: Telegram's limits on a caption and on a text message
CAPTION_LIMIT = 1024
TEXT_LIMIT = 4096
#: the bot's messages whose puzzle is kept for /check (by chat and message), newest last;
#: an answer's messages share its text, so at most this many puzzles of 20,000 characters
ANSWERS_KEPT = 2048


@dataclass(frozen=True)
class Answered:
    """The puzzle one of the bot's messages answers: a reply to that message (a picture, a
    caption, a report) carries none of the puzzle's text, so /check finds it here."""

    text: str
    kind: PuzzleKind


class _Answers(Recent[tuple[int, int], Answered]):
    """The puzzles of the bot's latest answers, by (chat, message): `remember_answer`."""

    LIMIT = ANSWERS_KEPT


def kept_answers(bot_data: BotData) -> Recent[tuple[int, int], Answered]:
    """The puzzles of the bot's latest answers (the latest ANSWERS_KEPT)."""
    return bot_data.own(_Answers)


def remember_answer(bot_data: BotData, sent: Message, text: str, kind: PuzzleKind) -> None:
    """Keep the puzzle a message of the bot answers (or shows: a race's picture), so that
    /check or /hint in reply to that message finds it."""
    kept_answers(bot_data).put((sent.chat_id, sent.message_id), Answered(text, kind))


def answer_to(context: Context, message: Message) -> Answered | None:
    """The puzzle a message of the bot answers, if it is still kept."""
    return kept_answers(context.bot_data).get((message.chat_id, message.message_id))


def user_id(update: Update) -> int:
    """Who asked (a channel post has nobody: 0)."""
    return update.effective_user.id if update.effective_user else 0


async def admitted(update: Update, context: Context) -> bool:
    """Apply the per-user rate limit to solving work; say so politely, once."""
    svc = context.bot_data.services
    user = update.effective_user
    if user is None:
        return True
    allowed, warn = svc.limiter.allow(user.id)
    if not allowed:
        svc.metrics.rate_limited += 1
        if warn:
            wait = svc.limiter.wait_seconds(user.id)
            await message_of(update).reply_text(
                _("You are sending puzzles faster than I can solve them for everyone. "
                  "Please wait about {seconds} s and try again.").format(
                    seconds=max(1, round(wait))))
    return allowed


def folded(heading: str, text: str, spoiler: bool = False) -> str:
    """HTML of a heading shown in bold and a long text folded under it (`fold`)."""
    return f"<b>{html.escape(heading)}</b>\n{fold(text, spoiler)}"


def fold(text: str, spoiler: bool = False) -> str:
    """HTML of text folded in Telegram's expandable quote: a phone shows the quote's
    first lines until it is tapped, so no reply is a wall of lines (with `spoiler`, the
    lines are hidden too until tapped). (Telegram's quote holds no <pre> or <code>: the
    lines come in the chat's own font.)"""
    inner = html.escape(text)
    if spoiler:
        inner = f"<tg-spoiler>{inner}</tg-spoiler>"
    return f"<blockquote expandable>{inner}</blockquote>"
