"""What every handler shares: the Context and App types, the services, and the holders
in which each module keeps its own state.

There is no hub of state here: a module that keeps something between updates defines a
small holder class of its own and reaches it through `Kept.own` (the class is the key,
private to that module): in `application.bot_data` (a `BotData`) for what the whole bot
keeps, in `application.chat_data[chat_id]` (a `ChatData`) for what one chat keeps. Both
are registered with python-telegram-bot's `ContextTypes`, so this module imports no
feature and no feature imports another for its state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeVar

from telegram import CallbackQuery, Message, Update, User
from telegram.ext import Application, CallbackContext, ContextTypes, ExtBot, JobQueue

from .config import Config
from .counts import Counts
from .metrics import Metrics
from .quick_jobs import QuickJobs
from .ratelimit import RateLimiter
from .store.facade import Store
from .webhook import UpdatesRequest
from .work.lanes import Lanes

T = TypeVar("T")


@dataclass
class Services:
    """What every handler needs: configuration, the lanes of solving work and the long
    counts running in them, the store, the figures and the per-user rate limit."""

    config: Config
    pool: Lanes
    counts: Counts
    store: Store
    metrics: Metrics
    limiter: RateLimiter
    #: getUpdates' connection, which knows whether the last call worked (/healthz)
    updates: UpdatesRequest
    #: each person's puzzles being solved now (what /cancel stops)
    quick_jobs: QuickJobs = field(default_factory=QuickJobs)


class Kept:
    """State kept by modules, one holder per holder class: `own(Holder)` is the module's
    own `Holder()`, made on first use. Nothing here knows what the holders are."""

    def __init__(self) -> None:
        self._held: dict[type, object] = {}

    def own(self, holder: type[T]) -> T:
        """The instance of `holder` kept here (a class with a constructor without
        arguments, defined by the module that owns the state)."""
        held = self._held.get(holder)
        if not isinstance(held, holder):
            held = holder()
            self._held[holder] = held
        return held


class BotData(Kept):
    """What the whole bot keeps between updates, in `application.bot_data`.

    ContextTypes makes it with no arguments when the Application is built;
    `build_application` then installs the services.
    """

    def __init__(self) -> None:
        super().__init__()
        self._services: Services | None = None

    @property
    def services(self) -> Services:
        if self._services is None:
            raise RuntimeError("the bot's services are not installed yet")
        return self._services

    def install(self, services: Services) -> None:
        self._services = services


class ChatData(Kept):
    """What one chat keeps between updates, in `application.chat_data[chat_id]` (made
    there on first use): its games' lock, its quiz round, its race being set up."""


#: the context every handler and job receives
Context = CallbackContext[ExtBot[int], dict[Any, Any], ChatData, BotData]
#: the Application this bot builds
App = Application[ExtBot[int], Any, dict[Any, Any], ChatData, BotData, Any]
CONTEXT_TYPES = ContextTypes(context=CallbackContext, bot_data=BotData, chat_data=ChatData)


def message_of(update: Update) -> Message:
    """The message a handler answers. Every handler that calls this is registered for
    updates that carry one (a command, a text, a document), so None is a wiring bug."""
    message = update.effective_message
    if message is None:
        raise TypeError(f"update {update.update_id} carries no message")
    return message


def sender_of(update: Update) -> User:
    """Who sent the message or pressed the button a handler answers. Handlers that call
    this take messages in chats and button presses, which always have a sender (a
    channel's posts, which have none, are not routed to them), so None is a wiring bug."""
    user = update.effective_user
    if user is None:
        raise TypeError(f"update {update.update_id} has no sender")
    return user


def query_of(update: Update) -> CallbackQuery:
    """The button press a CallbackQueryHandler answers."""
    query = update.callback_query
    if query is None:
        raise TypeError(f"update {update.update_id} carries no button press")
    return query


def pressed_message(query: CallbackQuery) -> Message | None:
    """The message a button was pressed under, when that button is one of the message's
    own; None for a press whose data the message carries on no button (a modified client
    can send any data under any message), so a token read under one message never acts
    on another, and for a message Telegram no longer hands over."""
    message = query.message
    if not isinstance(message, Message) or message.reply_markup is None:
        return None
    if any(button.callback_data == query.data
           for row in message.reply_markup.inline_keyboard for button in row):
        return message
    return None


def jobs_of(application: App) -> JobQueue[Any]:
    """The Application's job queue: the `job-queue` extra the project depends on makes
    one, so None is an installation bug."""
    jobs = application.job_queue
    if jobs is None:
        raise RuntimeError("python-telegram-bot was installed without its job queue")
    return jobs
