"""Challenges: a two-player table offered to one person (or anyone), who takes it with
Accept, starting the match at once, or turns it down with Decline."""

from __future__ import annotations

import logging

from bot.store import JsonObject, Seat, TableRecord, TableStatus
from bot.tables.commands import Command
from bot.tables.core import TableUpdate
from bot.tables.errors import NotAllowedError, UserError
from bot.tables.lobby import Lobby
from bot.tables.seats import Actor, seat_of
from i18n import N_

log = logging.getLogger(__name__)


class Challenges(Lobby):
    """Answering a challenge: the one lobby whose open seat is taken by accepting."""

    async def accept(
        self, table_id: int, actor: Actor, answer: JsonObject | None = None
    ) -> TableUpdate:
        """Take the open seat of a challenge (a two-player table) and start at once. A
        challenge addressed to one person can be accepted only by them. ``answer``: the
        interaction on the table message, for the publish job to answer by drawing the
        table there."""
        async with self._lock(table_id):
            record = await self._load_lobby(table_id)
            settings = self._options(record)
            if seat_of(record, actor.user_id) is not None:
                raise UserError(N_("You are already sitting at this table: wait for an opponent."))
            if settings.opponent_id is not None and settings.opponent_id != actor.user_id:
                raise NotAllowedError(
                    N_("This challenge is for <@{opponent_id}>; open your own with {command}."),
                    opponent_id=settings.opponent_id,
                    command=Command(f"{settings.spec.family} new"),
                )
            if len(record.seats) >= settings.seats:
                raise UserError(N_("This table is full."))
            seats = [*record.seats, Seat(actor.user_id, actor.name, locale=actor.locale)]
            record = await self._update(record, seats=seats)
            log.info("table %d: challenge accepted", table_id)
            return await self._begin(record, answer)

    async def decline(self, table_id: int, actor: Actor) -> TableRecord:
        """The challenged person turns a challenge down: the lobby closes."""
        async with self._lock(table_id):
            record = await self._load_lobby(table_id)
            if self._options(record).opponent_id != actor.user_id:
                raise NotAllowedError(
                    N_("Only the person challenged can decline; the host can Withdraw.")
                )
            record = await self._update(record, status=TableStatus.CANCELLED)
            self._forget(table_id)
        log.info("table %d: challenge declined", table_id)
        return record
