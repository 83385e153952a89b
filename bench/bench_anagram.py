"""Anagram benchmark: the language-model ranking beside the cost ranking, on three lists of
classic anagrams, with speed and memory per worker.

Run from the project root:  .venv/bin/python bench/bench_anagram.py [--baseline-seconds 20]

1. Ranking: for each clue of the lists in `bench/data/` (`anagram_classics.txt`, the
   tuning list; `anagram_heldout.txt` and `anagram_fresh.txt`, never tuned on), the rank of
   the intended answer in the kind's list (single entries first, then the best answers of
   several words; words=N raised to the intended answer's word count when it has more than
   3), by `ranking="cost"` (the ranking of old) and `ranking="fluency"` (the default now),
   one clue after the other in the same run; and the median time per clue of each.
2. Speed: lexicon load from the cache; single-word lookups; the top 20 answers of up to
   3 words for 15-letter clues by both rankings (median of 7 runs, alternating), and, as a
   cross-check of the pruning, by a plain recursive search over the same candidates that
   enumerates every answer and then sorts them (`--baseline-seconds 0` skips it).
3. Memory: a fresh process per ranking loads what a worker loads when it warms up and
   answers a 15-letter clue; its peak resident memory is reported.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers.anagram import lexicon as lexicon_module  # noqa: E402
from solvers.anagram.kind import SHOWN, parse_query  # noqa: E402
from solvers.anagram.lexicon import letters_of  # noqa: E402
from solvers.anagram.search import MAX_WORDS, Query, Search, search  # noqa: E402
from solvers.values import Limits  # noqa: E402

DATA = Path(__file__).resolve().parent / "data"
LISTS = {"tuning": DATA / "anagram_classics.txt", "held out": DATA / "anagram_heldout.txt",
         "fresh": DATA / "anagram_fresh.txt"}
RANKINGS = ("cost", "fluency")
SPEED_CLUES = ("statue of liberty", "year two thousand", "the nudist colony")
SINGLE_CLUES = ("tlsnei", "dormitory", "enraged", "parsley", "conversation", "spain",
                "schoolmaster", "elbow")
#: the kind shows this many answers; ranks past it are reported as "> 20"
RANK_DEPTH = SHOWN


def classics(path: Path) -> list[tuple[str, str, str]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            clue, answer, *options = (p.strip() for p in line.split("|"))
            rows.append((clue, answer, " ".join(options)))
    return rows


def words_key(text: str) -> tuple[str, ...]:
    return tuple(sorted(letters_of(w) for w in text.split() if letters_of(w)))


def rank_of(clue: str, answer: str, options: str, ranking: str
            ) -> tuple[int | None, str, float]:
    """The 1-based rank of the intended answer (None past RANK_DEPTH), the first answer
    given, and the seconds the search took."""
    words = len(words_key(answer))
    extra = f" words={min(words, MAX_WORDS)}" if words > 3 else ""  # past 6: a miss
    query = parse_query(f"anagram {clue} {options}{extra}")
    started = time.perf_counter()
    found = search(query, lexicon_module.load(), Limits.within(30), top=RANK_DEPTH,
                   ranking=ranking)
    seconds = time.perf_counter() - started
    wanted = words_key(answer)
    first = found.answers[0].text if found.answers else "-"
    for rank, candidate in enumerate(found.answers, start=1):
        if words_key(candidate.text) == wanted:
            return rank, first, seconds
    return None, first, seconds


def shown_rank(rank: int | None) -> str:
    return str(rank) if rank else f"> {RANK_DEPTH}"


def ranking_table(name: str, path: Path) -> tuple[list[str], list[str]]:
    """The per-clue table of one list, and its summary rows (one per ranking)."""
    rows = [f"#### {name}: `{path.relative_to(DATA.parent.parent)}`", "",
            "| clue | intended answer | rank by cost | rank by fluency | first answer now |",
            "|---|---|---|---|---|"]
    ranks: dict[str, list[int | None]] = {r: [] for r in RANKINGS}
    seconds: dict[str, list[float]] = {r: [] for r in RANKINGS}
    single: list[bool] = []
    for clue, answer, options in classics(path):
        single.append(len(words_key(answer)) == 1)
        firsts = {}
        for ranking in RANKINGS:
            rank, firsts[ranking], took = rank_of(clue, answer, options, ranking)
            ranks[ranking].append(rank)
            seconds[ranking].append(took)
        label = f"{clue} ({options})" if options else clue
        rows.append(f"| {label} | {answer} | {shown_rank(ranks['cost'][-1])} "
                    f"| {shown_rank(ranks['fluency'][-1])} | {firsts['fluency']} |")
    summary = []
    for ranking in RANKINGS:
        got = ranks[ranking]
        total = len(got)
        top = {n: sum(1 for r in got if r and r <= n) for n in (1, 3, 10)}
        singles_ok = sum(1 for r, s in zip(got, single, strict=True) if s and r and r <= 3)
        summary.append(f"| {name} | {ranking} | {total} | {top[1]} ({top[1] / total:.0%}) "
                       f"| {top[3]} ({top[3] / total:.0%}) | {top[10]} ({top[10] / total:.0%}) "
                       f"| {singles_ok} of {sum(single)} "
                       f"| {statistics.median(seconds[ranking]) * 1000:.0f} ms |")
    return rows, summary


def baseline_top(query: Query, top: int, seconds: float) -> tuple[list[float], int, bool]:
    """Plain recursion: every answer of up to 3 words over the same candidates, then sort."""
    state = Search(query, lexicon_module.load(), Limits(), top, ranking="cost")
    cands = state.candidates()
    keys, entries = [c[1] for c in cands], [c[2] for c in cands]
    widths = [e.word_count for e in entries]
    found: list[float] = []
    deadline = time.monotonic() + seconds
    finished = True

    def extend(pool: int, start: int, words_left: int, chosen: tuple[int, ...]) -> None:
        nonlocal finished
        if time.monotonic() > deadline:
            finished = False
            return
        for j in range(start, len(keys)):
            if pool % keys[j] or widths[j] > words_left:
                continue
            rest = pool // keys[j]
            if rest == 1:
                answer = chosen and state.answer(tuple(entries[i] for i in (*chosen, j)))
                if answer:
                    found.append(answer.cost)
            elif words_left - widths[j] >= 1:
                extend(rest, j, words_left - widths[j], (*chosen, j))

    extend(state.pool, 0, query.word_budget(), ())
    return sorted(found)[:top], len(found), finished


def timed(function, repeat: int = 1) -> float:
    """Mean wall-clock seconds per call."""
    started = time.perf_counter()
    for _ in range(repeat):
        function()
    return (time.perf_counter() - started) / repeat


def cpu_timed(function, repeat: int = 1) -> float:
    """Mean CPU seconds per call (the machine is shared: wall time includes waiting)."""
    started = time.process_time()
    for _ in range(repeat):
        function()
    return (time.process_time() - started) / repeat


def speed_table(baseline_seconds: float) -> list[str]:
    lexicon = lexicon_module.load()
    lexicon_module.forget()
    load = cpu_timed(lexicon_module.load)
    rows = [f"Lexicon load from the cache: {load * 1000:.0f} ms of CPU "
            f"({sum(len(g) for g in lexicon.by_key.values()):,} entries).", ""]
    for ranking in RANKINGS:
        singles = [timed(lambda c=c, r=ranking: search(Query(letters_of(c), max_words=1, text=""),
                                                       lexicon, ranking=r), repeat=200)
                   for c in SINGLE_CLUES]
        rows.append(f"Single-word lookup (words=1) by {ranking}, mean of {len(SINGLE_CLUES)} "
                    f"clues x 200: {statistics.mean(singles) * 1e6:.0f} us, "
                    f"worst {max(singles) * 1e6:.0f} us.")
    rows += ["", "| 15-letter clue | cost: median wall / CPU | fluency: median wall / CPU "
             "| plain recursion, all then sort: CPU / wall | answers it enumerated "
             "| same best costs |", "|---|---|---|---|---|---|"]
    for clue in SPEED_CLUES:
        query = Query(letters_of(clue), text=clue)
        wall: dict[str, list[float]] = {r: [] for r in RANKINGS}
        cpu: dict[str, list[float]] = {r: [] for r in RANKINGS}
        for _ in range(7):
            for ranking in RANKINGS:
                def run(q=query, r=ranking):
                    return search(q, lexicon, top=20, ranking=r)
                wall[ranking].append(timed(run))
                cpu[ranking].append(cpu_timed(run))
        cells = [f"{statistics.median(wall[r]) * 1000:.0f} / {statistics.median(cpu[r]) * 1000:.0f}"
                 " ms" for r in RANKINGS]
        rows.append(f"| {clue} | {cells[0]} | {cells[1]} | {plain_cells(query, baseline_seconds)}")
    return rows


def plain_cells(query: Query, baseline_seconds: float) -> str:
    """The plain search's cells of the speed table: its time, and whether its best costs
    are the branch and bound's (the cost ranking's kept answers, before diversifying)."""
    if baseline_seconds <= 0:
        return "skipped | | |"
    state = Search(query, lexicon_module.load(), Limits(), 20, ranking="cost")
    state.several()
    ours = sorted(round(answer.cost, 6) for answer in state.kept)
    started, started_cpu = time.perf_counter(), time.process_time()
    plain, count, finished = baseline_top(query, len(ours), baseline_seconds)
    slow, slow_cpu = time.perf_counter() - started, time.process_time() - started_cpu
    same = "yes" if [round(c, 6) for c in plain] == ours else "no"
    note = "" if finished else f" (stopped at {baseline_seconds:.0f} s)"
    return (f"{slow_cpu * 1000:,.0f} / {slow * 1000:,.0f} ms{note} | {count:,} "
            f"| {same if finished else 'n/a'} |")


#: what a worker of each ranking loads when it warms up, then one 15-letter clue
WORKER = """
import resource, sys
sys.path.insert(0, {root!r})
from solvers.anagram import combine, fluency, lexicon
from solvers.anagram.search import Query, search
lex = lexicon.load()
combine.warm()
if {ranking!r} == "fluency":
    fluency.model()
search(Query("statueofliberty", text="statue of liberty"), lex, top=20, ranking={ranking!r})
status = open("/proc/self/status").read().split()
print(status[status.index("VmRSS:") + 1], resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def memory_rows() -> list[str]:
    """Resident memory (now, and at its peak) of a fresh process that warms up as a worker
    of each ranking and answers one 15-letter clue."""
    root = str(Path(__file__).resolve().parent.parent)
    mb = {}
    for ranking in RANKINGS:
        out = subprocess.run([sys.executable, "-c", WORKER.format(root=root, ranking=ranking)],
                             capture_output=True, text=True, check=True).stdout
        mb[ranking] = [int(kb) / 1024 for kb in out.split()[-2:]]
    (now_cost, peak_cost), (now_new, peak_new) = mb["cost"], mb["fluency"]
    return [f"Memory of a warmed-up worker after one 15-letter clue (resident / peak): "
            f"cost ranking {now_cost:.0f} / {peak_cost:.0f} MB, fluency ranking "
            f"{now_new:.0f} / {peak_new:.0f} MB (+{now_new - now_cost:.0f} MB resident)."]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline-seconds", type=float, default=20.0,
                        help="time limit for each run of the plain search (0: skip it)")
    parser.add_argument("--skip-ranking", action="store_true")
    parser.add_argument("--lists", default=",".join(LISTS),
                        help="which lists to rank: " + ", ".join(LISTS))
    args = parser.parse_args()
    if not args.skip_ranking:
        summaries = []
        for name in args.lists.split(","):
            rows, summary = ranking_table(name, LISTS[name])
            print("\n".join(rows), end="\n\n")
            summaries += summary
        print("| list | ranking | clues | first | top 3 | top 10 | single words in the top 3 "
              "| median time per clue |\n|---|---|---|---|---|---|---|---|")
        print("\n".join(summaries), end="\n\n")
    print("\n".join(speed_table(args.baseline_seconds)), end="\n\n")
    print("\n".join(memory_rows()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
