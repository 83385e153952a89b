"""The bot's side of the lanes on Celery: one `Broker` sends the jobs through Redis to
solver workers on other machines and follows them to their end.

With `PUZZLEBOT_BROKER_URL` set, each lane is a `CeleryLane` (`bot.work.celery_lane`)
instead of a local `SolverPool`, with the same interface and behaviour; the Celery app and
its tasks, plain data only, are in `bot.work.celery_app`; `python -m bot.worker` runs the
workers.

- Time limits: the task's Celery `time_limit` kills the worker process (a search stuck
  in C code too) and the worker replaces it: `JobTimeout`. The solver's own soft
  deadline (`SOFT_SHARE` of it) still gives a count's "at least" first.
- Cancel: cancelling the awaiting task revokes the job with `terminate=True`.
- A worker process lost mid-job (killed, crashed) or the broker lost (Redis restarted or
  unreachable): `WorkerDied`, "please send again"; the next jobs work once Redis is back.
- No worker serving a lane: `NoWorker` at once, and nothing is queued. A lane counts as
  empty when `EMPTY_AFTER` pings in a row heard none of its workers (one missed ping on
  a busy machine refuses nobody), or when none was ever heard once the first ping, made
  at start and awaited by the first job, has had its time.
- Every wait has a limit: a job not started within its time limit (and `GRACE`), or
  started and not over within its limit and `GRACE` after, ends with `JobTimeout` and is
  revoked. A stored state that cannot be read, or is not of the shape a worker writes
  (forged on Redis), ends its job alone (`WorkerDied`, revoked); the poll goes on, and
  /healthz fails if the poll ever stops.

A Celery result cannot be awaited: one `Broker` per bot reads the state of every job in
flight with one Redis MGET per `POLL_EVERY`, in a thread, and settles the awaiting futures
on the event loop. It also asks the workers for a ping every `WATCH_EVERY`, for /admin,
/metrics, /healthz and `NoWorker`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from billiard.exceptions import Terminated, TimeLimitExceeded, WorkerLostError
from celery import Celery
from celery.exceptions import TimeLimitExceeded as CeleryTimeLimit

from solvers import i18n
from solvers.values import PuzzleError

from . import jobs
from .celery_app import QUEUES, TASK_PREFIX, make_app
from .errors import JobTimeout, ShuttingDown, WorkerDied

log = logging.getLogger(__name__)

#: seconds between two reads of the jobs in flight (the latency a reply may gain)
POLL_EVERY = 0.02
#: seconds between two pings of the workers
WATCH_EVERY = 2.0
#: how long a ping waits for the workers' answers
PING_TIMEOUT = 1.0
#: pings in a row a running job's worker must miss to be taken for lost
MISSED_PINGS = 2
#: pings in a row that must hear none of a lane's workers before it counts as empty
EMPTY_AFTER = 3
#: seconds a job's wait may last beyond its time limit, queued and then running (the
#: worker's kill at the limit and the failure it writes come within it)
GRACE = 10.0
#: the key of the Redis data's epoch (`Broker.epoch`)
EPOCH_KEY = "puzzlebot:epoch"
#: the states a worker writes for a job, and the type of the result each carries
STATES: dict[str, type] = {"PENDING": type(None), "RECEIVED": dict, "STARTED": dict,
                           "PROGRESS": dict, "SUCCESS": dict, "FAILURE": BaseException,
                           "REVOKED": BaseException, "RETRY": BaseException}

@dataclass
class Waiter:
    """One job in flight: the future its caller awaits and its progress listener."""

    future: asyncio.Future
    epoch: bytes
    #: (solutions, nodes) -> None: a `pool.ProgressListener`, its type spelled out so the
    #: broker needs nothing of the local pool
    listener: Callable[[int, int], None] | None = None
    heard: tuple = ()
    #: the Celery worker running it, once started, and the pings since that missed it
    worker: str | None = None
    missed: int = 0
    #: when the wait ends, whatever is heard by then (event loop time): see `GRACE`
    deadline: float = float("inf")
    #: the job's time limit (seconds), for its deadline once it starts
    limit: float = 0.0


def failure(error: BaseException) -> BaseException:
    """A job's failure as the bot's exceptions (the others are the job's own)."""
    if isinstance(error, TimeLimitExceeded | CeleryTimeLimit):
        return JobTimeout(str(error))
    if isinstance(error, WorkerLostError | Terminated):
        return WorkerDied(repr(error))
    return error


@dataclass
class Broker:
    """The bot's side of Redis: sends jobs, reads their states, watches the workers."""

    url: str
    app: Celery = field(init=False)
    waiters: dict[str, Waiter] = field(default_factory=dict)
    #: worker processes serving each queue (the last ping that heard any of them, until
    #: `EMPTY_AFTER` pings in a row heard none)
    seen: dict[str, int] = field(default_factory=dict)
    #: pings in a row that heard none of a queue's workers
    silent: dict[str, int] = field(default_factory=dict)
    #: the Celery workers (nodes) that answered the last ping
    nodes: set[str] = field(default_factory=set)
    #: whether the last ping reached Redis, and what went wrong if not
    reachable: str = "not checked yet"
    _tasks: list[asyncio.Task] = field(default_factory=list)
    #: set once the first ping (made at start) is over
    pinged: asyncio.Event = field(default_factory=asyncio.Event)

    def __post_init__(self) -> None:
        self.app = make_app(self.url)

    def start(self) -> None:
        self._tasks = [asyncio.create_task(self._poll(), name="broker-poll"),
                       asyncio.create_task(self._watch(), name="broker-watch")]

    def health(self) -> str:
        """"ok", or what is wrong: Redis unreachable, or the poll or the pings stopped."""
        for task in self._tasks:
            if task.done():
                what = "poll of the jobs in flight" if task.get_name() == "broker-poll" \
                    else "ping of the workers"
                return f"failing: the {what} has stopped"
        return self.reachable

    async def first_ping(self) -> None:
        """Wait (a ping's time at most) for the first ping, so that what it heard decides
        whether a lane has workers."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.pinged.wait(), PING_TIMEOUT + GRACE)

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks = []
        self.fail_all(ShuttingDown())
        await asyncio.to_thread(self.app.close)

    def send(self, queue: str, name: str, args: tuple, limit: float,
             language: str = i18n.SOURCE_LANGUAGE) -> tuple[str, bytes]:
        """Queue job `name` with `args`, to be run in `language` (blocking: run in a
        thread); its task id and the Redis data's epoch it was sent in."""
        result = self.app.send_task(TASK_PREFIX + name, args=args, queue=queue,
                                    kwargs={"language": language}, time_limit=limit)
        return result.id, self.epoch()

    def epoch(self) -> bytes:
        """A mark the bot keeps in Redis: a new one means Redis lost its data (restarted
        without saving), and with it the jobs queued and their results."""
        client = self.app.backend.client
        client.set(EPOCH_KEY, uuid.uuid4().hex, nx=True)
        return client.get(EPOCH_KEY)

    def revoke(self, task_id: str) -> None:
        """Stop a job, queued or running (blocking: run in a thread); its worker process
        is killed and replaced."""
        with contextlib.suppress(Exception):  # the broker gone: the job is gone with it
            self.app.control.revoke(task_id, terminate=True, signal="SIGKILL")

    def fail_all(self, error: BaseException) -> None:
        """Every job in flight ends with `error` (the broker lost them, or the bot stops)."""
        for waiter in self.waiters.values():
            if not waiter.future.done():
                waiter.future.set_exception(error)
        self.waiters.clear()

    def _read(self, ids: list[str]) -> tuple[bytes, list[dict | BaseException | None]]:
        """The Redis data's epoch and the state of these jobs (None: not known yet; an
        exception: a state that cannot be read)."""
        backend = self.app.backend
        raw = backend.client.mget([backend.get_key_for_task(i) for i in ids])
        return self.epoch(), [None if value is None else decoded(backend, value)
                              for value in raw]

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(POLL_EVERY)
            if not self.waiters:
                continue
            ids = list(self.waiters)
            try:
                epoch, states = await asyncio.to_thread(self._read, ids)
            except Exception as error:  # noqa: BLE001 - any Redis failure loses the jobs
                log.warning("lost the jobs in flight: %r", error)
                self.fail_all(WorkerDied(f"the broker is unreachable: {error!r}"))
                continue
            now = asyncio.get_running_loop().time()
            for task_id, meta in zip(ids, states, strict=True):
                waiter = self.waiters.get(task_id)
                if waiter is None:
                    continue
                if waiter.epoch != epoch:
                    log.warning("Redis lost its data: job %s with it", task_id)
                    self._end(task_id, WorkerDied("the broker lost its data (restarted)"))
                elif isinstance(meta, BaseException):
                    self._refuse(task_id, meta)
                elif meta is not None:
                    try:
                        self._settle(task_id, meta)
                    except Exception as error:  # noqa: BLE001 - forged: that job alone
                        self._refuse(task_id, error)
                if task_id in self.waiters and now > waiter.deadline:
                    self._drop(task_id, JobTimeout(f"no outcome within {waiter.limit} s"))

    def _refuse(self, task_id: str, error: BaseException) -> None:
        """A job whose stored state is not one a worker writes ends alone (and is stopped)."""
        log.warning("job %s: its stored state is refused: %s", task_id, error)
        self._drop(task_id, WorkerDied(f"its state is unreadable: {error}"))

    def _drop(self, task_id: str, error: BaseException) -> None:
        """End a job with `error` and revoke it, in case a worker runs it still."""
        self._end(task_id, error)
        asyncio.get_running_loop().run_in_executor(None, self.revoke, task_id)

    def _settle(self, task_id: str, meta: dict) -> None:
        """Hand a job's new state to whoever awaits it (ValueError for a state no worker
        writes)."""
        waiter = self.waiters[task_id]
        status = meta.get("status")
        value: Any = meta.get("result")
        if not shaped(status, value):
            raise ValueError(f"{status!r} with a {type(value).__name__}")
        if status in ("STARTED", "PROGRESS"):
            self._started(waiter, value.get("hostname"))
        if status == "PROGRESS" and waiter.listener is not None:
            heard = (value.get("solutions"), value.get("nodes"))
            if not all(isinstance(figure, int) for figure in heard):
                raise ValueError(f"progress {heard!r}")
            if heard != waiter.heard:
                waiter.heard = heard
                waiter.listener(*heard)
            return
        if status == "SUCCESS":
            try:
                self._end(task_id, jobs.settled(value))
            except PuzzleError as error:  # the job's own, for its caller
                self._end(task_id, error)
        elif status == "REVOKED":
            self._end(task_id, WorkerDied("the job was revoked"))
        elif status == "FAILURE":
            self._end(task_id, failure(value))

    @staticmethod
    def _started(waiter: Waiter, hostname: object) -> None:
        """A job's worker has taken it: its limit counts from now."""
        if not isinstance(hostname, str):
            raise ValueError(f"worker {hostname!r}")
        if waiter.worker is None:
            waiter.deadline = asyncio.get_running_loop().time() + waiter.limit + GRACE
        waiter.worker = hostname

    def _end(self, task_id: str, outcome: Any) -> None:
        """A job is over: its result, or the exception its caller gets."""
        waiter = self.waiters.pop(task_id)
        if waiter.future.done():
            return
        if isinstance(outcome, BaseException):
            waiter.future.set_exception(outcome)
        else:
            waiter.future.set_result(outcome)

    def _ping(self) -> dict[str, dict]:
        """Each worker's figures, by node name (blocking)."""
        return self.app.control.inspect(timeout=PING_TIMEOUT).stats() or {}

    async def _watch(self) -> None:
        while True:
            try:
                stats = await asyncio.to_thread(self._ping)
                self.reachable = "ok"
            except Exception as error:  # noqa: BLE001 - reported by /healthz
                stats, self.reachable = {}, f"unreachable: {error}"
            self._heard(stats)
            if self.reachable == "ok":
                self._end_lost_jobs()
            self.pinged.set()
            await asyncio.sleep(WATCH_EVERY)

    def _heard(self, stats: dict[str, dict]) -> None:
        """What a ping heard: each queue's worker processes; a queue none of whose
        workers answered keeps its last figure until `EMPTY_AFTER` pings in a row heard
        none of them (a busy machine misses a ping now and then)."""
        heard: dict[str, int] = {}
        for node, figures in stats.items():
            queue = node.split("@", 1)[0]
            pool = figures.get("pool") if isinstance(figures, dict) else None
            processes = pool.get("processes") if isinstance(pool, dict) else None
            heard[queue] = heard.get(queue, 0) + (
                len(processes) if isinstance(processes, list) else 0)
        for queue in set(heard) | set(self.seen):
            if heard.get(queue):
                self.seen[queue], self.silent[queue] = heard[queue], 0
                continue
            self.silent[queue] = self.silent.get(queue, 0) + 1
            if self.silent[queue] >= EMPTY_AFTER:
                self.seen[queue] = 0
        self.nodes = set(stats)

    def _end_lost_jobs(self) -> None:
        """A job whose worker missed `MISSED_PINGS` pings in a row is lost with it (the
        whole worker killed, its machine down): WorkerDied rather than a wait forever."""
        for task_id, waiter in list(self.waiters.items()):
            if waiter.worker is None or waiter.worker in self.nodes:
                waiter.missed = 0
                continue
            waiter.missed += 1
            if waiter.missed >= MISSED_PINGS:
                log.warning("worker %s lost with job %s", waiter.worker, task_id)
                self._end(task_id, WorkerDied(f"the worker {waiter.worker} is gone"))

    async def seen_once(self) -> None:
        """Wait until both lanes' workers have been seen (what a test waits for)."""
        while not all(self.seen.get(queue) for queue in QUEUES.values()):
            await asyncio.sleep(0.1)


def shaped(status: object, value: object) -> bool:
    """Whether a stored state is one a worker writes: a known status, its result's type."""
    return isinstance(status, str) and isinstance(value, STATES.get(status, ()))


def decoded(backend: Any, value: bytes) -> dict | BaseException:
    """A job's stored state, read; the exception reading it raised when it cannot be
    (malformed or forged: refused by the codec, or not a state at all)."""
    try:
        meta = backend.decode_result(value)
    except Exception as error:  # noqa: BLE001 - whatever the bytes were, refused
        return error
    return meta if isinstance(meta, dict) else ValueError(f"a {type(meta).__name__}")
