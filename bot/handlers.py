"""Chat handlers: one small function per command, all wiring in `bot/app.py`.

The flow for a puzzle (DESIGN.md): detect the kind -> parse (cheap, here) for the cache
key -> the SQLite cache -> else the solver pool -> store -> reply with the picture(s),
a short caption and the full check report.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import re
import time
from dataclasses import dataclass
from pathlib import Path

from telegram import Document, Message, Update
from telegram.constants import ChatAction, ChatType, ParseMode
from telegram.error import BadRequest, TelegramError
from telegram.ext import ContextTypes

from solvers import registry
from solvers.base import MAX_INPUT_CHARS, Media, PuzzleError, PuzzleKind, clip
from solvers.pipeline import Result, prepare

from .config import Config
from .counts import Counts
from .lanes import Lanes
from .metrics import Metrics
from .pool import JobTimeout, ShuttingDown, WorkerDied
from .ratelimit import RateLimiter
from .store import Store

log = logging.getLogger(__name__)

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
#: Telegram's limits on a caption and on a text message
CAPTION_LIMIT = 1024
TEXT_LIMIT = 4096


@dataclass
class Services:
    """What every handler needs, kept in `application.bot_data` (no globals)."""

    config: Config
    pool: Lanes
    counts: Counts
    store: Store
    metrics: Metrics
    limiter: RateLimiter


def services(context: ContextTypes.DEFAULT_TYPE) -> Services:
    return context.bot_data["services"]


def code_spans(text: str) -> str:
    """Escape for HTML, then show `backticked` parts as code."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


def kinds_listing() -> str:
    return "\n".join(
        f"/{kind.name} {html.escape(kind.title)}: {code_spans(kind.summary)}"
        for kind in registry.KINDS)


WELCOME = (
    "<b>PuzzleBot</b> solves puzzles. Send the puzzle as text (or as a .txt file) and get "
    "back a picture of the answer, how many solutions there are, and a check report that "
    "verifies it rule by rule.\n\n<b>Puzzles I know</b>\n{kinds}\n\n"
    "<b>Commands</b>\n"
    "/example KIND: a ready puzzle to try (forward it back to me)\n"
    "/KIND PUZZLE: solve as that kind, when detection guesses wrong\n"
    "/smt PUZZLE: the SMT-LIB2 text of an SMT-family puzzle\n"
    "/check: is my solution right? Reply to a puzzle with /check and your solution\n"
    "/hint LETTERS: anagram hints, one step at a time\n"
    "/cancel: stop your own long count\n"
    "@{bot} letters: anagrams in any chat (inline mode)\n"
    "/help: this message\n\n"
    "<b>In groups</b>\n"
    "/quiz: an anagram quiz (rounds=10 seconds=45 topic=countries difficulty=easy)\n"
    "/race KIND: a puzzle race (seki, sudoku, gogen, nw); /submit ID in private to finish\n"
    "/skip, /stop: for the quiz's starter or an admin\n"
    "/top: scores; /stats: your own record"
)


async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/start and /help: what the bot does and the kinds it knows."""
    await update.effective_message.reply_text(
        WELCOME.format(kinds=kinds_listing(), bot=context.bot.username),
        parse_mode=ParseMode.HTML)


async def example(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/example KIND: the kind's sample puzzle, ready to be sent back."""
    kind = registry.get(context.args[0]) if context.args else None
    if kind is None or not kind.example:
        names = ", ".join(k.name for k in registry.KINDS if k.example)
        await update.effective_message.reply_text(f"Usage: /example KIND, one of: {names}")
        return
    await update.effective_message.reply_text((PUZZLES / kind.example).read_text().strip())


def command_argument(message: Message) -> str:
    """The text after the command word, keeping its line breaks."""
    text = message.text or ""
    first = text.split(maxsplit=1)[0] if text.strip() else ""
    return text[len(first):].strip("\n ")


async def smt(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/smt PUZZLE: the SMT-LIB2 text as a document."""
    message = update.effective_message
    text = command_argument(message)
    if not text:
        await message.reply_text("Usage: /smt followed by a puzzle, e.g.\n/smt oo+ooaoo-")
        return
    try:
        kind, puzzle, _ = prepare(text)
        smtlib = kind.smt(puzzle)
    except PuzzleError as error:
        await message.reply_text(str(error))
        return
    await message.reply_document(
        smtlib.encode(), filename=f"{kind.name}.smt2",
        caption=f"{kind.title}: SMT-LIB2, {len(smtlib.splitlines())} lines. "
                "Run it with: z3 file.smt2")


async def kind_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/seki PUZZLE (and every other kind's name): solve as that kind."""
    message = update.effective_message
    name = (message.text or "").split(maxsplit=1)[0].lstrip("/").split("@")[0]
    kind = registry.get(name)
    text = command_argument(message)
    if not text:
        await message.reply_text(
            f"{kind.title}: {kind.summary}\nTry /example {kind.name}".replace("`", ""))
        return
    await solve_and_reply(update, context, text, kind)


#: a private message of one to three words of letters (and ? blanks) is an anagram clue
BARE_LETTERS = re.compile(r"^\s*[A-Za-z?'-]+(\s+[A-Za-z?'-]+){0,2}\s*$")
#: shorter clues are more likely a greeting than a puzzle
BARE_LETTERS_MIN = 4


def bare_letters(text: str) -> bool:
    letters = sum(char.isalpha() or char == "?" for char in text)
    return bool(BARE_LETTERS.match(text)) and letters >= BARE_LETTERS_MIN


NOT_A_PUZZLE = ("That does not look like a puzzle I know. Send /help for the formats, "
                "or /example seki for one to try.")


def detected_kind(text: str, private: bool) -> PuzzleKind | None:
    """The kind the text looks like; in private chats, letters alone are an anagram clue."""
    kind = registry.detect(text)
    if kind is None and private and bare_letters(text):
        kind = registry.get("anagram")
    return kind


async def on_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Plain text: solve it if it looks like a puzzle; in private chats, anything else gets
    a pointer to /help."""
    message = update.effective_message
    text = message.text or ""
    private = message.chat.type == ChatType.PRIVATE
    kind = detected_kind(text, private)
    if kind is not None:
        await solve_and_reply(update, context, text, kind)
    elif private:
        await message.reply_text(NOT_A_PUZZLE)


#: what a document must be for its text to be read as a puzzle
TEXT_MIME_TYPE = "text/plain"
TEXT_SUFFIX = ".txt"
UTF8_BOM = b"\xef\xbb\xbf"
NOT_TEXT = ("I read puzzles as text: paste the puzzle in a message, or send it as a "
            "plain-text .txt file.")


def is_text_file(document: Document) -> bool:
    """A .txt file or one the sender's app calls text/plain."""
    return (document.mime_type == TEXT_MIME_TYPE
            or (document.file_name or "").lower().endswith(TEXT_SUFFIX))


def file_label(document: Document) -> str:
    return clip(document.file_name or "The file")


def size_refusal(document: Document, size: int | None) -> str | None:
    """Why a file is too big to read, or None. A character of plain text is at least one
    byte, so a file of more bytes than the input limit's characters is refused by its
    size alone, before any of it is downloaded."""
    if size is None or size <= MAX_INPUT_CHARS:
        return None
    return (f"{file_label(document)} is {size:,} bytes; I read puzzle files up to "
            f"{MAX_INPUT_CHARS:,} bytes (the input limit is {MAX_INPUT_CHARS:,} characters).")


def decoded(document: Document, data: bytes) -> str:
    """The file's text as a chat message would carry it (UTF-8, a byte-order mark dropped,
    Windows line ends made plain). PuzzleError names the first byte that is not UTF-8 by
    line and column, as a puzzle's own errors do."""
    body = data.removeprefix(UTF8_BOM)
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        line_start = body.rfind(b"\n", 0, error.start) + 1
        line = body.count(b"\n", 0, error.start) + 1
        column = len(body[line_start:error.start].decode("utf-8")) + 1
        raise PuzzleError(
            f"{file_label(document)} is not UTF-8 text: line {line}, column {column} has "
            f"byte 0x{body[error.start]:02X}. Save it as plain text (UTF-8) and send it "
            "again.") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def caption_kind(caption: str | None) -> PuzzleKind | None:
    """The kind a document's caption names by its first word: /sudoku, sudoku or #sudoku."""
    words = (caption or "").split()
    return registry.get(words[0].split("@")[0]) if words else None


def command_in_text(text: str) -> tuple[PuzzleKind | None, str]:
    """A file that starts with /KIND, as a message would: that kind and the rest."""
    words = text.split(maxsplit=1)
    if not words or not words[0].startswith("/"):
        return None, text
    kind = registry.get(words[0].split("@")[0])
    return (kind, text.strip()[len(words[0]):].strip("\n ")) if kind else (None, text)


async def on_document(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A puzzle sent as a .txt file: read it and answer as if the text had been sent.

    In groups the bot speaks only about files it is asked to read (a caption naming a
    kind) or that hold a puzzle, as it is silent about chatter there.
    """
    message = update.effective_message
    document = message.document
    named = caption_kind(message.caption)
    speak = message.chat.type == ChatType.PRIVATE or named is not None
    if not is_text_file(document):
        if speak:
            await message.reply_text(NOT_TEXT)
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


async def downloaded_text(document: Document) -> str:
    """Download the file and decode it; PuzzleError when it is too big or not text (the
    size is checked again: Telegram may leave `file_size` out)."""
    data = bytes(await (await document.get_file()).download_as_bytearray())
    if refusal := size_refusal(document, len(data)):
        raise PuzzleError(refusal)
    return decoded(document, data)


async def answer_file(update: Update, context: ContextTypes.DEFAULT_TYPE, text: str,
                      named: PuzzleKind | None) -> None:
    """The file's text goes the way of a message: a kind named in the caption or by a
    /KIND first line, else detection."""
    message = update.effective_message
    private = message.chat.type == ChatType.PRIVATE
    commanded, text = command_in_text(text)
    kind = named or commanded or detected_kind(text, private)
    if kind is not None:
        await answer(update, context, text, kind)
    elif private:
        await message.reply_text(NOT_A_PUZZLE)


async def solve_and_reply(update: Update, context: ContextTypes.DEFAULT_TYPE,
                          text: str, kind: PuzzleKind) -> None:
    """Solve the puzzle for the user if the rate limit lets them ask now."""
    if await admitted(update, context):
        await answer(update, context, text, kind)


async def answer(update: Update, context: ContextTypes.DEFAULT_TYPE,
                 text: str, kind: PuzzleKind) -> None:
    """Parse, look in the cache, else solve in the pool; then reply."""
    message = update.effective_message
    svc = services(context)
    started = time.perf_counter()
    try:
        kind, _, key = prepare(text, kind.name)
    except PuzzleError as error:
        await message.reply_text(f"{kind.title}: {error}")
        return
    result = await svc.store.get_result(key)
    known: dict[int, str] = {}
    if result is not None:
        svc.metrics.cache_hits += 1
        known = await svc.store.file_ids(key, context.bot.id)
        log.info("cache hit: %s %s in %.3f s", kind.name, key[:12], time.perf_counter() - started)
    else:
        if svc.counts.running(key) is not None:  # this puzzle is being counted: join it
            await svc.counts.follow(message, user_id(update), key, text, kind, None,
                                    send_first_answers)
            return
        result = await solve_in_pool(update, context, text, kind)
        if result is None:
            return
        if result.counting:  # a long count: the first answers now, the count after
            await svc.counts.follow(message, user_id(update), key, text, kind, result,
                                    send_first_answers)
            return
        if cacheable(result):
            await svc.store.put_result(key, result)
        svc.metrics.solved(kind.name, time.perf_counter() - started)
        log.info("solved: %s %s in %.3f s", kind.name, key[:12], time.perf_counter() - started)
    sent = await send_result(message, result, known)
    if cacheable(result):
        await svc.store.put_file_ids(key, context.bot.id, {
            number: file_id for number, file_id in sent.items() if known.get(number) != file_id})


def user_id(update: Update) -> int:
    """Who asked (a channel post has nobody: 0)."""
    return update.effective_user.id if update.effective_user else 0


async def send_first_answers(message: Message, result: Result, caption: str) -> Message:
    """A long count's first picture with its running caption, then the check report."""
    picture = await send_media(message, result.media[0], caption, None)
    for media in result.media[1:]:
        await send_media(message, media, media.caption, None)
    await send_report(message, result)
    return picture


def cacheable(result: Result) -> bool:
    """Only complete answers go into the cache; a timed-out search may have missed some."""
    return result.ok and not result.timed_out


async def admitted(update: Update, context: ContextTypes.DEFAULT_TYPE) -> bool:
    """Apply the per-user rate limit to solving work; say so politely, once."""
    svc = services(context)
    user = update.effective_user
    if user is None:
        return True
    allowed, warn = svc.limiter.allow(user.id)
    if not allowed:
        svc.metrics.rate_limited += 1
        if warn:
            wait = svc.limiter.wait_seconds(user.id)
            await update.effective_message.reply_text(
                f"You are sending puzzles faster than I can solve them for everyone. "
                f"Please wait about {max(1, round(wait))} s and try again.")
    return allowed


async def admin(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/admin for the owner (PUZZLEBOT_OWNER_ID): how the bot is doing. Others: silence."""
    svc = services(context)
    user = update.effective_user
    if svc.config.owner_id is None or user is None or user.id != svc.config.owner_id:
        return
    store = "open" if svc.store.db is not None else "unavailable (running without cache)"
    await update.effective_message.reply_text(
        f"{svc.metrics.report()}\nWorkers: {svc.pool.report()}\n"
        f"Store: {store}, schema {await svc.store.schema_version()}")


async def solve_in_pool(update: Update, context: ContextTypes.DEFAULT_TYPE,
                        text: str, kind: PuzzleKind) -> Result | None:
    """Run the solver; tell the user (and return None) when the job fails."""
    message = update.effective_message
    svc = services(context)
    note = ProgressNote(message, kind.title)
    posting = asyncio.create_task(note.keep_posted())
    result = None
    try:
        result = await svc.pool.solve(text, kind.name, progress=note.update)
    except JobTimeout:
        svc.metrics.timeouts += 1
        await message.reply_text(
            f"{kind.title}: this puzzle took longer than the {svc.config.solve_timeout:g} s "
            "limit, so I stopped it. Try a smaller one.")
    except WorkerDied:
        svc.metrics.worker_deaths += 1
        await message.reply_text(
            f"{kind.title}: the solver process stopped in the middle of this job. "
            "It has been replaced; please send the puzzle again.")
    finally:
        posting.cancel()
    await note.finish(f"done: {result.count:,} found" if result and result.ok else "stopped")
    return result


class ProgressNote:
    """A message saying how a long search is going, edited as it goes.

    Nothing is posted for jobs that end within `DELAY` seconds, so quick answers stay
    uncluttered (after `ACTION_DELAY` the chat shows "uploading photo..."); after that
    the figure is refreshed every `EVERY` seconds at most (Telegram frowns on rapid
    edits).
    """

    ACTION_DELAY = 0.5
    DELAY = 2.0
    EVERY = 3.0

    def __init__(self, reply_to: Message, title: str):
        self.reply_to = reply_to
        self.title = title
        self.started = time.monotonic()
        self.solutions = 0
        self.nodes = 0
        self.posted: Message | None = None
        self.shown = ""

    def update(self, solutions: int, nodes: int) -> None:
        self.solutions, self.nodes = solutions, nodes

    def text(self, state: str) -> str:
        seconds = time.monotonic() - self.started
        nodes = f", {self.nodes:,} search nodes" if self.nodes else ""
        return f"{self.title}: {state} ({seconds:.0f} s{nodes})"

    async def show(self, text: str) -> None:
        if text == self.shown:
            return
        try:
            if self.posted is None:
                self.posted = await self.reply_to.reply_text(text)
            else:
                await self.posted.edit_text(text)
            self.shown = text
        except TelegramError as error:
            log.debug("progress message failed: %s", error)

    async def keep_posted(self) -> None:
        await asyncio.sleep(self.ACTION_DELAY)
        try:  # "uploading photo..." in the chat header; only for jobs that take a while,
            # since every call counts against Telegram's 30 a second
            await self.reply_to.get_bot().send_chat_action(
                self.reply_to.chat_id, ChatAction.UPLOAD_PHOTO)
        except TelegramError as error:  # a lost indicator is not worth failing over
            log.debug("chat action failed: %s", error)
        await asyncio.sleep(self.DELAY - self.ACTION_DELAY)
        while True:
            found = f"{self.solutions:,} found so far..." if self.solutions else "searching..."
            await self.show(self.text(found))
            await asyncio.sleep(self.EVERY)

    async def finish(self, state: str) -> None:
        """Say how it ended, if anything was posted."""
        if self.posted is not None:
            await self.show(self.text(state))


async def send_result(message: Message, result: Result,
                      file_ids: dict[int, str] | None = None) -> dict[int, str]:
    """Pictures first (the first one carries the caption), then the check report.

    `file_ids` (by media position) are the ids Telegram gave this bot for the same
    pictures before: those go without uploading. Returns the file_ids Telegram gave for
    the pictures sent now, for the cache to keep.
    """
    if not result.ok:
        await message.reply_text(result.error)
        return {}
    known = file_ids or {}
    caption = clip(result.caption, CAPTION_LIMIT - 1)  # the ellipsis takes the last place
    sent_ids: dict[int, str] = {}
    for number, media in enumerate(result.media):
        text = caption if number == 0 else media.caption
        sent = await send_media(message, media, text, known.get(number))
        if (file_id := sent_file_id(sent)) is not None:
            sent_ids[number] = file_id
    if not result.media:
        await message.reply_text(caption)
    await send_report(message, result)
    return sent_ids


async def send_media(message: Message, media: Media, caption: str,
                     file_id: str | None) -> Message:
    """One picture, by its file_id when there is one, else by uploading the bytes.

    Telegram refuses a file_id it does not know for this bot (another token, a wiped
    sandbox) with BadRequest; the upload that follows means the answer is never lost.
    """
    send = {"animation": message.reply_animation,
            "document": message.reply_document}.get(media.kind, message.reply_photo)
    if file_id is not None:
        try:
            return await send(file_id, caption=caption)
        except BadRequest as error:
            log.info("file_id of %s refused (%s): uploading it again", media.filename,
                     error.message)
    return await send(media.data, filename=media.filename, caption=caption)


def sent_file_id(sent: Message) -> str | None:
    """The file_id Telegram gave the picture in a sent message (the largest photo size)."""
    if sent.photo:
        return sent.photo[-1].file_id
    attachment = sent.animation or sent.document
    return attachment.file_id if attachment is not None else None


async def send_report(message: Message, result: Result) -> None:
    """The full check report: as a message when it fits, else as a text document."""
    body = f"<pre>{html.escape(result.report)}</pre>"
    if len(body) <= TEXT_LIMIT:
        await message.reply_text(body, parse_mode=ParseMode.HTML)
    else:
        await message.reply_document(result.report.encode(), filename=f"{result.kind}-report.txt",
                                     caption="The full check report")


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log every unexpected failure; tell the user something went wrong."""
    stopping = isinstance(context.error, ShuttingDown)
    if not stopping:
        log.error("unexpected error handling an update", exc_info=context.error)
        services(context).metrics.errors += 1
    if isinstance(update, Update) and update.effective_message:
        with contextlib.suppress(TelegramError):
            await update.effective_message.reply_text(
                RESTARTING if stopping else
                "Sorry, something went wrong on my side. The error has been logged.")


#: what a person whose job was dropped because the bot is stopping is told
RESTARTING = "I am restarting, so I stopped this job. Please send it again in a minute."
