"""Progress notes: a message that says how a long search is going, edited as it goes."""

from __future__ import annotations

import asyncio
import logging
import time

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message
from telegram.constants import ChatAction
from telegram.error import TelegramError

from solvers.i18n import number

from .i18n import _

log = logging.getLogger(__name__)

#: callback data of the *Cancel* button under a progress note: the presser's own work
#: stops, as with /cancel (bot/cancel.py)
CANCEL_DATA = "cancel"


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
        if self.nodes:
            return _("{title}: {state} ({seconds} s, {nodes} search nodes)").format(
                title=self.title, state=state, seconds=f"{seconds:.0f}",
                nodes=number(self.nodes))
        return _("{title}: {state} ({seconds} s)").format(title=self.title, state=state,
                                                          seconds=f"{seconds:.0f}")

    async def show(self, text: str, going: bool = True) -> None:
        """Post or edit the note; while the search is `going`, with a *Cancel* button."""
        if text == self.shown:
            return
        markup = InlineKeyboardMarkup([[InlineKeyboardButton(
            _("Cancel"), callback_data=CANCEL_DATA)]]) if going else None
        try:
            if self.posted is None:
                self.posted = await self.reply_to.reply_text(text, reply_markup=markup)
            else:
                await self.posted.edit_text(text, reply_markup=markup)
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
            found = (_("{count} found so far...").format(count=number(self.solutions))
                     if self.solutions else _("searching..."))
            await self.show(self.text(found))
            await asyncio.sleep(self.EVERY)

    async def finish(self, state: str) -> None:
        """Say how it ended, if anything was posted."""
        if self.posted is not None:
            await self.show(self.text(state), going=False)

