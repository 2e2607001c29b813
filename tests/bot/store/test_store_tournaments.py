"""Tournaments in the store, on both backends: versioned transitions, and a round's
table created once however many writers race for it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.store import (
    Entrant,
    Seat,
    SeatResult,
    StaleVersionError,
    Store,
    TableStatus,
    TournamentNotFoundError,
    TournamentStatus,
)

SETTINGS = {"format": "swiss", "rounds": 3}
ADA, BEA = Entrant(1, "Ada"), Entrant(2, "Bea")


async def test_a_tournament_round_trips_and_each_change_bumps_its_version(
    store_target: str | Path,
) -> None:
    async with Store.open(store_target) as store:
        made = await store.create_tournament(10, 20, 1, "fido", SETTINGS, [ADA])
        assert (made.status, made.version, made.entrants, made.round) == (
            TournamentStatus.SIGNUP,
            0,
            (ADA,),
            0,
        )
        assert await store.get_tournament(made.id) == made
        running = await store.update_tournament(
            made.id,
            0,
            status=TournamentStatus.RUNNING,
            entrants=[ADA, Entrant(None, "Computer 1", level="normal")],
            pairings=[((0, 1),)],
        )
        assert running.version == 1
        assert running.pairings == (((0, 1),),)
        assert running.entrants[1].is_computer
        assert await store.get_tournament(made.id) == running
        listed = await store.tournaments_with_status(TournamentStatus.RUNNING)
        assert [t.id for t in listed] == [made.id]
        assert await store.tournaments_with_status(TournamentStatus.SIGNUP) == []


async def test_a_stale_write_changes_nothing(store_target: str | Path) -> None:
    async with Store.open(store_target) as one, Store.open(store_target) as two:
        made = await one.create_tournament(10, 20, 1, "fido", SETTINGS)
        await one.update_tournament(made.id, 0, entrants=[ADA])
        with pytest.raises(StaleVersionError) as raised:
            await two.update_tournament(made.id, 0, entrants=[BEA])
        assert raised.value.current_version == 1
        assert (await two.get_tournament(made.id)).entrants == (ADA,)  # type: ignore[union-attr]
        with pytest.raises(TournamentNotFoundError):
            await two.update_tournament(made.id + 99, 0, status=TournamentStatus.CANCELLED)


async def test_a_rounds_table_is_created_once_by_racing_processes(
    store_target: str | Path,
) -> None:
    """Four writers in two processes create round 1's first table, each in its own
    channel: one table and one row result, and every writer is handed that table."""
    async with Store.open(store_target) as one, Store.open(store_target) as two:
        made = await one.create_tournament(10, 20, 1, "fido", SETTINGS)
        seats = [Seat(1, "Ada"), Seat(2, "Bea")]
        outcomes = await asyncio.gather(
            *(
                store.create_tournament_table(
                    made.id,
                    1,
                    1,
                    guild_id=10,
                    channel_id=100 + index,
                    creator_id=1,
                    game="fido",
                    settings={"seats": 2},
                    seats=seats,
                )
                for index, store in enumerate((one, two, one, two))
            )
        )
        tables = {table.id for table, _ in outcomes}
        assert len(tables) == 1
        assert sorted(created for _, created in outcomes) == [False, False, False, True]
        rows = await two.tournament_tables(made.id)
        assert [(r.round, r.position, r.table_id) for r in rows] == [(1, 1, *tables)]
        table = await one.get_table(rows[0].table_id)
        assert table is not None and table.status is TableStatus.LOBBY
        assert [s.user_id for s in table.seats] == [1, 2]
        assert [t.id for t in await one.tables_of_player(2)] == [table.id]
        opened = [c for c in range(100, 104) if await one.open_table_in_channel(c) is not None]
        assert len(opened) == 1  # the losers' tables were rolled back with their rows
        found = await one.tournament_of_table(table.id)
        assert found is not None and (found.tournament_id, found.round) == (made.id, 1)
        assert await one.tournament_of_table(table.id + 1) is None


async def test_a_finished_tables_result_is_read_back(store_target: str | Path) -> None:
    async with Store.open(store_target) as store:
        made = await store.create_tournament(10, 20, 1, "fido", SETTINGS)
        table, _ = await store.create_tournament_table(
            made.id,
            1,
            1,
            guild_id=10,
            channel_id=30,
            creator_id=1,
            game="fido",
            settings={},
            seats=[Seat(1, "Ada"), Seat(2, "Bea")],
        )
        playing = await store.update_table(table.id, 0, status=TableStatus.PLAYING, state={})
        assert await store.match_results([table.id]) == {}
        lines = [SeatResult(0, 1, "Ada", False, 12), SeatResult(1, 2, "Bea", False, 30)]
        await store.finish_match(
            table.id, playing.version, state={}, result=lines, winner_user_id=2
        )
        assert await store.match_results([table.id]) == {table.id: tuple(lines)}
