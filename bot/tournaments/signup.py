"""A tournament's life outside its rounds: sign-up (join, leave, within the cap and
before the deadline), the start (seeding, computer fillers), pausing and resuming,
dropping and adding a player, and cancelling. Each is one versioned write."""

from __future__ import annotations

import contextlib
import logging
import math
from collections.abc import Mapping
from typing import Any

from bot.store import Entrant, TableStatus, TournamentRecord, TournamentStatus
from bot.tables.errors import UserError
from bot.tables.lobby import computer_name
from bot.tables.seats import Actor
from bot.tournaments.core import require_organizer, require_status
from bot.tournaments.progress import TournamentRounds
from bot.tournaments.schedule import fits
from bot.tournaments.settings import TournamentSettings
from i18n import N_, text_in

log = logging.getLogger(__name__)

OPEN = (TournamentStatus.RUNNING, TournamentStatus.PAUSED)


def _position(record: TournamentRecord, user_id: int) -> int | None:
    return next((i for i, e in enumerate(record.entrants) if e.user_id == user_id), None)


def seeded(entrants: list[Entrant], ratings: Mapping[int, float] | None) -> list[Entrant]:
    """People in the league rating's order, best first (the unrated after the rated),
    each tie in sign-up order; without ratings, sign-up order."""
    if not ratings:
        return list(entrants)

    def key(entrant: Entrant) -> float:
        rating = None if entrant.user_id is None else ratings.get(entrant.user_id)
        return math.inf if rating is None else -rating

    return sorted(entrants, key=key)  # sorted() keeps ties in their order


def fillers(settings: TournamentSettings, people: int) -> list[Entrant]:
    """The computers that bring the field up to the cap, then make every table full
    (none unless ``fill`` is set)."""
    if settings.fill is None:
        return []
    field = max(people, settings.cap or 0)
    count = field - people + (-field % settings.seats)
    text = text_in(settings.table.language)
    return [
        Entrant(None, computer_name(text, number, settings.fill), level=settings.fill)
        for number in range(1, count + 1)
    ]


class TournamentSignup(TournamentRounds):
    """Sign-up, the start, and the organizer's changes."""

    async def create(
        self, guild_id: int, channel_id: int, creator: Actor, settings: TournamentSettings
    ) -> TournamentRecord:
        """Open a tournament's sign-up in ``channel_id``; ``creator`` organizes it (and
        plays only if they join)."""
        record = await self.store.create_tournament(
            guild_id, channel_id, creator.user_id, settings.table.game, settings.to_json()
        )
        log.info("tournament %d: sign-up opened in channel %d", record.id, channel_id)
        return record

    async def join(self, tournament_id: int, actor: Actor) -> TournamentRecord:
        def decide(record: TournamentRecord) -> dict[str, Any]:
            settings = self.settings_of(record)
            late = settings.deadline is not None and self._clock() >= settings.deadline
            if record.status is not TournamentStatus.SIGNUP or late:
                raise UserError(N_("Sign-up for this tournament is closed."))
            if _position(record, actor.user_id) is not None:
                raise UserError(N_("You are already signed up for this tournament."))
            if settings.cap is not None and len(record.entrants) >= settings.cap:
                raise UserError(N_("This tournament is full."))
            return {"entrants": [*record.entrants, Entrant(actor.user_id, actor.name)]}

        return await self._change(tournament_id, decide)

    async def leave(self, tournament_id: int, actor: Actor) -> TournamentRecord:
        """Leave: during sign-up one is off the list; once it runs one drops out, as
        with :meth:`drop`."""

        def decide(record: TournamentRecord) -> dict[str, Any]:
            require_status(record, TournamentStatus.SIGNUP, *OPEN)
            position = _position(record, actor.user_id)
            if position is None or record.entrants[position].dropped:
                raise UserError(N_("You are not signed up for this tournament."))
            return {"entrants": self._without(record, position)}

        return await self._change(tournament_id, decide)

    async def start(
        self,
        tournament_id: int,
        actor: Actor | None,
        ratings: Mapping[int, float] | None = None,
    ) -> TournamentRecord:
        """Close sign-up and open the first round: the organizer early (``actor``), or
        the deadline (``actor`` None: refused before it). People are seeded by
        ``ratings`` (the league rating by user id, when the caller has one), then
        computers fill the seats when the settings allow."""

        def decide(record: TournamentRecord) -> dict[str, Any]:
            require_status(record, TournamentStatus.SIGNUP)
            settings = self.settings_of(record)
            if actor is not None:
                require_organizer(record, actor)
            elif settings.deadline is None or self._clock() < settings.deadline:
                raise UserError(N_("Sign-up for this tournament is still open."))
            people = seeded(list(record.entrants), ratings)
            if len(people) < 2:
                raise UserError(N_("A tournament needs at least two players to start."))
            entrants = people + fillers(settings, len(people))
            if settings.seats > 2 and not fits(len(entrants), settings.seats):
                raise UserError(
                    N_(
                        "{count} players cannot sit at tables of {seats}: let computers "
                        "fill the seats, or wait for more players."
                    ),
                    count=len(entrants),
                    seats=settings.seats,
                )
            return {"status": TournamentStatus.RUNNING, "entrants": entrants}

        record = await self._change(tournament_id, decide)
        log.info("tournament %d: started with %d entrants", record.id, len(record.entrants))
        return await self.advance(record.id) or record

    async def pause(self, tournament_id: int, actor: Actor) -> TournamentRecord:
        """No new round opens while paused; the tables in play go on."""

        def decide(record: TournamentRecord) -> dict[str, Any]:
            require_organizer(record, actor)
            require_status(record, TournamentStatus.RUNNING)
            return {"status": TournamentStatus.PAUSED}

        return await self._change(tournament_id, decide)

    async def resume(self, tournament_id: int, actor: Actor) -> TournamentRecord:
        """Go on, opening the next round at once if the current one is over."""

        def decide(record: TournamentRecord) -> dict[str, Any]:
            require_organizer(record, actor)
            require_status(record, TournamentStatus.PAUSED)
            return {"status": TournamentStatus.RUNNING}

        record = await self._change(tournament_id, decide)
        return await self.advance(record.id) or record

    async def drop(self, tournament_id: int, actor: Actor, user_id: int) -> TournamentRecord:
        """Take a player out (the organizer, or the player themself): during sign-up they
        leave; later they are paired no more and keep their results (a table they sit
        at goes on as any table does)."""

        def decide(record: TournamentRecord) -> dict[str, Any]:
            if actor.user_id != user_id:
                require_organizer(record, actor)
            require_status(record, TournamentStatus.SIGNUP, *OPEN)
            position = _position(record, user_id)
            if position is None or record.entrants[position].dropped:
                raise UserError(N_("That player is not in this tournament."))
            return {"entrants": self._without(record, position)}

        record = await self._change(tournament_id, decide)
        log.info("tournament %d: a player dropped out", record.id)
        return await self.advance(record.id) or record

    async def add(
        self, tournament_id: int, actor: Actor, user_id: int, name: str
    ) -> TournamentRecord:
        """The organizer adds a player (past the cap, after the deadline; once a Swiss
        runs, from the next round, with no points)."""

        def decide(record: TournamentRecord) -> dict[str, Any]:
            require_organizer(record, actor)
            require_status(record, TournamentStatus.SIGNUP, *OPEN)
            settings = self.settings_of(record)
            if record.status is not TournamentStatus.SIGNUP and settings.format != "swiss":
                raise UserError(
                    N_("Players join a round robin or a knockout only before it starts.")
                )
            position = _position(record, user_id)
            entrants = list(record.entrants)
            if position is not None and not entrants[position].dropped:
                raise UserError(N_("That player is already in this tournament."))
            if position is not None:
                entrants[position] = Entrant(user_id, name)
            else:
                entrants.append(Entrant(user_id, name))
            return {"entrants": entrants}

        return await self._change(tournament_id, decide)

    async def cancel(self, tournament_id: int, actor: Actor) -> TournamentRecord:
        """End the tournament now; its tables still open are cancelled (no result)."""

        def decide(record: TournamentRecord) -> dict[str, Any]:
            require_organizer(record, actor)
            require_status(record, TournamentStatus.SIGNUP, *OPEN)
            return {"status": TournamentStatus.CANCELLED}

        record = await self._change(tournament_id, decide)
        organizer = Actor(record.creator_id, "", can_manage=True)
        for entry in await self.store.tournament_tables(record.id):
            table = await self.store.get_table(entry.table_id)
            if table is not None and table.status in (TableStatus.LOBBY, TableStatus.PLAYING):
                with contextlib.suppress(UserError):  # it closed meanwhile
                    await self.tables.cancel(entry.table_id, organizer)
        log.info("tournament %d: cancelled", record.id)
        return record

    @staticmethod
    def _without(record: TournamentRecord, position: int) -> list[Entrant]:
        """The entrants without one: gone during sign-up, marked dropped after."""
        entrants = list(record.entrants)
        if record.status is TournamentStatus.SIGNUP:
            del entrants[position]
        else:
            entrants[position] = Entrant(
                entrants[position].user_id,
                entrants[position].name,
                entrants[position].level,
                dropped=True,
            )
        return entrants
