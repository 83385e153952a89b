"""Configuration, read once from the environment (see the table in the README)."""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Config:
    """Everything the service needs to start; nothing else reads the environment."""

    token: str | None = None
    api_url: str | None = None
    db_path: str = "puzzlebot.sqlite3"
    workers: int = 2
    solve_timeout: float = 60.0
    #: workers of the count lane (long counts after their first answer) and their limit
    count_workers: int = 1
    count_timeout: float = 900.0
    sandbox_port: int = 8080
    owner_id: int | None = None
    #: solving requests one person may make at once, and how many more per minute
    rate_burst: int = 8
    rate_per_minute: float = 30.0

    @property
    def sandbox(self) -> bool:
        """No token: run against the local sandbox instead of Telegram."""
        return not self.token

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Config:
        env = dict(os.environ if env is None else env)
        owner = env.get("PUZZLEBOT_OWNER_ID", "").strip()
        workers = int(env.get("PUZZLEBOT_WORKERS") or os.cpu_count() or 2)
        return cls(
            token=env.get("TELEGRAM_BOT_TOKEN") or None,
            api_url=env.get("TELEGRAM_API_URL") or None,
            db_path=env.get("PUZZLEBOT_DB", "puzzlebot.sqlite3"),
            workers=workers,
            solve_timeout=float(env.get("PUZZLEBOT_SOLVE_TIMEOUT") or 60),
            count_workers=int(env.get("PUZZLEBOT_COUNT_WORKERS") or max(1, workers - 1)),
            count_timeout=float(env.get("PUZZLEBOT_COUNT_TIMEOUT") or 900),
            sandbox_port=int(env.get("PUZZLEBOT_SANDBOX_PORT") or 8080),
            owner_id=int(owner) if owner.lstrip("-").isdigit() else None,
            rate_burst=int(env.get("PUZZLEBOT_RATE_BURST") or 8),
            rate_per_minute=float(env.get("PUZZLEBOT_RATE_PER_MINUTE") or 30),
        )

    def __repr__(self) -> str:  # never print the token
        masked = "set" if self.token else "unset"
        return (f"Config(token={masked}, api_url={self.api_url!r}, db_path={self.db_path!r}, "
                f"workers={self.workers}, solve_timeout={self.solve_timeout}, "
                f"count_workers={self.count_workers}, count_timeout={self.count_timeout}, "
                f"sandbox_port={self.sandbox_port})")
