"""The two lanes of solving work, behind one interface.

*Quick jobs* are every reply to a puzzle, /check, /submit, hints and race puzzles: they
must never wait behind a long count. *Counts* are the part of a job that goes on after
its first answer (19,186 assemblies of the largest assembly example): the quick lane
stops a long count once it has its first answers (`solvers.pipeline.run`'s
`hand_back_after`), and the count lane counts it to the end within its own, longer limit.

Locally each lane is a `SolverPool`: the quick lane has every worker the machine was
given (`PUZZLEBOT_WORKERS`), the count lane at most `PUZZLEBOT_COUNT_WORKERS` more at a
lower CPU priority, so counts only take the CPU time quick jobs leave. The bot calls only
what is here (submit, solve, count, cancel by cancelling the awaiting task, the report
for /admin). With `PUZZLEBOT_BROKER_URL` set, each lane is a `CeleryLane` instead
(`bot.work.celery_lane`): the same jobs run on Celery workers, on this machine or others.
`bot.work.setup` builds the lanes; this module knows only their interface (`bot.work.lane`).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import Any

from solvers.pipeline import Result

from .errors import ShuttingDown
from .lane import Hub, Lane, ProgressListener

#: seconds a long count runs in the quick lane before it hands back its first answers
#: (a count that ends sooner is answered in full at once)
FIRST_ANSWER_SECONDS = 0.5
#: the person the quick jobs being submitted are for, set for each update the bot handles
#: (`bot.plain`); a job for nobody in particular (a scheduled quiz round) is its own person
OWNER: ContextVar[int | None] = ContextVar("OWNER", default=None)


class FairGate:
    """At most `capacity()` quick jobs in the lane at once, the others waiting here by
    person, served in turns: the next job to go is the earliest of the people who have
    started the fewest jobs since they last had none here, so one person's queued jobs
    never go in front of another person's first job (three people sending three long
    searches each hold up no bystander's puzzle). In front of either kind of lane: the local
    pool and Celery wait for the same gate."""

    def __init__(self, capacity: Callable[[], int]):
        self.capacity = capacity
        #: jobs running in the lane
        self.running = 0
        #: jobs each person has running or waiting here
        self.jobs: Counter[object] = Counter()
        #: jobs each person has started since they last had none here (their turns)
        self.turns: dict[object, int] = {}
        #: jobs waiting their turn, oldest first: (person, their turn when it comes)
        self.waiting: list[tuple[object, asyncio.Future[None]]] = []

    @asynccontextmanager
    async def turn(self, owner: object) -> AsyncIterator[None]:
        """Wait for this person's turn, hold a place in the lane, free it at the end."""
        self._arrive(owner)
        if self.waiting or self.running >= max(1, self.capacity()):
            ticket = asyncio.get_running_loop().create_future()
            self.waiting.append((owner, ticket))
            try:
                await ticket
            except BaseException:
                if (owner, ticket) in self.waiting:
                    self.waiting.remove((owner, ticket))
                    self._depart(owner, ran=False)
                elif ticket.done() and not ticket.cancelled() and ticket.exception() is None:
                    self._depart(owner, ran=True)  # given its turn, cancelled before it ran
                else:
                    self._depart(owner, ran=False)
                raise
        else:
            self._start(owner)
        try:
            yield
        finally:
            self._depart(owner, ran=True)

    def _arrive(self, owner: object) -> None:
        self.turns.setdefault(owner, 0)
        self.jobs[owner] += 1

    def _start(self, owner: object) -> None:
        self.running += 1
        self.turns[owner] += 1

    def _depart(self, owner: object, ran: bool) -> None:
        """A job leaves the gate (it ran, or never got its turn); free places go on."""
        self.running -= ran
        self.jobs[owner] -= 1
        if self.jobs[owner] <= 0:
            del self.jobs[owner], self.turns[owner]
        self._admit()

    def _admit(self) -> None:
        """Give free places to the earliest waiting jobs of the people served least."""
        while self.waiting and self.running < max(1, self.capacity()):
            chosen = min(range(len(self.waiting)), key=lambda at: self.turns[self.waiting[at][0]])
            owner, ticket = self.waiting.pop(chosen)
            if ticket.done():  # cancelled, and gone by the time its task runs
                continue
            self._start(owner)
            ticket.set_result(None)

    def drop(self) -> None:
        """The bot is stopping: every job still waiting ends with ShuttingDown."""
        for _, ticket in self.waiting:
            if not ticket.done():
                ticket.set_exception(ShuttingDown())


def owner_now() -> object:
    """Whose quick job this is (`OWNER`); a job for nobody is a person of its own."""
    owner = OWNER.get()
    return object() if owner is None else owner


class Lanes:
    """Quick jobs and counts: where the bot sends all solving work."""

    def __init__(self, quick: Lane, counts: Lane, broker: Hub | None = None):
        """`quick` and `counts` run the jobs (`bot.work.setup.lanes_for` builds them from
        the configuration); `broker` is the Celery lanes' shared broker, if they are."""
        self.broker = broker
        self.gate = FairGate(lambda: self.quick.workers)
        self.quick = quick
        self.counts = counts

    @property
    def workers(self) -> int:
        return self.quick.workers

    def start(self) -> None:
        if self.broker is not None:
            self.broker.start()
        self.quick.start()
        self.counts.start()

    async def submit(self, job: Callable[..., Any], *args: Any,
                     timeout: float | None = None) -> Any:
        """A quick job: `job(*args)` in the quick lane, a job of `jobs.JOBS` with
        plain-data arguments (its PuzzleError, JobTimeout, WorkerDied), in its person's
        turn (`FairGate`)."""
        async with self.gate.turn(owner_now()):
            return await self.quick.submit(job, *args, timeout=timeout)

    async def solve(self, text: str, kind_name: str | None = None,
                    progress: ProgressListener | None = None) -> Result:
        """A puzzle's reply in the quick lane; a long count comes back with its first
        answers (`Result.counting`) for `count` to finish, a finished answer with its
        main picture, and its further pictures in `Result.later` (`later_media`). In its
        person's turn (`FairGate`)."""
        async with self.gate.turn(owner_now()):
            return await self.quick.solve(text, kind_name, progress, FIRST_ANSWER_SECONDS,
                                          extras_later=True)

    async def count(self, text: str, kind_name: str | None = None,
                    progress: ProgressListener | None = None) -> Result:
        """A long count run to its end (or its limit) in the count lane. Cancelling the
        awaiting task stops it."""
        return await self.counts.solve(text, kind_name, progress)

    @property
    def pools(self) -> tuple[Lane, Lane]:
        """Each lane's pool, quick first (for /admin, /metrics and /healthz)."""
        return self.quick, self.counts

    def report(self) -> str:
        """What /admin says about the workers: configured, running now, rebuilds, and the
        lane's queue (the figures /metrics exports)."""
        broker = "" if self.broker is None else f"Celery broker: {self.broker.health()}; "
        return broker + "; ".join(
            f"{pool.name} lane: {pool.alive_workers()} of {pool.workers} workers running"
            + (f", rebuilt {pool.rebuilds}x" if pool.rebuilds else "")
            + f", {pool.pending} jobs waiting or running"
            for pool in self.pools) + f"; {len(self.gate.waiting)} quick jobs waiting their turn"

    def drop_jobs(self) -> None:
        """The bot is stopping: every job still waiting ends now with ShuttingDown."""
        self.gate.drop()
        self.quick.drop_jobs()
        self.counts.drop_jobs()

    async def close(self) -> None:
        await self.quick.close()
        await self.counts.close()
        if self.broker is not None:
            await self.broker.close()
