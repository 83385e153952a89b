"""Inline mode: `@bot PUZZLE` in any chat offers the solved picture.

Any text a kind detects (a puzzle player's link, a grid on one line...) is read and solved
as in a chat, in a short time limit (the person is waiting in another chat); anything else
goes to the inline search for letters. An inline result can show only a picture
Telegram already has, so the picture goes by the file_id a chat answer left in the cache,
else it is uploaded once to the picture chat (`Config.picture_chat`) for its file_id;
without either, the result is the answer's caption as text. A link that cannot be read, an
unknown genre, a search over its limit: a result whose description says so in one line.
"""

from __future__ import annotations

import asyncio
import logging

from telegram import (
    InlineQueryResult,
    InlineQueryResultArticle,
    InlineQueryResultCachedPhoto,
    InputTextMessageContent,
    Update,
)
from telegram.error import TelegramError

from solvers import registry
from solvers.pipeline import Result
from solvers.texts import clip
from solvers.values import PuzzleError

from . import anagrams
from .ask import Ask, ask_for
from .context import Context, sender_of
from .i18n import _
from .race_guard import refusal_of
from .replies import CAPTION_LIMIT, cacheable, sent_file_id
from .work import jobs
from .work.errors import JobTimeout, WorkerDied

log = logging.getLogger(__name__)

#: seconds a puzzle's search may take: Telegram drops an inline answer that comes late
PUZZLE_TIMEOUT = 8.0


async def inline_query(update: Update, context: Context) -> None:
    """`@bot ...`: a puzzle some kind detects gets its solved picture; other text goes to
    the letters' inline search."""
    query = update.inline_query
    if query is None:  # only inline queries are routed here
        raise TypeError(f"update {update.update_id} carries no inline query")
    text = " ".join(query.query.split())
    if not text or registry.detect(text) is None:
        await anagrams.inline_query(update, context)
        return
    user = sender_of(update).id
    latest, fresh = anagrams.typed(context.bot_data, user, text)
    if fresh and not context.bot_data.services.limiter.allow(user)[0]:
        await query.answer([], cache_time=5)  # past the limit: no message, just nothing
        return
    await asyncio.sleep(anagrams.SETTLE)
    if anagrams.replaced(context.bot_data, user, latest):  # a newer keystroke answers
        await query.answer([], cache_time=0)
        return
    # personal and brief: a race that starts later refuses its players the picture
    await query.answer([await puzzle_result(context, user, text)], cache_time=5,
                       is_personal=True)


async def puzzle_result(context: Context, user: int, text: str) -> InlineQueryResult:
    """The one result for a puzzle: its solved picture, or a note of what is wrong."""
    kind = registry.detect(text)
    try:
        ask = ask_for(text, kind)
    except PuzzleError as error:
        title = kind.title if kind is not None else ""
        return note("error", _("Cannot read this puzzle"), str(error),
                    _("{title}: {error}").format(title=title, error=error))
    if (refused := await refusal_of(context, user, None, ask)) is not None:
        return note("held", _("No answer to this puzzle now"), refused)
    try:
        result, fresh = await solved(context, ask)
    except (JobTimeout, WorkerDied):
        return note("late", _("{title}: no answer within {seconds} s").format(
            title=ask.kind.title, seconds=f"{PUZZLE_TIMEOUT:g}"),
            _("Send the puzzle to me in a chat: the search may take longer there."))
    if not result.ok:
        return note("error", _("Cannot read this puzzle"), result.error)
    caption = clip(result.caption, CAPTION_LIMIT - 1)
    file_id = await picture_id(context, ask, result, fresh)
    if file_id is None:
        return InlineQueryResultArticle(
            id="solved", title=ask.kind.title, description=result.summary or caption,
            input_message_content=InputTextMessageContent(caption))
    return InlineQueryResultCachedPhoto(id="solved", photo_file_id=file_id,
                                        title=ask.kind.title, description=result.summary,
                                        caption=caption)


def note(result_id: str, title: str, text: str, sent: str = "") -> InlineQueryResultArticle:
    """A result that tells, in one line, why there is no picture (and sends that, or
    `sent`, when picked)."""
    return InlineQueryResultArticle(id=result_id, title=title, description=" ".join(text.split()),
                                    input_message_content=InputTextMessageContent(sent or text))


async def solved(context: Context, ask: Ask) -> tuple[Result, bool]:
    """The puzzle's answer, and whether it is fresh: the cached one, or one found now in
    the inline time limit."""
    svc = context.bot_data.services
    if (result := await svc.store.get_result(ask.key)) is not None:
        return result, False
    return await svc.pool.submit(jobs.solve, ask.text, ask.kind.name, PUZZLE_TIMEOUT,
                                 timeout=PUZZLE_TIMEOUT + 2), True


async def picture_id(context: Context, ask: Ask, result: Result, fresh: bool) -> str | None:
    """The file_id of the answer's first picture: the one the cache knows for this bot,
    else one got by uploading it to the picture chat; None when neither can be had. A
    fresh answer is cached once its picture is uploaded (as a chat answer once sent)."""
    svc = context.bot_data.services
    if not result.media or result.media[0].sent_as != "photo":
        return None
    if (known := (await svc.store.file_ids(ask.key, context.bot.id)).get(0)) is not None:
        return known
    chat = svc.config.picture_chat
    if chat is None:
        return None
    media = result.media[0]
    try:
        sent = await context.bot.send_photo(chat, media.data, filename=media.filename,
                                            caption=clip(result.caption, CAPTION_LIMIT - 1),
                                            disable_notification=True)
    except TelegramError as error:  # the operator's chat is gone or closed to the bot
        log.warning("picture chat %s refused an inline answer's picture: %s", chat, error)
        return None
    file_id = sent_file_id(sent)
    if file_id is not None and cacheable(result):
        if fresh:
            await svc.store.put_result(ask.key, result)
        await svc.store.put_file_ids(ask.key, context.bot.id, {0: file_id})
    return file_id
