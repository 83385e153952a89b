"""Figures for the owner's /admin and for /metrics (bot/ops.py): uptime, jobs, cache hit
rate, solve times, errors, replies sent, Telegram's 429 answers.

Kept in memory since start (they describe this run of the bot); cheap enough to record
on every reply. This is the one place they are counted: /admin prints them, /metrics
exports the same numbers in Prometheus's format.
"""

from __future__ import annotations

import bisect
import time
from collections import Counter, defaultdict, deque
from dataclasses import dataclass, field

#: solve times kept per kind for the percentiles
KEPT_TIMES = 1000
#: upper bounds (seconds) of the solve-time histogram's buckets, for /metrics
TIME_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0)


@dataclass
class SolveTimes:
    """Every solve time of one kind since start, as a histogram: count, sum, buckets."""

    count: int = 0
    total: float = 0.0
    #: per bucket of TIME_BUCKETS, the solves that fell in it (the last: above them all)
    buckets: list[int] = field(default_factory=lambda: [0] * (len(TIME_BUCKETS) + 1))

    def add(self, seconds: float) -> None:
        self.count += 1
        self.total += seconds
        self.buckets[bisect.bisect_left(TIME_BUCKETS, seconds)] += 1

    def cumulative(self) -> list[tuple[str, int]]:
        """Prometheus's buckets: (upper bound, solves at or below it), ending with +Inf."""
        bounds = [f"{bound:g}" for bound in TIME_BUCKETS] + ["+Inf"]
        running, out = 0, []
        for bound, number in zip(bounds, self.buckets, strict=True):
            running += number
            out.append((bound, running))
        return out


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
    #: Telegram's 429 answers (flood control), each retried after the pause it named
    flood_waits: int = 0
    #: messages the bot sent, by Bot API method (sendMessage, sendPhoto...)
    replies: Counter[str] = field(default_factory=Counter)
    times: dict[str, deque[float]] = field(
        default_factory=lambda: defaultdict(lambda: deque(maxlen=KEPT_TIMES)))
    histograms: dict[str, SolveTimes] = field(default_factory=lambda: defaultdict(SolveTimes))

    def solved(self, kind: str, seconds: float) -> None:
        self.jobs += 1
        self.times[kind].append(seconds)
        self.histograms[kind].add(seconds)

    def sent(self, method: str) -> None:
        """A Bot API request went through; the ones that post a message are replies."""
        if method.startswith("send") and method != "sendChatAction":
            self.replies[method] += 1

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
            f"Replies sent: {sum(self.replies.values())}; "
            f"Telegram 429 answers: {self.flood_waits}",
        ]
        for kind, times in sorted(self.times.items()):
            values = list(times)
            lines.append(f"{kind}: {len(values)} solves, p50 {percentile(values, 0.5):.3f} s, "
                         f"p95 {percentile(values, 0.95):.3f} s")
        return "\n".join(lines)
