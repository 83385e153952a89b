"""Figures for the owner's /admin: uptime, jobs, cache hit rate, solve times, errors.

Kept in memory since start (they describe this run of the bot); cheap enough to record
on every reply.
"""

from __future__ import annotations

import time
from collections import defaultdict, deque
from dataclasses import dataclass, field

#: solve times kept per kind for the percentiles
KEPT_TIMES = 1000


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the values fall (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


@dataclass
class Metrics:
    started: float = field(default_factory=time.time)
    jobs: int = 0
    cache_hits: int = 0
    timeouts: int = 0
    worker_deaths: int = 0
    errors: int = 0
    rate_limited: int = 0
    times: dict[str, deque[float]] = field(
        default_factory=lambda: defaultdict(lambda: deque(maxlen=KEPT_TIMES)))

    def solved(self, kind: str, seconds: float) -> None:
        self.jobs += 1
        self.times[kind].append(seconds)

    def report(self) -> str:
        """The /admin text."""
        uptime = time.time() - self.started
        asked = self.jobs + self.cache_hits
        hit_rate = f"{100 * self.cache_hits / asked:.0f}%" if asked else "n/a"
        lines = [
            f"Uptime: {uptime / 3600:.1f} h",
            f"Jobs run: {self.jobs}; answered from the cache: {self.cache_hits} ({hit_rate})",
            f"Timeouts: {self.timeouts}; workers lost: {self.worker_deaths}; "
            f"errors: {self.errors}; rate-limited requests: {self.rate_limited}",
        ]
        for kind, times in sorted(self.times.items()):
            values = list(times)
            lines.append(f"{kind}: {len(values)} solves, p50 {percentile(values, 0.5):.3f} s, "
                         f"p95 {percentile(values, 0.95):.3f} s")
        return "\n".join(lines)
