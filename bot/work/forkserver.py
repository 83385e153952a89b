"""Loaded by the fork server alone (it is in its preload list, and nothing else imports
it): it loads every kind's heavy parts before the first fork, so the workers share them
(`preload_for_workers`), and the fork server ends at once when the bot does.

When the bot and its workers have ended, the fork server's pipe from them reaches end of
file and it raises SystemExit. Tearing down the solver library it preloaded would then
take seconds (about 2.4 s at load average 12), while the next bot may already be starting
its own. It has nothing to clean up (its workers' jobs and files belong to the
bot), so its exit skips the teardown.
"""

import atexit
import os

from .process import preload_for_workers

atexit.register(os._exit, 0)
preload_for_workers()
