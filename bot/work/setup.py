"""The lanes the configuration asks for: local pools of worker processes, or Celery
lanes sharing one broker when `PUZZLEBOT_BROKER_URL` is set. Only the bot's entry points
build lanes; the handlers hold the built `Lanes` and know nothing of pebble or Celery."""

from __future__ import annotations

from ..config import Config
from .lane import COUNT_NICENESS
from .lanes import Lanes
from .pool import SolverPool


def lanes_for(config: Config) -> Lanes:
    """Quick jobs and counts as `config` says: two local pools, or two Celery lanes."""
    if config.broker_url is None:
        kinds, locales = config.plugin_kinds, config.test_extra_locale_dir
        quick = SolverPool(config.workers, config.solve_timeout, "quick",
                           plugin_kinds=kinds, extra_locale_dir=locales)
        counts = SolverPool(config.count_workers, config.count_timeout, "count",
                            niceness=COUNT_NICENESS, plugin_kinds=kinds,
                            extra_locale_dir=locales)
        return Lanes(quick, counts)
    from .broker import Broker  # Celery only when it is used
    from .celery_lane import CeleryLane

    broker = Broker(config.broker_url)
    return Lanes(CeleryLane(broker, config.solve_timeout, "quick"),
                 CeleryLane(broker, config.count_timeout, "count"), broker)
