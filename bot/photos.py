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

import hashlib
import html
import logging

from telegram import Document, Message, PhotoSize, Update
from telegram.constants import ChatType, ParseMode
from telegram.ext import filters

from solvers.photo import KIND, Reading
from solvers.pipeline import choose_kind
from solvers.values import PuzzleError

from .ask import Ask, ask_for
from .context import BotData, Context, message_of
from .i18n import N_, _, ngettext
from .race_guard import refusal_of
from .recent import Recent
from .replies import admitted, answer, answer_asked, remember_answer, user_id
from .routing import caption_kind
from .work import jobs
from .work.errors import JobTimeout, WorkerDied, failure_text

log = logging.getLogger(__name__)

#: a photo sent as a photo, or a picture file sent as a document
PHOTOS = (filters.PHOTO | filters.Document.MimeType("image/jpeg")
          | filters.Document.MimeType("image/png") | filters.Document.FileExtension("jpg")
          | filters.Document.FileExtension("jpeg") | filters.Document.FileExtension("png"))
#: Telegram lets a bot download files up to 20 MB; bigger ones are refused unread
MAX_BYTES = 20 * 1024 * 1024
#: seconds a reading may take in the pool (it takes well under one)
READ_SECONDS = 15.0
#: readings kept in memory, by the SHA-256 of the photo's bytes
CACHE_SIZE = 256
#: the kind a photo holds
PHOTO_KIND = choose_kind("", KIND)
#: the name the grid as read is sent under (its header line: `#KIND as read ...`)
GRID_NAME = N_("as read from your photo")
#: the line /help gives photos
HELP = N_("A photo of a {photo_kind} (or a .jpg/.png file): I read the grid, show what "
          "I read, and solve it\n")


def help_line() -> str:
    """The line /help gives photos, in the current language."""
    return _(HELP).format(photo_kind=html.escape(PHOTO_KIND.title))


def _mentioned(message: Message, username: str | None) -> bool:
    """The caption names the bot by @username (as a word of its own)."""
    if not username:
        return False
    words = (message.caption or "").lower().replace(",", " ").split()
    return f"@{username}".lower() in words


def is_picture(message: Message) -> bool:
    """A photo, or a picture file: what `PHOTOS` lets through."""
    return bool(PHOTOS.check_update(Update(0, message=message)))


def attachment_of(message: Message) -> PhotoSize | Document | None:
    """The file to fetch: the largest size of a photo, or the document."""
    return message.photo[-1] if message.photo else message.document


def size_refusal(attachment: PhotoSize | Document) -> str | None:
    """Why a picture is too big to fetch (by the size Telegram states), or None."""
    size = attachment.file_size
    if size is None or size <= MAX_BYTES:
        return None
    return _("This file is {size} MB; I can fetch pictures up to {limit} MB.").format(
        size=f"{size / 2**20:.1f}", limit=MAX_BYTES // 2**20)


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


async def reading_of(message: Message, context: Context,
                     attachment: PhotoSize | Document) -> Reading | None:
    """Fetch a picture and read it (the caller has checked its size and the rate limit);
    None after telling the person why not."""
    data = bytes(await (await attachment.get_file()).download_as_bytearray())
    return await _read(message, context, data)


class _Readings(Recent[str, Reading]):
    """Photo readings by the SHA-256 of the photo's bytes."""

    LIMIT = CACHE_SIZE


def readings(bot_data: BotData) -> Recent[str, Reading]:
    """The latest photos read (CACHE_SIZE), so a photo sent again is not read again."""
    return bot_data.own(_Readings)


async def _read(message: Message, context: Context,
                data: bytes) -> Reading | None:
    """The reading of these bytes, from the cache or the pool; None after telling why not."""
    key = hashlib.sha256(data).hexdigest()
    if (kept := readings(context.bot_data).get(key)) is not None:
        return kept
    svc = context.bot_data.services
    try:
        reading = await svc.pool.submit(jobs.photo, data, timeout=READ_SECONDS)
    except PuzzleError as error:
        await message.reply_text(str(error))
        return None
    except (JobTimeout, WorkerDied) as error:
        await message.reply_text(failure_text(
            error, _("Reading this photo took too long, so I stopped. Please send the "
                     "puzzle as text.")))
        return None
    readings(context.bot_data).put(key, reading)
    return reading


def read_caption(reading: Reading) -> str:
    """What the picture of the grid as read says (and which cells were guessed)."""
    digits = sum(1 for d in reading.grid if d)
    lines = [ngettext("Read from your photo: {digits} digit (red). Compare it with the paper.",
                      "Read from your photo: {digits} digits (red). Compare them with the "
                      "paper.", digits).format(digits=digits)]
    if reading.repairs:
        guessed = "; ".join(
            _("{cell} looked like {read} but I took {chosen}").format(
                cell=reading.cell_name(r.cell), read=r.read or _("nothing"),
                chosen=r.chosen or _("an empty cell")) for r in reading.repairs)
        lines.append(_("Unsure (orange): {guessed}, since only then the puzzle has one "
                       "solution.").format(guessed=guessed))
    elif reading.solutions == 1 and reading.unsure():
        lines.append(_("Orange: the cells I was least sure of."))
    return "\n".join(lines)


def misread_text(reading: Reading) -> str:
    """Why no solution is shown: what was read has none or several."""
    found = _("no solution") if reading.solutions == 0 else _("more than one solution")
    unsure = reading.unsure()
    where = (" " + _("The cells I was least sure of are ringed in orange: {cells}.").format(
        cells=", ".join(f"{reading.cell_name(c)} ({reading.grid[c] or _('empty')})"
                        for c in unsure))
             if unsure else "")
    return _("What I read has {found}, so I must have misread a cell or the photo hides "
             "one.{where} Please correct the grid below and send it back as text.").format(
                 found=found, where=where)


def read_as_asked(reading: Reading) -> Ask | None:
    """The grid as read, read as a puzzle once for the guard and the answer (None when it
    is not one: `answer` then says why)."""
    try:
        return ask_for(reading.text, PHOTO_KIND)
    except PuzzleError:
        return None


def grid_text(reading: Reading) -> str:
    """The grid as read, to copy, correct and send back: its header line makes it a
    puzzle as it stands, as the /example messages are, copied or forwarded."""
    return f"#{PHOTO_KIND.name} {_(GRID_NAME)}\n{reading.text}"


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
