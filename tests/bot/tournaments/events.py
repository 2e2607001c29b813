"""What the tournament service tests share: a bot process's services over one store,
places for tables that count what was asked of them, and finishing a round's tables as
their players would (each result committed as a finished match)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass

from bot.store import SeatResult, Store, TableRecord, TableStatus, TournamentRecord
from bot.tables.service import Actor, TableService
from bot.tables.settings import TableSettings
from bot.tournaments.core import Place
from bot.tournaments.service import TournamentService
from bot.tournaments.settings import TournamentSettings

GUILD, CHANNEL = 10, 20
ORGANIZER = Actor(99, "Organizer")


class Places:
    """``open_place``: a channel of its own for each table, from a counter the test's
    processes share (``shared``: the tournament's channel, shared by its tables);
    ``fail_after``: the call after that many raises, as a process killed while opening
    a round would stop."""

    def __init__(
        self, channels: Iterator[int], fail_after: int | None = None, *, shared: bool = False
    ) -> None:
        self.channels = channels
        self.fail_after = fail_after
        self.shared = shared
        self.asked: list[tuple[int, int]] = []

    async def __call__(
        self, tournament: TournamentRecord, round_number: int, position: int
    ) -> Place:
        if self.fail_after is not None and len(self.asked) >= self.fail_after:
            raise RuntimeError("the process died here")
        self.asked.append((round_number, position))
        if self.shared:
            return Place(tournament.channel_id, shared=True)
        return Place(next(self.channels))


def channels() -> Iterator[int]:
    return itertools.count(1000)


@dataclass
class Process:
    """One bot process: its store and its two services."""

    store: Store
    tables: TableService
    tournaments: TournamentService
    places: Places


def process(store: Store, places: Places) -> Process:
    tables = TableService(store, new_seed=lambda: 7)
    return Process(store, tables, TournamentService(store, tables, places), places)


def two_processes(one: Store, two: Store) -> tuple[Process, Process]:
    """Two processes over the same database (``one``, ``two``: each one's connection),
    placing tables from one shared channel counter."""
    shared = channels()
    return process(one, Places(shared)), process(two, Places(shared))


def event(
    game: str,
    seats: int,
    format: str,
    rounds: int,
    *,
    fill: str | None = None,
    cap: int | None = None,
    target: int | None = None,
) -> TournamentSettings:
    table = TableSettings.build(game, seats=seats, target=target, turn_seconds=300, options={})
    return TournamentSettings.build(table, format=format, rounds=rounds, fill=fill, cap=cap)


async def signed_up(service: TournamentService, settings: TournamentSettings, people: int) -> int:
    """A tournament the organizer opened, with people P1, P2, … (user ids 1, 2, …) joined."""
    record = await service.create(GUILD, CHANNEL, ORGANIZER, settings)
    for user in range(1, people + 1):
        await service.join(record.id, Actor(user, f"P{user}"))
    return record.id


async def started(
    store: Store, settings: TournamentSettings, people: int
) -> tuple[Process, TournamentRecord]:
    """A process over ``store`` and its tournament (``settings``, with ``people`` joined),
    started by the organizer."""
    bot = process(store, Places(channels()))
    tournament_id = await signed_up(bot.tournaments, settings, people)
    return bot, await bot.tournaments.start(tournament_id, ORGANIZER)


async def round_tables(store: Store, tournament_id: int, round_number: int) -> list[TableRecord]:
    placed = await store.tournament_tables(tournament_id, round_number)
    tables = [await store.get_table(entry.table_id) for entry in placed]
    assert all(table is not None for table in tables)
    return [table for table in tables if table is not None]


async def finish(store: Store, table: TableRecord, totals: list[int]) -> None:
    """The table's match ends with these totals (seat order), as the service records one."""
    current = await store.get_table(table.id)
    assert current is not None and current.status is TableStatus.PLAYING
    lines = [
        SeatResult(index, seat.user_id, seat.name, seat.is_bot, totals[index])
        for index, seat in enumerate(current.seats)
    ]
    best = max(range(len(totals)), key=totals.__getitem__)
    await store.finish_match(
        table.id,
        current.version,
        state=current.state or {},
        result=lines,
        winner_user_id=None,
        winner_seat=best,
    )


async def finish_round(
    store: Store, tournament_id: int, round_number: int, rng: random.Random, top: int = 3
) -> list[TableRecord]:
    """Every table of the round still in play ends with random totals (ties happen);
    returns the round's tables."""
    tables = await round_tables(store, tournament_id, round_number)
    for table in tables:
        if table.status is TableStatus.PLAYING:
            await finish(store, table, [rng.randint(0, top) for _ in table.seats])
    return tables
