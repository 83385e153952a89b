"""Per-user rate limiting: a token bucket for each person who asks for solving work.

Solving costs CPU in the shared pool, so one person sending puzzles in a loop must not
crowd out everyone else. Each user may make `burst` requests at once, refilled at
`rate` per second; past that the bot says so once and ignores the rest until the
bucket refills.

Once per burst: a flood goes on past the tokens that come back meanwhile (200 messages
in 11 s, at 0.5 a second, let a few through), so a request let through does not end it.
A burst of refused requests ends when the person sends none for as long as one token
takes to come back (1 / rate: 2 s by default); a refusal after that is told again.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Bucket:
    tokens: float
    updated: float
    #: when this person's last request was refused (None: never)
    refused: float | None = None


class RateLimiter:
    def __init__(self, burst: int = 8, rate: float = 0.5,
                 clock: Callable[[], float] = time.monotonic):
        self.burst = burst
        self.rate = rate
        self.clock = clock
        self.buckets: dict[int, Bucket] = {}

    def allow(self, user_id: int) -> tuple[bool, bool]:
        """(allowed, warn): warn is True for the first refusal of a burst (see above)."""
        now = self.clock()
        bucket = self.buckets.setdefault(user_id, Bucket(self.burst, now))
        bucket.tokens = min(self.burst, bucket.tokens + (now - bucket.updated) * self.rate)
        bucket.updated = now
        if bucket.tokens >= 1:
            bucket.tokens -= 1
            return True, False
        warn = bucket.refused is None or now - bucket.refused > 1 / self.rate
        bucket.refused = now
        return False, warn

    def wait_seconds(self, user_id: int) -> float:
        """How long until this user may ask again."""
        bucket = self.buckets.get(user_id)
        return 0.0 if bucket is None else max(0.0, (1 - bucket.tokens) / self.rate)
