"""Timeouts and resuming: a long turn's player is reminded once, a turn whose time ran out
is passed (or played by the computer for a player away twice), and after a restart a
table's unfinished work is done."""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from datetime import datetime

from bot.games.narration import Narration, plain
from bot.games.words import words_for
from bot.store import StaleVersionError, TableRecord, TableStatus
from bot.tables.commands import mention
from bot.tables.computers import ComputerSeats
from bot.tables.core import TableUpdate
from bot.tables.languages import table_text
from bot.tables.seats import load_match
from engine.registry import game_spec

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Reminder:
    """A long turn's reminder, committed as sent: whom to tell, and by when they move."""

    record: TableRecord
    seat: int
    user_id: int
    deadline: datetime


class Timeouts(ComputerSeats):
    """Moving a table on without its players: turn timeouts, and resuming after a restart."""

    async def remind(self, table_id: int, turn: int) -> Reminder | None:
        """A quarter of a long turn is left: mark the reminder sent (committed first, so a
        restart never sends it twice) and say whom to remind; None when no reminder is
        due (the player moved, it was sent, or it is not time yet)."""
        async with self._lock(table_id):
            record = await self.store.get_table(table_id)
            if record is None or record.status is not TableStatus.PLAYING:
                return None
            meta = self._meta(record)
            due, now = meta.remind_at, self._clock()
            if meta.turn != turn or due is None or due > now:
                return None
            if meta.deadline is None or meta.deadline <= now:  # too late: the timeout is next
                return None
            seat = load_match(record).hand.current_player
            user_id = None if seat is None else record.seats[seat].user_id
            try:
                record = await self.store.update_table(
                    table_id, record.version, meta=replace(meta, remind_at=None).to_json()
                )
            except StaleVersionError:
                return None
            if seat is None or user_id is None:
                return None
            log.info("table %d: seat %d reminded of its turn", table_id, seat)
            return Reminder(record, seat, user_id, meta.deadline)

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
                text = table_text(record)
                story.announcements.append(text._("⏰ **{name}** ran out of time.", name=name))
                if count >= 2:
                    spec = game_spec(record.game)
                    words = words_for(spec)
                    meta = replace(meta, autopilot=meta.autopilot | {seat})
                    story.announcements.append(
                        text._(
                            "🤖 **{name}** timed out twice in a row: the computer plays for "
                            "them until they press **{button}** or use {command}.",
                            name=name,
                            button=text._(words.show_button),
                            command=mention(f"{spec.family} {words.show_command}", text),
                        )
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
