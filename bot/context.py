"""The bot's own state, typed: one `BotData` per Application, registered with
`ContextTypes` (python-telegram-bot's contexttypesbot.py pattern), so every handler
reads `context.bot_data.services`, `.chat_lock(chat_id)`, `.live_rounds` or
`.hint_steps` as attributes, not string keys.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from telegram import CallbackQuery, Message, Update, User
from telegram.ext import Application, CallbackContext, ContextTypes, ExtBot, JobQueue

from .config import Config
from .counts import Counts, QuickJobs
from .games.store import GameStore
from .metrics import Metrics
from .ratelimit import RateLimiter
from .store import Store, StoreUnavailable
from .work.lanes import Lanes

if TYPE_CHECKING:
    from solvers.base import PuzzleKind
    from solvers.photo import Reading

    from .anagrams import HintStep
    from .games.quiz import LiveRound


#: the bot's messages whose puzzle is kept for /check (by chat and message), newest last;
#: an answer's messages share its text, so at most this many puzzles of 20,000 characters
ANSWERS_KEPT = 2048


@dataclass(frozen=True)
class Answered:
    """The puzzle one of the bot's messages answers: a reply to that message (a picture, a
    caption, a report) carries none of the puzzle's text, so /check finds it here."""

    text: str
    kind: PuzzleKind


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
    #: each person's puzzles being solved now (what /cancel stops)
    quick_jobs: QuickJobs = field(default_factory=QuickJobs)


class BotData:
    """Everything the bot keeps between updates, in `application.bot_data`.

    ContextTypes makes it with no arguments when the Application is built; `build_application`
    then installs the services.
    """

    def __init__(self) -> None:
        self._services: Services | None = None
        #: one lock per chat: every change of a game's state happens under it
        self.chat_locks: dict[int, asyncio.Lock] = {}
        #: the open quiz round of each chat, for quick judging
        self.live_rounds: dict[int, LiveRound] = {}
        #: hint steps by clue, most recently used last (bounded where /hint uses it)
        self.hint_steps: OrderedDict[str, list[HintStep]] = OrderedDict()
        #: photo readings by the SHA-256 of the photo (bounded by bot/photos.py)
        self.photo_readings: OrderedDict[str, Reading] = OrderedDict()
        self._game_store: GameStore | None = None
        #: chats whose race puzzle is being made in a worker just now
        self.race_setups: set[int] = set()
        #: the running races' puzzles, by mark (`games.guard.race_mark`): race id
        self.race_marks: dict[str, int] = {}
        #: the puzzles of the bot's latest answers, by (chat, message) (`remember_answer`)
        self.answers: OrderedDict[tuple[int, int], Answered] = OrderedDict()

    @property
    def services(self) -> Services:
        if self._services is None:
            raise RuntimeError("the bot's services are not installed yet")
        return self._services

    def install(self, services: Services) -> None:
        self._services = services

    def chat_lock(self, chat_id: int) -> asyncio.Lock:
        """The chat's lock, made on first use."""
        if chat_id not in self.chat_locks:
            self.chat_locks[chat_id] = asyncio.Lock()
        return self.chat_locks[chat_id]

    def remember_answer(self, sent: Message, text: str, kind: PuzzleKind) -> None:
        """Keep the puzzle a message of the bot answers (the latest ANSWERS_KEPT), so that
        /check in reply to that message checks against it."""
        self.answers[(sent.chat_id, sent.message_id)] = Answered(text, kind)
        while len(self.answers) > ANSWERS_KEPT:
            self.answers.popitem(last=False)

    def answer_to(self, message: Message) -> Answered | None:
        """The puzzle a message of the bot answers, if it is still kept."""
        return self.answers.get((message.chat_id, message.message_id))

    def race_of(self, mark: str | None) -> int | None:
        """The running race whose puzzle has this mark, if any."""
        return self.race_marks.get(mark) if mark is not None else None

    def games(self) -> GameStore:
        """The game tables, for handlers wrapped in `games.common.needs_store`:
        StoreUnavailable when the store is unusable, which the wrapper tells the person."""
        games = self.game_store()
        if games is None:
            raise StoreUnavailable("the database is not open")
        return games

    def game_store(self) -> GameStore | None:
        """The game tables through the store; None when the store is unusable."""
        store = self.services.store
        if store.db is None:
            return None
        if self._game_store is None or self._game_store.store is not store:
            self._game_store = GameStore(store)
        return self._game_store


#: the context every handler and job receives
Context = CallbackContext[ExtBot[int], dict[Any, Any], dict[Any, Any], BotData]
#: the Application this bot builds
App = Application[ExtBot[int], Any, dict[Any, Any], dict[Any, Any], BotData, Any]
CONTEXT_TYPES = ContextTypes(context=CallbackContext, bot_data=BotData)


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


def jobs_of(application: App) -> JobQueue[Any]:
    """The Application's job queue: the `job-queue` extra the project depends on makes
    one, so None is an installation bug."""
    jobs = application.job_queue
    if jobs is None:
        raise RuntimeError("python-telegram-bot was installed without its job queue")
    return jobs
