"""Hints: the seed's solving strategies, given one *step* at a time.

Each step reveals a little more about the *answer* (the best-ranked one, unless the
caller names another). Steps have names, so a caller asks for one by name:

1. `letters`: how many letters and words, the rare letters (Q Z X Y K J), the topic;
2. `vowels`: the letters split into vowels and consonants (strategy C);
3. `ring`: the letters on a ring in a shuffled order, as a picture (strategy B);
4. `parts`: common starts, middles and endings the answer uses (strategies E, F, G);
5. `pattern`: the first letter, then a pattern with some letters shown (`D _ R _ Y  R _ _ M`);
6. `answer`: the answer itself, and the other answers (`others`).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from PIL import Image

from .. import draw
from ..i18n import _, ngettext
from .answer import Answer
from .lexicon import letters_of
from .search import Query

RARE_LETTERS = "qzxykj"
VOWELS = "aeiou"
STARTS = ("pre", "dis", "con", "com", "pro", "sub", "mis", "over", "out", "under", "inter",
          "un", "re", "in", "im", "st", "str", "sh", "ch", "th", "tr", "cl", "gr", "bl", "sp")
MIDDLES = ("ph", "sh", "qu", "th", "ch", "ck", "gh", "ee", "oo", "ea", "ou", "ai", "ie", "ss",
           "ll", "tt", "nd", "nt", "st")
ENDINGS = ("ing", "tion", "sion", "ness", "ment", "able", "ible", "less", "ful", "ous", "ly",
           "ed", "er", "est", "ist", "ism", "ity", "ive", "al", "es", "y")
#: the steps' names, in order; the last one gives the answer
STEP_NAMES = ("letters", "vowels", "ring", "parts", "pattern", "answer")
#: how many steps there are
STEPS = len(STEP_NAMES)


@dataclass
class Hint:
    """One hint: its step (1-6), a short title, the text, and an optional picture; `name`
    is the step's name (`STEP_NAMES`); the `answer` step lists the other answers in
    `others`."""

    step: int
    title: str
    text: str
    picture: Image.Image | None = None
    others: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return STEP_NAMES[self.step - 1]


def spaced(letters: str) -> str:
    return " ".join(letters.upper())


def ring_order(letters: str, seed: str) -> str:
    """The letters shuffled so that as few neighbours of the clue stay neighbours as can be.

    The same clue always gets the same ring (the seed), so a picture can be cached.
    """
    rng = random.Random(seed)
    pairs = {letters[i:i + 2] for i in range(len(letters) - 1)}

    def kept(order: str) -> int:
        ring = order + order[:1]
        return sum(ring[i:i + 2] in pairs or ring[i:i + 2][::-1] in pairs
                   for i in range(len(order)))

    best = letters
    for _attempt in range(40):
        order = "".join(rng.sample(letters, len(letters)))
        if kept(order) < kept(best) or best == letters:
            best = order
    return best


def circle_picture(letters: str, blanks: int = 0, answer: str | None = None) -> Image.Image:
    """The letters evenly spaced on a ring in a shuffled order; the answer below if given.

    Vowels sit on teal discs, rare letters on yellow ones, blanks show as `?`.
    """
    shown = ring_order(letters, letters) + "?" * blanks
    count = max(1, len(shown))
    side, top = 600, 70
    band = 110 if answer else 0
    legend = draw.wrapped(_("teal: vowels   yellow: rare letters   read in any direction"),
                          18, side - 40)
    below = 22 * len(legend)  # the legend's lines under the ring
    image, pen = draw.canvas(side, side + top + band + 18 + below)
    draw.centred_text(pen, (side / 2, top / 2 + 4), _("{count} letters on a ring").format(
                          count=len(shown)), 30,
                      bold=True)
    centre_x, centre_y = side / 2, top + side / 2
    radius = side / 2 - 70
    disc = min(44, max(20, int(math.pi * radius / count) - 6))
    pen.ellipse([centre_x - radius, centre_y - radius, centre_x + radius, centre_y + radius],
                outline=(215, 215, 215), width=3)
    for index, letter in enumerate(shown):
        angle = -math.pi / 2 + 2 * math.pi * index / count
        x, y = centre_x + radius * math.cos(angle), centre_y + radius * math.sin(angle)
        fill = (draw.TEAL if letter in VOWELS else draw.YELLOW if letter in RARE_LETTERS
                else draw.PAPER)
        pen.ellipse([x - disc, y - disc, x + disc, y + disc], fill=fill, outline=draw.INK,
                    width=3)
        draw.centred_text(pen, (x, y), letter.upper(), int(disc * 1.15), bold=True,
                          fill=draw.contrast(fill))
    draw.centred_lines(pen, (side / 2, top + side - 10 + 11 * (len(legend) - 1)), legend, 18,
                       fill=draw.MUTED)
    if answer:
        draw.centred_text(pen, (side / 2, top + side + below + band / 2 - 12), answer.upper(),
                          _fit_size(answer, side - 40), bold=True, fill=draw.GIVEN)
    return image


def _fit_size(text: str, width: int) -> int:
    """A font size at which the text fits the width (bold capitals, about 0.75 em each)."""
    return max(20, min(56, int(width / max(1, len(text)) / 0.75)))


def word_lengths(answer: Answer) -> list[int]:
    return [len(letters_of(w)) for w in answer.text.split()]


def step_count(query: Query, answer: Answer | None) -> Hint:
    if answer:
        words = answer.word_count
        parts = [ngettext("{size} letters, {words} word ({lengths}).",
                          "{size} letters, {words} words ({lengths}).", words).format(
            size=query.size, words=words, lengths=", ".join(map(str, word_lengths(answer))))]
    else:
        parts = [_("{size} letters.").format(size=query.size)]
    rare = sorted({ch for ch in query.letters if ch in RARE_LETTERS})
    if rare:
        parts.append(_("Rare letters, which the answer must use: {letters}.").format(
            letters=spaced("".join(rare))))
    topics = {query.topic} if query.topic else set()
    if answer and not topics and len(answer.entries) == 1:
        topics = set(answer.entries[0].topics)
    if topics:
        parts.append(_("Topic: {topics}.").format(
            topics=", ".join(sorted(t.replace("-", " ") for t in topics))))
    return Hint(1, _("Letters and words"), " ".join(parts))


def step_vowels(query: Query) -> Hint:
    vowels = "".join(sorted(ch for ch in query.letters if ch in VOWELS))
    consonants = "".join(sorted(ch for ch in query.letters if ch not in VOWELS))
    text = _("Vowels: {vowels}\nConsonants: {consonants}").format(
        vowels=spaced(vowels) or _("none"), consonants=spaced(consonants) or _("none"))
    if query.blanks:
        text += "\n" + _("Blanks: {blanks} (any letter)").format(blanks=query.blanks)
    return Hint(2, _("Vowels and consonants"), text)


def step_ring(query: Query) -> Hint:
    text = _("The letters on a ring in a new order: let words form as you go round.")
    return Hint(3, _("Letters in a circle"), text, circle_picture(query.letters, query.blanks))


def word_parts(word: str) -> list[str]:
    """The common starts, middles and endings this word uses, as `st…`, `…ph…`, `…ing`."""
    found = []
    start = next((s for s in STARTS if word.startswith(s) and len(word) > len(s) + 1), None)
    end = next((e for e in ENDINGS if word.endswith(e) and len(word) > len(e) + 1), None)
    if start:
        found.append(f"{start}…")
    inner = word[len(start or ""):len(word) - len(end or "")]
    found += [f"…{m}…" for m in MIDDLES if m in inner[1:-1] or m in inner[1:]][:2]
    if end:
        found.append(f"…{end}")
    return found


def step_parts(answer: Answer | None) -> Hint:
    if answer is None:
        return Hint(4, _("Common parts"), _("No answer in my word list, so no parts to show."))
    parts = [p for w in answer.text.split() for p in word_parts(letters_of(w))]
    if not parts:
        text = _("No common start, middle or ending here: try each letter as the first one.")
    else:
        text = _("Look for these pieces: {pieces}").format(
            pieces=", ".join(dict.fromkeys(p.upper() for p in parts)))
    return Hint(4, _("Common parts"), text)


def reveal_pattern(word: str) -> str:
    """The first letter and every third letter shown, the rest as `_`."""
    return " ".join(ch.upper() if i % 3 == 0 else "_" for i, ch in enumerate(word))


def step_pattern(answer: Answer | None) -> Hint:
    if answer is None:
        return Hint(5, _("Pattern"), _("No answer in my word list, so no pattern to show."))
    words = [letters_of(w) for w in answer.text.split()]
    text = _("It starts with {letter}.\nPattern: {pattern}").format(
        letter=words[0][0].upper(), pattern="   ".join(reveal_pattern(w) for w in words))
    return Hint(5, _("First letter and pattern"), text)


def step_answer(answer: Answer | None, others: list[Answer], topic: str | None = None) -> Hint:
    """The answer and up to four others (with a topic, all of them names on it)."""
    if answer is None:
        none = (_("I found no answer for these letters among the names on the topic {topic}.")
                if topic else _("I found no answer for these letters in my word list."))
        return Hint(6, _("Answer"), none.format(topic=topic))
    text = _("The answer: {answer}").format(answer=answer.text.upper())
    rest = [a.text for a in others if a.text != answer.text][:4]
    if rest:
        text += "\n" + _("Also possible: {answers}").format(answers=", ".join(rest))
    return Hint(6, _("Answer"), text, others=rest)


def hints(query: Query, answers: list[Answer], answer: Answer | None = None) -> list[Hint]:
    """All six steps for a query, in order; `answer` defaults to the best of the ranked
    `answers`."""
    answer = answer or (answers[0] if answers else None)
    return [step_count(query, answer), step_vowels(query), step_ring(query),
            step_parts(answer), step_pattern(answer), step_answer(answer, answers, query.topic)]


def by_name(steps: list[Hint]) -> dict[str, Hint]:
    """The steps by their names, for a caller that wants particular ones."""
    return {step.name: step for step in steps}
