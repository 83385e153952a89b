"""A .txt file's text: which documents are read as text, their size limit, and their
download and decoding (encoding, line ends). The handler that answers a file sent to the
bot is bot/files.py; /check reads a replied-to file through this module too, without the
handlers' routing."""

from __future__ import annotations

from telegram import Document

from solvers.i18n import number
from solvers.texts import MAX_INPUT_CHARS, clip, plain_text, text_encoding
from solvers.values import PuzzleError

from .i18n import N_, _

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


async def downloaded_text(document: Document) -> str:
    """Download the file and decode it; PuzzleError when it is too big or not text (the
    size is checked again: Telegram may leave `file_size` out)."""
    data = bytes(await (await document.get_file()).download_as_bytearray())
    if refusal := size_refusal(document, len(data)):
        raise PuzzleError(refusal)
    return decoded(document, data)
