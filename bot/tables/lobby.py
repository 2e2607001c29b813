"""Lobbies: opening a table, taking and giving up seats, seating computers, closing a
lobby, and dealing the match once the host starts it."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Final

from bot.games.narration import Narration
from bot.games.words import words_for
from bot.store import (
    ChannelBusyError,
    JsonObject,
    Seat,
    StaleVersionError,
    TableRecord,
    TableStateError,
    TableStatus,
)
from bot.tables.commands import Command
from bot.tables.computers import ComputerSeats
from bot.tables.core import TableUpdate
from bot.tables.errors import NotAtTableError, TableClosedError, UserError
from bot.tables.languages import table_text
from bot.tables.meta import News, TableMeta
from bot.tables.seats import Actor, require_host, seat_of, seen_in, table_settings
from bot.tables.settings import TableSettings
from engine.errors import Term
from engine.match import Match
from engine.registry import game_spec
from i18n import LANGUAGES, N_, Text

log = logging.getLogger(__name__)


LEVEL_WORDS: Final = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
"""A computer level as a computer seat's name says it."""


def computer_name(text: Text, number: int, level: str) -> str:
    """A computer seat's name, in the table's language (it is shown in public):
    "Computer 1 (normal)"."""
    said = text._(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level
    return text._("Computer {number} ({level})", number=number, level=said)


class Lobby(ComputerSeats):
    """A table before its match: who sits down, and when it starts or closes."""

    async def create(
        self, guild_id: int, channel_id: int, creator: Actor, settings: TableSettings
    ) -> TableRecord:
        """Open a lobby with the creator in the first seat."""
        try:
            record = await self.store.create_table(
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=creator.user_id,
                game=settings.game,
                settings=settings.to_json(),
                seats=[Seat(user_id=creator.user_id, name=creator.name, locale=creator.locale)],
                expires_at=self._clock() + self._lobby_timeout,
            )
        except ChannelBusyError as exc:
            busy = await self.store.open_table_in_channel(channel_id)
            family = game_spec(busy.game).family if busy else settings.spec.family
            raise UserError(
                N_(
                    "This channel already has an open table. Join it with {join}, or ask its "
                    "creator to cancel it with {cancel}."
                ),
                join=Command(f"{family} join"),
                cancel=Command(f"{family} cancel"),
            ) from exc
        log.info("table %d: lobby opened in channel %d", record.id, channel_id)
        return record

    async def rematch(self, table_id: int, actor: Actor) -> TableRecord:
        """A player of a finished match opens a new lobby in the same channel with the same
        game, options and seats (computers at their levels); they host it, and anyone
        who would rather not play again can leave before the start."""
        record = await self.table(table_id)
        if record.status is not TableStatus.FINISHED:
            raise UserError(N_("A rematch can be started once the match is over."))
        own = seat_of(record, actor.user_id)
        if own is None:
            raise NotAtTableError()
        settings, seats = (
            record.settings,
            seen_in(record, actor.user_id, actor.locale) or record.seats,
        )
        if table_settings(record).is_challenge:
            # A two-player rematch is a new challenge from the one who asked: a person
            # opposite gets Accept and Decline; a computer opposite is seated at once.
            other = record.seats[1 - own]
            seats = (seats[own], *([other] if other.is_bot else []))
            opponent = None if other.is_bot else other.user_id
            settings = replace(table_settings(record), opponent_id=opponent).to_json()
        try:
            created = await self.store.create_table(
                guild_id=record.guild_id,
                channel_id=record.channel_id,
                creator_id=actor.user_id,
                game=record.game,
                settings=settings,
                seats=seats,
                expires_at=self._clock() + self._lobby_timeout,
            )
        except ChannelBusyError as exc:
            raise UserError(
                N_("This channel already has an open table: join that one, or finish it first.")
            ) from exc
        log.info("table %d: rematch of table %d opened", created.id, table_id)
        return created

    async def join(self, table_id: int, actor: Actor) -> TableRecord:
        async with self._lock(table_id):
            record = await self._load_lobby(table_id)
            if seat_of(record, actor.user_id) is not None:
                raise UserError(N_("You are already sitting at this table."))
            if self._options(record).is_challenge:  # its open seat is taken by accepting
                raise UserError(N_("This table is a challenge: press **Accept** to play."))
            if len(record.seats) >= self._options(record).seats:
                raise UserError(N_("This table is full."))
            seats = [*record.seats, Seat(actor.user_id, actor.name, locale=actor.locale)]
            record = await self._update(record, seats=seats)
        log.info("table %d: a player joined (%d seats taken)", table_id, len(record.seats))
        return record

    async def leave(self, table_id: int, actor: Actor) -> TableRecord:
        """Give up a seat in the lobby; a lobby with no person left closes."""
        async with self._lock(table_id):
            record = await self._load_lobby(
                table_id, started=N_("You cannot leave a match in play.")
            )
            seat = seat_of(record, actor.user_id)
            if seat is None:
                raise NotAtTableError()
            seats = [s for i, s in enumerate(record.seats) if i != seat]
            if not any(not s.is_bot for s in seats):
                record = await self._update(record, seats=seats, status=TableStatus.CANCELLED)
                self._forget(table_id)
                log.info("table %d: lobby closed, the last person left", table_id)
                return record
            return await self._update(record, seats=seats)

    async def add_computer(
        self, table_id: int, actor: Actor, level: str | None = None
    ) -> TableRecord:
        """Seat a computer player at ``level`` (the game's default level if None)."""
        async with self._lock(table_id):
            record = await self._load_lobby(table_id)
            require_host(
                record,
                actor,
                N_(
                    "Only the person who created this table (or someone with Manage Server) "
                    "can add computer players."
                ),
            )
            if len(record.seats) >= self._options(record).seats:
                raise UserError(N_("This table is full."))
            spec = game_spec(record.game)
            level = spec.default_level if level is None else level
            if level not in spec.levels:
                raise UserError(
                    N_("{game} computers play at {levels}, not '{level}'."),
                    game=Term(spec.title),
                    levels=", ".join(spec.levels),
                    level=level,
                )
            number = 1 + sum(1 for s in record.seats if s.is_bot)
            name = computer_name(table_text(record), number, level)
            computer = Seat(user_id=None, name=name, is_bot=True, level=level)
            return await self._update(record, seats=[*record.seats, computer])

    async def cancel(self, table_id: int, actor: Actor) -> TableRecord:
        """Close a lobby or abandon a match in play (no result is recorded)."""
        async with self._lock(table_id):
            record = await self.table(table_id)
            if not record.is_open:
                raise TableClosedError(N_("This table is already closed."))
            require_host(
                record,
                actor,
                N_(
                    "Only the person who created this table (or someone with Manage Server) "
                    "can cancel the table."
                ),
            )
            started = record.state is not None
            record = await self._update(
                record, status=TableStatus.CANCELLED, meta=self._meta(record).to_json()
            )
            self._forget(table_id)
        log.info("table %d: cancelled", table_id)
        if started:
            await self._tell_match_over(record)
        return record

    async def discard_lobby(self, table_id: int) -> None:
        """Close a lobby whose message could not be posted, freeing the channel."""
        async with self._lock(table_id):
            record = await self.store.get_table(table_id)
            if record is not None and record.status is TableStatus.LOBBY:
                await self._update(record, status=TableStatus.CANCELLED)
            self._forget(table_id)

    async def expire_lobby(self, table_id: int) -> TableRecord | None:
        """Close the lobby if it is still waiting past its expiry time."""
        async with self._lock(table_id):
            record = await self.store.get_table(table_id)
            if record is None or record.status is not TableStatus.LOBBY:
                return None
            if record.expires_at is None or record.expires_at > self._clock():
                return None
            try:
                record = await self.store.update_table(
                    table_id, record.version, status=TableStatus.CANCELLED
                )
            except (StaleVersionError, TableStateError):
                return None
            self._forget(table_id)
        log.info("table %d: lobby expired", table_id)
        return record

    async def start(
        self, table_id: int, actor: Actor, answer: JsonObject | None = None
    ) -> TableUpdate:
        """Deal the first hand to everyone seated; computers play at once if they lead.
        ``answer``: as for :meth:`~bot.tables.challenges.Challenges.accept`."""
        async with self._lock(table_id):
            record = await self._load_lobby(table_id, started=N_("This table has already started."))
            require_host(
                record,
                actor,
                N_(
                    "Only the person who created this table (or someone with Manage Server) "
                    "can start the match."
                ),
            )
            return await self._begin(record, answer)

    async def _begin(self, record: TableRecord, answer: JsonObject | None = None) -> TableUpdate:
        """Start the match of a lobby loaded under its lock."""
        table_id = record.id
        settings = self._options(record)
        spec = settings.spec
        if len(record.seats) < spec.min_seats:
            raise UserError(
                N_(
                    "{game} needs at least {min_seats} players: wait for someone to join, or add "
                    "a computer."
                ),
                game=Term(spec.title),
                min_seats=spec.min_seats,
            )
        match = Match(
            spec.name, len(record.seats), settings.target, self._new_seed(), settings.options
        )
        words = words_for(spec)
        public = table_text(record)
        story = Narration(log=[words.started(public, 1)], hand_dealt=True)
        told = {
            language: [words.started(Text(language), 1)]
            for language in LANGUAGES
            if language != public.language
        }
        meta = TableMeta(news=(News(0, deal=True),)).with_log(story.log, told)
        meta = self._timed(record, match, meta)
        record = await self._update(
            record,
            status=TableStatus.PLAYING,
            state=match.to_json(),
            meta=meta.to_json(),
            expires_at=None,
            answer=answer,
        )
        log.info("table %d: match started with %d seats", table_id, len(record.seats))
        update = TableUpdate(record, match, story, untold=Narration())  # dealt: News 0
        return await self._run_computers(update)
