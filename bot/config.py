"""Configuration, read once from the environment (see the table in docs/configuration.md)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import overload
from urllib.parse import urlsplit

#: Telegram's rule for a webhook's secret token
SECRET_RE = re.compile(r"^[A-Za-z0-9_-]{1,256}$")
LOOPBACK_HOSTS = ("127.0.0.1", "::1", "localhost")
#: seconds a worker may take to judge a submitted solution (/check and the games' /submit)
CHECK_TIMEOUT = 15.0


@dataclass(frozen=True)
class Config:
    """Everything the service needs to start; nothing else reads the environment."""

    token: str | None = None
    api_url: str | None = None
    db_path: str = "puzzlebot.sqlite3"
    #: set: the store is this PostgreSQL database instead of the SQLite file `db_path`
    database_url: str | None = None
    workers: int = 2
    solve_timeout: float = 60.0
    #: workers of the count lane (long counts after their first answer) and their limit
    count_workers: int = 1
    count_timeout: float = 900.0
    sandbox_port: int = 8080
    owner_id: int | None = None
    #: set: a chat (a private channel of the bot's) where the pictures of inline answers are
    #: uploaded once, because an inline result can show only a picture Telegram already has
    picture_chat: int | None = None
    #: solving requests one person may make at once, and how many more per minute
    rate_burst: int = 8
    rate_per_minute: float = 30.0
    #: set: Telegram POSTs updates to this URL (webhook mode) instead of being polled
    webhook_url: str | None = None
    #: where the bot's webhook server listens (behind the proxy that serves the URL)
    webhook_listen: str = "127.0.0.1"
    webhook_port: int = 8443
    #: the token Telegram sends with each update; None: a fresh one at every start
    webhook_secret: str | None = None
    #: seconds a getUpdates long poll waits for updates; a test that watches the polling
    #: fail and recover sets it short (not read from the environment)
    poll_timeout: int = 10
    #: set: /healthz and /metrics are served on this port
    metrics_port: int | None = None
    metrics_host: str = "127.0.0.1"
    #: the names besides loopback (and metrics_host) that /healthz and /metrics answer to
    #: in a request's Host, for a scraper on another machine (lowercase)
    metrics_hostnames: tuple[str, ...] = ()
    #: set (redis://host:port/db): jobs go to Celery solver workers through this Redis,
    #: which also keeps their results; unset: the local pool of worker processes
    broker_url: str | None = None
    #: kinds kept outside solvers/, as `module:Class` (`solvers.registry.add`), loaded by
    #: the bot and every worker
    plugin_kinds: tuple[str, ...] = ()
    #: FOR TESTS ONLY: a group's daily puzzle comes every this many seconds instead of
    #: once a day (so a test sees several "days"); None: real days
    test_daily_period_seconds: float | None = None
    #: FOR TESTS ONLY: a folder of extra compiled catalogs (`<lang>/LC_MESSAGES/*.mo`) the
    #: bot and every worker also speak: a test's pseudo-language; None: none
    test_extra_locale_dir: str | None = None

    def __post_init__(self) -> None:
        if self.database_url is not None and not self.database_url.startswith(
                ("postgresql://", "postgres://")):
            raise ValueError("PUZZLEBOT_DATABASE_URL must be a postgresql:// URL "
                             "(postgresql://user@host:port/database)")
        if self.webhook_url is not None:
            self._check_webhook_url(self.webhook_url)
        if self.broker_url is not None and urlsplit(self.broker_url).scheme not in (
                "redis", "rediss"):
            raise ValueError("PUZZLEBOT_BROKER_URL must be a Redis URL (redis://host:6379/0 "
                             "or rediss://...), not another scheme")
        if self.webhook_secret is not None and not SECRET_RE.match(self.webhook_secret):
            raise ValueError("PUZZLEBOT_WEBHOOK_SECRET: 1 to 256 characters among A-Z, a-z, "
                             "0-9, _ and -")

    def _check_webhook_url(self, url: str) -> None:
        """Telegram posts to HTTPS URLs only; the sandbox also to http on loopback."""
        parts = urlsplit(url)
        loopback = self.sandbox and parts.hostname in LOOPBACK_HOSTS
        if not parts.hostname or not (parts.scheme == "https"
                                      or (parts.scheme == "http" and loopback)):
            raise ValueError(f"PUZZLEBOT_WEBHOOK_URL must be a public https:// URL (or, with "
                             f"the sandbox, http:// on 127.0.0.1), not {url!r}")

    @property
    def store_location(self) -> str:
        """Where the store lives: the PostgreSQL URL when set, else the SQLite file."""
        return self.database_url or self.db_path

    @property
    def sandbox(self) -> bool:
        """No token: run against the local sandbox instead of Telegram."""
        return not self.token

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Config:
        env = dict(os.environ if env is None else env)
        owner = env.get("PUZZLEBOT_OWNER_ID", "").strip()
        pictures = env.get("PUZZLEBOT_PICTURE_CHAT", "").strip()
        workers = int(env.get("PUZZLEBOT_WORKERS") or os.cpu_count() or 2)
        return cls(
            token=env.get("TELEGRAM_BOT_TOKEN") or None,
            api_url=env.get("TELEGRAM_API_URL") or None,
            db_path=env.get("PUZZLEBOT_DB", "puzzlebot.sqlite3"),
            database_url=env.get("PUZZLEBOT_DATABASE_URL") or None,
            workers=workers,
            solve_timeout=float(env.get("PUZZLEBOT_SOLVE_TIMEOUT") or 60),
            count_workers=int(env.get("PUZZLEBOT_COUNT_WORKERS") or max(1, workers - 1)),
            count_timeout=float(env.get("PUZZLEBOT_COUNT_TIMEOUT") or 900),
            sandbox_port=int(env.get("PUZZLEBOT_SANDBOX_PORT") or 8080),
            owner_id=int(owner) if owner.lstrip("-").isdigit() else None,
            picture_chat=int(pictures) if pictures.lstrip("-").isdigit() else None,
            rate_burst=int(env.get("PUZZLEBOT_RATE_BURST") or 8),
            rate_per_minute=float(env.get("PUZZLEBOT_RATE_PER_MINUTE") or 30),
            webhook_url=env.get("PUZZLEBOT_WEBHOOK_URL") or None,
            webhook_listen=env.get("PUZZLEBOT_WEBHOOK_LISTEN") or "127.0.0.1",
            webhook_port=_port(env, "PUZZLEBOT_WEBHOOK_PORT", 8443),
            webhook_secret=env.get("PUZZLEBOT_WEBHOOK_SECRET") or None,
            metrics_port=_port(env, "PUZZLEBOT_METRICS_PORT", None),
            metrics_host=env.get("PUZZLEBOT_METRICS_HOST") or "127.0.0.1",
            metrics_hostnames=tuple(name.strip().lower().rstrip(".") for name in
                                    env.get("PUZZLEBOT_METRICS_HOSTNAMES", "").split(",")
                                    if name.strip()),
            broker_url=env.get("PUZZLEBOT_BROKER_URL") or None,
            plugin_kinds=tuple(spec.strip() for spec in
                               env.get("PUZZLEBOT_PLUGIN_KINDS", "").split(",") if spec.strip()),
            test_daily_period_seconds=float(env["PUZZLEBOT_TEST_DAILY_PERIOD_SECONDS"])
            if env.get("PUZZLEBOT_TEST_DAILY_PERIOD_SECONDS") else None,
            test_extra_locale_dir=env.get("PUZZLEBOT_TEST_EXTRA_LOCALE_DIR") or None,
        )

    def __repr__(self) -> str:  # never print the token
        masked = "set" if self.token else "unset"
        return (f"Config(token={masked}, api_url={self.api_url!r}, db_path={self.db_path!r}, "
                f"database_url={'set' if self.database_url else 'unset'}, "
                f"workers={self.workers}, solve_timeout={self.solve_timeout}, "
                f"count_workers={self.count_workers}, count_timeout={self.count_timeout}, "
                f"sandbox_port={self.sandbox_port}, webhook_url={self.webhook_url!r}, "
                f"metrics_port={self.metrics_port}, broker={self.broker_url is not None})")


@overload
def _port(env: dict[str, str], name: str, default: int) -> int: ...


@overload
def _port(env: dict[str, str], name: str, default: None) -> int | None: ...


def _port(env: dict[str, str], name: str, default: int | None) -> int | None:
    """A TCP port number from the environment, or `default` when the variable is unset."""
    value = env.get(name, "").strip()
    if not value:
        return default
    if not value.isdigit() or int(value) > 65535:
        raise ValueError(f"{name} must be a port number (0 to 65535), not {value!r}")
    return int(value)
