"""The pencil engine bake-off: one model, three engines, on nurikabe, slither, heyawake.

Each genre writes its rules once on `solvers.pencil.engine.Model` (clauses, counts of
literals, connectivity checked lazily); this script hands the very same model to each
engine and runs the same loop: solve, add cuts while the candidate falls apart, keep
the answer, forbid it, solve again until the engine proves there is no other. It reports
per puzzle the seconds to the first answer and to the proof of uniqueness.

- `pysat`: CaDiCaL 1.9.5 through PySAT, incremental (cuts and the blocking clause are
  added to the running solver); cardinalities as sequential counters / totalizers.
- `cpsat`: OR-Tools CP-SAT, one worker (the machine has 2 shared cores); clauses as
  BoolOr, counts as linear constraints; each round solves the grown model again (CP-SAT
  keeps nothing between solves).
- `clingo`: clingo 5 multi-shot: clauses as integrity constraints, counts as #count
  aggregates; cuts and blocking constraints added as new program parts, grounded and
  solved incrementally.

    .venv/bin/python bench/bench_pencil_engines.py [--engines pysat,cpsat,clingo] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers.pencil.engine import Model, Values  # noqa: E402
from solvers.pencil.genres import find  # noqa: E402
from solvers.pencil.link import read_link  # noqa: E402

#: the puzzles: (name, link, source)
PUZZLES = [
    ("nurikabe 5x5", "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g", "pzprjs test"),
    ("nurikabe 7x7", "https://puzz.link/p?nurikabe/7/7/1s5zm.i3g2", "penpa-edit test"),
    ("nurikabe 10x10 a", "https://puzz.link/p?nurikabe/10/10/1k4u1j7i3r6y1w-11m3n2",
     "penpa-edit test"),
    ("nurikabe 10x10 b", "https://puzz.link/p?nurikabe/10/10/zh3j5t3g3hat3g3h9zr",
     "penpa-edit test"),
    ("nurikabe 18x10", "https://puzz.link/p?nurikabe/18/10/w3g8k1i4n1k5j1i1k9r1l2n3j3n9t1l2h2"
     "i1j5h2j7l4n6y", "penpa-edit test"),
    ("slither 5x5", "https://puzz.link/p?slither/5/5/cbcbcddad", "pzprjs test"),
    ("slither 9x9", "https://puzz.link/p?slitherlink/9/9/233333332dk388583d8d38cg73d7c382121"
     "73d7c3721317c", "penpa-edit test"),
    ("slither 12x10", "https://puzz.link/p?slither/12/10/6b2b76cbbc6ah7656d76dd1dcg6bh56b516b8"
     "dcc6bgbbg62d0a3c", "penpa-edit test"),
    ("slither 6x10", "https://puzz.link/p?slither/6/10/h1dgadddg1cgdddcg2cgddbdg1d",
     "penpa-edit test"),
    ("heyawake 6x6", "https://puzz.link/p?heyawake/6/6/lll155007rs12222j", "pzprjs test"),
    ("heyawake 12x12", "https://puzz.link/p?heyawake/12/12/5k2q1d0mgb85k2q0d06g381k0q00000u000"
     "1vg0007ou0ofg3tg00065g63242362i", "penpa-edit test"),
]


def build(link: str) -> Model:
    parts = read_link(link)
    genre = find(parts.genre)
    assert genre is not None
    model = Model()
    genre.constrain(genre.read(parts), model)
    return model


def run_pysat(model: Model) -> tuple[float, float, int]:
    started = time.perf_counter()
    outcome = model.solve(limit=2)
    total = time.perf_counter() - started
    first = outcome.stats["first"]
    first = total if first is None else first + (total - outcome.stats["seconds"])
    return first, total - first, len(outcome.found)


def run_cpsat(model: Model) -> tuple[float, float, int]:
    from ortools.sat.python import cp_model

    started = time.perf_counter()
    cp = cp_model.CpModel()
    variables: dict[int, object] = {}

    def lit(number: int):
        var = variables.get(abs(number))
        if var is None:
            var = variables[abs(number)] = cp.NewBoolVar(f"v{abs(number)}")
        return var if number > 0 else var.Not()  # type: ignore[attr-defined]

    for clause in model.clauses:
        cp.AddBoolOr([lit(x) for x in clause])
    for lits, op, bound, guard in model.counts:
        total = sum(lit(x) for x in lits)
        constraint = (cp.Add(total <= bound) if op == "<=" else cp.Add(total >= bound)
                      if op == ">=" else cp.Add(total == bound))
        if guard is not None:
            constraint.OnlyEnforceIf(lit(guard))
    for guard in model.labels:
        cp.AddBoolOr([lit(guard)])
    show = model._show
    solver = cp_model.CpSolver()
    solver.parameters.num_search_workers = 1
    first = None
    found = 0
    while True:
        status = solver.Solve(cp)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        values = Values([n if solver.BooleanValue(lit(n)) else -n
                         for n in sorted(variables)])
        cuts = [cut for graph in model.graphs for cut in graph.cuts(values)]
        if cuts:
            for cut in cuts:
                cp.AddBoolOr([lit(x) for x in cut])
            continue
        found += 1
        if first is None:
            first = time.perf_counter() - started
        if found == 2:
            break
        cp.AddBoolOr([lit(-x) if values(x) else lit(x) for x in show])
    first = first if first is not None else time.perf_counter() - started
    return first, time.perf_counter() - started - first, found


def run_clingo(model: Model) -> tuple[float, float, int]:
    import clingo

    started = time.perf_counter()

    def atom(number: int) -> str:
        return f"v({number})" if number > 0 else f"not v({-number})"

    def constraint(clause: list[int]) -> str:
        return ":- " + ", ".join(atom(-x) for x in clause) + "." if clause else ":- ."

    top = max([abs(x) for c in model.clauses for x in c] + list(model.labels)
              + [abs(x) for lits, *_ in model.counts for x in lits] + [1])
    lines = [f"{{ v(1..{top}) }}."]
    lines += [constraint(c) for c in model.clauses]
    for lits, op, bound, guard in model.counts:
        elements = "; ".join(f"{i}: {atom(x)}" for i, x in enumerate(lits))
        test = {"<=": ">", ">=": "<", "==": "!="}[op]
        body = f"#count{{ {elements} }} {test} {bound}"
        head = f"v({guard}), " if guard is not None else ""
        lines.append(f":- {head}{body}.")
    lines += [f":- not v({guard})." for guard in model.labels]
    ctl = clingo.Control(["--models=1"])
    ctl.add("base", [], "\n".join(lines))
    ctl.ground([("base", [])])
    show = model._show
    first = None
    found = 0
    step = 0
    holder: list[set[int]] = []
    while True:
        result = ctl.solve(on_model=lambda m: holder.append(
            {s.arguments[0].number for s in m.symbols(atoms=True) if s.name == "v"}))
        if not result.satisfiable:
            break
        true = holder[-1]
        values = Values(sorted(true))
        cuts = [cut for graph in model.graphs for cut in graph.cuts(values)]
        if not cuts:
            found += 1
            if first is None:
                first = time.perf_counter() - started
            if found == 2:
                break
            cuts = [[-x if values(x) else x for x in show]]
        step += 1
        ctl.add(f"p{step}", [], "\n".join(constraint(c) for c in cuts))
        ctl.ground([(f"p{step}", [])])
    first = first if first is not None else time.perf_counter() - started
    return first, time.perf_counter() - started - first, found


ENGINES = {"pysat": run_pysat, "cpsat": run_cpsat, "clingo": run_clingo}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engines", default="pysat,cpsat,clingo")
    parser.add_argument("--repeat", type=int, default=3, help="runs per puzzle (median)")
    parser.add_argument("--only", default="", help="puzzles whose name holds this text")
    args = parser.parse_args()
    engines = args.engines.split(",")
    print("| puzzle | " + " | ".join(f"{e} first / unique (s)" for e in engines) + " |")
    print("| --- |" + " --- |" * len(engines))
    for name, link, _source in PUZZLES:
        if args.only not in name:
            continue
        cells = []
        for engine in engines:
            runs = [ENGINES[engine](build(link)) for _ in range(args.repeat)]
            firsts = statistics.median(r[0] for r in runs)
            proofs = statistics.median(r[0] + r[1] for r in runs)
            count = runs[0][2]
            cells.append(f"{firsts:.3f} / {proofs:.3f}" + ("" if count == 1 else f" ({count})"))
        print(f"| {name} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
