"""The table service: turns players' requests into engine moves and store commits.

It knows nothing about Discord. Its shared core (:mod:`bot.tables.core`) holds the store,
a lock per table, loading and committing; computer seats move in :mod:`bot.tables.computers`.
Every move is committed before the caller answers the player.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, replace

from bot.games.narration import Narration, plain
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
from bot.tables.computers import ComputerSeats
from bot.tables.core import RACE_MESSAGE, TableUpdate
from bot.tables.errors import (
    NotAllowedError,
    NotAtTableError,
    StaleControlError,
    TableClosedError,
    UserError,
)
from bot.tables.meta import News, TableMeta
from bot.tables.results import DRAWN_STAT, HINTS_STAT
from bot.tables.seats import (
    Actor,
    PlayerSeat,
    check_turn_token,
    load_match,
    player_on_turn_in,
    require_host,
    require_seat,
    seat_names,
    seat_of,
    table_settings,
)
from bot.tables.settings import TableSettings
from engine.errors import EngineError
from engine.match import Match
from engine.registry import game_spec
from engine.rng import derive_seed

__all__ = [
    "DRAWN_STAT",
    "HINTS_STAT",
    "Actor",
    "Hint",
    "PlayerSeat",
    "TableService",
    "TableUpdate",
    "hint_move",
    "load_match",
    "player_on_turn_in",
    "seat_names",
    "seat_of",
    "table_settings",
]

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Hint:
    """The hard computer's move for a player's turn, and how many hints they have used."""

    player: PlayerSeat
    move: str
    used: int


class TableService(ComputerSeats):
    """Lobby management and play for every table, backed by the store."""

    # ------------------------------------------------------------------ lobby

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
                seats=[Seat(user_id=creator.user_id, name=creator.name)],
                expires_at=self._clock() + self._lobby_timeout,
            )
        except ChannelBusyError as exc:
            busy = await self.store.open_table_in_channel(channel_id)
            family = game_spec(busy.game).family if busy else settings.spec.family
            raise UserError(
                f"This channel already has an open table. Join it with /{family} join, "
                f"or ask its creator to cancel it with /{family} cancel."
            ) from exc
        log.info("table %d: lobby opened in channel %d", record.id, channel_id)
        return record

    async def rematch(self, table_id: int, actor: Actor) -> TableRecord:
        """A player of a finished match opens a new lobby in the same channel with the same
        game, options and seats (computers at their levels); they host it, and anyone
        who would rather not play again can leave before the start."""
        record = await self.table(table_id)
        if record.status is not TableStatus.FINISHED:
            raise UserError("A rematch can be started once the match is over.")
        own = seat_of(record, actor.user_id)
        if own is None:
            raise NotAtTableError()
        settings, seats = record.settings, record.seats
        if table_settings(record).is_challenge:
            # A two-player rematch is a new challenge from the one who asked: a person
            # opposite gets Accept and Decline; a computer opposite is seated at once.
            other = record.seats[1 - own]
            seats = (record.seats[own], *([other] if other.is_bot else []))
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
                "This channel already has an open table: join that one, or finish it first."
            ) from exc
        log.info("table %d: rematch of table %d opened", created.id, table_id)
        return created

    async def join(self, table_id: int, actor: Actor) -> TableRecord:
        async with self._lock(table_id):
            record = await self._load_lobby(table_id)
            if seat_of(record, actor.user_id) is not None:
                raise UserError("You are already sitting at this table.")
            if self._options(record).is_challenge:  # its open seat is taken by accepting
                raise UserError("This table is a challenge: press **Accept** to play.")
            if len(record.seats) >= self._options(record).seats:
                raise UserError("This table is full.")
            seats = [*record.seats, Seat(user_id=actor.user_id, name=actor.name)]
            record = await self._update(record, seats=seats)
        log.info("table %d: a player joined (%d seats taken)", table_id, len(record.seats))
        return record

    async def leave(self, table_id: int, actor: Actor) -> TableRecord:
        """Give up a seat in the lobby; a lobby with no person left closes."""
        async with self._lock(table_id):
            record = await self._load_lobby(table_id, started="You cannot leave a match in play.")
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
            require_host(record, actor, "add computer players")
            if len(record.seats) >= self._options(record).seats:
                raise UserError("This table is full.")
            spec = game_spec(record.game)
            level = spec.default_level if level is None else level
            if level not in spec.levels:
                raise UserError(
                    f"{spec.title} computers play at {', '.join(spec.levels)}, not {level!r}."
                )
            number = 1 + sum(1 for s in record.seats if s.is_bot)
            name = f"Computer {number} ({level})"
            computer = Seat(user_id=None, name=name, is_bot=True, level=level)
            return await self._update(record, seats=[*record.seats, computer])

    async def cancel(self, table_id: int, actor: Actor) -> TableRecord:
        """Close a lobby or abandon a match in play (no result is recorded)."""
        async with self._lock(table_id):
            record = await self.table(table_id)
            if not record.is_open:
                raise TableClosedError("This table is already closed.")
            require_host(record, actor, "cancel the table")
            record = await self._update(
                record, status=TableStatus.CANCELLED, meta=self._meta(record).to_json()
            )
            self._forget(table_id)
        log.info("table %d: cancelled", table_id)
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
                raise UserError("You are already sitting at this table: wait for an opponent.")
            if settings.opponent_id is not None and settings.opponent_id != actor.user_id:
                raise NotAllowedError(
                    f"This challenge is for <@{settings.opponent_id}>; open your own with "
                    f"/{settings.spec.family} new."
                )
            if len(record.seats) >= settings.seats:
                raise UserError("This table is full.")
            seats = [*record.seats, Seat(user_id=actor.user_id, name=actor.name)]
            record = await self._update(record, seats=seats)
            log.info("table %d: challenge accepted", table_id)
            return await self._begin(record, answer)

    async def decline(self, table_id: int, actor: Actor) -> TableRecord:
        """The challenged person turns a challenge down: the lobby closes."""
        async with self._lock(table_id):
            record = await self._load_lobby(table_id)
            if self._options(record).opponent_id != actor.user_id:
                raise NotAllowedError(
                    "Only the person challenged can decline; the host can Withdraw."
                )
            record = await self._update(record, status=TableStatus.CANCELLED)
            self._forget(table_id)
        log.info("table %d: challenge declined", table_id)
        return record

    async def start(
        self, table_id: int, actor: Actor, answer: JsonObject | None = None
    ) -> TableUpdate:
        """Deal the first hand to everyone seated; computers play at once if they lead.
        ``answer``: as for :meth:`accept`."""
        async with self._lock(table_id):
            record = await self._load_lobby(table_id, started="This table has already started.")
            require_host(record, actor, "start the match")
            return await self._begin(record, answer)

    async def _begin(self, record: TableRecord, answer: JsonObject | None = None) -> TableUpdate:
        """Start the match of a lobby loaded under its lock."""
        table_id = record.id
        settings = self._options(record)
        spec = settings.spec
        if len(record.seats) < spec.min_seats:
            raise UserError(
                f"{spec.title} needs at least {spec.min_seats} players: wait for someone "
                "to join, or add a computer."
            )
        match = Match(
            spec.name, len(record.seats), settings.target, self._new_seed(), settings.options
        )
        words = words_for(spec)
        story = Narration(log=[f"{words.round_title} 1 {words.begins}"], hand_dealt=True)
        meta = TableMeta(log=tuple(story.log), news=(News(0, deal=True),))
        meta = replace(meta, deadline=self._deadline(record, match, meta))
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

    # ------------------------------------------------------------------ play

    async def player_seat(
        self, table_id: int, user_id: int
    ) -> tuple[PlayerSeat, TableUpdate | None]:
        """The user's seat at the table. Asking for it counts as being back: a seat the
        computer was playing after timeouts is handed back to its person."""
        async with self._lock(table_id):
            record = await self._load_playing(table_id)
            seat = require_seat(record, user_id)
            match = load_match(record)
            meta = self._meta(record)
            update: TableUpdate | None = None
            if seat in meta.autopilot:
                story = Narration(log=[f"{plain(record.seats[seat].name)} is back"])
                meta = replace(
                    meta,
                    autopilot=meta.autopilot - {seat},
                    timeouts={**meta.timeouts, seat: 0},
                    actor=user_id,
                ).with_log(story.log)
                meta = replace(meta, deadline=self._deadline(record, match, meta))
                record = await self._update(record, meta=meta.to_json())
                log.info("table %d: seat %d is back from the computer", table_id, seat)
                update = await self._run_computers(
                    TableUpdate(record, match, story, actor_id=user_id)
                )
                record, match = update.record, update.match
            return PlayerSeat(record, match, seat), update

    async def player_on_turn(self, table_id: int, user_id: int, turn: int) -> PlayerSeat:
        """The user's seat, checked to be on turn at the turn the control was issued."""
        return player_on_turn_in(await self.table(table_id), user_id, turn)

    async def legal_moves(self, table_id: int, user_id: int) -> tuple[PlayerSeat, list[str]]:
        """The moves the user could make right now (none when it is not their turn)."""
        record = await self._load_playing(table_id)
        player = PlayerSeat(record, load_match(record), require_seat(record, user_id))
        return player, [str(m) for m in player.hand.legal_moves()] if player.is_turn else []

    async def hint(self, table_id: int, user_id: int, turn: int | None = None) -> Hint:
        """The hard computer's move for the user's seat, decided from that seat's view
        alone (the same view and seed always give the same hint), and counted for the
        standings. ``turn``: the turn the Hint button was issued at (None: typed)."""
        record = await self._load_playing(table_id)
        seat = require_seat(record, user_id)
        if not table_settings(record).hints:
            raise UserError(
                "Hints are off at this table. The host can turn them on when opening a "
                "table (the hints option)."
            )
        if turn is not None:
            check_turn_token(record, turn)
        player = PlayerSeat(record, load_match(record), seat)
        if not player.is_turn:
            raise UserError(f"A hint is for your turn: {player.waiting_for}.")
        asked_at = self._meta(record).turn
        # The search runs outside the table's lock: the count below is bookkeeping that
        # only needs the turn not to have moved on meanwhile.
        move = await asyncio.to_thread(hint_move, player.match, seat, asked_at)

        def counted(current: TableRecord, meta: TableMeta) -> TableMeta | None:
            if meta.turn != asked_at:
                return None
            return replace(meta, hints={**meta.hints, seat: meta.hints.get(seat, 0) + 1})

        written = await self._edit_meta(table_id, counted, attempts=3)
        if written is None:
            raise StaleControlError()
        used = self._meta(written).hints[seat]
        log.info("table %d: seat %d asked for hint %d", table_id, seat, used)
        return Hint(PlayerSeat(written, player.match, seat), move, used)

    async def play(
        self,
        table_id: int,
        user_id: int,
        notation: str,
        turn: int | None = None,
        *,
        computers: bool = True,
        answer: Callable[[TableUpdate], JsonObject] | None = None,
    ) -> TableUpdate:
        """Play ``notation`` for the user's seat, then let computers move (unless
        ``computers`` is False: a publish job lets them move, in whichever process).
        ``answer``: what the mover's interaction is to be answered with, given the update
        about to be committed; the commit's publish job carries it.

        ``turn`` is the turn counter the control was issued at; a click from an older
        turn (a double click, a stale button) is refused without touching the table.
        """
        async with self._lock(table_id):
            record = await self._load_playing(table_id)
            seat = require_seat(record, user_id)
            if turn is not None:
                check_turn_token(record, turn)
            match = load_match(record)
            meta = self._meta(record)
            player = PlayerSeat(record, match, seat)
            if not player.is_turn:
                if turn is None:
                    await self._refuse_a_repeat(table_id, seat, notation, match)
                raise UserError(f"It is not your turn: {player.waiting_for}.")
            try:
                move = str(match.hand.parse_move(notation))
                events = match.play(seat, move)
            except EngineError as exc:
                raise UserError(str(exc)) from exc
            meta = replace(
                meta,
                autopilot=meta.autopilot - {seat},
                timeouts={**meta.timeouts, seat: 0},
            )
            try:
                update = await self._commit(
                    TableUpdate(record, match, Narration(), actor_id=user_id),
                    meta,
                    seat,
                    move,
                    events,
                    answer,
                )
            except StaleVersionError:
                # Another process committed first: the same double click, reaching it?
                await self._refuse_a_repeat(table_id, seat, move, match, since=meta.turn)
                raise StaleControlError(RACE_MESSAGE) from None
            return await self._run_computers(update) if computers else update

    async def _refuse_a_repeat(
        self, table_id: int, seat: int, notation: str, match: Match, since: int | None = None
    ) -> None:
        """A command sent twice (a double submit) finds its own move already made: say so
        rather than "not your turn". ``since``: the turn the caller read, when another
        process raced it (only the moves after it count then)."""
        try:
            wanted = str(match.hand.parse_move(notation))
        except EngineError:
            return
        moves = await self.store.moves(table_id)
        if since is not None:
            moves = moves[since:]
        mine = [move for move in moves if move.seat == seat]
        if mine and mine[-1 if since is None else 0].notation == wanted:
            raise StaleControlError(f"Your move {wanted} was already made.")

    async def timeout(self, table_id: int, turn: int) -> TableUpdate | None:
        """The turn timer ran out: the player passes (or the computer plays a lead that
        cannot be passed); two timeouts in a row hand the seat to the computer."""
        async with self._lock(table_id):
            record = await self.store.get_table(table_id)
            if record is None or record.status is not TableStatus.PLAYING:
                return None
            meta = self._meta(record)
            if meta.turn != turn or meta.deadline is None or meta.deadline > self._clock():
                return None
            match = load_match(record)
            seat = match.hand.current_player
            if seat is None or match.is_over:
                return None
            name = plain(record.seats[seat].name)
            story = Narration()
            if seat in meta.autopilot:
                move = await self._computer_move(record, match, seat, meta.turn)
            else:
                count = meta.timeouts.get(seat, 0) + 1
                meta = replace(meta, timeouts={**meta.timeouts, seat: count})
                move = str(match.hand.timeout_move())
                story.announcements.append(f"⏰ **{name}** ran out of time.")
                if count >= 2:
                    spec = game_spec(record.game)
                    words = words_for(spec)
                    meta = replace(meta, autopilot=meta.autopilot | {seat})
                    story.announcements.append(
                        f"🤖 **{name}** timed out twice in a row: the computer plays for them "
                        f"until they press **{words.show_button}** or use "
                        f"`/{spec.family} {words.show_command}`."
                    )
            log.info("table %d: seat %d timed out", table_id, seat)
            events = match.play(seat, move)
            try:
                update = await self._commit(
                    TableUpdate(record, match, story), meta, seat, move, events
                )
            except StaleVersionError:
                return None
            return await self._run_computers(update)

    async def resume(self, table_id: int) -> TableUpdate | None:
        """After a restart: finish what a killed process left half done (computer turns
        not yet played, a won match not yet recorded)."""
        async with self._lock(table_id):
            record = await self.store.get_table(table_id)
            if record is None or record.status is not TableStatus.PLAYING:
                return None
            match = load_match(record)
            update = TableUpdate(record, match, Narration())
            if match.is_over:
                return await self._finish(update)
            resumed = await self._run_computers(update)
            return None if resumed.record.version == record.version else resumed


def hint_move(match: Match, seat: int, turn: int) -> str:
    """The hint for ``seat`` at turn ``turn``: the hard computer's choice (the game's
    strongest level) from the seat's own view, with a seed fixed by the match and turn."""
    spec = game_spec(match.game)
    level = "hard" if "hard" in spec.levels else spec.levels[-1]
    return spec.computer(match.hand.view(seat), derive_seed(match.seed, "hint", turn), level)
