"""The interface both job queues offer (which one a store gets: ``jobs.choice``)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager, AbstractContextManager
from datetime import timedelta
from typing import Final, Protocol

from bot.store import Outbox, PublishJob

CLOSING_GRACE: Final = 5.0
"""Seconds a closing queue gives the jobs under way to finish (a process's stop takes 8 s
at most: the rest is for closing Discord, the drawing processes and the store)."""


class TableBusyError(Exception):
    """Another worker has been publishing the table for too long: try the job later."""

    def __init__(self, table_id: int) -> None:
        super().__init__(f"table {table_id} is being published elsewhere")
        self.table_id = table_id


JobRunner = Callable[[PublishJob], Awaitable[None]]
"""Runs one publish job (it must not raise: a failed step is logged and the job done)."""


class JobQueue(Outbox, Protocol):
    """A place for publish jobs, and workers that run them."""

    @property
    def in_process(self) -> bool:
        """Whether this process runs the jobs its own commits name (the SQLite queue):
        then an interaction may wait for its job instead of being acknowledged first."""

    def held(self) -> AbstractContextManager[None]:
        """Within it, jobs this process's commits name wait for its end (in process only):
        the mover's answer goes first."""

    async def enqueue(self, job: PublishJob) -> None:
        """Add a job on its own (not part of a commit): an answer, a republication."""

    async def queued_tables(self) -> set[int]:
        """The tables with a job waiting or under way (a starting process adds no other:
        on PostgreSQL a stopped process's jobs are still queued and are simply run)."""

    def table_lock(self, table_id: int) -> AbstractAsyncContextManager[None]:
        """Held while a table is published: its publications never cross, whichever
        processes run them; a killed holder's lock is released with it."""

    def computer_turns(self, table_id: int) -> AbstractAsyncContextManager[bool]:
        """Try to become the one process playing a table's computer seats now: yields
        whether it did (another worker already doing it is left to it)."""

    async def start(
        self, run: JobRunner, concurrency: int, standby: timedelta | None = None
    ) -> None:
        """Run up to ``concurrency`` jobs at once in this process (0: none, only add).
        ``standby``: only while some job has waited that long for another process."""

    async def close(self, grace: float = CLOSING_GRACE) -> None:
        """Stop taking jobs and let those under way finish for up to ``grace`` seconds;
        any job not finished then is cut short and left to be taken again (by another
        process, or at the next start)."""
