"""Loaded by the fork server alone (it is in its preload list, and nothing else imports
it): the fork server ends at once when the bot does.

When the bot ends, the fork server's pipe from it reaches end of file and it raises
SystemExit. Tearing down the solver library it preloaded then takes seconds (about 2.4 s
at load average 12), and its workers, who die with it (`pool.die_with_parent`), live
until it is done. It has nothing to clean up (its workers' jobs and files belong to the
bot), so its exit skips the teardown.
"""

import atexit
import os

atexit.register(os._exit, 0)
