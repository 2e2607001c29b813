"""What every tournament request shares: the store, the table service its rounds are
played through, where a round's table is placed, and the versioned write each change
goes through (decided again on the fresh record when another write came first)."""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from bot.store import (
    Clock,
    StaleVersionError,
    Store,
    TableRecord,
    TournamentRecord,
    TournamentStatus,
    utc_now,
)
from bot.tables.errors import NotAllowedError, UserError
from bot.tables.seats import Actor
from bot.tables.service import TableService
from bot.tournaments.news import Listener
from bot.tournaments.settings import TournamentSettings
from i18n import N_


@dataclass(frozen=True, slots=True)
class Place:
    """Where a round's table is played: ``channel_id``, a channel of its own (a thread),
    or, ``shared``, a channel the round's other tables may share (the tournament's own,
    where threads are not allowed: each table is a message there)."""

    channel_id: int
    shared: bool = False


OpenPlace = Callable[[TournamentRecord, int, int], Awaitable[Place]]
"""``open_place(tournament, round, position) -> Place``: where a round's table is played,
decided each time a table opens (permissions may change between rounds). It raises
:class:`PlaceRefused` when the table cannot be placed at all (the tournament then pauses
until an organizer resumes it)."""


class PlaceRefused(Exception):
    """A table could not be placed (say, the bot may not even post in the tournament's
    channel): the tournament pauses, and its resume tries again."""


ATTEMPTS: Final = 8
"""How many times a change is decided again when other writes keep coming first."""

Decision = Callable[[TournamentRecord], Mapping[str, Any]]
"""Given the tournament as committed, the fields to write (raising a UserError to refuse)."""


class TournamentCore(ABC):
    """The store, the tables, and reading and writing one tournament. Made with the
    table service, it listens to it, so a round moves on when its last table closes."""

    def __init__(
        self,
        store: Store,
        tables: TableService,
        open_place: OpenPlace,
        *,
        clock: Clock = utc_now,
    ) -> None:
        self.store = store
        self.tables = tables
        self._open_place = open_place
        self._clock = clock
        self._moving: set[int] = set()
        """Tournaments this process is moving on now."""
        self._again: set[int] = set()
        """Tournaments asked to move on while being moved on (a table that closed as
        its round opened): the mover looks once more before it stops."""
        self._listeners: list[Listener] = []
        self._telling: dict[int, asyncio.Task[None]] = {}
        """Each tournament's news being told by this process."""
        self._tell_again: set[int] = set()
        """Tournaments whose news was asked for while being told: told once more."""
        tables.on_match_over(self.table_over)

    @abstractmethod
    async def table_over(self, table: TableRecord) -> None:
        """The table service's listener: a table closed; its tournament may move on."""

    def on_change(self, listener: Listener) -> None:
        """Tell ``listener`` each piece of news (a round opened, the end, a table that
        could not be placed) until it is told whole, in a task of its own
        (:mod:`bot.tournaments.news` says how a telling cut by a kill is finished)."""
        self._listeners.append(listener)

    async def tournament(self, tournament_id: int) -> TournamentRecord:
        record = await self.store.get_tournament(tournament_id)
        if record is None:
            raise UserError(N_("That tournament does not exist."))
        return record

    @staticmethod
    def settings_of(record: TournamentRecord) -> TournamentSettings:
        return TournamentSettings.from_json(record.game, record.settings)

    async def _change(self, tournament_id: int, decide: Decision) -> TournamentRecord:
        """Write what ``decide`` makes of the tournament as committed, deciding again
        on the fresh record if another write came first."""
        for _ in range(ATTEMPTS):
            record = await self.tournament(tournament_id)
            changes = decide(record)
            try:
                return await self.store.update_tournament(record.id, record.version, **changes)
            except StaleVersionError:
                continue
        raise UserError(
            N_("Someone else changed this tournament at the same moment. Please try again.")
        )


def require_organizer(record: TournamentRecord, actor: Actor) -> None:
    """Only the organizer (the creator, or someone with Manage Server) may go on."""
    if actor.user_id != record.creator_id and not actor.can_manage:
        raise NotAllowedError(
            N_(
                "Only the organizer (the tournament's creator, or someone with Manage "
                "Server) can do that."
            )
        )


def require_status(record: TournamentRecord, *allowed: TournamentStatus) -> None:
    """Refuse a change the tournament's status does not allow, saying why."""
    if record.status in allowed:
        return
    if not record.status.is_open:
        raise UserError(N_("This tournament is over."))
    if record.status is TournamentStatus.SIGNUP:
        raise UserError(N_("This tournament has not started yet."))
    if TournamentStatus.SIGNUP in allowed:
        raise UserError(N_("This tournament has already started."))
    if record.status is TournamentStatus.PAUSED:
        raise UserError(N_("This tournament is paused."))
    raise UserError(N_("This tournament is not paused."))
