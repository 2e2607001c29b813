"""After a start: the running tables this process serves resumed and shown again, and what
a killed process left unpublished published."""

from __future__ import annotations

import logging

from bot.discord.answering import Desk
from bot.store import PublishJob, TableStatus

log = logging.getLogger(__name__)


class Restarts(Desk):
    """Picking up where the last process stopped."""

    async def restore(self) -> None:
        """After a start: finish half-done work (computer turns, a won match not yet
        recorded), re-arm every timer (expired lobbies close at once), and show each
        running table again with a reminder to its player to move, for the tables of
        this process's guilds."""
        resumed = 0
        for record in await self.service.store.open_tables():
            if not self.owns_guild(record.guild_id):
                continue
            try:
                if record.status is TableStatus.LOBBY:
                    self.timers.track(record)
                    continue
                update = await self.service.resume(record.id)
                self.timers.track(record if update is None else update.record)
                await self.queue.enqueue(PublishJob(record.id, record.version, remind=True))
                resumed += 1
            except Exception:
                log.exception("table %d: could not be resumed", record.id)
        log.info("resumed %d running tables", resumed)

    async def republish(self) -> None:
        """Publish what a killed process left unshown: finished tables whose result no job
        has shown yet (on PostgreSQL their jobs are still queued; a repeat is a no-op).
        Running tables got theirs from :meth:`restore`."""
        for record in await self.service.store.unpublished_tables():
            if record.is_open or not (self.queue.in_process or self.owns_guild(record.guild_id)):
                continue
            await self.queue.enqueue(PublishJob(record.id, record.version))
