"""End to end, every kind: /example gives a puzzle that, sent back, is answered with a
picture, a caption and a passing check report; /help lists the kind; and the bot set up as
on several machines (Celery workers, PostgreSQL) answers as the local one does.

The budget per job is short, so the long counts (Bedlam, Y25: minutes to the end) come
back with the first assembly and a count marked as not complete."""

from __future__ import annotations

import io
import re

import pytest
from botchat import bot_config, settled
from celery_servers import backend_settings
from PIL import Image

from bot.__main__ import running_in_sandbox
from sandbox.client import SandboxClient
from solvers import registry

ALICE = 101
#: seconds per job; the solvers stop by themselves at 80% of it (12, not 6: a first job
#: that starts a worker on a loaded machine, make test running 3 test processes, passed 6 s
#: before its solver began, and was answered "took too long" with no picture)
BUDGET = 12.0
#: how long a count took, in its caption: "(complete, 2 s)"
SECONDS = r", \d+ s\)"
KINDS_WITH_EXAMPLES = [kind.name for kind in registry.KINDS if kind.example]


@pytest.fixture
async def puzzlebot(tmp_path):
    config = bot_config(tmp_path, solve_timeout=BUDGET, rate_burst=100)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        yield client


async def test_every_kind_answers_its_example_locally_and_on_several_machines(
        tmp_path, celery_workers, postgres_server):
    """On one machine (the local pool and SQLite), then as on several (the jobs on Celery
    workers through Redis, the store on PostgreSQL): every kind's example is answered, with
    the same caption in both (a count cut short by the budget: the same first line)."""
    setups = {"local": {}, "several machines": {
        **backend_settings(celery_workers), "database_url": postgres_server.new_database()}}
    captions: dict[str, dict[str, str]] = {}
    failures = []
    for setup, changes in setups.items():
        folder = tmp_path / setup.replace(" ", "-")
        folder.mkdir()
        config = bot_config(folder, solve_timeout=BUDGET, rate_burst=400, **changes)
        async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
            sent = await client.send(ALICE, "/help puzzles")
            help_text = (await client.wait_for(ALICE, after=sent["message_id"]))["text"]
            captions[setup] = {}
            for name in KINDS_WITH_EXAMPLES:
                kind = registry.get(name)
                listed = f"/{name} " if kind.listed else kind.title
                assert listed in help_text, f"/help does not list {name}"
                wrong, caption = await example_answer(client, name)
                failures += [f"{setup}: {failure}" for failure in wrong]
                captions[setup][name] = caption
    assert not failures, "\n".join(failures)
    for name, local in captions["local"].items():
        assert comparable(captions["several machines"][name], local), name


def comparable(one: str, other: str) -> bool:
    """Whether two setups gave the same caption: all of it but a count's seconds, or the
    first line when either is a count still running or cut short (how far it got depends
    on the machine)."""
    if any(word in one + other for word in ("at least", "still counting")):
        return one.split("\n")[0] == other.split("\n")[0]
    return re.sub(SECONDS, "", one) == re.sub(SECONDS, "", other)


async def example_answer(client: SandboxClient, name: str) -> tuple[list[str], str]:
    """Send a kind's /example back: what is wrong with the answer (nothing: []), and the
    caption of its picture."""
    failures: list[str] = []
    sent = await client.send(ALICE, f"/example {name}")
    example = await client.wait_for(ALICE, after=sent["message_id"])
    sent = await client.send(ALICE, f"/{name} {example['text']}")
    try:
        photo = await client.wait_for(ALICE, after=sent["message_id"], sent_as="photo",
                                      timeout=90)
    except TimeoutError:  # say what came instead
        page = await client.messages(ALICE, after=sent["message_id"])
        said = [m.get("text") or m.get("caption") for m in page["messages"]]
        raise AssertionError(f"{name}: no picture in 90 s, but {said}") from None
    image = Image.open(io.BytesIO(await client.file(photo["file_url"])))
    if image.format != "PNG" or min(image.size) < 200:
        failures.append(f"{name}: picture {image.format} {image.size}")
    page = await client.messages(ALICE, after=photo["message_id"], wait=10)
    reports = [m for m in page["messages"] if m["sent_as"] == "text" and m["from"]["is_bot"]]
    while not reports:
        page = await client.messages(ALICE, after=page["messages"][-1]["message_id"], wait=10)
        reports = [m for m in page["messages"] if m["sent_as"] == "text"]
    if "ERROR" in reports[0]["text"] or "FAIL" in reports[0]["text"].upper().split():
        failures.append(f"{name}: check report fails:\n{reports[0]['text'][:300]}")
    if not photo["caption"].strip():
        failures.append(f"{name}: the picture has no caption")
    return failures, photo["caption"]


async def test_a_burr_answers_its_example_with_either_backend(tmp_path, backend):
    """The local pool, then Celery workers (tests/celery_servers.py)."""
    config = bot_config(tmp_path, solve_timeout=30, **backend)
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        failures, _ = await example_answer(client, "burr")
        assert not failures


async def test_a_preset_command_alone_solves_its_preset(puzzlebot):
    """`/queens` alone is `queens 8`, `/pent` alone is `pent 6`: the same answer as the
    preset spelled out; a kind that is not a preset still shows its format."""
    client = puzzlebot
    captions = {}
    for bare, spelled in (("/queens", "/queens 8"), ("/pent", "/pent 6")):
        sent = await client.send(ALICE, bare)
        alone = await client.wait_for(ALICE, after=sent["message_id"], sent_as="photo",
                                      timeout=60)
        sent = await client.send(ALICE, spelled)
        full = await client.wait_for(ALICE, after=sent["message_id"], sent_as="photo",
                                     timeout=60)
        alone, full = [await settled(client, ALICE, m) for m in (alone, full)]
        assert alone["caption"] == full["caption"]
        captions[bare] = alone["caption"]
    assert captions["/queens"].startswith("Queens 8x8\n")
    assert ("12 unique placements, 92 if rotations and reflections count as different"
            in captions["/queens"])
    assert captions["/pent"].startswith("pentominoes 6x10\n")
    assert "2,339 unique assemblies" in captions["/pent"]
    sent = await client.send(ALICE, "/sudoku")
    told = await client.wait_for(ALICE, after=sent["message_id"])
    assert told["text"].startswith("Sudoku: ")
    assert "Try /example sudoku" in told["text"]
