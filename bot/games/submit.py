"""/submit ID + solution, in a private chat: a player's solution to a game's puzzle
(a race's, a daily puzzle's), judged by the kind's own check in a worker. Which games take
it, and what a right one does, each mode says (`GameMode.submit`, bot/games/mode.py);
bot/games/modes.py passes them in.
"""

from __future__ import annotations

import contextlib
import logging
import time

from telegram import Update
from telegram.constants import ChatType
from telegram.error import TelegramError

from solvers import registry
from solvers.values import PuzzleError

from ..answers import admitted
from ..config import CHECK_TIMEOUT
from ..context import Context, message_of, sender_of
from ..i18n import _
from ..members import is_member
from ..race_guard import joined
from ..reading import command_argument
from ..work import jobs
from ..work.errors import JobTimeout, WorkerDied, failure_text
from .common import NO_STORE, chat_lock, duration, game_store, ordinal, player_name, say
from .mode import Submissions
from .puzzles import race_id

log = logging.getLogger(__name__)


async def submit(update: Update, context: Context, takes: dict[str, Submissions]) -> None:
    """/submit ID + solution, in a private chat, for a game of the kinds `takes` (by the
    games table's `game`): judge it and record a finish."""
    message = message_of(update)
    application = context.application
    if update.edited_message is not None:  # an edit is not a new attempt
        await message.reply_text(_("An edited /submit does not count: send it again as a "
                                   "new message."))
        return
    if message.chat.type != ChatType.PRIVATE:
        # not an admin here: the message stays, the reply still says why
        with contextlib.suppress(TelegramError):
            await message.delete()
        await say(application, message.chat_id,
                  _("{name}, send solutions to me in a private chat, so nobody can copy "
                    "them.").format(name=player_name(update.effective_user)))
        return
    games = game_store(application.bot_data)
    if games is None:
        await message.reply_text(_(NO_STORE))
        return
    first, _sep, solution = command_argument(message).partition("\n")
    words = first.split()
    number = race_id(words[0]) if words else None
    if number is None:
        await message.reply_text(_("Usage: /submit RACE_ID, then your solution on the next "
                                   "lines. The race id is in the race's message (Race #12)."))
        return
    solution = "\n".join([" ".join(words[1:]), solution]).strip()
    game = await games.numbered(number, takes)
    if game is None:
        await message.reply_text(_("There is no race #{race}.").format(race=number))
        return
    rules = takes[game.game]
    name, titled = (_(rules.named).format(game=game.number),
                    _(rules.titled).format(game=game.number))
    if game.state != "running":
        await message.reply_text(_("{game} is over.").format(game=titled) + " "
                                 + rules.closed(game))
        return
    kind = registry.get(game.settings["kind"])
    if kind is None:  # the bot no longer knows the kind this race was started with
        await message.reply_text(_("I cannot check {game}'s puzzle any more.").format(
            game=name))
        return
    if not solution:
        await message.reply_text(_("Put your solution on the lines after /submit {race} "
                                   "({form}).").format(race=game.number,
                                                       form=kind.solution_form))
        return
    user = sender_of(update)
    if not await is_member(context.bot, game.chat_id, user.id):
        await message.reply_text(_("{game} is for the members of its group: only they may "
                                   "submit to it.").format(game=titled))
        return
    await games.join_race(game.id, user.id, player_name(user))
    joined(context.bot_data, game.id, user.id)
    entry = await games.entry(game.id, user.id)
    if entry is not None and entry.place is not None:
        await message.reply_text(_("You finished {game} already, {place}.").format(
            game=name, place=ordinal(entry.place)))
        return
    if not await admitted(update, context):
        return
    await games.count_attempt(game.id, user.id)
    try:
        right, verdict = await application.bot_data.services.pool.submit(
            jobs.race_check, kind.name, game.settings["puzzle"], solution,
            timeout=CHECK_TIMEOUT)
    except (JobTimeout, WorkerDied, PuzzleError) as error:
        log.warning("race submission not judged: %s", error)
        await message.reply_text(failure_text(
            error, _("I could not check that just now; please send it again.")))
        return
    if not right:
        await message.reply_text(_("Not yet, {game}:").format(game=name) + f"\n{verdict}")
        return
    async with chat_lock(application, game.chat_id):
        current = await games.game(game.id)
        if current is None or current.state != "running":
            await message.reply_text(_("Right, but {game} ended just before.").format(
                game=name))
            return
        place = await games.finish_race_entry(game.id, user.id)
        if place is None:
            return
        taken = duration(time.time() - game.started)
        await message.reply_text(_("✅ Correct! {verdict}\nYou finished {game} {place}, in "
                                   "{time}.").format(verdict=verdict, game=name,
                                                     place=ordinal(place), time=taken))
        await rules.finished(application, game, user, place, taken)

