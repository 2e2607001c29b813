"""After a start: the running tables this process serves resumed, and what a stopped
process left unshown published — only that, so a restart nobody needed to notice sends
nothing."""

from __future__ import annotations

import logging

from bot.discord.answering import Desk
from bot.publishing.unshown import unshown
from bot.store import PublishJob, TableStatus

log = logging.getLogger(__name__)


class Restarts(Desk):
    """Picking up where the last process stopped."""

    async def restore(self) -> None:
        """After a start: finish half-done work (computer turns, a won match not yet
        recorded), re-arm every timer (expired lobbies close at once), and publish the
        running tables whose shown state is behind the store (:func:`unshown`), for the
        tables of this process's guilds. Every other table is left as it is: its message
        and its players' DMs already show it. A table with a job still queued (on
        PostgreSQL the jobs of a killed process stay in the job table) gets no other."""
        queued = await self.queue.queued_tables()
        resumed = behind = 0
        for record in await self.service.store.open_tables():
            if not self.owns_guild(record.guild_id):
                continue
            try:
                if record.status is TableStatus.LOBBY:
                    self.timers.track(record)
                    continue
                update = await self.service.resume(record.id)
                self.timers.track(record if update is None else update.record)
                resumed += 1
                # A resumed computer move's commit has named its own job.
                if update is None and record.id not in queued and unshown(record):
                    await self.queue.enqueue(PublishJob(record.id, record.version))
                    behind += 1
            except Exception:
                log.exception("table %d: could not be resumed", record.id)
        log.info("resumed %d running tables, %d of them with something to publish", resumed, behind)

    async def republish(self) -> None:
        """Publish what a killed process left unshown of finished tables (their result);
        on PostgreSQL their jobs may still be queued, and then none is added. Running
        tables got theirs from :meth:`restore`."""
        queued = await self.queue.queued_tables()
        for record in await self.service.store.unpublished_tables():
            if record.is_open or not (self.queue.in_process or self.owns_guild(record.guild_id)):
                continue
            if record.id not in queued:
                await self.queue.enqueue(PublishJob(record.id, record.version))
