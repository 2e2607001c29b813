"""Publishing as jobs: every commit that players should see names a publish job (the
store's outbox), and workers — in any bot process, or ``domino-tables worker`` processes
on other machines — take the jobs, one table at a time.

Two queues share one interface (:class:`JobQueue`): on PostgreSQL, a job table filled in
the commit's own transaction, split into partitions that each live worker process holds a
fair share of (a job wakes only its partition's holder); on
SQLite, a queue inside the one bot process, refilled at start from the tables whose latest
version is not yet shown.
"""

from bot.publishing.jobs.queue import JobQueue, JobRunner

__all__ = ["JobQueue", "JobRunner"]
