"""The one solver interface every pencil genre writes its rules on.

A genre never names the engine: it asks a `Model` for Boolean variables (`Lit`, a
positive or negated integer), small integers (`IntVar`, one literal per value), clauses,
counts over literals and graph connectivity. Behind it sits the engine chosen by the
bake-off (`bench/bench_pencil_engines.py`, figures in `bench/README.md`): a SAT solver
(CaDiCaL through PySAT) with connectivity added lazily as cuts, when a candidate
answer falls apart into pieces. The engine library is imported at the first solve,
never at import, so the bot process that only reads links stays lean.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

#: a literal: a variable's number, negated for its negation
Lit = int
#: the SAT solver behind the model (PySAT's name for CaDiCaL 1.9.5)
SOLVER = "cadical195"
#: conflicts per slice of a search with a deadline (about 0.05 s on this machine; slicing
#: costs nothing measurable: pigeonhole 10-in-9 2.6 s sliced, 3.1 s in one call)
SLICE = 10_000
#: at most one of this many literals is written pairwise, of more as a ladder
PAIRWISE = 6


@dataclass(frozen=True)
class IntVar:
    """A small integer as one literal per value (exactly one holds)."""

    values: tuple[int, ...]
    lits: tuple[Lit, ...]

    def eq(self, value: int) -> Lit | None:
        """The literal "this integer is `value`", None when the value is out of range."""
        try:
            return self.lits[self.values.index(value)]
        except ValueError:
            return None


@dataclass
class Connectivity:
    """Nodes (each present when its literal holds) that must form one connected piece
    through links (each usable when both ends are present and its own literal, if any,
    holds). With a `root`, every present node must reach the root instead."""

    nodes: dict[Hashable, Lit]
    links: list[tuple[Hashable, Hashable, Lit | None]]
    root: Hashable | None = None
    adjacent: dict[Hashable, list[tuple[Hashable, Lit | None]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for a, b, lit in self.links:
            self.adjacent.setdefault(a, []).append((b, lit))
            self.adjacent.setdefault(b, []).append((a, lit))

    def pieces(self, true: Callable[[Lit], bool]) -> list[list[Hashable]]:
        """The connected pieces of the present nodes under an assignment."""
        seen: set[Hashable] = set()
        pieces = []
        for start, lit in self.nodes.items():
            if start in seen or not true(lit):
                continue
            piece, stack = [start], [start]
            seen.add(start)
            while stack:
                node = stack.pop()
                for other, link in self.adjacent.get(node, ()):
                    if (other not in seen and true(self.nodes[other])
                            and (link is None or true(link))):
                        seen.add(other)
                        piece.append(other)
                        stack.append(other)
            pieces.append(piece)
        return pieces

    def cuts(self, true: Callable[[Lit], bool]) -> list[list[Lit]]:
        """Clauses that forbid the assignment's split, empty when it is connected.

        For a piece P cut off from the rest: a node of P and a present node outside
        P (or the root) cannot both be present unless some link leaving P is used;
        each leaving link is named by whichever of its literals is false now."""
        pieces = self.pieces(true)
        if self.root is not None:
            loose = [p for p in pieces if self.root not in p]
            return [[-self.nodes[p[0]], *self.boundary(p, true)] for p in loose]
        if len(pieces) < 2:
            return []
        cuts = []
        for number, piece in enumerate(pieces):
            other = pieces[(number + 1) % len(pieces)][0]
            cuts.append([-self.nodes[piece[0]], -self.nodes[other],
                         *self.boundary(piece, true)])
        return cuts

    def boundary(self, piece: list[Hashable], true: Callable[[Lit], bool]) -> list[Lit]:
        inside = set(piece)
        out: set[Lit] = set()
        for node in piece:
            for other, link in self.adjacent.get(node, ()):
                if other in inside:
                    continue
                out.add(link if link is not None and not true(link) else self.nodes[other])
        return sorted(out)


class Values:
    """One solution: the truth of each literal, the value of each integer."""

    def __init__(self, model: Sequence[int]):
        self._true = {lit for lit in model if lit > 0}

    def __call__(self, lit: Lit) -> bool:
        return lit in self._true if lit > 0 else -lit not in self._true

    def trues(self) -> list[int]:
        """The variables that hold (a hint builds other values from them)."""
        return sorted(self._true)

    def number(self, var: IntVar) -> int:
        for value, lit in zip(var.values, var.lits, strict=True):
            if self(lit):
                return value
        raise ValueError("an integer with no value")


@dataclass
class Outcome:
    """What a search found: up to `limit` solutions, whether it proved there are no
    others (`exhaustive`), and its figures."""

    found: list[Values]
    exhaustive: bool
    stats: dict[str, Any]
    #: with no solution: the labels (`Model.about`) of rules that cannot all hold
    clash: list[str] = field(default_factory=list)


class Model:
    """Variables and constraints, then `solve`. Literals are plain ints (DIMACS)."""

    def __init__(self) -> None:
        self._top = 0
        self.clauses: list[list[Lit]] = []
        #: (literals, comparison "<=" | ">=" | "==", bound, guard)
        self.counts: list[tuple[list[Lit], str, int, Lit | None]] = []
        #: (literals, weights, comparison, bound, guard): linear sums with weights
        self.sums: list[tuple[list[Lit], list[int], str, int, Lit | None]] = []
        self.graphs: list[Connectivity] = []
        self._true: Lit | None = None
        #: the guard of the rule being added (`about`), and each guard's label
        self._guard: Lit | None = None
        self.labels: dict[Lit, str] = {}
        self._show: list[Lit] = []

    # -- variables --------------------------------------------------------------
    def var(self) -> Lit:
        """A fresh Boolean variable."""
        self._top += 1
        return self._top

    def vars(self, keys: Iterable[Hashable]) -> dict[Any, Lit]:
        """A fresh variable for each key."""
        return {key: self.var() for key in keys}

    def true(self) -> Lit:
        """A literal that always holds (for constants in a genre's formulas)."""
        if self._true is None:
            self._true = self.var()
            self.clause([self._true])
        return self._true

    def number(self, values: Iterable[int]) -> IntVar:
        """An integer taking exactly one of `values`."""
        values = tuple(values)
        var = IntVar(values, tuple(self.var() for _ in values))
        self.exactly(var.lits, 1)
        return var

    def show(self, lits: Iterable[Lit]) -> None:
        """The literals that make up the answer: two solutions differ when one of
        these differs (aux variables never count)."""
        self._show.extend(lits)

    # -- constraints ------------------------------------------------------------
    @contextmanager
    def about(self, label: str) -> Iterator[None]:
        """Constraints added inside belong to one rule a person can name ("the 3 at
        r2c4"): with no solution, `solve` names the labels that clash."""
        outer = self._guard
        self._guard = self.var()
        self.labels[self._guard] = label
        try:
            yield
        finally:
            self._guard = outer

    def clause(self, lits: Iterable[Lit]) -> None:
        """At least one of the literals holds."""
        lits = list(lits)
        self.clauses.append(lits if self._guard is None else [-self._guard, *lits])

    def implies(self, premise: Lit | Sequence[Lit], conclusion: Lit | Sequence[Lit]) -> None:
        """All of `premise` (a literal or a list: their conjunction) imply at least one
        of `conclusion` (a literal or a list: their disjunction)."""
        ante = [premise] if isinstance(premise, int) else list(premise)
        cons = [conclusion] if isinstance(conclusion, int) else list(conclusion)
        self.clause([*(-lit for lit in ante), *cons])

    def equal(self, a: Lit, b: Lit) -> None:
        self.clause([-a, b])
        self.clause([a, -b])

    def any_of(self, lits: Sequence[Lit]) -> Lit:
        """A literal that holds exactly when one of `lits` does."""
        out = self.var()
        self.clause([-out, *lits])
        for lit in lits:
            self.clause([out, -lit])
        return out

    def all_of(self, lits: Sequence[Lit]) -> Lit:
        """A literal that holds exactly when all of `lits` do."""
        return -self.any_of([-lit for lit in lits])

    def at_most(self, lits: Sequence[Lit], bound: int) -> None:
        self._count(lits, "<=", bound)

    def at_least(self, lits: Sequence[Lit], bound: int) -> None:
        self._count(lits, ">=", bound)

    def exactly(self, lits: Sequence[Lit], bound: int) -> None:
        self._count(lits, "==", bound)

    def _count(self, lits: Sequence[Lit], op: str, bound: int) -> None:
        lits = list(lits)
        if op in ("<=", "==") and bound < 0 or op in (">=", "==") and bound > len(lits):
            self.clause([])  # cannot hold
            return
        if op == "<=" and bound >= len(lits) or op == ">=" and bound <= 0:
            return
        if bound == 0:  # all false
            for lit in lits:
                self.clause([-lit])
            return
        if op != "<=" and bound == len(lits):  # all true
            for lit in lits:
                self.clause([lit])
            return
        if op == ">=" and bound == 1:
            self.clause(lits)
            return
        self.counts.append((lits, op, bound, self._guard))

    def weighted(self, lits: Sequence[Lit], weights: Sequence[int], op: str,
                 bound: int) -> None:
        """A weighted sum of literals compared with a bound (op "<=", ">=", "==")."""
        self.sums.append((list(lits), list(weights), op, bound, self._guard))

    def connected(self, nodes: Mapping[Any, Lit],
                  links: Iterable[tuple[Any, Any] | tuple[Any, Any, Lit]],
                  root: Hashable | None = None) -> None:
        """The present nodes form one connected piece (or each reaches `root`, whose
        literal should hold). A link is (a, b) or (a, b, literal): usable when the
        literal holds. Checked lazily: each disconnected candidate adds cuts."""
        graph = Connectivity(dict(nodes), [(a, b, rest[0] if rest else None)
                                           for a, b, *rest in links], root)
        self.graphs.append(graph)

    # -- solving ----------------------------------------------------------------
    def solve(self, limit: int = 2, show: Sequence[Lit] = (),
              deadline: float | None = None, prefer: Sequence[Lit] = ()) -> Outcome:
        """Up to `limit` solutions differing on the `show` literals (the answer's
        decisions; all variables when empty), and whether there are no more.

        `prefer`: literals assumed while no solution is found yet, dropped as soon as
        they prove impossible (a guess that makes a first answer easy to find, as
        numberlink's "every cell on a line"); the solutions and the count stay those
        of the model without them."""
        from pysat.solvers import Solver

        started = time.perf_counter()
        show = list(show) or self.shown()
        clauses = self.encoded()
        found: list[Values] = []
        rounds = cuts = 0
        exhaustive = False
        clash: list[str] = []
        guards = list(self.labels)
        first = None
        stopped = False
        with Solver(name=SOLVER, bootstrap_with=clauses) as solver:
            while len(found) < limit:
                if deadline is not None and time.monotonic() > deadline:
                    stopped = True
                    break
                rounds += 1
                assumed = [*guards, *prefer] if prefer and not found else guards
                result = search(solver, assumed, deadline)
                if result is None:
                    stopped = True
                    break
                if not result and assumed is not guards:
                    prefer = ()  # the guess cannot hold: search without it
                    continue
                if not result:
                    exhaustive = True
                    if not found:
                        clash = [self.labels[g] for g in sorted(solver.get_core() or [])
                                 if g in self.labels]
                    break
                model = solver.get_model() or []
                values = Values(model)
                new = [cut for graph in self.graphs for cut in graph.cuts(values)]
                if new:
                    cuts += len(new)
                    for cut in new:
                        solver.add_clause(cut)
                    continue
                found.append(values)
                if len(found) == 1:
                    first = time.perf_counter() - started
                solver.add_clause([-lit if values(lit) else lit for lit in show])
        return Outcome(found, exhaustive, {"rounds": rounds, "cuts": cuts, "stopped": stopped,
                                           "first": None if first is None else round(first, 4),
                                           "seconds": round(time.perf_counter() - started, 4)},
                       clash)

    def encoded(self) -> list[list[Lit]]:
        """Every constraint as clauses (counts and sums encoded; connectivity stays
        lazy: `cuts` of each graph in `graphs`)."""
        from pysat.card import CardEnc, EncType

        top = self._top
        clauses = [list(c) for c in self.clauses]
        kinds = {"<=": CardEnc.atmost, ">=": CardEnc.atleast, "==": CardEnc.equals}
        for lits, op, bound, guard in self.counts:
            if bound == 1 and op != ">=":
                top = at_most_one(clauses, lits, top, guard)
                if op == "==":
                    clauses.extend(guarded([list(lits)], guard))
                continue
            encoded = kinds[op](lits, bound, top_id=top, encoding=EncType.seqcounter
                                if len(lits) <= 8 else EncType.totalizer)
            clauses.extend(guarded(encoded.clauses, guard))
            top = max(top, encoded.nv)
        for lits, weights, op, bound, guard in self.sums:
            top = self._encode_sum(clauses, lits, weights, op, bound, top, guard)
        self._top = top  # a variable made after this (a hint's "another answer") is new
        return clauses

    def shown(self) -> list[Lit]:
        """The answer's literals (`show`; every variable when none were shown)."""
        return self._show or list(range(1, self._top + 1))

    @staticmethod
    def _encode_sum(clauses: list[list[Lit]], lits: list[Lit], weights: list[int], op: str,
                    bound: int, top: int, guard: Lit | None) -> int:
        """Encode a weighted sum with PySAT's pseudo-Boolean encoder; the new top."""
        from pysat.pb import PBEnc

        kinds = {"<=": PBEnc.atmost, ">=": PBEnc.atleast, "==": PBEnc.equals}
        encoded = kinds[op](lits=lits, weights=weights, bound=bound, top_id=top)
        clauses.extend(guarded(encoded.clauses, guard))
        return max(top, encoded.nv)


def search(solver: Any, assumptions: list[Lit], deadline: float | None) -> bool | None:
    """One CaDiCaL search, cut into slices of `SLICE` conflicts when there is a deadline:
    PySAT cannot interrupt CaDiCaL from a timer, but a conflict budget ends a call and the
    next call resumes with everything learnt, so the deadline is checked every slice.
    None when the deadline passed before the search ended."""
    if deadline is None:
        return bool(solver.solve(assumptions=assumptions))
    while True:
        solver.conf_budget(SLICE)
        result = solver.solve_limited(assumptions=assumptions)
        if result is not None:
            return bool(result)
        if time.monotonic() > deadline:
            return None


def at_most_one(clauses: list[list[Lit]], lits: Sequence[Lit], top: int,
                guard: Lit | None) -> int:
    """At most one of `lits`, the commonest count of all (one digit per cell, one
    rectangle per clue): pairwise for a few literals, no new variables; a ladder of
    "one of the first i holds" for more (3 clauses a literal, where a totalizer makes
    hundreds for a row of 25 or a shikaku clue's many rectangles). The new top."""
    if len(lits) <= PAIRWISE:
        clauses.extend(guarded(([-a, -b] for i, a in enumerate(lits) for b in lits[i + 1:]),
                               guard))
        return top
    prefix = 0
    for lit in lits:
        top += 1
        step = [[-lit, top]]
        if prefix:
            step += [[-prefix, top], [-prefix, -lit]]
        clauses.extend(guarded(step, guard))
        prefix = top
    return top


def guarded(clauses: Iterable[list[Lit]], guard: Lit | None) -> Iterable[list[Lit]]:
    """Clauses that only bind while `guard` holds."""
    return clauses if guard is None else ([-guard, *c] for c in clauses)
