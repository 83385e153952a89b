"""Generated pencil puzzles for races and the daily puzzle (issue 41): each generating
genre makes a puzzle with exactly one solution, whose link reads back to the same board,
which is rated, and whose solution the player's own engine (npm pzpr) judges complete;
a race's puzzle is recognised turned, mirrored or with fewer clues."""

from __future__ import annotations

import random
import time

import pytest

from solvers import registry
from solvers.pencil import hints
from solvers.pencil.codecs import QUESTION
from solvers.pencil.generate import MAKERS, make
from solvers.pencil.genres import find
from solvers.values import DIFFICULTIES, Limits
from tests.pzpr import solved_and_judged

GENERATED = sorted(MAKERS)


def made(name: str, seed: int = 7, difficulty: str = "easy") -> str:
    return registry.get(name).generate(random.Random(seed), difficulty)


@pytest.mark.parametrize("name", GENERATED)
def test_a_generated_puzzle_is_unique_rated_and_judged_complete_by_the_player(name):
    kind = registry.get(name)
    assert kind.generates and kind.races
    link = made(name)
    puzzle = kind.parse(link)
    assert puzzle.link == link  # the link reads back to the same board
    found = kind.solve(puzzle, Limits.within(30))
    assert found.count == 1 and found.exhaustive
    assert kind.difficulty(puzzle).rating <= hints.FEW_RULES  # easy, as the race rates it
    assert 4 <= puzzle.board.rows <= 8 and puzzle.board.cols == puzzle.board.rows
    assert solved_and_judged([link]) == []


@pytest.mark.parametrize("name", ["slither", "hitori"])
def test_a_seed_gives_the_same_puzzle_and_harder_ones_are_larger(name):
    assert made(name, 3) == made(name, 3)
    assert made(name, 3) != made(name, 4)
    sides = [registry.get(name).parse(made(name, 3, d)).board.rows for d in DIFFICULTIES]
    assert sides == sorted(sides) and sides[0] < sides[-1]


def test_the_eight_genres_race_and_others_do_not():
    """Eight genres generate and race (the issue names norinori, whose random regions
    allow dozens of answers: kurodoko races instead); a genre without one does
    neither."""
    eight = {"slither", "nurikabe", "lightup", "hitori", "kurodoko", "starbattle",
             "fillomino", "kakuro"}
    assert eight <= set(GENERATED)
    assert all(registry.get(name).races for name in eight)
    assert not registry.get("heyawake").generates
    assert not registry.get("heyawake").races


def test_an_easy_kakuro_is_drawn_again_until_no_step_needs_the_whole_puzzle():
    """A Kakuro has no clue to take away, so its ladder is rated as drawn: an easy one
    is drawn again until no step needs more than a few rules (every generated Kakuro
    rated Hard before); the first too hard one is kept in case time runs out."""
    genre, maker = find("kakuro"), MAKERS["kakuro"]
    spare: list = []
    board = make(genre, maker, random.Random(3), 4, time.monotonic() + 60, hints.FEW_RULES,
                 spare)
    assert hints.path(genre, board, None, None, "kakuro").difficulty.rating <= hints.FEW_RULES
    assert len(spare) == 1
    assert hints.path(genre, spare[0], None, None, "kakuro").difficulty.rating > hints.FEW_RULES


def test_a_puzzle_is_rated_as_its_link_reads_back():
    """The solver's reasons depend on the order the clues come in: a nurikabe drawn with
    its clues in another order than its link's rated 3.0 when made and 4.5 in the race
    (seed 0); it is now rated as the link reads back."""
    nurikabe = registry.get("nurikabe")
    assert nurikabe.difficulty(nurikabe.parse(made("nurikabe", 0))).rating <= hints.FEW_RULES


def solved(kind, link):
    puzzle = kind.parse(link)
    return puzzle, kind.solve(puzzle, Limits.within(30)).found[0]


def test_a_nurikabe_race_is_recognised_as_it_is_turned_mirrored_and_with_fewer_clues():
    kind = registry.get("nurikabe")
    race, answer = solved(kind, made("nurikabe", 5, "medium"))
    board = race.board
    side = board.rows

    def link(clues):
        return kind.parse(kind.genre.encode(type(board)(side, side, clues)))

    turned = link({(side - 1 - r, side - 1 - c): v for (r, c), v in board.clues.items()})
    mirrored = link({(r, side - 1 - c): v for (r, c), v in board.clues.items()})
    biggest = max(board.clues, key=board.clues.get)  # its number made '?'
    fewer = link({**board.clues, biggest: QUESTION})
    for candidate in (turned, mirrored, fewer):
        assert kind.variant_of(race, answer, candidate), candidate.link
    assert not kind.variant_of(race, answer, kind.parse(made("nurikabe", 6, "medium")))


def test_a_slither_race_turned_a_quarter_is_recognised_and_another_genre_is_not():
    kind = registry.get("slither")
    link = made("slither", 5)
    race, answer = solved(kind, link)
    board = race.board
    quarter = {(c, board.rows - 1 - r): clue for (r, c), clue in board.clues.items()}
    turned = kind.parse(kind.genre.encode(type(board)(board.cols, board.rows, quarter)))
    assert kind.variant_of(race, answer, turned)
    fewer = dict(list(board.clues.items())[::2])
    assert kind.variant_of(race, answer, kind.parse(kind.genre.encode(
        type(board)(board.rows, board.cols, fewer))))
    nurikabe = registry.get("nurikabe")
    assert not kind.variant_of(race, answer, nurikabe.parse(made("nurikabe", 5)))


def test_a_fillomino_race_with_fewer_clues_is_recognised():
    kind = registry.get("fillomino")
    race, answer = solved(kind, made("fillomino", 2))
    clues = race.board.clues
    first = next(i for i, clue in enumerate(clues) if clue is not None)
    fewer = kind.genre.encode(type(race.board)(race.board.rows, race.board.cols,
                                               (None,) * (first + 1) + clues[first + 1:]))
    assert kind.variant_of(race, answer, kind.parse(fewer))
