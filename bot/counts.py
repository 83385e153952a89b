"""Long counts after their first answer: run once per puzzle, one per person at a time.

A long count (19,186 assemblies of the largest assembly example) is answered in two
steps: the quick lane finds the first answers and the bot posts that picture at once, its
caption saying the count is running; then the count lane counts to the end and the
caption is edited as it goes, to the final figure ("19,186 unique assemblies, ...
(complete, 71 s)"). Words:

- a *count* is one puzzle being counted (by its cache key), whoever asked for it;
- an *asker* is one person waiting for that count: the picture posted to them is the
  message whose caption is edited. The first asker *owns* the count;
- a person owns at most one running count: the next ones wait in their *queue*.

Everybody who asks for a puzzle being counted joins that count instead of starting
another. A finished count, complete or stopped at its limit, goes into the cache with
the puzzle. `/cancel` takes a person off their counts; a count nobody waits for stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from telegram import Message
from telegram.constants import ParseMode
from telegram.error import TelegramError

from solvers import i18n as library
from solvers.base import PuzzleKind
from solvers.i18n import number
from solvers.pipeline import COUNTING, STOPPED, Result, count_line
from solvers.texts import clip

from .ask import Ask
from .i18n import N_, _, current, ngettext, speaking
from .spoiler import hidden, hidden_line
from .work.errors import JobTimeout, ShuttingDown, WorkerDied
from .work.lane import ProgressListener

log = logging.getLogger(__name__)

#: Telegram's caption limit
CAPTION_LIMIT = 1024
#: seconds between two edits of a running count's caption (Telegram frowns on rapid edits)
EDIT_EVERY = 3.0
#: the count line of a count stopped by /cancel, or by the bot stopping
CANCELLED = N_("cancelled")
SHUTDOWN = N_("stopped: the bot is restarting; send the puzzle again in a minute")
#: the count line of a count whose worker process ended in the middle of it
DIED = N_("stopped: the solver process ended; send the puzzle again")
#: a count line, made in the current language (each asker's own, by `Counts._show`)
Line = Callable[[], str]


@dataclass
class Asker:
    """One person waiting for a count, and the picture posted to them."""

    user_id: int
    picture: Message
    #: their /settings hide solutions behind a spoiler: so are the count's figures
    spoiler: bool = False
    #: the language of their update: the count's later texts speak it (no update then)
    language: str = field(default_factory=current)


@dataclass
class Count:
    """One puzzle being counted (or waiting to be) for the people who asked for it."""

    key: str
    text: str
    kind: PuzzleKind
    first: Result
    owner: int
    askers: list[Asker] = field(default_factory=list)
    started: float = 0.0
    solutions: int = 0
    task: asyncio.Task | None = None
    state: str = "waiting"  # waiting | running | done
    #: the caption shown last, by language
    shown: dict[str, str] = field(default_factory=dict)

    def seconds(self) -> float:
        return time.monotonic() - self.started if self.started else 0.0

    def running_line(self, state: str = COUNTING) -> str:
        """The count line while it runs, or when it ended without a result: every figure
        "at least" (in the current language)."""
        found = max(self.solutions, self.first.count)
        figures = _("at least {count} {counted}").format(count=number(found),
                                                        counted=library._(self.kind.counted))
        return count_line(figures, _(state), self.seconds())

    def later_line(self, state: str = COUNTING) -> Line:
        """`running_line(state)`, made when called (in each asker's language)."""
        return lambda: self.running_line(state)


def caption(result: Result, line: str) -> str:
    """A count's picture caption: its headline, then the count line."""
    return clip(f"{result.headline}\n{line}", CAPTION_LIMIT - 1)


#: sends a count's first answers (the picture with this caption, then the check report)
#: to a message's chat and returns the picture's message
SendFirst = Callable[[Message, Result, str], Awaitable[Message]]


#: runs a long count to its end in the count lane (`bot.work.lanes.Lanes.count`): the
#: puzzle's text, its kind's name and a listener of its progress
CountRunner = Callable[[str, str | None, ProgressListener | None], Awaitable[Result]]


class Counts:
    """Every long count the bot is running or keeping queued."""

    def __init__(self, run_count: CountRunner, keep: Callable[[str, Result], Awaitable[None]]):
        """`run_count` runs a count in the count lane (`Lanes.count`); `keep(key, result)`
        stores a finished count with its puzzle (the cache)."""
        self.run_count = run_count
        self.keep = keep
        self.by_key: dict[str, Count] = {}
        self.by_owner: dict[int, list[Count]] = {}
        self.closing = False

    def running(self, key: str) -> Count | None:
        """The count of this puzzle that people are waiting for, if any."""
        return self.by_key.get(key)

    def join(self, count: Count, asker: Asker) -> None:
        """Add a person to a count already running or queued (they get its figures)."""
        count.askers.append(asker)

    async def follow(self, message: Message, user_id: int, ask: Ask, first: Result | None,
                     send: SendFirst, spoiler: bool = False) -> None:
        """Show a person the first answers of a long count and keep them posted: they
        join the count of this puzzle if one is running or queued (`first` may then be
        None), else theirs starts, or waits behind the one they have running. With
        `spoiler` their captions and final line keep the figures behind a spoiler."""
        count = self.running(ask.key)
        if count is not None:
            picture = await send(message, count.first,
                                 caption(count.first, count.running_line()))
            self.join(count, Asker(user_id, picture, spoiler))
            return
        if first is None:  # the caller saw this count running a moment ago, in this tick
            raise RuntimeError("no count of this puzzle to join")
        picture = await send(message, first, caption(first, first.count_line))
        ahead = self.add(ask.key, ask.text, ask.kind, first, Asker(user_id, picture, spoiler))
        if ahead:
            await picture.reply_text(ngettext(
                "{title}: you have a count running already (one at a time); your count "
                "starts after {count} other.",
                "{title}: you have a count running already (one at a time); your count "
                "starts after {count} others.", ahead).format(title=ask.kind.title,
                                                              count=ahead))

    def add(self, key: str, text: str, kind: PuzzleKind, first: Result,
            asker: Asker) -> int:
        """Start counting a puzzle whose first answers `asker` has just been shown; if
        they own a count already, queue it. Returns how many of theirs are ahead."""
        count = Count(key, text, kind, first, asker.user_id, [asker])
        self.by_key[key] = count
        queue = self.by_owner.setdefault(asker.user_id, [])
        queue.append(count)
        if len(queue) == 1:
            self._start(count)
        return len(queue) - 1

    def _start(self, count: Count) -> None:
        count.state, count.started = "running", time.monotonic()
        count.task = asyncio.create_task(self._run(count), name=f"count {count.key[:12]}")

    async def _run(self, count: Count) -> None:
        """Count to the end in the count lane, editing the captions as it goes."""
        editing = asyncio.create_task(self._keep_edited(count))
        try:
            result = await self.run_count(count.text, count.kind.name, self._listener(count))
        except (JobTimeout, WorkerDied, ShuttingDown) as error:
            log.warning("count %s ended without a result: %r", count.key[:12], error)
            state = {JobTimeout: STOPPED, ShuttingDown: SHUTDOWN}.get(type(error), DIED)
            await self._finish(count, count.later_line(state))
            return
        except asyncio.CancelledError:
            await self._finish(count, count.later_line(count.state))
            raise
        finally:
            editing.cancel()
        await self.keep(count.key, result)
        await self._finish(count, lambda: result.count_line, result)

    @staticmethod
    def _listener(count: Count) -> Callable[[int, int], None]:
        def heard(solutions: int, nodes: int) -> None:
            count.solutions = solutions
        return heard

    async def _keep_edited(self, count: Count) -> None:
        while True:
            await asyncio.sleep(EDIT_EVERY)
            await self._show(count, count.later_line())

    async def _show(self, count: Count, line: Line, result: Result | None = None,
                    askers: list[Asker] | None = None) -> None:
        """Edit the pictures' captions (of every asker, or of those given), each in the
        asker's language: the headline of `result` (else of the first answers) and the
        count line. Unless askers are given, a language whose caption is unchanged is
        not edited again."""
        chosen = askers or list(count.askers)
        texts: dict[str, str] = {}
        for language in {asker.language for asker in chosen}:
            with speaking(language):
                texts[language] = caption(result or count.first, line())
        if askers is None:
            texts = {language: text for language, text in texts.items()
                     if text != count.shown.get(language)}
        count.shown.update(texts)
        for asker in chosen:
            if (text := texts.get(asker.language)) is None:
                continue
            try:
                if asker.spoiler:
                    await asker.picture.edit_caption(hidden(text), parse_mode=ParseMode.HTML)
                else:
                    await asker.picture.edit_caption(text)
            except TelegramError as error:  # a picture deleted, an edit refused
                log.debug("count caption not edited: %s", error)

    async def _finish(self, count: Count, line: Line, result: Result | None = None) -> None:
        """The final figure in every asker's caption, then the owner's next count."""
        count.state = "done"
        await self._show(count, line, result)
        for asker in count.askers:
            with speaking(asker.language):
                final = line()
            with contextlib.suppress(TelegramError):
                if asker.spoiler:
                    await asker.picture.reply_text(hidden_line(count.kind.title, final),
                                                   parse_mode=ParseMode.HTML)
                else:
                    await asker.picture.reply_text(f"{count.kind.title}: {final}")
        self._forget(count)

    def _forget(self, count: Count) -> None:
        if self.by_key.get(count.key) is count:
            del self.by_key[count.key]
        queue = self.by_owner.get(count.owner, [])
        if count in queue:
            queue.remove(count)
        if not queue:
            self.by_owner.pop(count.owner, None)
        elif queue[0].state == "waiting" and not self.closing:
            self._start(queue[0])

    def owned_by(self, user_id: int) -> list[Count]:
        """The counts a person waits for (running or queued), theirs or joined."""
        return [count for count in self.by_key.values()
                if any(asker.user_id == user_id for asker in count.askers)]

    async def cancel(self, user_id: int) -> list[tuple[Count, str]]:
        """Take a person off every count they wait for; a count nobody waits for any
        more stops. Returns each count with what it says now."""
        said = []
        for count in self.owned_by(user_id):
            mine = [asker for asker in count.askers if asker.user_id == user_id]
            count.askers = [asker for asker in count.askers if asker.user_id != user_id]
            await self._show(count, count.later_line(CANCELLED), askers=mine)
            if count.askers:  # others still wait: it goes on for them
                said.append((count, _("{title}: you will not get this count; it goes on "
                                      "for the others who asked for it").format(
                                          title=count.kind.title)))
                continue
            said.append((count, f"{count.kind.title}: {count.running_line(CANCELLED)}"))
            count.state = CANCELLED
            if count.task is not None:
                count.task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await count.task
            else:
                self._forget(count)
        return said

    async def close(self) -> None:
        """Stop every count, running or queued, telling the people waiting (the bot is
        stopping)."""
        self.closing = True
        for count in list(self.by_key.values()):
            count.state = SHUTDOWN
            if count.task is None:
                await self._finish(count, count.later_line(SHUTDOWN))
            else:
                count.task.cancel()
        for count in list(self.by_key.values()):
            if count.task is not None:
                with contextlib.suppress(asyncio.CancelledError):
                    await count.task

