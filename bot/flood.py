"""Respecting Telegram: its flood limits, 429 answers and passing server errors.

python-telegram-bot's AIORateLimiter paces requests to Telegram's published limits and
retries a 429 after the `retry_after` Telegram names. A 5xx answer (Telegram's servers
having a bad moment) is retried here too, a few times with a growing pause. A timeout
is not retried: the request may have gone through, and a duplicate reply is worse.

python-telegram-bot 22.2+ warns (PTBDeprecationWarning) on every 429 that
`RetryAfter.retry_after` will become a `datetime.timedelta`. PTB's own
`RetryAfter.__init__` reads the attribute and so raises the warning; our code never reads
it (AIORateLimiter waits on the timedelta PTB keeps inside), so the change cannot affect
us, and the limiter silences that one message. PTB's opt-in switch, `PTB_TIMEDELTA=true`,
is not used: it is process-wide and turns every PTB time period (animation and video
durations...) into a timedelta at once, and code reading those as seconds breaks.
"""

from __future__ import annotations

import asyncio
import logging
import warnings
from collections.abc import Callable, Coroutine
from typing import Any

from telegram.error import BadRequest, NetworkError, RetryAfter, TimedOut
from telegram.ext import AIORateLimiter
from telegram.warnings import PTBDeprecationWarning

from .metrics import Metrics

log = logging.getLogger(__name__)

#: retries after a server error, and the first pause (doubled each time)
SERVER_ERROR_RETRIES = 3
FIRST_PAUSE = 0.5
#: PTB's warning about a RetryAfter attribute we do not read (see the module docstring)
RETRY_AFTER_WARNING = r".*attribute `retry_after` will be of type `datetime\.timedelta`"
#: one attempt at a Bot API request, as the rate limiter is handed it
Request = Callable[..., Coroutine[Any, Any, Any]]


class PatientRateLimiter(AIORateLimiter):
    """Every Bot API request passes here, so here the replies sent and the 429s are
    counted (into `metrics`, when given)."""

    def __init__(self, *args: Any, metrics: Metrics | None = None, **kwargs: Any):
        warnings.filterwarnings("ignore", RETRY_AFTER_WARNING, PTBDeprecationWarning)
        super().__init__(*args, **kwargs)
        self.metrics = metrics

    async def process_request(self, callback: Request, args: Any, kwargs: dict[str, Any],
                              endpoint: str, data: dict[str, Any],
                              rate_limit_args: int | None) -> Any:
        if self.metrics is not None:
            callback = self._counted(callback, endpoint, self.metrics)
        pause = FIRST_PAUSE
        for attempt in range(SERVER_ERROR_RETRIES + 1):
            try:
                return await super().process_request(
                    callback, args, kwargs, endpoint, data, rate_limit_args)
            except (BadRequest, TimedOut):
                raise
            except NetworkError as error:
                if attempt == SERVER_ERROR_RETRIES:
                    raise
                log.warning("%s failed (%s); retrying in %.1f s", endpoint, error, pause)
                await asyncio.sleep(pause)
                pause *= 2
        raise AssertionError("unreachable")

    @staticmethod
    def _counted(callback: Request, endpoint: str, metrics: Metrics) -> Request:
        """`callback` (one attempt at the request) recording its outcome in `metrics`."""
        async def attempt(*args: Any, **kwargs: Any) -> Any:
            try:
                result = await callback(*args, **kwargs)
            except RetryAfter:
                metrics.flood_waits += 1
                raise
            metrics.sent(endpoint)
            return result

        return attempt
