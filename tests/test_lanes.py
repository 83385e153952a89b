"""The lanes of solving work: long counts in their own lane, quick jobs never behind
them, and a pool that survives its fork server being killed."""

from __future__ import annotations

import asyncio
import os
import signal
from multiprocessing import forkserver
from pathlib import Path

from botchat import ask, bot_config

from bot.app import running
from bot.sandbox.client import SandboxClient

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
    async with running(config, sandbox_port=0) as bot, SandboxClient(bot.url) as client:
        assert "Puzzle OK" in (await ask(client, ALICE, SEKI, kind="photo"))["caption"]
        server = forkserver._forkserver._forkserver_pid
        workers = children(server)
        assert len(workers) == config.workers + config.count_workers
        os.kill(server, signal.SIGKILL)
        await asyncio.sleep(1.0)
        assert not [pid for pid in workers if running_now(pid)], "orphaned workers"
        answer = await ask(client, BOB, OTHER_SEKI, kind="photo", timeout=60)
        assert "Puzzle OK" in answer["caption"]
        report = await ask(client, OWNER, "/admin")
        assert "quick lane: 2 of 2 workers running, rebuilt 1x" in report["text"]
        assert "count lane: 1 of 1 workers running, rebuilt 1x" in report["text"]
        assert forkserver._forkserver._forkserver_pid != server
