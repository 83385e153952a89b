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
    sandbox_port: int = 8080
    owner_id: int | None = None

    @property
    def sandbox(self) -> bool:
        """No token: run against the local sandbox instead of Telegram."""
        return not self.token

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Config:
        env = dict(os.environ if env is None else env)
        owner = env.get("PUZZLEBOT_OWNER_ID", "").strip()
        return cls(
            token=env.get("TELEGRAM_BOT_TOKEN") or None,
            api_url=env.get("TELEGRAM_API_URL") or None,
            db_path=env.get("PUZZLEBOT_DB", "puzzlebot.sqlite3"),
            workers=int(env.get("PUZZLEBOT_WORKERS") or os.cpu_count() or 2),
            solve_timeout=float(env.get("PUZZLEBOT_SOLVE_TIMEOUT") or 60),
            sandbox_port=int(env.get("PUZZLEBOT_SANDBOX_PORT") or 8080),
            owner_id=int(owner) if owner.lstrip("-").isdigit() else None,
        )

    def __repr__(self) -> str:  # never print the token
        masked = "set" if self.token else "unset"
        return (f"Config(token={masked}, api_url={self.api_url!r}, db_path={self.db_path!r}, "
                f"workers={self.workers}, solve_timeout={self.solve_timeout}, "
                f"sandbox_port={self.sandbox_port})")
