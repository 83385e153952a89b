"""The solve-and-reply flow: the rate limit -> parse (cheap, here) for the cache key -> the
SQLite cache -> else the solver pool -> store -> reply with the picture(s), a short
caption and the full check report."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, replace

from telegram import InlineKeyboardMarkup, Message, Update
from telegram.constants import ParseMode
from telegram.error import BadRequest

from solvers.base import PuzzleKind
from solvers.pipeline import Result
from solvers.texts import clip
from solvers.values import Media, PuzzleError, verdict_of

from .answers import CAPTION_LIMIT, TEXT_LIMIT, admitted, folded, remember_answer, user_id
from .ask import Ask, ask_for
from .context import Context, message_of
from .counts import SendFirst
from .i18n import _, current
from .look import Look, look_of
from .pages import more_button
from .progress import ProgressNote
from .quick_jobs import JobCancelled
from .race_guard import refusal_of
from .settings import hints_first
from .share_buttons import share_button, with_file_button
from .spoiler import hidden
from .work import jobs
from .work.errors import NO_WORKER_TEXT, JobTimeout, NoWorker, ShuttingDown, WorkerDied
from .work.lanes import Lanes

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Found:
    """A result ready to send: `known` holds the file ids of pictures already sent once,
    and `solved` says it came fresh from the pool (so the cache still lacks it)."""

    result: Result
    known: dict[int, str]
    solved: bool


async def solve_and_reply(update: Update, context: Context,
                          text: str, kind: PuzzleKind) -> None:
    """Solve the puzzle for the user if the rate limit lets them ask now."""
    if await admitted(update, context):
        await answer(update, context, text, kind)


async def answer(update: Update, context: Context,
                 text: str, kind: PuzzleKind, hints: bool = True) -> None:
    """Read the puzzle once (`bot.ask`), look in the cache, else solve in the pool; then
    reply (as the person's /settings ask: hints first unless `hints` is False, solutions
    behind a spoiler)."""
    text = kind.in_language(text, current())  # a kind whose answers depend on it says so
    if (ask := await asked_or_told(message_of(update), text, kind)) is not None:
        await answer_asked(update, context, ask, hints)


async def answer_asked(update: Update, context: Context, ask: Ask, hints: bool = True) -> None:
    """`answer` for a request already read (a photo's reading, read before its picture is
    sent): what a game holds back is refused, the rest answered."""
    message = message_of(update)
    if (refused := await refusal_of(context, user_id(update), message.chat_id,
                                    ask)) is not None:
        await message.reply_text(refused)
        return
    look = await look_of(context.bot_data.services.store, user_id(update))
    solving = ask.kind.being_solved(ask.puzzle)
    if hints and (look.hints_first or solving) and (
            hinted := await hints_first(context, message, ask,
                                        chosen=look.hints_first)) is not None:
        remember_answer(context.bot_data, hinted, ask.text, ask.kind)
        return
    if (found := await result_for(update, context, ask, look)) is not None:
        await reply_with(context, message, ask, look, found)


async def asked_or_told(message: Message, text: str, kind: PuzzleKind) -> Ask | None:
    """The request read (`ask_for`), or None once the asker is told what is wrong."""
    try:
        return ask_for(text, kind)
    except PuzzleError as error:
        await message.reply_text(_("{title}: {error}").format(title=kind.title, error=error))
        return None


async def result_for(update: Update, context: Context, ask: Ask, look: Look) -> Found | None:
    """The cached result or a fresh one from the pool; None when a count took the asker
    over (it replies itself) or the pool already told them why not."""
    svc = context.bot_data.services
    started = time.perf_counter()
    message = message_of(update)
    kind, key = ask.kind, ask.key
    result = await svc.store.get_result(key)
    if result is not None:
        svc.metrics.cache_hits += 1
        log.info("cache hit: %s %s in %.3f s", kind.name, key[:12], time.perf_counter() - started)
        return Found(result, await svc.store.file_ids(key, context.bot.id), solved=False)
    if svc.counts.running(key) is not None:  # this puzzle is being counted: join it
        await svc.counts.follow(message, user_id(update), ask, None,
                                first_answers_kept(context, ask, look.spoiler), look.spoiler)
        return None
    result = await solve_in_pool(update, context, ask)
    if result is None:
        return None
    if result.counting:  # a long count: the first answers now, the count after
        await svc.counts.follow(message, user_id(update), ask, result,
                                first_answers_kept(context, ask, look.spoiler), look.spoiler)
        return None
    svc.metrics.solved(kind.name, time.perf_counter() - started)
    log.info("solved: %s %s in %.3f s", kind.name, key[:12], time.perf_counter() - started)
    return Found(result, {}, solved=True)


async def reply_with(context: Context, message: Message, ask: Ask, look: Look,
                     found: Found) -> None:
    """Send the pictures and the report, then keep the result and the pictures' file ids."""
    result, known = found.result, found.known
    if not result.ok:
        await message.reply_text(result.error)
        return
    svc = context.bot_data.services
    later = later_pictures(svc.pool, result)
    first = clip(result.caption, CAPTION_LIMIT - 1)  # the ellipsis takes the last place
    share = with_file_button(await share_button(context, ask.key, ask.kind, ask.text),
                             ask.kind)
    # with no solution, the caption may say it all
    report = bool(result.solutions) or result.report.strip() not in result.caption
    sent = await send_pictures(message, result, known, later,
                               more_button(context.bot_data, result, first, look.spoiler)
                               or (None if report else share), look.spoiler)
    if found.solved and cacheable(result):  # its pictures all made and sent: never an
        await svc.store.put_result(ask.key, result)  # answer that cannot be sent
    replies = list(sent)
    if report:  # the Share button goes last, under the report
        replies.append(await send_report(message, result, share, look.spoiler))
    for reply in replies:  # /check in reply to any of them checks against this puzzle
        remember_answer(context.bot_data, reply, ask.text, ask.kind)
    if cacheable(result):
        await svc.store.put_file_ids(ask.key, context.bot.id, {
            number: file_id for number, picture in enumerate(sent)
            if (file_id := sent_file_id(picture)) is not None and known.get(number) != file_id})


def first_answers_kept(context: Context, ask: Ask, spoiler: bool = False) -> SendFirst:
    """`send_first_answers`, keeping the puzzle of the picture it sends (for /check)."""
    async def send(message: Message, result: Result, caption: str) -> Message:
        picture = await send_first_answers(message, result, caption, spoiler)
        remember_answer(context.bot_data, picture, ask.text, ask.kind)
        return picture
    return send


async def send_first_answers(message: Message, result: Result, caption: str,
                             spoiler: bool = False) -> Message:
    """A long count's first picture with its running caption, then the check report
    (behind a spoiler for someone who asked for that)."""
    picture = await send_media(message, result.media[0], caption, None, None, spoiler)
    for media in result.media[1:]:
        await send_media(message, media, media.caption, None, None, spoiler)
    await send_report(message, result, None, spoiler)
    return picture


def cacheable(result: Result) -> bool:
    """Only complete answers, with all their pictures, go into the cache; a timed-out
    search may have missed some."""
    return result.ok and not result.timed_out and result.later is None


def later_pictures(lanes: Lanes, result: Result) -> asyncio.Task[list[Media]] | None:
    """Start drawing a result's further pictures (`Result.later`) in a worker now, so
    they are made while its first picture is sent."""
    if result.later is None:
        return None
    return asyncio.create_task(lanes.submit(jobs.pictures, result.later))


async def solve_in_pool(update: Update, context: Context, ask: Ask) -> Result | None:
    """Run the solver (the worker reads the kind's name and the text once more, on its
    side); tell the user (and return None) when the job fails."""
    message = message_of(update)
    svc = context.bot_data.services
    kind = ask.kind
    note = ProgressNote(message, kind.title)
    posting = asyncio.create_task(note.keep_posted())
    result = None
    try:
        result = await svc.quick_jobs.run(user_id(update), kind.title,
                                          svc.pool.solve(ask.text, kind.name, progress=note.update))
    except JobCancelled:
        pass  # /cancel has told them
    except JobTimeout:
        svc.metrics.timeouts += 1
        await message.reply_text(
            _("{title}: this puzzle took longer than the {seconds} s limit, so I stopped it. "
              "Try a smaller one.").format(title=kind.title,
                                           seconds=f"{svc.config.solve_timeout:g}"))
    except NoWorker:  # nothing was sent: no worker died
        await message.reply_text(_(NO_WORKER_TEXT))
    except WorkerDied:
        svc.metrics.worker_deaths += 1
        await message.reply_text(
            _("{title}: the solver process stopped in the middle of this job. It has been "
              "replaced; please send the puzzle again.").format(title=kind.title))
    finally:
        posting.cancel()
    await note.finish(_("done: {count} found").format(count=f"{result.count:,}")
                      if result and result.ok else _("stopped"))
    return result


async def send_pictures(message: Message, result: Result, known: dict[int, str],
                        later: Awaitable[list[Media]] | None,
                        markup: InlineKeyboardMarkup | None = None,
                        spoiler: bool = False) -> list[Message]:
    """The pictures, each as soon as it is made (the first one carries the caption); the
    caption alone when there are none. The check report follows them (`send_report`).

    `known` (by media position) are the file_ids Telegram gave this bot for the same
    pictures before: those go without uploading. `later` draws the result's further
    pictures while the first ones are sent (`later_pictures`). Returns the messages sent,
    the pictures in media order (their file_ids for the cache to keep: `sent_file_id`).
    `markup` goes under the caption (the More button of `bot.pages`). `spoiler` hides
    the pictures and all but the caption's first line (bot/settings.py).
    """
    caption = clip(result.caption, CAPTION_LIMIT - 1)  # the ellipsis takes the last place
    sent: list[Message] = []
    async for media in pictures_as_ready(result, later):
        text = caption if not sent else media.caption
        sent.append(await send_media(message, media, text, known.get(len(sent)),
                                     None if sent else markup, spoiler))
    if not result.media:
        sent.append(await message.reply_text(hidden(caption) if spoiler else caption,
                                             reply_markup=markup,
                                             parse_mode=ParseMode.HTML if spoiler else None))
    return sent


async def pictures_as_ready(result: Result, later: Awaitable[list[Media]] | None
                            ) -> AsyncIterator[Media]:
    """The result's pictures, each as soon as it is made: those it holds, then those
    `later` draws (added to it, `later` cleared). When they cannot be drawn (the job's
    time limit, a worker's death), the reply goes on without them, and is not cached."""
    for media in list(result.media):
        yield media
    if later is None:
        return
    try:
        more = await later
    except (JobTimeout, WorkerDied, ShuttingDown) as error:
        log.warning("the further pictures of a %s reply were not drawn: %r", result.kind, error)
        return
    result.media.extend(more)
    result.later = None
    for media in more:
        yield media


async def send_media(message: Message, media: Media, caption: str,
                     file_id: str | None, markup: InlineKeyboardMarkup | None = None,
                     spoiler: bool = False) -> Message:
    """One picture, by its file_id when there is one, else by uploading the bytes.

    Telegram refuses a file_id it does not know for this bot (another token, a wiped
    sandbox) with BadRequest; the upload that follows means the answer is never lost.
    """
    senders: dict[str, Callable[..., Awaitable[Message]]] = {
        "animation": message.reply_animation, "document": message.reply_document}
    send = senders.get(media.sent_as, message.reply_photo)
    options: dict[str, object] = {"caption": caption, "reply_markup": markup}
    if spoiler:  # a document cannot be blurred: its caption still is
        options.update(caption=hidden(caption), parse_mode=ParseMode.HTML)
        if media.sent_as != "document":
            options["has_spoiler"] = True
    if file_id is not None:
        try:
            return await send(file_id, **options)
        except BadRequest as error:
            log.info("file_id of %s refused (%s): uploading it again", media.filename,
                     error.message)
    try:
        return await send(media.data, filename=media.filename, **options)
    except BadRequest as error:  # a picture too large for a photo, cached before the
        if send == message.reply_document:  # guard of solvers.draw.picture: a document
            return await message.reply_text(  # or its caption
                hidden(caption) if spoiler else caption or media.filename,
                reply_markup=markup, parse_mode=ParseMode.HTML if spoiler else None)
        log.warning("%s refused as %s (%s): sent as a document", media.filename,
                    media.sent_as, error.message)
        return await send_media(message, replace(media, sent_as="document"), caption, None,
                                markup, spoiler)


def sent_file_id(sent: Message) -> str | None:
    """The file_id Telegram gave the picture in a sent message (the largest photo size)."""
    if sent.photo:
        return sent.photo[-1].file_id
    attachment = sent.animation or sent.document
    return attachment.file_id if attachment is not None else None


async def send_report(message: Message, result: Result,
                      markup: InlineKeyboardMarkup | None = None,
                      spoiler: bool = False) -> Message:
    """The full check report: as a message when it fits, else as a text document; its
    lines folded under its verdict (with `spoiler`, hidden in a spoiler inside the fold,
    so a long report is neither a wall nor a clue)."""
    body = folded(report_heading(result), result.report, spoiler)
    if len(body) <= TEXT_LIMIT:
        return await message.reply_text(body, parse_mode=ParseMode.HTML, reply_markup=markup)
    return await message.reply_document(
        result.report.encode(), filename=f"{result.kind}-report.txt",
        caption=_("{heading} (the full report in this file)").format(
            heading=report_heading(result)),
        reply_markup=markup)


def report_heading(result: Result) -> str:
    """The report's first line, always shown: its plain verdict ("Check report: all 27
    rules hold.")."""
    verdict = verdict_of(result.summary)
    return _("Check report: {verdict}").format(verdict=verdict) if verdict else _(
        "Check report")
