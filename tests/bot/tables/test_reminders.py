"""A long turn's reminder and deadline under a clock the test moves: the reminder once,
when a quarter is left (never twice, even from a second process or after a restart), and
the move made for the player when the whole turn has passed."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.store import Store, TableRecord
from bot.tables.meta import TableMeta
from bot.tables.service import TableService, TableUpdate
from bot.tables.timers import TableTimers
from tests.bot.tables.test_service import ADA, BEA, CHANNEL, GUILD, Clock, settings_for

TWO_DAYS = 2 * 86400


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(tmp_path: Path, clock: Clock) -> AsyncIterator[Store]:
    async with Store.open(tmp_path / "tables.db", clock=clock) as opened:
        yield opened


def service_on(store: Store, clock: Clock) -> TableService:
    return TableService(store, clock=clock, new_seed=lambda: 7)


async def started(service: TableService, turn_seconds: int) -> TableUpdate:
    record = await service.create(GUILD, CHANNEL, ADA, settings_for(turn_seconds=turn_seconds))
    await service.join(record.id, BEA)
    return await service.start(record.id, ADA)


def meta(record: TableRecord) -> TableMeta:
    return TableMeta.from_json(record.meta)


@pytest.fixture
async def long_turn(store: Store, clock: Clock) -> tuple[TableService, TableUpdate]:
    """A two-player table just started with two-day turns, and its service."""
    service = service_on(store, clock)
    return service, await started(service, TWO_DAYS)


async def test_a_long_turn_is_reminded_once_when_a_quarter_is_left(
    store: Store, clock: Clock, long_turn: tuple[TableService, TableUpdate]
) -> None:
    service, update = long_turn
    table, turn = update.record.id, meta(update.record).turn
    deadline = meta(update.record).deadline
    assert deadline == clock.now + timedelta(days=2)
    assert meta(update.record).remind_at == clock.now + timedelta(hours=36)

    clock.advance(36 * 3600 - 1)
    assert await service.remind(table, turn) is None  # not yet
    clock.advance(1)
    assert await service.remind(table, turn - 1) is None  # an older turn's wake-up
    reminder = await service.remind(table, turn)
    assert reminder is not None
    seat = update.match.hand.current_player
    assert seat is not None
    assert (reminder.seat, reminder.deadline) == (seat, deadline)
    assert reminder.user_id == update.record.seats[seat].user_id
    assert meta(reminder.record).remind_at is None  # committed as sent
    assert meta(reminder.record).deadline == deadline  # the turn's time is unchanged

    # Another service on the same store (a restarted process) does not remind again.
    again = service_on(store, clock)
    assert await again.remind(table, turn) is None


async def test_a_reminder_past_the_deadline_is_skipped_and_the_timeout_moves(
    clock: Clock, long_turn: tuple[TableService, TableUpdate]
) -> None:
    service, update = long_turn
    table, turn = update.record.id, meta(update.record).turn
    clock.advance(TWO_DAYS)
    assert await service.remind(table, turn) is None  # too late to say a quarter is left
    timed_out = await service.timeout(table, turn)
    assert timed_out is not None
    assert any("ran out of time" in line for line in timed_out.story.announcements)
    after = meta(timed_out.record)
    assert after.turn == turn + 1 and after.deadline == clock.now + timedelta(days=2)
    assert after.remind_at == clock.now + timedelta(hours=36)  # the next turn's reminder


async def test_a_short_turn_has_no_reminder(store: Store, clock: Clock) -> None:
    service = service_on(store, clock)
    update = await started(service, 3599)
    assert meta(update.record).deadline is not None
    assert meta(update.record).remind_at is None


async def test_timers_wake_for_the_reminder_then_the_deadline_from_the_stored_times(
    store: Store, clock: Clock
) -> None:
    """The timers re-read the clock every ``recheck`` seconds, so a turn of days is not one
    sleep, and a fresh set of timers (a restart) arms from the store alone."""
    service = service_on(store, clock)
    update = await started(service, TWO_DAYS)
    table, turn = update.record.id, meta(update.record).turn
    woke: list[tuple[str, int, int]] = []
    event = asyncio.Event()

    async def on_remind(table_id: int, at: int) -> None:
        woke.append(("remind", table_id, at))
        event.set()

    async def on_turn(table_id: int, at: int) -> None:
        woke.append(("turn", table_id, at))
        event.set()

    async def on_lobby(table_id: int) -> None:
        raise AssertionError("no lobby here")

    timers = TableTimers(on_turn, on_lobby, on_remind, clock=clock, recheck=0.01)
    timers.track(update.record)
    await asyncio.sleep(0.05)
    assert woke == []  # two days have not passed on this clock
    clock.advance(36 * 3600)
    await asyncio.wait_for(event.wait(), 5)
    assert woke == [("remind", table, turn)]
    reminder = await service.remind(table, turn)
    assert reminder is not None
    await timers.close()

    restarted = TableTimers(on_turn, on_lobby, on_remind, clock=clock, recheck=0.01)
    record = await store.get_table(table)
    assert record is not None
    restarted.track(record)  # the reminder was sent: only the deadline is left
    event.clear()
    await asyncio.sleep(0.05)
    assert len(woke) == 1
    clock.advance(12 * 3600)
    await asyncio.wait_for(event.wait(), 5)
    assert woke[-1] == ("turn", table, turn)
    await restarted.close()
