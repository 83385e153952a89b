"""File intake: a puzzle sent as a .txt file is read (size, encoding, line ends) and then
answered as if its text had been sent as a message."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatType

from solvers.base import PuzzleKind
from solvers.values import PuzzleError

from .answers import admitted
from .context import Context, message_of
from .i18n import _
from .reading import NOT_A_PUZZLE, caption_kind, command_in_text, detected_kind, not_a_puzzle, reply
from .replies import answer
from .textfiles import NOT_TEXT, downloaded_text, is_text_file, size_refusal


async def on_document(update: Update, context: Context) -> None:
    """A puzzle sent as a .txt file: read it and answer as if the text had been sent.

    In groups the bot speaks only about files it is asked to read (a caption naming a
    kind) or that hold a puzzle, as it is silent about chatter there.
    """
    message = message_of(update)
    document = message.document
    if document is None:  # registered for documents only
        return
    named = caption_kind(message.caption)
    speak = message.chat.type == ChatType.PRIVATE or named is not None
    if not is_text_file(document):
        if speak:
            await message.reply_text(_(NOT_TEXT))
        return
    if refusal := size_refusal(document, document.file_size):
        if speak:
            await message.reply_text(refusal)
        return
    if not await admitted(update, context):
        return
    try:
        text = await downloaded_text(document)
    except PuzzleError as error:
        if speak:
            await message.reply_text(str(error))
        return
    await answer_file(update, context, text, named)


async def on_other(update: Update, context: Context) -> None:
    """A private message with nothing the bot reads (a sticker, a voice note, a location):
    one line saying what it reads, rather than silence. Registered for private chats only,
    as in groups such messages are chatter."""
    await message_of(update).reply_text(_(NOT_TEXT))


async def answer_file(update: Update, context: Context, text: str,
                      named: PuzzleKind | None) -> None:
    """The file's text goes the way of a message: a kind named in the caption or by a
    /KIND first line, else detection."""
    message = message_of(update)
    private = message.chat.type == ChatType.PRIVATE
    commanded, text = command_in_text(text)
    kind = named or commanded or detected_kind(text, private)
    if kind is not None:
        await answer(update, context, text, kind)
    elif private:
        await message.reply_text(not_a_puzzle(text) or reply(NOT_A_PUZZLE))

