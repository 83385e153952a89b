"""Operations: `/healthz` and `/metrics` on `PUZZLEBOT_METRICS_PORT`, for whoever runs the
bot (a load balancer's health check, Prometheus).

- `/healthz`: 200 when every part works, else 503; the JSON body names each part (bot,
  database, workers) with "ok" or what is wrong.
- `/metrics`: Prometheus's text format, written by prometheus_client from the bot's one
  `Metrics` and the lanes' queues and workers (the figures /admin prints), read at each
  scrape.

A small aiohttp app of its own, on loopback unless `PUZZLEBOT_METRICS_HOST` says otherwise:
the figures are not for the public. It answers only requests whose Host is a loopback
name, the address it listens on or one of `PUZZLEBOT_METRICS_HOSTNAMES`, and none that
carries a browser's Origin: a web page whose own name is made to point at this machine
(DNS rebinding) names itself in the Host, and a scraper is not a browser.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
from collections.abc import Awaitable, Callable, Iterator
from urllib.parse import urlsplit

from aiohttp import web
from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.metrics_core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from prometheus_client.registry import Collector
from telegram.ext import Application

from .config import Config
from .database import StoreUnavailable
from .metrics import Metrics
from .store.facade import Store
from .webhook import UpdatesRequest
from .work.lanes import Lanes

log = logging.getLogger(__name__)

#: the longest a health check may wait for the database
CHECK_TIMEOUT = 2.0
#: addresses that mean "every interface": not a name a request can carry
WILDCARDS = ("", "0.0.0.0", "::")
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class BotCollector(Collector):
    """The bot's figures as Prometheus metrics, read from `Metrics` and the lanes."""

    def __init__(self, metrics: Metrics, lanes: Lanes):
        self.metrics = metrics
        self.lanes = lanes

    def collect(self) -> Iterator[Metric]:
        m = self.metrics
        yield GaugeMetricFamily("puzzlebot_start_time_seconds",
                                "When this bot process started (Unix time)", value=m.started)
        replies = CounterMetricFamily("puzzlebot_replies", "Messages the bot sent",
                                      labels=["method"])
        for method, number in sorted(m.replies.items()):
            replies.add_metric([method], number)
        yield replies
        solves = HistogramMetricFamily("puzzlebot_solve_seconds",
                                       "Time to solve a puzzle in the pool, by kind",
                                       labels=["kind"])
        for kind, times in sorted(m.histograms.items()):
            solves.add_metric([kind], times.cumulative(), sum_value=times.total)
        yield solves
        for name, text, value in (
            ("cache_hits", "Puzzles answered from the cache", m.cache_hits),
            ("timeouts", "Jobs stopped at the time limit", m.timeouts),
            ("worker_deaths", "Worker processes lost in the middle of a job", m.worker_deaths),
            ("errors", "Updates whose handling failed", m.errors),
            ("rate_limited", "Requests refused by the per-person rate limit", m.rate_limited),
            ("telegram_429", "Telegram's 429 (flood control) answers", m.flood_waits),
        ):
            yield CounterMetricFamily(f"puzzlebot_{name}", text, value=value)
        queue = GaugeMetricFamily("puzzlebot_queue_depth", "Solver jobs submitted and not "
                                  "finished (waiting or running), by lane", labels=["lane"])
        workers = GaugeMetricFamily("puzzlebot_workers",
                                    "Solver worker processes running now, by lane",
                                    labels=["lane"])
        refused = CounterMetricFamily("puzzlebot_no_worker_refusals", "Requests answered at "
                                      "once because no worker served their lane, by lane",
                                      labels=["lane"])
        for pool in self.lanes.pools:
            queue.add_metric([pool.name], pool.pending)
            workers.add_metric([pool.name], pool.alive_workers())
            refused.add_metric([pool.name], pool.refused)
        yield queue
        yield workers
        yield refused
        if self.lanes.broker is not None:
            yield GaugeMetricFamily("puzzlebot_broker_up", "1 when the Celery broker (Redis) "
                                    "answered the last ping of the workers, else 0",
                                    value=float(self.lanes.broker.reachable == "ok"))


async def database_check(store: Store) -> str:
    """"ok" when the store answers a query, else what is wrong."""
    try:
        version = await asyncio.wait_for(store.schema_version(), CHECK_TIMEOUT)
    except TimeoutError:
        return f"failing: no answer within {CHECK_TIMEOUT:g} s"
    except StoreUnavailable as error:  # SQLite locked or closed, PostgreSQL unreachable
        return f"failing: {error}"
    if store.full is not None:  # read, but not written: no game move can be kept
        return f"failing: the disk is full, writes fail ({store.full})"
    return "ok" if version > 0 else "unavailable: the bot runs without its database"


def receiving(application: Application, updates: UpdatesRequest) -> str:
    """"ok" when the bot gets its updates, else why not: stopped, or its getUpdates failing
    (a webhook set from elsewhere makes Telegram answer every one with Conflict)."""
    updater = application.updater
    if not (application.running and updater is not None and updater.running):
        return "not receiving updates"
    if updates.failure is not None:
        return f"failing: getUpdates fails ({updates.failure})"
    return "ok"


def health(application: Application, lanes: Lanes, updates: UpdatesRequest) -> dict[str, str]:
    """The parts that need no waiting: the bot receiving updates, each lane's workers."""
    idle = [pool.name for pool in lanes.pools if pool.alive_workers() == 0]
    running = ", ".join(f"{pool.name} {pool.alive_workers()}" for pool in lanes.pools)
    checks = {
        "bot": receiving(application, updates),
        "workers": (f"no worker running in the {' and '.join(idle)} lane" if idle
                    else f"ok ({running})"),
    }
    if lanes.broker is not None:
        checks["broker"] = lanes.broker.health()
    return checks


def host_names(config: Config) -> frozenset[str]:
    """The names besides loopback a request's Host may give: the configured ones, and the
    address the server listens on unless it is every interface's."""
    listening = config.metrics_host.strip("[]").lower()
    return frozenset(config.metrics_hostnames) | (
        frozenset() if listening in WILDCARDS else {listening})


def known_host(header: str, names: frozenset[str]) -> bool:
    """A Host header ("127.0.0.1:9100", "[::1]:80", "bot.internal") names this machine's
    loopback or one of `names`."""
    try:
        host = (urlsplit(f"//{header.strip()}").hostname or "").rstrip(".")
    except ValueError:  # "[::1" and the like
        return False
    if host in names or host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class OpsServer:
    """The aiohttp app serving /healthz and /metrics for one running bot."""

    def __init__(self, application: Application, metrics: Metrics, lanes: Lanes,
                 store: Store, updates: UpdatesRequest, names: frozenset[str] = frozenset()):
        self.application = application
        self.lanes = lanes
        self.store = store
        self.updates = updates
        #: the names besides loopback a request's Host may give (`host_names`)
        self.names = names
        self.registry = CollectorRegistry(auto_describe=True)
        self.registry.register(BotCollector(metrics, lanes))
        self._runner: web.AppRunner | None = None
        self.url: str | None = None

    async def start(self, host: str, port: int) -> str:
        """Listen on host:port (0: a free port); the server's base URL."""
        app = web.Application(middlewares=[self._guard])
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/metrics", self.metrics)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        port = self._runner.addresses[0][1]  # the real port when port=0
        self.url = f"http://{f'[{host}]' if ':' in host else host}:{port}"
        log.info("healthz and metrics on %s", self.url)
        return self.url

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Only this machine's names (or the configured ones) in Host, and no browser."""
        if not known_host(request.headers.get("Host", ""), self.names):
            return web.Response(status=403, text="unknown Host: loopback names and "
                                "PUZZLEBOT_METRICS_HOSTNAMES only")
        if "Origin" in request.headers:
            return web.Response(status=403, text="not for web pages")
        return await handler(request)

    async def healthz(self, request: web.Request) -> web.Response:
        checks = health(self.application, self.lanes, self.updates)
        checks["database"] = await database_check(self.store)
        failing = sorted(part for part, state in checks.items() if not state.startswith("ok"))
        body = {"status": "failing" if failing else "ok", "failing": failing, "checks": checks}
        return web.Response(text=json.dumps(body), status=503 if failing else 200,
                            content_type="application/json")

    async def metrics(self, request: web.Request) -> web.Response:
        return web.Response(body=generate_latest(self.registry),
                            headers={"Content-Type": CONTENT_TYPE_LATEST})
