"""The quiz's rules: its options, the points for a right answer, the pause between
rounds, each round's seed; and the texts that count them."""

from __future__ import annotations

import math
import random
import re

from solvers.anagram.kind import resolve_topic
from solvers.anagram.lexicon import LANGUAGES as LEXICON_LANGUAGES
from solvers.anagram.lexicon import letters_of
from solvers.anagram.quiz import DIFFICULTIES
from solvers.texts import clip
from solvers.values import PuzzleError

from ...i18n import N_, _, current, ngettext
from ..options import int_option, parse_options

#: this game in the games table (column `game`)
GAME = "quiz"
#: the handler group of guesses: before the generic text handler (group 0)
GUESS_GROUP = -1
#: the lines of /help about the quiz
HELP = N_("/quiz: an anagram quiz (rounds=10 seconds=45 topic=countries difficulty=easy)\n"
          "/skip, /stop: for the quiz's (or race's) starter or an admin\n")
OPTIONS = ("rounds", "seconds", "topic", "difficulty", "seed", "lang")
USAGE = N_("Usage: /quiz [rounds=10] [seconds=45] [topic=countries] [difficulty=medium]\n"
           "rounds 1-30, seconds 3-600, difficulty easy, medium or hard; "
           "seed=N replays the same words.")
#: points for an answer given at once; one point for one given at the last moment
MAX_POINTS = 10
#: seconds a round's challenge and hints may take in a worker (a 2 s word search inside)
ROUND_TIMEOUT = 20.0
#: seconds a guess may take to judge
GUESS_TIMEOUT = 5.0
#: a game idle longer than this when the bot starts again is ended, not resumed
RESUME_WITHIN = 15 * 60
#: text that may be a guess: letters, spaces, apostrophes and hyphens, a few words
GUESS = re.compile(r"^\s*[A-Za-zÀ-ÖØ-öø-ÿ'-]+(\s+[A-Za-zÀ-ÖØ-öø-ÿ'-]+){0,3}\s*$")  # äöüßñé


def same_letters(letters: str, guess: str) -> bool:
    return sorted(letters_of(guess)) == sorted(letters.lower())


def points_for(seconds_taken: float, seconds: float) -> int:
    """MAX_POINTS for an answer at once, falling to 1 at the end of the round."""
    left = max(0.0, 1.0 - seconds_taken / seconds)
    return max(1, math.ceil(MAX_POINTS * left))


def pause_for(seconds: int) -> float:
    """Seconds between one round's end and the next round."""
    return min(3.0, max(0.5, seconds / 10))


def round_seed(seed: int, number: int) -> int:
    """The seed of one round's challenge: the same game seed gives the same words."""
    return random.Random(f"{seed}:{number}").randrange(2**32)


def language_of_game(settings: dict) -> str:
    """The lexicon's language of a quiz (English for games begun before there was one)."""
    return str(settings.get("lang", "en"))


def parse_settings(args: list[str]) -> dict:
    """The game's settings from the command's words; ValueError for bad ones."""
    options = parse_options(args, OPTIONS, {d: "difficulty" for d in DIFFICULTIES})
    difficulty = options.get("difficulty", "medium")
    if difficulty not in DIFFICULTIES:
        raise ValueError(_("difficulty must be easy, medium or hard, not '{difficulty}'")
                         .format(difficulty=clip(difficulty)))
    topic = None
    if "topic" in options:
        try:
            topic = resolve_topic(options["topic"], 1)
        except PuzzleError as error:
            raise ValueError(error.message) from None
    lang = options.get("lang", current()).lower()
    if lang not in LEXICON_LANGUAGES:
        raise ValueError(_("lang must be one of {languages}, not '{lang}'").format(
            languages=", ".join(LEXICON_LANGUAGES), lang=clip(lang)))
    if topic and lang != "en":
        raise ValueError(_("the topics are lists of English names: no topic= with lang={lang}")
                         .format(lang=lang))
    return {
        "lang": lang,
        "rounds": int_option(options, "rounds", 10, 1, 30),
        "seconds": int_option(options, "seconds", 45, 3, 600),
        "topic": topic,
        "difficulty": difficulty,
        "seed": int_option(options, "seed", random.randrange(10**6), 0, 10**9),
    }


def points_text(points: int) -> str:
    """`1 point`, `12 points`."""
    return ngettext("{n} point", "{n} points", points).format(n=points)


def rounds_text(rounds: int) -> str:
    """`1 round`, `3 rounds`."""
    return ngettext("{n} round", "{n} rounds", rounds).format(n=rounds)
