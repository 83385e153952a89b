"""Webhook mode: the sandbox's setWebhook and its deliveries, and the whole bot receiving
its updates by POST (python-telegram-bot's webhook server) with the secret token checked.
The seed Seki in webhook mode is in test_e2e_seki.py (the `puzzlebot` fixture, both modes)."""

from __future__ import annotations

import asyncio
import dataclasses
import time

import aiohttp
import pytest
import telegram
from aiohttp import web
from botchat import ask, bot_config, webhook_settings

from bot.__main__ import running_in_sandbox
from bot.webhook import start_updates
from sandbox.client import SandboxClient
from sandbox.webhook import SECRET_HEADER

ALICE = 101
SECRET = "a-secret_token-42"


class Receiver:
    """A webhook endpoint for the sandbox tests: records each POST, answers `statuses`
    in turn (then 200)."""

    def __init__(self, statuses: tuple[int, ...] = ()):
        self.statuses = list(statuses)
        self.posts: list[tuple[str | None, dict]] = []
        self.arrived = asyncio.Event()
        self.runner: web.AppRunner | None = None
        self.url = ""

    async def handle(self, request: web.Request) -> web.Response:
        self.posts.append((request.headers.get(SECRET_HEADER), await request.json()))
        self.arrived.set()
        return web.Response(status=self.statuses.pop(0) if self.statuses else 200)

    async def __aenter__(self) -> Receiver:
        app = web.Application()
        app.router.add_post("/hook", self.handle)
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.url = f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}/hook"
        return self

    async def __aexit__(self, *exc) -> None:
        await self.runner.cleanup()

    async def wait_posts(self, number: int, timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while len(self.posts) < number:
            self.arrived.clear()
            await asyncio.wait_for(self.arrived.wait(), deadline - time.monotonic())


async def test_set_webhook_refuses_what_the_sandbox_cannot_reach(tg_bot):
    with pytest.raises(telegram.error.BadRequest, match="(?i)loopback addresses only"):
        await tg_bot.set_webhook("https://example.com/hook")
    with pytest.raises(telegram.error.BadRequest, match="(?i)http or https url"):
        await tg_bot.set_webhook("ftp://127.0.0.1/hook")
    with pytest.raises(telegram.error.BadRequest, match="(?i)unallowed characters"):
        await tg_bot.set_webhook("http://127.0.0.1:9/hook", secret_token="no spaces")
    assert (await tg_bot.get_webhook_info()).url == ""


async def test_updates_are_posted_with_the_secret_and_get_updates_conflicts(
        tg_bot, sandbox_client):
    async with Receiver() as receiver:
        assert await tg_bot.set_webhook(receiver.url, secret_token=SECRET)
        sent = await sandbox_client.send(ALICE, "hello")
        await receiver.wait_posts(1)
        secret, update = receiver.posts[0]
        assert secret == SECRET
        assert update["update_id"] == sent["update_id"]
        assert update["message"]["text"] == "hello"
        with pytest.raises(telegram.error.Conflict, match="(?i)webhook is active"):
            await tg_bot.get_updates()
        info = await tg_bot.get_webhook_info()
        assert (info.url, info.pending_update_count) == (receiver.url, 0)
        assert await tg_bot.delete_webhook()
        later = await sandbox_client.send(ALICE, "by polling again")
        updates = await tg_bot.get_updates(timeout=5)
    assert [u.update_id for u in updates] == [later["update_id"]]
    assert len(receiver.posts) == 1


async def test_a_refused_delivery_is_reported_and_retried(tg_bot, sandbox_client):
    async with Receiver(statuses=(500,)) as receiver:
        await tg_bot.set_webhook(receiver.url)
        sent = await sandbox_client.send(ALICE, "again please")
        await receiver.wait_posts(2)
        info = await tg_bot.get_webhook_info()
        await tg_bot.delete_webhook()
    assert [update["update_id"] for _, update in receiver.posts] == [sent["update_id"]] * 2
    assert receiver.posts[0][0] is None  # no secret was set, none is sent
    assert info.last_error_message == "Wrong response from the webhook: 500 Internal Server Error"
    assert info.pending_update_count == 0


async def test_the_bots_webhook_refuses_posts_without_its_secret(tmp_path):
    config = bot_config(tmp_path, **webhook_settings(secret=SECRET))
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        reply = await ask(client, ALICE, "/help")
        asked = reply["message_id"] - 1
        update = {"update_id": 10_000, "message": {
            "message_id": asked, "date": int(time.time()),
            "chat": {"id": ALICE, "type": "private", "first_name": "Alice"},
            "from": {"id": ALICE, "is_bot": False, "first_name": "Alice"},
            "text": "/help", "entities": [{"type": "bot_command", "offset": 0, "length": 5}]}}
        async with aiohttp.ClientSession() as session:
            statuses = []
            for headers in ({}, {SECRET_HEADER: "not-the-secret"}, {SECRET_HEADER: SECRET}):
                async with session.post(config.webhook_url, json=update,
                                        headers=headers) as response:
                    statuses.append(response.status)
                if headers.get(SECRET_HEADER) != SECRET:
                    with pytest.raises(TimeoutError):  # the bot did not act on it
                        await client.wait_for(ALICE, after=reply["message_id"], timeout=1.5)
        assert statuses == [403, 403, 200]
        again = await client.wait_for(ALICE, after=reply["message_id"], timeout=10)
        assert again["text"] == reply["text"]


async def test_switching_from_webhook_to_polling_and_back(tmp_path):
    config = bot_config(tmp_path, **webhook_settings())
    async with running_in_sandbox(config) as bot, SandboxClient(bot.url) as client:
        updater, tg = bot.application.updater, bot.application.bot
        assert (await tg.get_webhook_info()).url == config.webhook_url
        first = await ask(client, ALICE, "/help")
        await updater.stop()
        await start_updates(updater, dataclasses.replace(config, webhook_url=None))
        assert (await tg.get_webhook_info()).url == ""
        polled = await ask(client, ALICE, "/help")
        await updater.stop()
        await start_updates(updater, config)
        assert (await tg.get_webhook_info()).url == config.webhook_url
        posted = await ask(client, ALICE, "/help")
        methods = [call["method"] for call in await client.calls()]
    assert first["text"] == polled["text"] == posted["text"]
    assert "deleteWebhook" in methods and methods.count("setWebhook") == 2


async def test_a_sandbox_reset_keeps_the_webhook(tg_bot, sandbox_client):
    async with Receiver() as receiver:
        await tg_bot.set_webhook(receiver.url, secret_token=SECRET)
        await sandbox_client.reset()
        sent = await sandbox_client.send(ALICE, "after the reset")
        await receiver.wait_posts(1)
        info = await tg_bot.get_webhook_info()
        await tg_bot.delete_webhook()
    assert receiver.posts[0][0] == SECRET
    assert receiver.posts[0][1]["update_id"] == sent["update_id"]
    assert info.url == receiver.url
