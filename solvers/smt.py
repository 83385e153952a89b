"""Z3 helpers shared by the SMT-family kinds (Seki, Gogen, Number Workout).

Counting solutions with an SMT solver means: find a model, forbid exactly that
assignment, ask again, until unsat (the count is exact) or the cap or the deadline is
reached (the count is a lower bound).
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .values import Limits

if TYPE_CHECKING:
    import z3


def enumerate_models(
    solver: z3.Solver, variables: Sequence[z3.ExprRef], limits: Limits
) -> tuple[list[tuple[int, ...]], int, bool]:
    """Models as value tuples (in `variables` order), how many, and whether that is all."""
    import z3  # here, not at the top: the bot's process parses without Z3

    found: list[tuple[int, ...]] = []
    while len(found) < limits.max_solutions:
        if limits.expired():
            return found, len(found), False
        if limits.deadline is not None:
            remaining_ms = max(1, int((limits.deadline - time.monotonic()) * 1000))
            solver.set("timeout", remaining_ms)
        outcome = solver.check()
        if outcome == z3.unsat:
            return found, len(found), True
        if outcome == z3.unknown:
            return found, len(found), False
        model = solver.model()
        values = tuple(model.eval(v, model_completion=True).as_long() for v in variables)
        found.append(values)
        if limits.progress:
            limits.progress(len(found), 0)
        solver.add(z3.Or([v != value for v, value in zip(variables, values, strict=True)]))
    return found, len(found), False


def run_smtlib(text: str) -> str:
    """Run SMT-LIB2 commands through Z3 exactly as a file would be, returning its output.

    Z3 keeps one command session per process, so it is reset first: each text starts
    from nothing, as a fresh `z3 file.smt2` would.
    """
    import z3  # here, not at the top: the bot's process parses without Z3

    return z3.Z3_eval_smtlib2_string(z3.main_ctx().ref(), f"(reset)\n{text}")


def parse_get_value(output: str) -> dict[str, int]:
    """Read `((V0 1) (V1 0) ...)` from a `get-value` answer into a dict."""
    return {name: int(value) for name, value in re.findall(r"\((\w+)\s+(-?\d+)\)", output)}
