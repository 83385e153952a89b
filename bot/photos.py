"""Photos of puzzles: a photo (or a .jpg/.png file) is read in the solver pool, then
answered as the text it holds would be.

What the person gets back, in order:
1. the picture of the grid as read (the photo straightened, each digit read written in
   red in its cell's corner, the least sure cells ringed in orange) with a caption;
2. when what was read has exactly one solution: the answer typed text gets (picture,
   caption, check report), through `replies.answer`, so it is cached the same way;
   otherwise a sentence saying the reading must be wrong somewhere, naming the least
   sure cells, and no solution;
3. the grid as read, as text under a `#KIND` header: a puzzle as it stands, so copied
   whole or forwarded back (corrected or not) it is solved like any puzzle sent.

Which kind a photo can hold, and how it is read, is the library's business
(`solvers.photo`); this module only fetches, limits, caches and replies. In groups the
bot reads a photo only when its caption names the kind or mentions the bot.
"""

from __future__ import annotations

import html

from telegram import Message, Update
from telegram.constants import ChatType, ParseMode

from solvers.photo import Reading
from solvers.values import PuzzleError

from .answers import admitted, remember_answer, user_id
from .ask import Ask, ask_for
from .context import Context, message_of
from .i18n import _
from .photo_reading import (
    PHOTO_KIND,
    attachment_of,
    grid_text,
    misread_text,
    read_caption,
    reading_of,
    size_refusal,
)
from .race_guard import refusal_of
from .reading import caption_kind
from .replies import answer, answer_asked


def _mentioned(message: Message, username: str | None) -> bool:
    """The caption names the bot by @username (as a word of its own)."""
    if not username:
        return False
    words = (message.caption or "").lower().replace(",", " ").split()
    return f"@{username}".lower() in words


async def on_photo(update: Update, context: Context) -> None:
    """A photo or picture file: read the puzzle in it and answer (see the module doc)."""
    message = message_of(update)
    named = caption_kind(message.caption)
    private = message.chat.type == ChatType.PRIVATE
    if not (private or named is not None or _mentioned(message, context.bot.username)):
        return
    if named is not None and named is not PHOTO_KIND:
        await message.reply_text(_("From a photo I can read a {photo_kind} only; type a "
                                   "{title} as text.").format(photo_kind=PHOTO_KIND.title,
                                                              title=named.title))
        return
    attachment = attachment_of(message)
    if attachment is None:  # registered for photos and picture files only
        return
    if refusal := size_refusal(attachment):
        await message.reply_text(refusal)
        return
    if not await admitted(update, context):
        return
    reading = await reading_of(message, context, attachment)
    if reading is not None:
        await _reply(update, context, reading)


def read_as_asked(reading: Reading) -> Ask | None:
    """The grid as read, read as a puzzle once for the guard and the answer (None when it
    is not one: `answer` then says why)."""
    try:
        return ask_for(reading.text, PHOTO_KIND)
    except PuzzleError:
        return None


async def _reply(update: Update, context: Context, reading: Reading) -> None:
    """The picture as read; the answer (or why there is none); the text to copy."""
    message = message_of(update)
    ask = read_as_asked(reading)
    refused = None if ask is None else await refusal_of(context, user_id(update),
                                                        message.chat_id, ask)
    if refused is not None:  # not even the grid as read: it is a race's puzzle
        await message.reply_text(refused)
        return
    read = [await message.reply_photo(reading.picture_png(), filename="read.png",
                                      caption=read_caption(reading))]
    if reading.solutions == 1:
        await (answer(update, context, reading.text, PHOTO_KIND) if ask is None
               else answer_asked(update, context, ask))
    else:
        read.append(await message.reply_text(misread_text(reading)))
    read.append(await message.reply_text(f"<pre>{html.escape(grid_text(reading))}</pre>",
                                         parse_mode=ParseMode.HTML))
    for sent in read:  # /check in reply to any of them checks against the grid as read
        remember_answer(context.bot_data, sent, reading.text, PHOTO_KIND)
