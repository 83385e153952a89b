"""Helpers for the end-to-end tests: a bot configuration for a test's temporary folder,
webhook settings, and asking the bot something through the sandbox."""

from __future__ import annotations

import asyncio
import socket
import time
from pathlib import Path

from bot.config import Config
from bot.work import jobs
from sandbox.client import SandboxClient

#: a real job that runs as long as it is let: Bedlam's whole count (about 30 s of CPU on a
#: quiet machine), given a budget its own search never reaches, so only the job's hard
#: limit, a /cancel or a kill ends it (a worker runs no job off its allow-list, so a test
#: cannot send it `time.sleep`)
LONG_COUNT = (Path(__file__).resolve().parent.parent / "puzzles" / "bedlam.txt").read_text()
async def long_job(lane, seconds: float):
    """Hold one of `lane`'s workers with a real job for `seconds` (its hard limit)."""
    return await lane.submit(jobs.solve, LONG_COUNT, None, 10_000.0, timeout=seconds)


def bot_config(tmp_path: Path, **changes) -> Config:
    """The bot's settings for a test: its own database file, 2 workers, 20 s per job."""
    values = {"db_path": str(tmp_path / "bot.sqlite3"), "workers": 2, "solve_timeout": 20.0}
    return Config(**{**values, **changes})


def store_settings(location: str) -> dict:
    """Config changes that put the bot's store at a `store_location`: a PostgreSQL URL or
    a SQLite file."""
    if location.startswith("postgresql://"):
        return {"database_url": location}
    return {"db_path": location}


def free_port() -> int:
    """A TCP port nobody listens on at 127.0.0.1 now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def webhook_settings(secret: str | None = None) -> dict:
    """Config changes for webhook mode: the sandbox POSTs updates to the bot on a free
    loopback port."""
    port = free_port()
    return {"webhook_url": f"http://127.0.0.1:{port}/telegram", "webhook_port": port,
            "webhook_secret": secret}


async def ask(client: SandboxClient, chat: int, text: str, sent_as: str | None = None,
              user: int | None = None, timeout: float = 30, **extra) -> dict:
    """The bot's first message (sent as `sent_as`, when given) after `text` is sent in `chat`."""
    sent = await client.send(chat, text, user_id=user, **extra)
    return await client.wait_for(chat, after=sent["message_id"], sent_as=sent_as, timeout=timeout)


async def answered(client: SandboxClient, chat: int, text: str, timeout: float = 60) -> dict:
    """The picture of the bot's answer to a puzzle, once the whole answer is in: its check
    report follows the picture, and the answer is kept in the cache before the report is
    sent (so the same puzzle sent next is served from the cache)."""
    photo = await ask(client, chat, text, sent_as="photo", timeout=timeout)
    await client.wait_for(chat, after=photo["message_id"], sent_as="text", timeout=timeout)
    return photo


async def reply_with(client: SandboxClient, chat: int, after: int, part: str,
                     timeout: float = 30) -> dict:
    """The first bot text after message `after` that holds `part`: passes over what may
    come first on a loaded machine (a progress note, a timed quiz hint, a picture)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        message = await client.wait_for(chat, after=after, timeout=deadline - time.monotonic())
        if part in (message.get("text") or ""):
            return message
        after = message["message_id"]
    raise TimeoutError(f"no message with {part!r} in chat {chat}")


async def settled(client: SandboxClient, chat: int, message: dict, timeout: float = 60) -> dict:
    """`message` once the bot has stopped editing its count into the caption: a count that
    takes longer than the first answer's half second says "still counting" at first, and
    how long depends on the machine's load."""
    deadline = time.monotonic() + timeout
    while "still counting" in (message.get("caption") or ""):
        if time.monotonic() > deadline:
            raise TimeoutError(f"message {message['message_id']} is still counting")
        await asyncio.sleep(0.5)
        message = await now(client, chat, message["message_id"])
    return message


async def now(client: SandboxClient, chat: int, message_id: int) -> dict:
    """A message as it stands now (its caption edited since it was sent)."""
    page = await client.messages(chat, after=message_id - 1)
    return next(m for m in page["messages"] if m["message_id"] == message_id)


async def climb(client: SandboxClient, chat: int, message: dict, label: str,
                user: int | None = None, timeout: float = 90, sent_as: str | None = None,
                **extra) -> dict:
    """Press the hint ladder's button `label` under `message` (as the chat's person unless
    `user`; `extra` goes with the press, e.g. `language_code`): the rung shown, which is
    `message` edited in place, or for *Next step* and the solution the bot's next new
    message (sent as `sent_as`, when given; a step's picture is never edited back)."""
    data = next(b["callback_data"] for row in message["reply_markup"]["inline_keyboard"]
                for b in row if b["text"] == label)
    page = await client.messages(chat)
    last, revision = max(m["message_id"] for m in page["messages"]), page["revision"]
    await client.press(chat, user or chat, message["message_id"], data, **extra)
    if data.endswith((":next", ":solution")):
        return await client.wait_for(chat, after=last, sent_as=sent_as, timeout=timeout)
    deadline = time.monotonic() + timeout
    while (remaining := deadline - time.monotonic()) > 0:
        page = await client.messages(chat, since=revision, wait=min(remaining, 25))
        for changed in page["messages"]:
            if changed["message_id"] == message["message_id"]:
                return changed
        revision = page["revision"]
    raise TimeoutError(f"message {message['message_id']} not edited after {label!r}")
