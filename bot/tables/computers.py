"""Computer seats: the moves of computer players, and of absent players' seats, each
decided in a worker thread and committed on its own."""

from __future__ import annotations

import asyncio
import logging
from typing import Final

from bot.metrics.measures import COMPUTER_MOVE_SECONDS
from bot.store import StaleVersionError, TableRecord, TableStatus
from bot.tables.core import TableCore, TableUpdate
from bot.tables.seats import computer_plays
from engine.match import Match
from engine.registry import game_spec
from engine.rng import derive_seed

log = logging.getLogger(__name__)

MAX_COMPUTER_MOVES: Final = 1000
"""A safety stop for one run of computer turns; a real run is far shorter."""


class ComputerSeats(TableCore):
    """Playing the seats the computer moves for, until a person is to move."""

    def computer_to_move(self, record: TableRecord, match: Match) -> bool:
        """Whether the seat to move is played by the computer now (see
        :meth:`~bot.tables.timeouts.Timeouts.resume`)."""
        if record.status is not TableStatus.PLAYING:
            return False
        if match.is_over:
            return True  # the result is still to be recorded
        seat = match.hand.current_player
        return seat is not None and computer_plays(record, self._meta(record), seat)

    async def _run_computers(self, update: TableUpdate) -> TableUpdate:
        """Let computer seats (and absent players' seats, while someone is still playing)
        move, each move committed on its own, until a person is to move."""
        for _ in range(MAX_COMPUTER_MOVES):
            record, match = update.record, update.match
            if record.status is not TableStatus.PLAYING or match.is_over:
                break
            meta = self._meta(record)
            seat = match.hand.current_player
            if seat is None or not computer_plays(record, meta, seat):
                break
            move = await self._computer_move(record, match, seat, meta.turn)
            events = match.play(seat, move)
            try:
                update = await self._commit(update, meta, seat, move, events)
            except StaleVersionError:
                log.warning("table %d: another process moved first; stopping here", record.id)
                break
        return update

    @staticmethod
    async def _computer_move(record: TableRecord, match: Match, seat: int, turn: int) -> str:
        """The computer's move for ``seat``, decided from that seat's view alone, in a
        worker thread: a hard player searches for up to a second, and the gateway and the
        other tables must not wait for it. An absent player's seat is played at the game's
        default level."""
        spec = game_spec(match.game)
        level = record.seats[seat].level
        if not record.seats[seat].is_bot or level not in spec.levels:
            level = spec.default_level
        seed = derive_seed(match.seed, "computer", turn)
        with COMPUTER_MOVE_SECONDS.labels(match.game, level).time():
            return await asyncio.to_thread(spec.computer, match.hand.view(seat), seed, level)
