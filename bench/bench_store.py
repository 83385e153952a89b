"""The store's operations on SQLite and on PostgreSQL, side by side in one run: a cache hit
(the read a cached reply waits for), a cache write, a hint step, a quiz round won; and a
cache read while PostgreSQL is stopped (what a reply pays when the server is away).

Starts its own PostgreSQL (Debian's `postgresql`, as the tests do, tests/servers.py) on a
free loopback port; the SQLite file is in a temporary folder. The two stores take turns,
call by call, so both see the same load on the shared machine. Wall time per operation
(median, 95th percentile) and the bot process's CPU time per operation (the driver's
work in the bot; PostgreSQL's own work is in its server processes).

    .venv/bin/python bench/bench_store.py [--repeat 300]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from servers import PostgresServer  # noqa: E402

from bot.games.store import GameStore  # noqa: E402
from bot.store.facade import Store  # noqa: E402
from solvers.pipeline import run  # noqa: E402

SEKI = (ROOT / "puzzles" / "sk_6018.txt").read_text()


Operation = Callable[[int], Awaitable[object]]


async def timed(operations: list[Operation], repeat: int) -> list[list[float]]:
    """For each operation, the wall seconds of each call and the CPU seconds of all of
    them (last item); the operations take turns."""
    figures: list[list[float]] = [[] for _ in operations]
    cpu = [0.0] * len(operations)
    for number in range(repeat):
        for which, operation in enumerate(operations):
            started, used = time.perf_counter(), time.process_time()
            await operation(number)
            figures[which].append(time.perf_counter() - started)
            cpu[which] += time.process_time() - used
    return [[*walls, spent] for walls, spent in zip(figures, cpu, strict=True)]


def row(database: str, operation: str, figures: list[float]) -> str:
    walls, cpu = sorted(figures[:-1]), figures[-1]
    p95 = walls[int(len(walls) * 0.95)]
    return (f"| {database} | {operation} | {statistics.median(walls) * 1000:.2f} | "
            f"{p95 * 1000:.2f} | {cpu / len(walls) * 1000:.2f} |")


async def operations(store: Store, repeat: int) -> dict[str, Operation]:
    """The operations measured, on one open store."""
    assert store.db is not None, store.location
    games = GameStore(store)
    result = run(SEKI)
    await store.put_result("hit", result)
    game = await games.create_game(-1, "quiz", 1, {"rounds": repeat})
    session = await store.start_hint_session(1, 1, "clue")

    async def win(number: int) -> None:
        await games.add_round(game.id, number, "TSILEN", "listen", 0.0, 30.0)
        await games.win_round(game, number, 7, "Bob", "silent", 9, 3.5)

    return {
        "cache hit (get_result)": lambda n: store.get_result("hit"),
        "cache write (put_result)": lambda n: store.put_result(f"key{n}", result),
        "hint step": lambda n: store.advance_hint_session(session, n),
        "quiz round begun and won": win,
    }


async def side_by_side(locations: dict[str, str], repeat: int) -> list[str]:
    """One table row per database and operation, the databases taking turns."""
    stores = {name: Store(location) for name, location in locations.items()}
    for store in stores.values():
        await store.open()
    try:
        measured = {name: await operations(store, repeat) for name, store in stores.items()}
        rows = []
        for operation in measured[next(iter(measured))]:
            figures = await timed([m[operation] for m in measured.values()], repeat)
            rows += [row(name, operation, f) for name, f in zip(measured, figures, strict=True)]
        return rows
    finally:
        for store in stores.values():
            await store.close()


async def offline_read(server: PostgresServer, repeat: int) -> str:
    store = Store(server.new_database())
    await store.open()
    await store.put_result("hit", run(SEKI))
    server.stop()
    try:
        (figures,) = await timed([lambda n: store.get_result("hit")], repeat)
    finally:
        server.start()
        await store.close()
    return row("PostgreSQL stopped", "cache read (skipped)", figures)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=300)
    repeat = parser.parse_args().repeat
    logging.disable(logging.WARNING)  # "cache read failed" at each read while stopped
    with tempfile.TemporaryDirectory() as folder:
        server = PostgresServer(Path(tempfile.mkdtemp(prefix="puzzlebot-postgres-")))
        server.durable = True  # commits reach the disk, as SQLite's do
        server.init()
        server.start()
        try:
            rows = [*await side_by_side({"SQLite": str(Path(folder) / "bench.sqlite3"),
                                         "PostgreSQL": server.new_database()}, repeat),
                    await offline_read(server, repeat)]
        finally:
            server.stop()
            shutil.rmtree(server.folder, ignore_errors=True)
    print("| database | operation | median ms | p95 ms | CPU ms per operation |")
    print("| --- | --- | ---: | ---: | ---: |")
    print("\n".join(rows))


if __name__ == "__main__":
    asyncio.run(main())
