"""Offensive words: answers that use one are left out of a ranked list that has others.

The list is the one the `better-profanity` package ships (a chat filter's, read from the
installed package, never downloaded). A chat filter flags words a quiz uses every day
(`dog` -> `god`, `kill`, `naked`) and names of history that classic anagrams use
(`mother in law` -> `woman hitler`): `EVERYDAY` keeps those as answers.
"""

from __future__ import annotations

import functools
from importlib import resources

from .answer import Answer

#: words on the filter's list that are plain answers in a word quiz (and one name)
EVERYDAY = frozenset("""
god gods hell kill stupid murder fat drunk naked ugly pot strip virgin slave stroke weed oral
screw screwed organ facial jerk nude pee wang breasts heroin slope thrust sperm urine vodka
woody dong sniper lust dummy rum womb meth paddy willy pawn snatch vomit vulgar erect
erection penetration penetrate gay gays lesbians damn sexual hump bondage bimbo bimbos hitler
""".split())


@functools.cache
def words() -> frozenset[str]:
    """The offensive words and phrases, lower case, less the everyday ones."""
    text = resources.files("better_profanity").joinpath("profanity_wordlist.txt").read_text()
    listed = {" ".join(line.lower().split()) for line in text.splitlines() if line.strip()}
    return frozenset(listed - EVERYDAY)


def offensive(answer: Answer) -> bool:
    """Whether the answer uses an offensive word, or an offensive phrase as a whole."""
    listed = words()
    return answer.text in listed or any(word in listed for word in answer.text.split())


def polite(answers: list[Answer]) -> list[Answer]:
    """The answers without the offensive ones, unless those are all there is."""
    return [answer for answer in answers if not offensive(answer)] or answers
