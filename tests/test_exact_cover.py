"""The generic exact-cover engine: primary, secondary and repeated items, caps, limits."""

from __future__ import annotations

import time

import pytest

from solvers.exact_cover import ExactCover
from solvers.values import Limits


def small() -> ExactCover:
    problem = ExactCover()
    for item in "abc":
        problem.primary(item)
    problem.secondary("hole")
    for option in (["a", "b"], ["c"], ["a"], ["b", "c", "hole"], ["c", "hole"]):
        problem.option(option)
    return problem


def test_every_cover_is_found_once():
    assert sorted(small().covers()) == [[0, 1], [0, 4], [2, 3]]


def test_secondary_item_is_covered_at_most_once():
    problem = ExactCover()
    problem.primary("a")
    problem.primary("b")
    problem.secondary("x")
    problem.option(["a", "x"])
    problem.option(["b", "x"])
    problem.option(["b"])
    assert list(problem.covers()) == [[0, 2]]


def test_repeated_item_counts_interchangeable_parts_once():
    """Two identical queens on three squares: 3 sets, not 6 ordered pairs."""
    problem = ExactCover()
    problem.primary("queen", 2)
    for square in "xyz":
        problem.secondary(square)
        problem.option(["queen", square])
    assert sorted(problem.covers()) == [[0, 1], [0, 2], [1, 2]]


def test_run_keeps_counts_and_filters():
    result = small().run(Limits(), keep=1, accept=lambda cover: 1 in cover or 3 in cover)
    assert (result.count, result.exhaustive, len(result.found)) == (2, True, 1)


def test_cap_stops_early_and_says_so():
    result = small().run(Limits(), keep=5, cap=2)
    assert (result.count, result.exhaustive) == (2, False)


def test_no_cover_is_an_exhaustive_zero():
    problem = ExactCover()
    problem.primary("a")
    problem.primary("b")
    problem.option(["a"])
    result = problem.run(Limits())
    assert (result.count, result.exhaustive, result.found) == (0, True, [])


def test_deadline_and_progress_stop_a_long_count():
    """Sixteen independent two-way choices: 65,536 covers, stopped by an old deadline."""
    problem = ExactCover()
    for i in range(16):
        problem.primary(i)
        problem.option([i])
        problem.option([i])
    calls = []
    limits = Limits(deadline=time.monotonic() - 1, progress=lambda n, seen: calls.append(n))
    import solvers.exact_cover as engine
    saved, engine.PROGRESS_EVERY = engine.PROGRESS_EVERY, 0.0
    try:
        result = problem.run(limits)
    finally:
        engine.PROGRESS_EVERY = saved
    assert not result.exhaustive and 0 < result.count < 65_536 and calls


def test_unknown_item_is_refused():
    problem = ExactCover()
    problem.primary("a")
    with pytest.raises(KeyError):
        problem.option(["b"])


def test_backend_is_xcover_unless_an_item_repeats_or_stands_alone():
    assert small().backend == "xcover"
    assert ExactCover(backend="miniexact").backend == "miniexact"
    repeated = ExactCover()
    repeated.primary("a", 2)
    repeated.primary("b")
    assert repeated.backend == "miniexact"
    alone = ExactCover()
    alone.primary("a")
    alone.option(["a"])
    assert alone.backend == "miniexact"
    assert list(alone.covers()) == [[0]]
    with pytest.raises(ValueError):
        ExactCover(backend="dlx")


def test_both_backends_find_the_same_covers():
    import random

    rng = random.Random(5)
    for _ in range(200):
        primary, secondary = rng.randint(2, 6), rng.randint(0, 3)
        items = primary + secondary
        options = [rng.sample(range(items), rng.randint(1, min(3, items)))
                   for _ in range(rng.randint(0, 12))]
        answers = []
        for backend in (None, "miniexact"):
            problem = ExactCover(backend)
            for item in range(primary):
                problem.primary(item)
            for item in range(primary, items):
                problem.secondary(item)
            for option in options:
                problem.option(option)
            answers.append(sorted(problem.covers()))
        assert answers[0] == answers[1], options
