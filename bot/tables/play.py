"""Play: a player's seat at a running table, their legal moves, hints, and their move
committed before they are answered (computers then move, here or in a publish job)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, replace

from bot.games.narration import Narration, plain
from bot.store import JsonObject, StaleVersionError, TableRecord
from bot.tables.computers import ComputerSeats
from bot.tables.core import RACE_MESSAGE, TableUpdate
from bot.tables.errors import StaleControlError, UserError
from bot.tables.languages import table_text
from bot.tables.meta import TableMeta
from bot.tables.seats import (
    PlayerSeat,
    check_turn_token,
    load_match,
    player_on_turn_in,
    require_seat,
    seen_in,
    table_settings,
)
from engine.errors import EngineError
from engine.match import Match
from engine.registry import game_spec
from engine.rng import derive_seed
from i18n import LANGUAGES, N_, Text

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Hint:
    """The hard computer's move for a player's turn, and how many hints they have used."""

    player: PlayerSeat
    move: str
    used: int


def hint_move(match: Match, seat: int, turn: int) -> str:
    """The hint for ``seat`` at turn ``turn``: the hard computer's choice (the game's
    strongest level) from the seat's own view, with a seed fixed by the match and turn."""
    spec = game_spec(match.game)
    level = "hard" if "hard" in spec.levels else spec.levels[-1]
    return spec.computer(match.hand.view(seat), derive_seed(match.seed, "hint", turn), level)


class Play(ComputerSeats):
    """A player's requests during the match: their seat, moves, hints and plays."""

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
                name = plain(record.seats[seat].name)
                public = table_text(record)
                story = Narration(log=[public._("{name} is back", name=name)])
                told = {
                    language: [Text(language)._("{name} is back", name=name)]
                    for language in LANGUAGES
                    if language != public.language
                }
                meta = replace(
                    meta,
                    autopilot=meta.autopilot - {seat},
                    timeouts={**meta.timeouts, seat: 0},
                    actor=user_id,
                ).with_log(story.log, told)
                meta = self._timed(record, match, meta)
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
                N_(
                    "Hints are off at this table. The host can turn them on when opening a table "
                    "(the hints option)."
                )
            )
        if turn is not None:
            check_turn_token(record, turn)
        player = PlayerSeat(record, load_match(record), seat)
        if not player.is_turn:
            raise player.not_on_turn(hint=True)
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
        locale: str | None = None,
    ) -> TableUpdate:
        """Play ``notation`` for the user's seat, then let computers move (unless
        ``computers`` is False: a publish job lets them move, in whichever process).
        ``answer``: what the mover's interaction is to be answered with, given the update
        about to be committed; the commit's publish job carries it.

        ``turn`` is the turn counter the control was issued at; a click from an older
        turn (a double click, a stale button) is refused without touching the table.
        ``locale``: the player's Discord language, kept on their seat in the same commit
        when it changed.
        """
        async with self._lock(table_id):
            record = await self._load_playing(table_id)
            seat = require_seat(record, user_id)
            match = load_match(record)
            if turn is not None:
                check_turn_token(record, turn)
            meta = self._meta(record)
            player = PlayerSeat(record, match, seat)
            if not player.is_turn:
                if turn is None:
                    await self._refuse_a_repeat(table_id, seat, notation, match)
                raise player.not_on_turn()
            try:
                move = str(match.hand.parse_move(notation))
                events = match.play(seat, move)
            except EngineError as exc:
                raise UserError.of(exc) from exc
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
                    seen_in(record, user_id, locale),
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
            raise StaleControlError(N_("Your move {wanted} was already made."), wanted=wanted)
