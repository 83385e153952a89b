"""The Celery app of both sides, the bot's (`bot.work.broker`) and the workers'
(`python -m bot.worker`): jobs go through Redis to solver workers on other machines.

Each job of the allow-list (`bot.work.jobs.JOBS`) is a Celery task of its own,
`puzzlebot.<job>`; its arguments and result are plain data packed by `bot.work.codec`
(never pickle, on either side), so a message on Redis can name only those jobs and carry
only data. A message naming any other task, or packed another way (JSON too: only
Celery's own control messages are JSON), is rejected and logged by the worker; workers
can therefore run as root without `C_FORCE_ROOT`.

- Early acknowledgement and a prefetch of one: a job is taken by one worker when it
  starts and never run twice (late acknowledgement with Redis re-runs a long job after
  the visibility timeout, celery issue 5935).
- Progress: the worker writes it into the task's state (`PROGRESS`, `TaskProgress`),
  which the bot reads.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from celery import Celery, current_task
from kombu import Queue
from kombu.serialization import register

from solvers import i18n

from . import codec, jobs

#: the queue of each lane (by the lane's name)
QUEUES = {"quick": "quick", "count": "counts"}
#: the Celery task of each job: its name with this before it
TASK_PREFIX = "puzzlebot."
#: what jobs and their results may be packed as: ours only (never pickle, never JSON)
ACCEPTED = [codec.SERIALIZER]
#: what Celery's own control messages (pings, revokes) are packed as, and only they
CONTROL = ["json"]

register(codec.SERIALIZER, codec.pack, codec.unpack, content_type=codec.CONTENT_TYPE,
         content_encoding="binary")


def make_app(broker_url: str) -> Celery:
    """The Celery app of both sides (bot and workers): Redis as broker and result store."""
    app = Celery("puzzlebot", broker=broker_url, backend=broker_url, set_as_current=False)
    app.conf.update(
        task_serializer=codec.SERIALIZER, result_serializer=codec.SERIALIZER,
        accept_content=ACCEPTED, result_accept_content=ACCEPTED,
        task_queues=[Queue(name) for name in QUEUES.values()],
        task_default_queue=QUEUES["quick"],
        # a worker takes a job only when one of its processes is free: with early
        # acknowledgement, a prefetched job would wait behind a long one while other
        # workers are idle
        task_acks_late=False, worker_prefetch_multiplier=1, worker_disable_prefetch=True,
        task_track_started=True, result_expires=3600,
        broker_connection_retry_on_startup=True,
        broker_transport_options={"socket_timeout": 5, "socket_connect_timeout": 2},
        redis_socket_timeout=5, redis_socket_connect_timeout=2,
        redis_backend_health_check_interval=5,
        task_publish_retry_policy={"max_retries": 2, "interval_start": 0.2,
                                   "interval_step": 0.5, "interval_max": 1.0},
        worker_send_task_events=False, worker_hijack_root_logger=False,
        # a worker process warms up (`warm_up`) before its first job: Celery's 4 s wait
        # for a new process would kill it on a loaded machine
        worker_proc_alive_timeout=120,
    )
    # Celery's own control messages (pings, stats, revokes) are its plain dicts: JSON
    app.control.mailbox.serializer = CONTROL[0]
    app.control.mailbox.accept = CONTROL
    for name in jobs.JOBS:
        app.task(name=TASK_PREFIX + name)(task_of(name))
    return app


def task_of(name: str) -> Callable[..., dict[str, Any]]:
    """The Celery task that runs job `name`: its outcome, plain data (`jobs.outcome`), in
    the language the message names (`language`, validated there)."""

    def task(*args: Any, language: object = i18n.SOURCE_LANGUAGE) -> dict[str, Any]:
        return jobs.outcome(name, args, language)

    task.__name__ = task.__qualname__ = name
    return task


class TaskProgress:
    """In a worker: where `jobs.solve` puts its progress (instead of the local pool's
    queue): the running task's state, which the bot reads."""

    def put(self, item: tuple) -> None:
        job, solutions, nodes = item
        task = current_task
        if job is None or task is None or not task.request.id:
            return  # a worker's "warmed up" note: nobody to tell
        task.update_state(state="PROGRESS", meta={
            "solutions": solutions, "nodes": nodes, "hostname": task.request.hostname,
            "pid": os.getpid()})
