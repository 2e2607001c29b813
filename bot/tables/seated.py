"""Tables that start seated: every chair already taken (people, and computers at their
levels) by whoever arranged the match, dealt at once with no host pressing Start.

A caller that must create the table in a transaction of its own (beside its own row)
creates the full lobby itself and calls :meth:`SeatedTables.start_seated`; that is safe
to call again after a restart or from another process: a table already dealt is left
as it is.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot.store import Seat, TableStatus
from bot.tables.core import TableUpdate
from bot.tables.errors import UserError
from bot.tables.lobby import Lobby
from bot.tables.settings import TableSettings

log = logging.getLogger(__name__)


def check_seated(settings: TableSettings, seats: Sequence[Seat]) -> None:
    """Refuse a seating the table cannot start with: a chair count the settings do not
    name, or fewer players than the game needs."""
    if len(seats) != settings.seats:
        raise ValueError(f"{len(seats)} seats taken at a table of {settings.seats}")
    if len(seats) < settings.spec.min_seats:
        raise ValueError(f"{settings.game} needs {settings.spec.min_seats} players")


class SeatedTables(Lobby):
    """Opening and dealing tables whose seats were all taken before they opened."""

    async def open_seated(
        self,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        settings: TableSettings,
        seats: Sequence[Seat],
    ) -> TableUpdate:
        """Open a table in ``channel_id`` with ``seats`` taken and deal it now (raises
        :class:`~bot.store.ChannelBusyError` when the channel holds an open table)."""
        check_seated(settings, seats)
        record = await self.store.create_table(
            guild_id=guild_id,
            channel_id=channel_id,
            creator_id=creator_id,
            game=settings.game,
            settings=settings.to_json(),
            seats=seats,
        )
        update = await self.start_seated(record.id)
        if update is None:  # cannot happen: nobody else knows the table yet
            raise RuntimeError(f"table {record.id} did not start")
        return update

    async def start_seated(self, table_id: int) -> TableUpdate | None:
        """Deal a full lobby's match now (computers move at once if they lead); None when
        the table was already dealt or closed, here or by another process."""
        async with self._lock(table_id):
            record = await self.store.get_table(table_id)
            if record is None or record.status is not TableStatus.LOBBY:
                return None
            check_seated(self._options(record), record.seats)
            try:
                return await self._begin(record)
            except UserError:  # another process dealt it between our read and our write
                current = await self.store.get_table(table_id)
                if current is not None and current.status is not TableStatus.LOBBY:
                    return None
                raise
