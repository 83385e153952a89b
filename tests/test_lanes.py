"""The lanes of solving work: long counts in their own lane, quick jobs never behind
them, and a pool that survives its fork server being killed."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from multiprocessing import forkserver
from pathlib import Path

from botchat import ask, bot_config, now, reply_with
from test_reliability import free_port, start_bot_process, wait_until_up

from bot.__main__ import running_in_sandbox
from sandbox.client import SandboxClient

ALICE, BOB, CAROL, OWNER = 201, 202, 203, 299
SEKI = "#seki sk_6018.txt\noo+ooaoo-"
OTHER_SEKI = "#seki again\noo+ooaoo-"


def children(pid: int) -> list[int]:
    """Processes whose parent is `pid` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def running_now(pid: int) -> bool:
    """The process exists and is not a zombie (dead, waiting to be reaped)."""
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


async def test_a_killed_fork_server_is_replaced_and_leaves_no_workers(tmp_path):
    config = bot_config(tmp_path, owner_id=OWNER)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        assert "Checked: all" in (await ask(client, ALICE, SEKI, sent_as="photo"))["caption"]
        server = forkserver._forkserver._forkserver_pid
        workers = children(server)
        assert len(workers) == config.workers + config.count_workers
        os.kill(server, signal.SIGKILL)
        await asyncio.sleep(1.0)
        assert not [pid for pid in workers if running_now(pid)], "orphaned workers"
        answer = await ask(client, BOB, OTHER_SEKI, sent_as="photo", timeout=60)
        assert "Checked: all" in answer["caption"]
        report = await ask(client, OWNER, "/admin")
        assert "quick lane: 2 of 2 workers running, rebuilt 1x" in report["text"]
        assert "count lane: 1 of 1 workers running, rebuilt 1x" in report["text"]
        assert forkserver._forkserver._forkserver_pid != server



def figures(line: str) -> list[str]:
    """The figures of a count line: "at least 3 unique placements, at least 24 ... (...)"."""
    return line.split(": ", 1)[-1].split(" (")[0].split(", ")


async def test_a_long_count_is_shown_at_once_joined_finished_and_cached(tmp_path, backend):
    config = bot_config(tmp_path, count_timeout=120.0, **backend)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        first = await ask(client, ALICE, "queens 13", sent_as="photo")
        assert "Checked: all" in first["caption"]
        assert "unique placements" in first["caption"]
        assert "(still counting, " in first["caption"] and "at least " in first["caption"]
        joined = await ask(client, BOB, "queens 13", sent_as="photo")  # the same puzzle
        assert "(still counting, " in joined["caption"]
        final = ("9,233 unique placements, 73,712 if rotations and reflections count as "
                 "different (complete, ")
        for chat, picture in ((ALICE, first), (BOB, joined)):
            said = await reply_with(client, chat, picture["message_id"], "(complete, ", 120)
            assert said["text"].startswith(f"Queens: {final}")
            edited = await now(client, chat, picture["message_id"])
            assert edited["edited"] and final in edited["caption"]
            assert "still counting" not in edited["caption"]
        lanes = bot.application.bot_data.services.pool
        assert lanes.counts.jobs_run == 1, "the same count ran twice"
        cached = await ask(client, CAROL, "queens 13", sent_as="photo", timeout=10)
        assert final in cached["caption"]


async def test_counts_stop_at_their_limit_queue_cancel_and_never_hold_up_quick_jobs(
        tmp_path, backend):
    config = bot_config(tmp_path, count_timeout=8.0, count_workers=1, **backend)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        counting = await ask(client, ALICE, "queens 14", sent_as="photo")
        assert "(still counting, " in counting["caption"]
        # the one count worker is busy: a quick job is answered all the same, while the
        # count still runs
        lanes = bot.application.bot_data.services.pool
        quick = await ask(client, CAROL, SEKI, sent_as="photo")
        assert "Checked: all" in quick["caption"] and lanes.counts.pending == 1
        refused = await ask(client, BOB, "/cancel")
        assert refused["text"].startswith("You have no count running.")
        stopped = await ask(client, ALICE, "/cancel")
        assert stopped["text"].startswith("Queens: at least ")
        assert stopped["text"].endswith(" s)") and "(cancelled, " in stopped["text"]
        edited = await now(client, ALICE, counting["message_id"])
        assert "(cancelled, " in edited["caption"]
        # one count per person: the second waits for the first
        ahead = await ask(client, ALICE, "queens 15", sent_as="photo")
        queued = await ask(client, ALICE, "queens 16", sent_as="photo")
        told = await reply_with(client, ALICE, queued["message_id"], "starts after", 10)
        assert told["text"].endswith("your count starts after 1 other.")
        limit = await reply_with(client, ALICE, ahead["message_id"], "(stopped at the time limit",
                                30)
        assert limit["text"].startswith("Queens: at least ")
        assert all(f.startswith("at least ") for f in figures(limit["text"])), limit["text"]
        caption = (await now(client, ALICE, ahead["message_id"]))["caption"]
        assert all(f.startswith("at least ") for f in figures(caption.splitlines()[-1]))
        again = await ask(client, BOB, "queens 15", sent_as="photo", timeout=10)
        assert "(stopped at the time limit, " in again["caption"], "the count was not kept"


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (children, their children...)."""
    found, todo = [], [pid]
    while todo:
        below = children(todo.pop())
        found += below
        todo += below
    return found


def finished(process) -> None:
    """Reap the ended bot and drop its output pipe without waiting for end of file, which
    comes only once every process that inherited the pipe has ended (checked by `gone`)."""
    process.wait(timeout=20)
    process.stdout.close()


def described(pids: list[int]) -> str:
    """The processes of `pids` still running, with their command lines (for a failure)."""
    lines = []
    for pid in pids:
        if running_now(pid):
            command = (Path("/proc") / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ")
            lines.append(f"{pid}: {command[:120].decode()}")
    return "; ".join(lines)


async def gone(pids: list[int], seconds: float = 10.0) -> bool:
    """Whether all these processes end within `seconds`."""
    deadline = time.monotonic() + seconds
    while any(running_now(pid) for pid in pids):
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(0.2)
    return True


async def test_sigterm_stops_telling_whoever_waits_and_kill_9_leaves_no_worker(
        tmp_path):
    port = free_port()
    process = start_bot_process(tmp_path, port)
    try:
        url = f"http://127.0.0.1:{port}"
        await wait_until_up(url)
        async with SandboxClient(url) as client:
            counting = await ask(client, ALICE, "bedlam", sent_as="photo", timeout=120)
            queued = await ask(client, ALICE, "queens 16", sent_as="photo", timeout=60)
            workers = descendants(process.pid)
            assert workers
            # followed from before the signal: the sandbox ends with the bot
            told = [asyncio.create_task(reply_with(client, ALICE, picture["message_id"],
                                                  "restarting", 15))
                    for picture in (counting, queued)]
            await asyncio.sleep(0.5)
            process.send_signal(signal.SIGTERM)
            await asyncio.to_thread(process.wait, 15)  # TimeoutExpired: SIGTERM hung
            for said in await asyncio.gather(*told):
                assert "(stopped: the bot is restarting" in said["text"]
    finally:
        if process.poll() is None:
            process.kill()
        finished(process)
    assert await gone(workers), f"workers outlived the bot: {described(workers)}"

    port = free_port()
    process = start_bot_process(tmp_path, port)
    try:
        await wait_until_up(f"http://127.0.0.1:{port}")
        async with SandboxClient(f"http://127.0.0.1:{port}") as client:
            await ask(client, BOB, "queens 16", sent_as="photo", timeout=120)  # a busy worker
        workers = descendants(process.pid)
        process.kill()
        finished(process)
    finally:
        if process.poll() is None:
            process.kill()
    assert workers and await gone(workers), f"orphaned workers: {described(workers)}"
