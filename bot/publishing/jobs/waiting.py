"""How many publish jobs wait for a worker, for the operator's gauge: the in-process
queue's length on SQLite, a count of the job table's rows on PostgreSQL (a row stays
until its job is done).

Kept apart from the queues so that reading the count costs the queues nothing: the
PostgreSQL count is a query, which the caller makes at a scrape, not at every job.
"""

from __future__ import annotations

from bot.publishing.jobs.local import LocalJobQueue
from bot.publishing.jobs.queue import JobQueue
from bot.store import Store


async def waiting_jobs(queue: JobQueue, store: Store) -> int:
    """Publish jobs queued and not yet taken (by any process sharing the queue)."""
    if isinstance(queue, LocalJobQueue):
        return queue.waiting()
    from bot.publishing.jobs.partitions import JOB_TABLE  # PostgreSQL only
    from bot.store.postgres import PostgresDatabase

    database = store.database
    assert isinstance(database, PostgresDatabase)
    count = await database.pool.fetchval(f"SELECT count(*) FROM {JOB_TABLE}")
    return int(count or 0)
