"""Which job queue a store gets: the partitioned job table on PostgreSQL, the in-process
one on SQLite.

Kept apart from the interface (:mod:`bot.publishing.jobs.queue`) so that neither queue
imports the module that imports both.
"""

from __future__ import annotations

from datetime import timedelta

from bot.publishing.jobs.queue import JobQueue
from bot.store import Store


async def open_queue(store: Store, *, retry_after: timedelta) -> JobQueue:
    """The queue for ``store``'s database, registered as its outbox. ``retry_after``: how
    long a job whose worker stopped answering (killed) waits before another takes it."""
    queue: JobQueue
    if store.backend == "postgresql":
        from bot.publishing.jobs.postgres import PostgresJobQueue

        queue = await PostgresJobQueue.open(store, retry_after=retry_after)
    else:
        from bot.publishing.jobs.local import LocalJobQueue

        queue = LocalJobQueue()
    store.use_outbox(queue)
    return queue
