"""The anagram kind's jobs: its hint steps, and a quiz's rounds and guesses. The lexicon
they use lives in the workers, so the bot's event loop never touches it."""

from __future__ import annotations

import random
from dataclasses import dataclass

from solvers.anagram.hints import by_name
from solvers.anagram.kind import answer_from_text, hints_for
from solvers.anagram.quiz import is_valid_answer as lexicon_accepts
from solvers.anagram.quiz import pick_challenge
from solvers.draw import png_bytes
from solvers.values import PuzzleError

from . import codec


@dataclass(frozen=True)
class HintStep:
    """One hint step: its number, title, text and picture (PNG), if any."""

    step: int
    title: str
    text: str
    picture: bytes | None = None


def hints(clue: str) -> list[HintStep]:
    """The six hint steps for a clue (PuzzleError for bad letters)."""
    return [HintStep(h.step, h.title, h.text, png_bytes(h.picture) if h.picture else None)
            for h in hints_for(clue)]


@dataclass(frozen=True)
class RoundSetup:
    """A quiz round: the letters, the answer, the ring picture and the hint texts (two
    timed hints and the closing reveal)."""

    letters: str
    answer: str
    picture: bytes
    first_hint: str
    second_hint: str
    reveal: str


def quiz_round(topic: str | None, difficulty: str, seed: int, lang: str = "en") -> RoundSetup:
    """Pick a challenge from the lexicon of `lang`, then its hint steps leading to that
    answer."""
    challenge = pick_challenge(topic, difficulty, random.Random(seed), lang)
    clue = challenge.letters + (f" topic={topic}" if topic else "") + (
        f" lang={lang}" if lang != "en" else "")
    steps = by_name(hints_for(clue, answer=challenge.answer))
    first = f"{steps['letters'].text}\n{steps['parts'].text}"
    ring = steps["ring"].picture
    if ring is None:  # the ring step always draws one
        raise PuzzleError("the hints came without the ring of letters")
    return RoundSetup(challenge.letters, challenge.answer, png_bytes(ring),
                      first, steps["pattern"].text,
                      reveal_text(challenge.answer, steps["answer"].others))


def reveal_text(answer: str, others: list[str]) -> str:
    """The answer, and those of the hint's other answers that would have won too (as
    many words as the answer: a quiz takes no odd phrases such as `her so`)."""
    also = [w for w in others if len(w.split()) == len(answer.split())]
    return f"The answer: {answer.upper()}" + (f"\nAlso right: {', '.join(also)}" if also
                                               else "")


def quiz_guess(letters: str, guess: str, topic: str | None, words: int,
               lang: str = "en") -> bool:
    """Whether a guess is right: it uses exactly the letters, every word is in the
    lexicon of `lang`, it has as many words as the picked answer, and in a topic quiz it
    is on the topic's list."""
    if len(guess.split()) != words or not lexicon_accepts(letters, guess, topic, lang):
        return False
    if topic:
        return any(topic in entry.topics for entry in answer_from_text(guess).entries)
    return True


codec.records(HintStep, RoundSetup)
