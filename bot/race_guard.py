"""Fair play: while a game runs, its players get no help with it from the bot.

While a race runs, its *players* (everyone who joined, and every member of the race's
chat) get no solution, count, /check verdict, /smt export or photo reading of any
*variant* of its puzzle, in any chat: what a variant is each kind declares
(`PuzzleKind.variant_of`: the grid turned, relabelled, with fewer clues...), and the
comparison runs in a worker, only for a player asking about a puzzle of the race's kind.
Everyone else is answered as usual.

Other games hold things back too (a quiz round's letters): they add a *hold* here, a
check that says why a request is refused, so every place that answers puzzles asks one
function, `refusal_of` (with the request already read: `bot.ask`) or `refusal_for` (with
its text), and never names a game or a kind.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from solvers.base import PuzzleKind
from solvers.values import PuzzleError

from .ask import Ask, ask_for
from .i18n import N_, _
from .members import may_be_member
from .recent import Recent
from .work import jobs
from .work.errors import JobTimeout, WorkerDied

if TYPE_CHECKING:
    from .context import BotData, Context

log = logging.getLogger(__name__)

#: seconds a worker may take to compare a puzzle with a race's
VARIANT_TIMEOUT = 10.0
#: what a race's player asking for help with its puzzle is told (a game's own refusal
#: replaces it in its Watch: the daily puzzle's)
RACE_REFUSAL = N_("That is race #{number}'s puzzle, or one like it: no help with it for its "
                  "players until the race ends at {time}.")


@dataclass
class Watch:
    """A running race (or open daily puzzle) as the guard sees it: its puzzle and answer
    (text), its chat, its deadline (a time.time()) and the players who joined."""

    race: int
    kind: str
    puzzle: str
    solution: str
    chat_id: int
    deadline: float
    players: set[int] = field(default_factory=set)
    #: what its players asking for help are told (marked with N_; fields `number`, `time`)
    refusal: str = RACE_REFUSAL
    #: the game's number as people see it (Race #3; `race` is its row's id)
    number: int = 0


class _Watches(dict[int, Watch]):
    """The running races by id."""


class _Verdicts(Recent[tuple[int, str], bool]):
    """Puzzles already compared with a race, by (race, cache key): a player sending the
    same puzzle again costs no worker job."""

    LIMIT = 1024


#: a hold: (context, who asks, the chat asked in or None, the request read) -> the one
#: line that says why not, or None
Hold = Callable[["Context", int, int | None, Ask], Awaitable[str | None]]


class _Holds(list[Hold]):
    """The other games' holds (`add_hold`)."""


def add_hold(bot_data: BotData, hold: Hold) -> None:
    """A game's check of what it keeps from its players while it runs."""
    bot_data.own(_Holds).append(hold)


def until(deadline: float) -> str:
    """`14:05 UTC`: when a game ends, as every refusal says it."""
    return datetime.datetime.fromtimestamp(deadline, datetime.UTC).strftime("%H:%M UTC")


def refusal(watch: Watch) -> str:
    """What a race's player asking for help with its puzzle is told: one line."""
    return _(watch.refusal).format(number=watch.number, time=until(watch.deadline))


def guard(bot_data: BotData, watch: Watch) -> None:
    """From now until the race ends, its puzzle's variants are kept from its players."""
    bot_data.own(_Watches)[watch.race] = watch


def unguard(bot_data: BotData, race: int) -> None:
    """The race is over: its puzzle is an ordinary puzzle again."""
    bot_data.own(_Watches).pop(race, None)


def joined(bot_data: BotData, race: int, user_id: int) -> None:
    """A player joined the race (they are kept from its puzzle wherever they ask)."""
    if (watch := bot_data.own(_Watches).get(race)) is not None:
        watch.players.add(user_id)


async def refusal_for(context: Context, user_id: int, chat_id: int | None, text: str,
                      kind: PuzzleKind | str | None = None) -> str | None:
    """`refusal_of` for a request not read yet (a /check, an /smt, a hint): its text is
    read only while a game holds something back."""
    if not guarding(context.bot_data):
        return None
    try:
        ask = ask_for(text, kind)
    except PuzzleError:
        return None
    return await refusal_of(context, user_id, chat_id, ask)


def guarding(bot_data: BotData) -> bool:
    """Whether a race runs or another game holds something back now."""
    return bool(bot_data.own(_Watches) or bot_data.own(_Holds))


async def refusal_of(context: Context, user_id: int, chat_id: int | None,
                     ask: Ask) -> str | None:
    """Why this person may not have this puzzle answered now, or None: a running race's
    variant for its players, or what another game holds. The comparison runs in a worker
    only for a player of a race of the puzzle's kind."""
    for hold in list(context.bot_data.own(_Holds)):
        if (why := await hold(context, user_id, chat_id, ask)) is not None:
            return why
    for watch in list(context.bot_data.own(_Watches).values()):
        if (watch.kind == ask.kind.name and await plays(context, watch, user_id, chat_id)
                and await is_variant(context, watch, ask)):
            return refusal(watch)
    return None


async def plays(context: Context, watch: Watch, user_id: int, chat_id: int | None) -> bool:
    """Whether the person is one of the race's players: joined it, asks in its chat, or
    may be a member of that chat (unless Telegram says no: fair play fails closed)."""
    return (user_id in watch.players or chat_id == watch.chat_id
            or await may_be_member(context.bot, watch.chat_id, user_id))


async def is_variant(context: Context, watch: Watch, ask: Ask) -> bool:
    """Whether the puzzle is the race's in disguise: the same puzzle at once, otherwise
    the kind's `variant_of` in a worker (remembered). A comparison that cannot be made
    refuses: a race is not to be won by timing the bot out."""
    verdicts = context.bot_data.own(_Verdicts)
    kind = ask.kind
    if (known := verdicts.get((watch.race, ask.key))) is not None:
        return known
    try:
        same = kind.canonical(kind.parse(watch.puzzle)) == kind.canonical(ask.puzzle) or \
            await context.bot_data.services.pool.submit(
                jobs.race_variant, kind.name, watch.puzzle, watch.solution, ask.text,
                timeout=VARIANT_TIMEOUT)
    except PuzzleError:
        same = False
    except (JobTimeout, WorkerDied) as error:
        log.warning("race %s: variant not compared: %s", watch.race, error)
        return True
    verdicts.put((watch.race, ask.key), same)
    return same
