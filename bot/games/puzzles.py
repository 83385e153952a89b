"""A game's puzzle, shared by the modes that post one to a group and take solutions by
/submit (the race, the daily puzzle): made in a worker (generated, or drawn from a kind's
pool of files), posted with its Share button, described, watched by the race guard; and
the game id a player names.
"""

from __future__ import annotations

import html
import random
from pathlib import Path

from telegram import InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import ParseMode

from solvers.base import PuzzleKind
from solvers.pipeline import prepare
from solvers.values import PuzzleError

from ..answers import remember_answer
from ..context import App
from ..i18n import _
from ..race_guard import RACE_REFUSAL, Watch
from ..rules import PUZZLES
from ..share import keep_shared, share_row
from ..work import jobs
from .common import difficulty_word, say, show_photo
from .store import Game, GameStore

#: seconds a worker may take to make a race puzzle
MAKE_TIMEOUT = 40.0
#: digits of the largest race id (a SQLite row id is below 2**63)
MAX_ID_DIGITS = 18


def race_id(word: str) -> int | None:
    """The race id in `12` or `#12`; None for anything else: `²` (a digit to isdigit(),
    not to int()), or more digits than a row id can have (SQLite's are 64-bit)."""
    digits = word.removeprefix("#")
    if not (digits.isascii() and digits.isdecimal()) or len(digits) > MAX_ID_DIGITS:
        return None
    return int(digits)


def uses_pool(kind: PuzzleKind) -> bool:
    """Races of this kind draw from its files (it has no generator)."""
    return not kind.generates


def pool_files(kind: PuzzleKind) -> list[Path]:
    """The puzzle files a kind without a generator races with."""
    return sorted(PUZZLES.glob(f"{kind.race_pool}*.txt")) if kind.race_pool else []


async def race_pool(games: GameStore, chat_id: int, kind: PuzzleKind) -> list[tuple[str, str]]:
    """(file name, text) of a pool kind's puzzles in the order to try them: never raced in
    this chat first, then from the longest ago to the latest; empty for generated kinds."""
    if not uses_pool(kind):
        return []
    recent = await games.recent_puzzles(chat_id, kind.name)
    files = pool_files(kind)
    random.shuffle(files)
    files.sort(key=lambda f: -recent.index(f.name) if f.name in recent else -len(recent) - 1)
    return [(f.name, f.read_text()) for f in files]


async def share_of(application: App, kind: PuzzleKind, text: str
                   ) -> list[InlineKeyboardButton] | None:
    """The Share button of a race's puzzle: opened by anyone, it shows the puzzle; solved
    only for people who are not the race's players while it runs (bot/race_guard.py)."""
    try:
        _kind, _puzzle, key = prepare(text, kind.name)
    except PuzzleError:
        return None
    payload = await keep_shared(application.bot_data.services.store, key, kind, text)
    return share_row(application.bot.username, payload) if payload else None


async def post_puzzle(application: App, chat_id: int, kind: PuzzleKind, made: jobs.RacePuzzle,
                      caption: str, markup: InlineKeyboardMarkup | None) -> None:
    """A game's puzzle posted: its picture with the caption and buttons, then its text to
    copy; both kept as showing the puzzle, so /hint or /check in reply to either finds it
    (the race guard still answers its players first)."""
    posted = [await show_photo(application, chat_id, made.picture, caption, reply_markup=markup),
              await say(application, chat_id, f"<pre>{html.escape(made.text)}</pre>",
                        parse_mode=ParseMode.HTML)]
    for message in posted:
        if message is not None:
            remember_answer(application.bot_data, message, made.text, kind)


async def make_puzzle(application: App, games: GameStore, chat_id: int, kind: PuzzleKind,
                      difficulty: str) -> jobs.RacePuzzle:
    """A puzzle for the chat to race on (or its daily puzzle), made in a worker: generated
    or drawn from the kind's pool; JobTimeout, WorkerDied or PuzzleError when it cannot."""
    pool = await race_pool(games, chat_id, kind)
    return await application.bot_data.services.pool.submit(
        jobs.race_puzzle, kind.name, difficulty, random.randrange(2**32), pool,
        timeout=MAKE_TIMEOUT)


def described(kind: PuzzleKind, made: jobs.RacePuzzle, difficulty: str) -> str:
    """`easy, exactly one solution`: where the puzzle came from, its rating, its count."""
    level = made.source if uses_pool(kind) else difficulty_word(difficulty)
    if made.difficulty:  # a kind with hints: its rating, not the generator's word
        level = f"{level}, {made.difficulty}"
    unique = (_("exactly one solution") if made.solutions == 1
              else _("more than one solution"))
    return f"{level}, {unique}"


def watch_of(game: Game, players: set[int] | None = None,
             refusal: str = RACE_REFUSAL) -> Watch:
    """What the race guard keeps of a running race (or of another game, which says no
    with its own `refusal`)."""
    settings = game.settings
    return Watch(game.id, settings["kind"], settings["puzzle"], settings.get("solution", ""),
                 game.chat_id, settings["deadline"], players or set(), refusal, game.number)
