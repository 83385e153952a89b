"""Per-user rate limiting: a token bucket for each person who asks for solving work.

Solving costs CPU in the shared pool, so one person sending puzzles in a loop must not
crowd out everyone else. Each user may make `burst` requests at once, refilled at
`rate` per second; past that the bot says so once and ignores the rest until the
bucket refills.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Bucket:
    tokens: float
    updated: float
    warned: bool = False


class RateLimiter:
    def __init__(self, burst: int = 8, rate: float = 0.5,
                 clock: Callable[[], float] = time.monotonic):
        self.burst = burst
        self.rate = rate
        self.clock = clock
        self.buckets: dict[int, Bucket] = {}

    def allow(self, user_id: int) -> tuple[bool, bool]:
        """(allowed, warn): warn is True the first time a user is turned away."""
        now = self.clock()
        bucket = self.buckets.setdefault(user_id, Bucket(self.burst, now))
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.updated) * self.rate)
        bucket.updated = now
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            bucket.warned = False
            return True, False
        warn = not bucket.warned
        bucket.warned = True
        return False, warn

    def wait_seconds(self, user_id: int) -> float:
        """How long until this user may ask again."""
        bucket = self.buckets.get(user_id)
        return 0.0 if bucket is None else max(0.0, (1 - bucket.tokens) / self.rate)
