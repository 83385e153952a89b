"""The 9x9 sudoku link is handed to the Sudoku kind by the registry (the pencil kind
decodes it; neither kind imports the other): a Sudoku kind made without the reader
leaves links alone, the registry's reads them, and a broken link is nobody's crash."""

from __future__ import annotations

from solvers import registry
from solvers.pencil.genres.sudoku import sudoku_text
from solvers.sudoku import Sudoku

NINE = "https://puzz.link/p?sudoku/9/9/15i96l17i7g65i42k1g5368h2i7g2p3h5g48g2g9k3h7i6"


def test_the_registry_hands_the_link_reader_to_the_sudoku_kind():
    kind = registry.get("sudoku")
    assert kind is not None and kind.detect(NINE)
    assert kind.canonical(kind.parse(NINE)) == (
        "150009600000017000706500042000001053680020007020000000000300504802090000030070006")
    assert kind.parse(NINE) == kind.parse(sudoku_text(NINE) or "")


def test_a_sudoku_kind_without_the_reader_leaves_links_to_the_pencil_kind():
    assert not Sudoku().detect(NINE)
    assert Sudoku(link_reader=sudoku_text).detect(NINE)


def test_a_broken_sudoku_link_is_not_detected_as_a_sudoku():
    for broken in ("https://puzz.link/p?sudoku/9/9/a", "https://puzz.link/p?sudoku/9/9/-zz"):
        assert not Sudoku(link_reader=sudoku_text).detect(broken)
