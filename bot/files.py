"""File intake: a puzzle sent as a .txt file is read (size, encoding, line ends) and then
answered as if its text had been sent as a message."""

from __future__ import annotations

from telegram import Document, Update
from telegram.constants import ChatType

from solvers.base import PuzzleKind
from solvers.i18n import number
from solvers.texts import MAX_INPUT_CHARS, clip, plain_text, text_encoding
from solvers.values import PuzzleError

from .context import Context, message_of
from .i18n import N_, _
from .replies import admitted, answer
from .routing import NOT_A_PUZZLE, caption_kind, command_in_text, detected_kind, not_a_puzzle, reply

#: what a document must be for its text to be read as a puzzle
TEXT_MIME_TYPE = "text/plain"


TEXT_SUFFIX = ".txt"


UTF8_BOM = b"\xef\xbb\xbf"


NOT_TEXT = N_("I read puzzles as text: paste the puzzle in a message, or send it as a "
              "plain-text .txt file.")


def is_text_file(document: Document) -> bool:
    """A .txt file or one the sender's app calls text/plain."""
    return (document.mime_type == TEXT_MIME_TYPE
            or (document.file_name or "").lower().endswith(TEXT_SUFFIX))


def file_label(document: Document) -> str:
    return clip(document.file_name or _("The file"))


def size_refusal(document: Document, size: int | None) -> str | None:
    """Why a file is too big to read, or None. A character of plain text is at least one
    byte, so a file of more bytes than the input limit's characters is refused by its
    size alone, before any of it is downloaded."""
    if size is None or size <= MAX_INPUT_CHARS:
        return None
    return _("{file} is {size} bytes; I read puzzle files up to {limit} bytes (the input "
             "limit is {limit} characters).").format(file=file_label(document),
                                                     size=number(size),
                                                     limit=number(MAX_INPUT_CHARS))


def decoded(document: Document, data: bytes) -> str:
    """The file's text as a chat message would carry it (`text_encoding`: UTF-8, or UTF-16
    with or without its byte-order mark; Windows line ends made plain), read through the
    one text rule (`plain_text`: a zero-width space or a second BOM at its start is
    dropped, as in a message)."""
    encoding = text_encoding(data)
    text = utf8_text(document, data) if encoding == "utf-8" else utf16_text(data, encoding)
    return plain_text(text.replace("\r\n", "\n").replace("\r", "\n"))


def utf8_text(document: Document, data: bytes) -> str:
    """The UTF-8 file's text (its byte-order mark dropped). PuzzleError names the first
    byte that is not UTF-8 by line and column, as a puzzle's own errors do."""
    body = data.removeprefix(UTF8_BOM)
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as error:
        line_start = body.rfind(b"\n", 0, error.start) + 1
        line = body.count(b"\n", 0, error.start) + 1
        column = len(body[line_start:error.start].decode("utf-8")) + 1
        raise PuzzleError(_(
            "{file} is not UTF-8 text: line {line}, column {column} has byte {byte}. Save "
            "it as plain text (UTF-8) and send it again.").format(
                file=file_label(document), line=line, column=column,
                byte=f"0x{body[error.start]:02X}")) from None


def utf16_text(data: bytes, encoding: str) -> str:
    """The UTF-16 file's text; PuzzleError when it breaks off (an odd byte at its end, half
    a surrogate pair)."""
    try:
        return data.decode(encoding)
    except UnicodeDecodeError:
        raise PuzzleError(_(NOT_TEXT)) from None


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


async def downloaded_text(document: Document) -> str:
    """Download the file and decode it; PuzzleError when it is too big or not text (the
    size is checked again: Telegram may leave `file_size` out)."""
    data = bytes(await (await document.get_file()).download_as_bytearray())
    if refusal := size_refusal(document, len(data)):
        raise PuzzleError(refusal)
    return decoded(document, data)


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

