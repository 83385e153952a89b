"""The long fuzz run: every kind's parse and parse_solution on at least 10,000 texts each.

    .venv/bin/python bench/fuzz.py                      # 10,000 examples per kind and target
    .venv/bin/python bench/fuzz.py --examples 500 --kinds seki burr   # a quick look
    .venv/bin/python bench/fuzz.py --jobs 2             # two processes

The same properties as tests/test_fuzz.py (the short run in `make test`), with the same
strategies (tests/fuzz_strategies.py): every text gives a model or a PuzzleError naming a
real line, with a message under 1,000 characters, in under 10 s (and a model's cache key
can be computed, as the bot does with every model). Per kind and target it reports the
examples run, how many gave a model and how many a PuzzleError, the slowest parse with
its input (the ten slowest are timed again, three times each, and the best of three
kept, so a pause of the shared machine is not taken for a slow parser), and the first
failure (hypothesis's shrunk example), if any. The exit status is 1 when anything
failed. Prints a Markdown table for bench/README.md.
"""

from __future__ import annotations

import argparse
import heapq
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

import fuzz_strategies as fs  # noqa: E402
from hypothesis import HealthCheck, given, seed, settings  # noqa: E402

from solvers import pipeline, registry  # noqa: E402
from solvers.texts import clip  # noqa: E402

#: the detection + parse target, fed any kind's text
PREPARE = "any text"
#: how many of the slowest examples are timed again
RETIMED = 10


@dataclass
class Tally:
    """What one target did over the run."""

    kind: str
    target: str  # parse, parse_solution or prepare
    examples: int = 0
    models: int = 0
    errors: int = 0
    slowest: float = 0.0
    slowest_text: str = ""
    seconds: float = 0.0
    failure: str = ""


def target_call(kind_name: str, target: str):
    """The function under test and the strategy that feeds it."""
    if kind_name == PREPARE:
        return pipeline.prepare, fs.any_texts()
    kind = registry.get(kind_name)
    if target == "parse":
        return fs.parsing(kind), fs.puzzle_texts(kind)
    puzzle = fs.example_puzzle(kind)
    return (lambda text: kind.parse_solution(puzzle, text)), fs.solution_texts(kind)


def run_target(kind_name: str, target: str, examples: int, run_seed: int) -> Tally:
    """Fuzz one target; a failure is recorded (shrunk), not raised."""
    call, texts = target_call(kind_name, target)
    tally = Tally(kind_name, target)
    failing = [""]
    slowest: list[tuple[float, str]] = []  # a heap of the slowest examples

    @seed(run_seed)
    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=list(HealthCheck), report_multiple_bugs=False)
    @given(texts)
    def property_holds(text: str) -> None:
        try:
            verdict = fs.judge(call, text)
        except BaseException:
            failing[0] = text
            raise
        tally.examples += 1
        tally.models += verdict.model is not None
        tally.errors += verdict.error is not None
        heapq.heappush(slowest, (verdict.seconds, text))
        if len(slowest) > RETIMED:
            heapq.heappop(slowest)

    started = time.perf_counter()
    try:
        property_holds()
    except Exception as failure:  # noqa: BLE001 - any failure is the finding to report
        tally.failure = f"{type(failure).__name__}: {clip(str(failure), 200)} on {failing[0]!r}"
    tally.seconds = time.perf_counter() - started
    for _, text in slowest:
        best = min(fs.judge(call, text).seconds for _ in range(3))
        if best > tally.slowest:
            tally.slowest, tally.slowest_text = best, text
    return tally


def shown(text: str) -> str:
    """An input as a table cell: clipped, with its length when long."""
    cell = repr(clip(text, 40)).replace("|", "\\|")
    return cell if len(text) <= 40 else f"{cell} ({len(text):,} chars)"


def table(tallies: list[Tally]) -> str:
    rows = ["| kind | target | examples | models | PuzzleErrors | slowest (ms) | slowest input "
            "| failure |", "|---|---|---:|---:|---:|---:|---|---|"]
    for t in tallies:
        failure = t.failure.replace("|", "\\|") or "none"
        rows.append(f"| {t.kind} | {t.target} | {t.examples:,} | {t.models:,} | {t.errors:,} "
                    f"| {t.slowest * 1000:.1f} | {shown(t.slowest_text)} | {failure} |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--examples", type=int, default=10_000,
                        help="examples per kind and target (default 10,000)")
    parser.add_argument("--kinds", nargs="*", default=None,
                        help=f"kinds to fuzz (default all, and '{PREPARE}' detection)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--seed", type=int, default=8, help="hypothesis seed (default 8)")
    args = parser.parse_args(argv)

    names = args.kinds or [kind.name for kind in registry.KINDS] + [PREPARE]
    tasks = [(name, target) for name in names
             for target in (("prepare",) if name == PREPARE else ("parse", "parse_solution"))]
    started = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        futures = [pool.submit(run_target, name, target, args.examples, args.seed)
                   for name, target in tasks]
        tallies = []
        for future in futures:
            tally = future.result()
            tallies.append(tally)
            print(f"{tally.kind} {tally.target}: {tally.examples:,} examples in "
                  f"{tally.seconds:.0f} s; {tally.failure or 'no failure'}",
                  file=sys.stderr, flush=True)
    print(table(tallies))
    total = sum(t.examples for t in tallies)
    failed = [t for t in tallies if t.failure]
    print(f"\n{total:,} examples in {time.perf_counter() - started:.0f} s; "
          f"{len(failed)} target(s) failed.")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
