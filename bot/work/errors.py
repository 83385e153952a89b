"""How a job fails on its way through a lane, whatever runs it (a local pool or Celery):
the handlers catch these and tell the person in plain words."""

from __future__ import annotations

from ..i18n import N_, _


class JobTimeout(Exception):
    """The job used its whole time budget and its worker was killed."""


class WorkerDied(Exception):
    """The worker process ended in the middle of the job (killed, or crashed)."""


class NoWorker(WorkerDied):
    """No worker serves the job's lane (the last pings found none): the job was not sent,
    so nobody waits for an answer that cannot come."""

    def __init__(self, lane: str):
        super().__init__(f"no worker serves the {lane} lane")
        self.lane = lane


class ShuttingDown(Exception):
    """The bot is stopping: the job was dropped, running or queued."""


#: what a person is told when no worker serves the lane their request needs
NO_WORKER_TEXT = N_("No solver is running right now; the operator has been told. "
                    "Please send it again in a minute.")


def failure_text(error: BaseException, otherwise: str) -> str:
    """What to tell a person whose job failed: `NO_WORKER_TEXT` when no worker serves
    its lane (sending it again now would fail the same way), else `otherwise` (in the
    current language both: `otherwise` translated by the caller)."""
    return _(NO_WORKER_TEXT) if isinstance(error, NoWorker) else otherwise
