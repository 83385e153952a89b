"""Shared fixtures.

Sandbox fixtures (all function-scoped, on the test's event loop):
- `sandbox`: a started `sandbox.Sandbox` on 127.0.0.1 and a free port; stopped after.
- `sandbox_client`: a `sandbox.client.SandboxClient` for the sandbox's JSON client API.
- `tg_bot`: an initialized `telegram.Bot` whose base_url points at the sandbox.
- `echo_app`: the sandbox's echo bot (sandbox/echo.py), an `Application` polling it.
- `puzzlebot`: the whole bot against a fresh sandbox (`bot.__main__.running_in_sandbox`,
  settings from `botchat.bot_config`), and a client to chat with it: `(bot, client)`. It
  polls for updates; `@pytest.mark.parametrize("puzzlebot", ["polling", "webhook"],
  indirect=True)` runs a test in both modes (webhook: the sandbox POSTs the updates to the bot);
  "celery" runs it with the jobs on Celery workers (tests/celery_servers.py).
- `backend`: the bot's settings for the local pool, then for Celery workers: a test that
  takes it runs against both.

Server fixtures (tests/servers.py): `postgres_server` (one PostgreSQL per session) and
`store_location` (a store test on SQLite, then on PostgreSQL).

Under pytest-xdist (`make test` runs `-n 3 --dist loadfile`), each worker process has its
own session: its own servers (ports, folders and Redis of its own) and temporary folders;
a module's tests all run on one worker, so a module-scoped bot starts once.

Property tests (Hypothesis) run the "quick" profile: a few examples each and no deadline
(no test asserts a wall-clock limit; a loaded machine is not a slow parser).
`HYPOTHESIS_PROFILE=long` runs ten times as many; `make fuzz` is the long run of the
parsers.
"""

from __future__ import annotations

import itertools
import os

import pytest
import pytest_asyncio
import telegram
from botchat import bot_config, webhook_settings
from celery_servers import backend_settings, celery_workers, redis_server  # noqa: F401
from hypothesis import settings
from servers import postgres_server, store_location  # noqa: F401 (fixtures)

from bot.__main__ import running_in_sandbox
from sandbox import Sandbox
from sandbox.client import SandboxClient
from sandbox.echo import build_echo_app

#: examples a property test runs in `make test`
QUICK_EXAMPLES = 30
settings.register_profile("quick", max_examples=QUICK_EXAMPLES, deadline=None)
settings.register_profile("long", max_examples=10 * QUICK_EXAMPLES, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))


@pytest.fixture
async def sandbox():
    box = Sandbox()
    await box.start()
    try:
        yield box
    finally:
        await box.stop()


@pytest.fixture
async def sandbox_client(sandbox):
    async with SandboxClient(sandbox.url) as client:
        yield client


@pytest.fixture
async def tg_bot(sandbox):
    bot = telegram.Bot(sandbox.token, base_url=f"{sandbox.url}/bot",
                       base_file_url=f"{sandbox.url}/file/bot")
    async with bot:
        yield bot


@pytest.fixture
async def echo_app(sandbox):
    app = build_echo_app(sandbox.url, sandbox.token)
    async with app:
        await app.start()
        await app.updater.start_polling(poll_interval=0, timeout=1)
        try:
            yield app
        finally:
            await app.updater.stop()
            await app.stop()


@pytest.fixture
async def puzzlebot(request, tmp_path):
    mode = getattr(request, "param", "polling")
    changes = webhook_settings() if mode == "webhook" else {}
    if mode == "celery":
        changes = backend_settings(request.getfixturevalue("celery_workers"))
    async with (running_in_sandbox(bot_config(tmp_path, **changes)) as bot,
                SandboxClient(bot.url) as client):
        yield bot, client


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def shared_puzzlebot(tmp_path_factory):
    """One bot for a module's tests, on the module's event loop, for tests that only chat
    (each in chats of its own): `pytestmark = pytest.mark.asyncio(loop_scope="module")`."""
    config = bot_config(tmp_path_factory.mktemp("bot"))
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        yield bot, client


#: people new to a shared bot: each test that chats with one takes people of its own
NEWCOMERS = itertools.count(101)


@pytest.fixture
def alice() -> int:
    return next(NEWCOMERS)


@pytest.fixture
def bob() -> int:
    return next(NEWCOMERS)


@pytest.fixture
def group(alice) -> int:
    """A group of alice's own."""
    return -100200300 - alice


@pytest.fixture(params=["local", "celery"])
def backend(request) -> dict:
    """Settings for `bot_config`: the local pool, or the Celery workers."""
    if request.param == "local":
        return backend_settings(None)
    return backend_settings(request.getfixturevalue("celery_workers"))
