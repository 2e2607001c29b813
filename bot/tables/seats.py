"""Who sits where at a table, and whether a person may act there now.

Pure reading of a committed :class:`TableRecord`, shared by the service's requests and
by a worker finishing an answer from a record it read itself: no store, no lock.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from bot.games.narration import plain
from bot.games.words import words_for
from bot.store import Seat, TableRecord, TableStatus
from bot.tables.commands import Command
from bot.tables.errors import (
    NotAllowedError,
    NotAtTableError,
    StaleControlError,
    TableClosedError,
    UserError,
)
from bot.tables.meta import TableMeta
from bot.tables.settings import TableSettings
from engine.game import HandState
from engine.match import Match
from engine.registry import game_spec
from i18n import N_


@dataclass(frozen=True, slots=True)
class PlayerSeat:
    """One player at a running table: the table, its match and which seat is theirs.
    (What the seat may *see* of the hand is the engine's ``hand.view(seat)``; discord.py's
    ``View`` is only ever the controls of a message.)"""

    record: TableRecord
    match: Match
    seat: int

    @property
    def hand(self) -> HandState[Any]:
        return self.match.hand

    @property
    def turn(self) -> int:
        return TableMeta.from_json(self.record.meta).turn

    @property
    def is_turn(self) -> bool:
        return not self.match.is_over and self.hand.current_player == self.seat

    @property
    def deadline(self) -> datetime | None:
        return TableMeta.from_json(self.record.meta).deadline

    @property
    def waiting_for(self) -> str:
        """Why this seat cannot move now, in a sentence's end: "waiting for Bea to play"."""
        current = self.hand.current_player
        if current is None or self.match.is_over:
            return f"the {words_for(game_spec(self.record.game)).round} is over"
        return f"waiting for {plain(self.record.seats[current].name)} to play"

    def not_on_turn(self, *, hint: bool = False) -> UserError:
        """The refusal of a move (or, ``hint``, of a hint) while it is not this seat's
        turn, saying what it waits for, as a whole sentence for each case."""
        current = self.hand.current_player
        if current is None or self.match.is_over:
            game = words_for(game_spec(self.record.game)).round == "game"
            if hint:
                return UserError(
                    N_("A hint is for your turn: the game is over.")
                    if game
                    else N_("A hint is for your turn: the hand is over.")
                )
            return UserError(
                N_("It is not your turn: the game is over.")
                if game
                else N_("It is not your turn: the hand is over.")
            )
        name = plain(self.record.seats[current].name)
        if hint:
            return UserError(N_("A hint is for your turn: waiting for {name} to play."), name=name)
        return UserError(N_("It is not your turn: waiting for {name} to play."), name=name)


def seat_names(record: TableRecord) -> list[str]:
    return [seat.name for seat in record.seats]


def seat_of(record: TableRecord, user_id: int) -> int | None:
    """The seat a person holds at the table (a person holds at most one)."""
    for index, seat in enumerate(record.seats):
        if not seat.is_bot and seat.user_id == user_id:
            return index
    return None


def load_match(record: TableRecord) -> Match:
    if record.state is None:
        raise TableClosedError(N_("This table has not started yet."))
    return Match.from_json(record.state)


def table_settings(record: TableRecord) -> TableSettings:
    return TableSettings.from_json(record.game, record.settings)


def player_on_turn_in(
    record: TableRecord, user_id: int, turn: int | None, match: Match | None = None
) -> PlayerSeat:
    """The user's seat at ``record``, checked to be in play and on turn at ``turn`` (the
    turn its control was issued at; None: not checked): :class:`UserError` saying why not.
    Wherever the record was read (the service, or a worker finishing an answer)."""
    check_in_play(record)
    seat = require_seat(record, user_id)
    if turn is not None:
        check_turn_token(record, turn)
    player = PlayerSeat(record, load_match(record) if match is None else match, seat)
    if not player.is_turn:
        raise player.not_on_turn()
    return player


def computer_plays(record: TableRecord, meta: TableMeta, seat: int) -> bool:
    """Whether the computer moves for ``seat`` at once (no turn timer waits for it)."""
    if record.seats[seat].is_bot:
        return True
    # An absent player's seat is played at once only while someone else is playing;
    # when everybody is away the turn timer paces it instead.
    return seat in meta.autopilot and _someone_present(record, meta)


def _someone_present(record: TableRecord, meta: TableMeta) -> bool:
    return any(
        not seat.is_bot and index not in meta.autopilot for index, seat in enumerate(record.seats)
    )


def require_seat(record: TableRecord, user_id: int) -> int:
    seat = seat_of(record, user_id)
    if seat is None:
        raise NotAtTableError()
    return seat


def check_turn_token(record: TableRecord, turn: int) -> None:
    if TableMeta.from_json(record.meta).turn != turn:
        raise StaleControlError()


@dataclass(frozen=True, slots=True)
class Actor:
    """The person behind a request. ``can_manage``: they have Manage Server."""

    user_id: int
    name: str
    can_manage: bool = False
    locale: str | None = None
    """Their Discord language on this request, kept on their seat (:func:`seen_in`)."""


def seen_in(record: TableRecord, user_id: int, locale: str | None) -> list[Seat] | None:
    """The table's seats with ``user_id``'s seat keeping ``locale``, their Discord
    language as last seen (their DMs are written in it); None when nothing changes, so
    a request writes it only when it changed."""
    seat = seat_of(record, user_id)
    if locale is None or seat is None or record.seats[seat].locale == locale:
        return None
    seats = list(record.seats)
    seats[seat] = replace(seats[seat], locale=locale)
    return seats


def require_host(record: TableRecord, actor: Actor, refusal: str) -> None:
    """Only the host (or a server manager) may go on; ``refusal``: the marked sentence
    anyone else is told."""
    if actor.user_id != record.creator_id and not actor.can_manage:
        raise NotAllowedError(refusal)


def check_in_play(record: TableRecord) -> None:
    if record.status is TableStatus.LOBBY:
        raise UserError(N_("This table has not started yet."))
    if record.status is not TableStatus.PLAYING:
        raise closed_error(record)


def closed_error(record: TableRecord) -> TableClosedError:
    """The refusal of anything at a finished or closed table."""
    family = game_spec(record.game).family
    if record.status is TableStatus.FINISHED:
        return TableClosedError(
            N_("This table's match is over. Start a new one with {command}."),
            command=Command(f"{family} new"),
        )
    return TableClosedError(
        N_("This table is closed. Start a new one with {command}."),
        command=Command(f"{family} new"),
    )
