"""The solve-and-reply flow: the rate limit -> parse (cheap, here) for the cache key -> the
SQLite cache -> else the solver pool -> store -> reply with the picture(s), a short
caption and the full check report."""

from __future__ import annotations

import asyncio
import html
import logging
import time
from collections.abc import Awaitable, Callable

from telegram import Message, Update
from telegram.constants import ParseMode
from telegram.error import BadRequest

from solvers.base import Media, PuzzleError, PuzzleKind, clip
from solvers.pipeline import Result, prepare

from .context import Context, message_of
from .counts import JobCancelled
from .games.guard import race_mark, refusal
from .pool import JobTimeout, WorkerDied
from .progress import ProgressNote

log = logging.getLogger(__name__)


#: Telegram's limits on a caption and on a text message
CAPTION_LIMIT = 1024


TEXT_LIMIT = 4096


async def solve_and_reply(update: Update, context: Context,
                          text: str, kind: PuzzleKind) -> None:
    """Solve the puzzle for the user if the rate limit lets them ask now."""
    if await admitted(update, context):
        await answer(update, context, text, kind)


async def answer(update: Update, context: Context,
                 text: str, kind: PuzzleKind) -> None:
    """Parse, look in the cache, else solve in the pool; then reply."""
    message = message_of(update)
    svc = context.bot_data.services
    started = time.perf_counter()
    try:
        kind, puzzle, key = prepare(text, kind.name)
    except PuzzleError as error:
        await message.reply_text(f"{kind.title}: {error}")
        return
    if (race := context.bot_data.race_of(race_mark(kind, puzzle))) is not None:
        await message.reply_text(refusal(race))
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
                f"You are sending puzzles faster than I can solve them for everyone. "
                f"Please wait about {max(1, round(wait))} s and try again.")
    return allowed


async def solve_in_pool(update: Update, context: Context,
                        text: str, kind: PuzzleKind) -> Result | None:
    """Run the solver; tell the user (and return None) when the job fails."""
    message = message_of(update)
    svc = context.bot_data.services
    note = ProgressNote(message, kind.title)
    posting = asyncio.create_task(note.keep_posted())
    result = None
    try:
        result = await svc.quick_jobs.run(user_id(update), kind.title,
                                          svc.pool.solve(text, kind.name, progress=note.update))
    except JobCancelled:
        pass  # /cancel has told them
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
    senders: dict[str, Callable[..., Awaitable[Message]]] = {
        "animation": message.reply_animation, "document": message.reply_document}
    send = senders.get(media.kind, message.reply_photo)
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

