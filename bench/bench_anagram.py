"""Anagram benchmark: ranking of classic anagrams, and speed against a plain search.

Run from the project root:  .venv/bin/python bench/bench_anagram.py [--baseline-seconds 20]

1. Ranking: for each clue of `bench/data/anagram_classics.txt`, the rank of the intended
   answer in the kind's list (single entries first, then the best answers of several
   words; words=N raised to the intended answer's word count when it has more than 3).
2. Speed: lexicon load from the cache; single-word lookups; the top 20 answers of up to
   3 words for 15-letter clues, by the branch-and-bound search and by a plain recursive
   search over the same candidates that enumerates every answer and then sorts them.
   The two top-20 lists are compared by cost, as a cross-check of the pruning.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers.anagram import lexicon as lexicon_module  # noqa: E402
from solvers.anagram.kind import SHOWN, parse_query  # noqa: E402
from solvers.anagram.lexicon import letters_of  # noqa: E402
from solvers.anagram.search import MAX_WORDS, Query, Search, search  # noqa: E402
from solvers.base import Limits  # noqa: E402

CLASSICS = Path(__file__).resolve().parent / "data" / "anagram_classics.txt"
SPEED_CLUES = ("statue of liberty", "year two thousand", "the nudist colony")
SINGLE_CLUES = ("tlsnei", "dormitory", "enraged", "parsley", "conversation", "spain",
                "schoolmaster", "elbow")
#: the kind shows this many answers; ranks past it are reported as "> 20"
RANK_DEPTH = SHOWN


def classics(path: Path = CLASSICS) -> list[tuple[str, str, str]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            clue, answer, *options = (p.strip() for p in line.split("|"))
            rows.append((clue, answer, " ".join(options)))
    return rows


def words_key(text: str) -> tuple[str, ...]:
    return tuple(sorted(letters_of(w) for w in text.split() if letters_of(w)))


def rank_of(clue: str, answer: str, options: str) -> tuple[int | None, str, int]:
    """The 1-based rank of the intended answer (None past RANK_DEPTH), the top answer."""
    words = len(words_key(answer))
    extra = f" words={min(words, MAX_WORDS)}" if words > 3 else ""  # past 5: a miss
    query = parse_query(f"anagram {clue} {options}{extra}")
    found = search(query, lexicon_module.load(), Limits.within(30), top=RANK_DEPTH)
    wanted = words_key(answer)
    for rank, candidate in enumerate(found.answers, start=1):
        if words_key(candidate.text) == wanted:
            return rank, found.answers[0].text, words
    return None, found.answers[0].text if found.answers else "-", words


def ranking_table(path: Path = CLASSICS) -> list[str]:
    rows = ["| clue | intended answer | rank | first answer given |", "|---|---|---|---|"]
    ranks, single_ok, singles = [], 0, 0
    for clue, answer, options in classics(path):
        rank, first, words = rank_of(clue, answer, options)
        ranks.append(rank)
        if words == 1:
            singles += 1
            single_ok += rank is not None and rank <= 3
        shown = str(rank) if rank else f"> {RANK_DEPTH}"
        label = f"{clue} ({options})" if options else clue
        rows.append(f"| {label} | {answer} | {shown} | {first} |")
    total = len(ranks)
    top1 = sum(r == 1 for r in ranks if r)
    top3 = sum(r <= 3 for r in ranks if r)
    top10 = sum(r <= 10 for r in ranks if r)
    rows += ["", f"Clues: {total}; intended answer first: {top1} ({top1 / total:.0%}), "
             f"top 3: {top3} ({top3 / total:.0%}), top 10: {top10} ({top10 / total:.0%}); "
             f"single-word answers in the top 3: {single_ok} of {singles}."]
    return rows


def baseline_top(query: Query, top: int, seconds: float) -> tuple[list[float], int, bool]:
    """Plain recursion: every answer of up to 3 words over the same candidates, then sort."""
    state = Search(query, lexicon_module.load(), Limits(), top)
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
    lexicon_module.load.cache_clear()
    load = timed(lexicon_module.load)
    rows = [f"Lexicon load from the cache: {load * 1000:.0f} ms "
            f"({sum(len(g) for g in lexicon.by_key.values()):,} entries).", ""]
    singles = [timed(lambda c=c: search(Query(letters_of(c), max_words=1, text=""), lexicon),
                     repeat=200) for c in SINGLE_CLUES]
    rows += [f"Single-word lookup (words=1), mean of {len(SINGLE_CLUES)} clues x 200: "
             f"{statistics.mean(singles) * 1e6:.0f} us, worst {max(singles) * 1e6:.0f} us.", ""]
    rows += ["| 15-letter clue | branch and bound, top 20: CPU / wall | plain recursion, all "
             "then sort: CPU / wall | answers the plain search enumerated | same best costs |",
             "|---|---|---|---|---|"]
    for clue in SPEED_CLUES:
        query = Query(letters_of(clue), text=clue)
        fast = timed(lambda q=query: search(q, lexicon, top=20), repeat=3)
        fast_cpu = cpu_timed(lambda q=query: search(q, lexicon, top=20), repeat=3)
        state = Search(query, lexicon, Limits(), 20)
        state.several()  # the kept answers before diversifying: the exact best by cost
        ours = sorted(round(answer.cost, 6) for answer in state.kept)
        started, started_cpu = time.perf_counter(), time.process_time()
        plain, count, finished = baseline_top(query, len(ours), baseline_seconds)
        slow, slow_cpu = time.perf_counter() - started, time.process_time() - started_cpu
        same = "yes" if [round(c, 6) for c in plain] == ours else "no"
        note = "" if finished else f" (stopped at {baseline_seconds:.0f} s)"
        rows.append(f"| {clue} | {fast_cpu * 1000:.0f} / {fast * 1000:.0f} ms "
                    f"| {slow_cpu * 1000:,.0f} / {slow * 1000:,.0f} ms{note} "
                    f"| {count:,} | {same if finished else 'n/a'} |")
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline-seconds", type=float, default=20.0,
                        help="time limit for each run of the plain search")
    parser.add_argument("--skip-ranking", action="store_true")
    parser.add_argument("--clues", type=Path, default=CLASSICS,
                        help="clue list to rank (bench/data/anagram_heldout.txt: held out)")
    args = parser.parse_args()
    if not args.skip_ranking:
        print("\n".join(ranking_table(args.clues)), end="\n\n")
    print("\n".join(speed_table(args.baseline_seconds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
