"""The pseudo-locale sweep (test_e2e_pseudo.py) over the pencil genres: each genre's
example answered, every rung of its hint ladder climbed and every hint picture read, in
the pseudo-language `en_XA`. A file of its own, so that `make test` runs it beside the
listed kinds' half."""

from __future__ import annotations

import pytest
from test_e2e_pseudo import examples_translated, ladder_translated, pictures_translated, pseudobot

from solvers import registry

pytestmark = pytest.mark.asyncio(loop_scope="module")

__all__ = ["pseudobot"]  # the module's bot, shared by import

#: the pencil genres with an example (the kinds not listed in menus)
GENRES = [kind for kind in registry.with_example() if not kind.listed]
#: those with step-by-step hints
HINTED = [kind for kind in GENRES if kind.hints]


async def test_every_genre_example_answer_is_translated(pseudobot):
    assert len(GENRES) >= 39  # the forty genres but sudoku, which is the Sudoku kind
    await examples_translated(pseudobot, GENRES)


@pytest.mark.parametrize("kind", HINTED, ids=lambda kind: kind.name)
async def test_every_rung_of_every_genre_ladder(pseudobot, kind):
    await ladder_translated(pseudobot, kind)


@pytest.mark.parametrize("kind", HINTED, ids=lambda kind: kind.name)
async def test_every_genre_hint_picture_is_translated(kind):
    pictures_translated(kind)
