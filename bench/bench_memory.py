"""Memory of the running bot: the proportional set size (PSS) of each of its processes.

    .venv/bin/python bench/bench_memory.py                   # this checkout
    .venv/bin/python bench/bench_memory.py --before DIR      # and DIR's code, alternated

Starts `python -m bot` on its sandbox as `make run` does on a 2-core machine (2 solver
workers, 1 count worker), waits until its workers are warm, answers a Seki, a Sudoku, an
anagram, a burr and Soma through the sandbox client, waits until no chat has had a new
message for 3 s (the later pictures and the reports sent), then reads
`/proc/PID/smaps_rollup` of the bot and every process under it. PSS shares each page
among the processes that map it, so the sum over the tree is what the bot costs the
machine; "private" is what a process holds alone (what one more worker would add).

With `--before DIR` the same run is made on the code unpacked in DIR (e.g. `git archive
main | tar -x -C DIR`, run with its own directory first on the path, as the fork server
puts the current directory first on its workers' path), the two taking turns `--runs`
times each, so both see the same machine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from load import LoadClient, free_port, stop_bot, wait_until_ready  # noqa: E402

PUZZLES = ("sk_6018.txt", "sudoku_inkala.txt", "anagram_schoolmaster.txt", "burr_eight.txt",
           "soma.txt")
FIRST_CHAT = 900_000


@dataclass
class Process:
    """One process of the bot's tree and its memory in kB."""

    pid: int
    role: str
    pss: int
    private: int
    rss: int


def children(pid: int) -> list[int]:
    """Direct children of `pid` (Linux)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry.name))
    return found


def tree(pid: int) -> list[int]:
    """`pid` and every process under it."""
    pids, waiting = [], [pid]
    while waiting:
        current = waiting.pop()
        pids.append(current)
        waiting.extend(children(current))
    return pids


def rollup(pid: int) -> dict[str, int]:
    """The kB figures of /proc/PID/smaps_rollup by name."""
    figures = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":", 1)
        figures[name] = int(value.split()[0])
    return figures


def parent(pid: int) -> int:
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[1])


def role(pid: int, bot: int) -> str:
    """What the process is: the bot, its fork server, the resource tracker or a worker
    (a worker is forked by the fork server, so its command line is the fork server's)."""
    if pid == bot:
        return "bot"
    command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    if "resource_tracker" in command:
        return "resource tracker"
    if "forkserver" in command and parent(pid) == bot:
        return "fork server"
    return "worker"


def alone(pids: list[int]) -> float:
    """MB the processes hold counting each page once, whoever else maps it: what they
    alone cost (their PSS, were no other process on the machine mapping the same
    libraries). Their private pages, plus each mapping's shared pages once (the largest
    share any of them has of it: a library by its file, memory inherited from the fork
    server by its address, the same in every worker). PSS itself splits a library's
    pages with every process on the machine that maps it, so it drops when other
    programs using numba or Z3 run; this figure does not, which is why the guard uses it."""
    private = 0
    shared: dict[str, int] = {}
    for pid in pids:
        try:
            text = Path(f"/proc/{pid}/smaps").read_text()
        except OSError:
            continue  # ended meanwhile
        key = ""
        for line in text.splitlines():
            fields = line.split()
            if ":" not in fields[0]:  # a mapping's header: address perms offset dev inode [path]
                key = fields[5] if len(fields) > 5 and fields[5].startswith("/") else fields[0]
            elif fields[0] in ("Private_Clean:", "Private_Dirty:"):
                private += int(fields[1])
            elif fields[0] in ("Shared_Clean:", "Shared_Dirty:"):
                shared[key + fields[0]] = max(shared.get(key + fields[0], 0), int(fields[1]))
    return (private + sum(shared.values())) / 1024


def measure(bot: int) -> list[Process]:
    """Every process of the bot's tree, with its memory (those that ended meanwhile left
    out)."""
    processes = []
    for pid in tree(bot):
        try:
            figures = rollup(pid)
            name = role(pid, bot)
        except OSError:
            continue  # ended meanwhile
        processes.append(Process(pid, name, figures["Pss"],
                                 figures["Private_Clean"] + figures["Private_Dirty"],
                                 figures["Rss"]))
    return processes


async def answer(client, chat: int, text: str, timeout: float) -> int:
    """Send one puzzle and wait for the bot's first picture; that message's id."""
    start = time.monotonic()
    sent = await client.send(chat, text)
    after = sent["message_id"]
    while time.monotonic() - start < timeout:
        page = await client.messages(chat, after=after, wait=5.0)
        for message in page["messages"]:
            after = message["message_id"]
            if message["from"]["is_bot"] and message["sent_as"] in ("photo", "animation"):
                return after
    raise TimeoutError(f"no picture for {text[:30]!r}")


async def until_quiet(client, last: dict[int, int], quiet: float, timeout: float) -> None:
    """Wait until no chat has had a new message for `quiet` seconds: the later pictures
    (the burr's animation) and the reports sent, so the workers are idle when measured
    (on a loaded machine a fixed pause could measure a worker still drawing)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        moved = False
        for chat, after in last.items():
            page = await client.messages(chat, after=after, wait=0)
            if page["messages"]:
                last[chat] = page["messages"][-1]["message_id"]
                moved = True
        if not moved:
            return
        await asyncio.sleep(quiet)


async def drive(url: str, process, settle: float) -> tuple[list[Process], float]:
    async with LoadClient(url) as client:
        await wait_until_ready(client, process, timeout=300)
        last = {}
        for number, name in enumerate(PUZZLES):
            text = (ROOT / "puzzles" / name).read_text()
            last[FIRST_CHAT + number] = await answer(client, FIRST_CHAT + number, text,
                                                     timeout=120)
        await asyncio.sleep(settle)
        await until_quiet(client, last, settle, timeout=120)
        processes = measure(process.pid)
        return processes, alone([p.pid for p in processes])


def run_once(code: Path, settle: float) -> tuple[list[Process], float]:
    """One bot from the code in `code`, measured after the five answers: its processes
    and what they hold alone (`alone`)."""
    with tempfile.TemporaryDirectory(prefix="bench-memory-") as folder:
        port = free_port()
        env = {key: value for key, value in os.environ.items() if key != "TELEGRAM_BOT_TOKEN"}
        env.update(PUZZLEBOT_SANDBOX_PORT=str(port), PUZZLEBOT_DB=f"{folder}/m.sqlite3",
                   PUZZLEBOT_WORKERS="2", PUZZLEBOT_COUNT_WORKERS="1",
                   PYTHONPATH=str(code))
        with open(f"{folder}/bot.log", "w") as log:
            process = subprocess.Popen([sys.executable, "-m", "bot"], cwd=code, env=env,
                                       stdout=log, stderr=subprocess.STDOUT,
                                       start_new_session=True)
            try:
                return asyncio.run(drive(f"http://127.0.0.1:{port}", process, settle))
            finally:
                stop_bot(process)


def table(label: str, processes: list[Process], alone_mb: float) -> str:
    rows = [f"| {label} | {p.role} | {p.pid} | {p.pss / 1024:.1f} | {p.private / 1024:.1f} | "
            f"{p.rss / 1024:.1f} |" for p in sorted(processes, key=lambda p: p.role)]
    total = sum(p.pss for p in processes) / 1024
    rows.append(f"| {label} | **all {len(processes)}** | | **{total:.1f}** | | |")
    rows.append(f"| {label} | **all, alone** | | **{alone_mb:.1f}** | | |")
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="a checkout of the code to compare with")
    parser.add_argument("--runs", type=int, default=1, help="runs of each code, alternated")
    parser.add_argument("--settle", type=float, default=3.0,
                        help="seconds without a new message before measuring")
    args = parser.parse_args()
    codes = [("after", ROOT)] + ([("before", args.before.resolve())] if args.before else [])
    totals: dict[str, list[float]] = {label: [] for label, _ in codes}
    alones: dict[str, list[float]] = {label: [] for label, _ in codes}
    print("| code | process | pid | PSS MB | private MB | RSS MB |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for _ in range(args.runs):
        for label, code in reversed(codes):
            processes, alone_mb = run_once(code, args.settle)
            totals[label].append(sum(p.pss for p in processes) / 1024)
            alones[label].append(alone_mb)
            print(table(label, processes, alone_mb), flush=True)
    load = os.getloadavg()
    print(f"\nload average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    for label, figures in totals.items():
        print(f"{label}: PSS of the whole tree, median of {len(figures)}: "
              f"{statistics.median(figures):.1f} MB ({', '.join(f'{f:.1f}' for f in figures)})"
              f"; alone: {statistics.median(alones[label]):.1f} MB "
              f"({', '.join(f'{f:.1f}' for f in alones[label])})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
