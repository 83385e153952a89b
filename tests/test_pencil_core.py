"""The pencil toolkit: links, codecs, the kind, and each core genre judged by pzpr."""

from __future__ import annotations

import pytest

from solvers.base import PuzzleError
from solvers.pencil import Pencil
from solvers.pencil.link import read_link
from tests.pzpr import links_of, solved_and_judged

KIND = Pencil()


@pytest.mark.parametrize("text", [
    "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
    "http://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
    "puzz.link/p?nurikabe/5/5/g5k2o1k3g",
    "http://pzv.jp/p.html?nurikabe/5/5/g5k2o1k3g",
    "pzv.jp/p.html?nurikabe_edit/5/5/g5k2o1k3g",
    "https://puzz.link/p?nurikabe_play/5/5/g5k2o1k3g\n",
])
def test_link_prefixes(text: str) -> None:
    link = read_link(text)
    assert (link.genre, link.cols, link.rows, link.body) == ("nurikabe", 5, 5, "g5k2o1k3g")
    assert KIND.detect(text)


@pytest.mark.parametrize("genre", [
    "nurikabe", "slither", "heyawake", "lightup", "hitori", "shikaku", "sudoku"])
def test_genre_solved_and_judged(genre: str) -> None:
    assert solved_and_judged(links_of(genre)) == []


def test_unknown_genre_named() -> None:
    with pytest.raises(PuzzleError) as error:
        KIND.parse("https://puzz.link/p?nosuchgenre/5/5/abc")
    assert str(error.value) == ("The genre 'nosuchgenre' is not supported yet; the supported "
                                "genres are listed in docs/kinds/pencil.md.")
