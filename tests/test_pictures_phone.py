"""Every word a picture says is whole and legible on a phone (issue 39): each kind's
example, its further pictures and its first hint pictures, drawn in English, German and
Spanish, with `solvers.draw.watching_texts` reading each text as it is drawn.

A phone shows a picture at most `PHONE_WIDTH` px wide; a text drawn on a part that is
pasted into a wider picture (the burr's slice diagram) is shown at that picture's scale,
so each text is measured against the narrowest sent picture at least as wide as its part.
"""

from __future__ import annotations

import functools
import io
from pathlib import Path

import pytest
from PIL import Image

from solvers import draw, i18n, registry
from solvers.draw import DrawnText
from solvers.pipeline import prepare
from solvers.values import Limits

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "de", "es")
HINT_PICTURES = 3


def example_text(kind) -> str:
    path = Path(kind.example)
    return (path if path.is_absolute() else ROOT / "puzzles" / kind.example).read_text()


def first_is_enough(solutions) -> bool:
    """A long count stops at its first solutions: a picture shows one."""
    return True


@functools.cache
def solved(text: str, kind_name: str) -> tuple:
    """The kind, puzzle and solutions of a text, solved once for all three languages
    (the pictures are drawn in each; the search is the slow part)."""
    kind, puzzle = prepare(text, kind_name)[:2]
    return kind, puzzle, kind.solve(puzzle, Limits.within(60, 2, early=first_is_enough))


def drawn(text: str, kind_name: str, code: str) -> tuple[list[DrawnText], list[int]]:
    """The texts drawn for a puzzle's answer, further pictures and first hint pictures
    (as the pipeline draws them), and the widths of the pictures sent."""
    kind, puzzle, solutions = solved(text, kind_name)
    with i18n.language(code), draw.watching_texts() as seen:
        first = solutions.found[0] if solutions.found else None
        pictures = [kind.render(puzzle, first)]
        sent = [draw.picture("answer.png", pictures[0])] + kind.extra_media(puzzle, solutions)
        if kind.hints:
            for step in kind.hint_steps(puzzle, limit=HINT_PICTURES).steps:
                sent.append(draw.picture("hint.png", kind.hint_picture(puzzle, step)))
    return seen, [Image.open(io.BytesIO(m.data)).width for m in sent]


def faults(seen: list[DrawnText], widths: list[int]) -> list[str]:
    """What a person on a phone could not read: a text cut (by the picture's edge or
    shortened), or shown under LEGIBLE_PX."""
    found = []
    for text in seen:
        width, height = text.picture
        sent = min([w for w in widths if w >= width] or [width])
        left, top, right, bottom = text.box
        if text.asked != text.text or left < -1 or top < -1 or right > width + 1 \
                or bottom > height + 1:
            found.append(f"cut: {text.asked!r} at {text.box} in {text.picture}")
        shown = text.size * min(1.0, draw.PHONE_WIDTH / sent)
        if text.text.strip() and shown < draw.LEGIBLE_PX:
            found.append(f"small: {text.text!r} is {shown:.1f} px on a phone ({text.size} px "
                         f"in a picture {sent} px wide)")
    return found


@pytest.mark.parametrize("kind", registry.with_example(), ids=lambda kind: kind.name)
@pytest.mark.parametrize("code", LANGUAGES)
def test_every_word_of_an_example_picture_is_whole_and_legible(kind, code):
    seen, widths = drawn(example_text(kind), kind.name, code)
    assert faults(seen, widths) == []


@pytest.mark.parametrize("name", ["seki", "sudoku", "nurikabe", "burr"])
def test_the_pictures_write_their_words_through_the_hook(name):
    """Kinds whose pictures hold words are seen writing them (some pencil pictures, a
    LITS board, hold none): the sweep above reads what they draw."""
    kind = registry.get(name)
    seen, _widths = drawn(example_text(kind), kind.name, "en")
    assert seen, "no text was seen: the pictures no longer write through solvers.draw"


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_anagram_ring_keeps_its_legend_whole(code):
    seen, widths = drawn("anagram dormitory", "anagram", code)
    assert faults(seen, widths) == []
    legend = [t.text for t in seen if t.size == 18]
    assert len(legend) >= 1 and all(t.asked == t.text for t in seen)


def test_a_legend_too_wide_for_one_line_breaks_between_its_parts():
    text = "türkis: Vokale   gelb: seltene Buchstaben   in jeder Richtung lesen"
    assert draw.wrapped(text, 18, 560) == [
        "türkis: Vokale   gelb: seltene Buchstaben", "in jeder Richtung lesen"]
    assert draw.wrapped(text, 18, 2000) == [text]


def test_a_picture_watched_reports_what_it_says_and_where():
    image, pen = draw.canvas(200, 100)
    with draw.watching_texts() as seen:
        draw.centred_text(pen, (100, 50), "R3C5", 20)
    assert [(t.text, t.size, t.picture) for t in seen] == [("R3C5", 20, (200, 100))]
    left, top, right, bottom = seen[0].box
    assert 50 < left < right < 150 and 30 < top < bottom < 70
