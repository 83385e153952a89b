"""The memory guard (issue 40): the bot as `make run` starts it, after answering a Seki, a
Sudoku, an anagram, a burr and Soma, must cost the machine at most BUDGET_MB over its
whole tree of processes (bot, fork server, resource tracker, workers).

The run is `bench/bench_memory.py`'s own, and the figure guarded is its "alone" one: the
tree's PSS were no other process mapping the same libraries (`bench_memory.alone`). PSS
itself splits numba's and Z3's library pages with every other process on the machine
that maps them, so it reads 60 to 100 MB lower while other tests run than on a quiet
machine; the alone figure reads about the same either way (bench/README.md: 375 MB, with
the full word lists, the lexicon as arrays and a leaner bot process). When it is passed,
the message is the per-process table, which says where to look. Memory, unlike time, is
steady on one kind of machine, so it can be guarded.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import bench_memory  # noqa: E402

#: the most the whole tree may hold alone, in MB (375 measured, median of 3, with the bot
#: importing neither OpenCV nor httpx's command line; 393 the highest of those runs;
#: bench/README.md; 428 in a fresh clone, whose workers compile their numba kernels
#: before any cache exists: a margin of about 10 % over the warm figures, and the 100 MB
#: array of a deliberate regression still fails it at 482)
BUDGET_MB = 440
#: what only the workers need: numba (with its LLVM), Z3, the exact-cover engines and
#: OpenCV (the photo reader); and what the bot needs only sometimes or never: asyncpg
#: (PostgreSQL, when configured), httpx's command line with rich, pygments and click
NOT_IN_THE_BOT = ("numba", "llvmlite", "z3", "xcover", "miniexact", "cv2", "asyncpg",
                  "rich", "pygments", "click")


def test_the_bot_process_imports_no_search_engine():
    """The bot's process detects, parses and words puzzles; the searches and the photo
    reading run in the workers. These packages in the bot cost it about 45 MB of its own
    (the search engines), 13 MB (OpenCV), 5 MB (httpx's command line), 2 MB (asyncpg on
    SQLite) (issue 40)."""
    probe = ("import sys, bot.__main__; "
             f"print(' '.join(m for m in {NOT_IN_THE_BOT!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    assert done.stdout.split() == []


def test_the_bot_after_five_answers_stays_within_its_memory_budget():
    processes, alone_mb = bench_memory.run_once(ROOT, settle=3.0)
    roles = sorted(p.role for p in processes)
    assert roles.count("bot") == 1 and roles.count("fork server") == 1, roles
    assert roles.count("worker") == 3, roles  # 2 solver workers and 1 count worker
    assert alone_mb <= BUDGET_MB, (
        f"the bot's processes hold {alone_mb:.1f} MB alone, over the budget of {BUDGET_MB} "
        "MB:\n| code | process | pid | PSS MB | private MB | RSS MB |\n"
        + bench_memory.table("now", processes, alone_mb))
