"""The work: where the bot's solving jobs run, and how they get there.

- `jobs`: the jobs a worker runs (one kind's own jobs in a module beside it), and `JOBS`,
  the allow-list naming them; they import only the solver library and the standard
  library.
- `codec`: what a message carries: plain data and listed records, packed with msgpack.
- `worker_state`: what a worker keeps between jobs (where its progress goes, the memory
  it hands back), under both `jobs` and `process`.
- `process`: a worker process's lifetime (dies with its parent, warms up once).
- `pool`: a lane's local pool of worker processes (pebble, forked by a fork server, which
  `forkserver` lets end at once).
- `broker`: the lanes on Celery and Redis, one named task per job.
- `lane`: what a lane is (`Lane`, the broker as a `Hub`), whatever runs its jobs.
- `lanes`: the two lanes (quick jobs, long counts) behind one interface; `setup` builds
  them as the configuration asks (local pools, or Celery lanes), for the entry points.
- `worker`: `python -m bot.worker`, a solver machine's supervised Celery workers.
- `errors`: how a job fails (JobTimeout, WorkerDied, NoWorker, ShuttingDown).

Nothing here imports Telegram or the bot's handlers: the handlers call in, never back.
"""
