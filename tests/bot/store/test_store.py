"""Behaviour of the persistent store: round-trips, versioning, move log, results, restarts."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta, timezone
from itertools import pairwise
from pathlib import Path

import asyncpg
import pytest

from bot.store import (
    SCHEMA_VERSION,
    ChannelBusyError,
    FinishedMatchRecord,
    PublishJob,
    SeatResult,
    StaleVersionError,
    Store,
    TableNotFoundError,
    TableRecord,
    TableStateError,
    TableStatus,
)
from bot.store import Seat as S
from tests.bot.store.queries import finished_match

GUILD = 111
T0 = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


class FakeClock:
    """A clock the test moves by hand; every reading is a distinct, later instant."""

    def __init__(self, start: datetime = T0) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(milliseconds=1)
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "nested" / "dir" / "tables.db"


@pytest.fixture
async def store(store_target: str | Path, clock: FakeClock) -> AsyncIterator[Store]:
    async with Store.open(store_target, clock=clock) as opened:
        yield opened


SEATS = [
    S(user_id=1001, name="Ada"),
    S(user_id=None, name="Domino Dan", is_bot=True, level="hard"),
    S(user_id=1002, name="Bea"),
]
SETTINGS = {"target": 150, "seats": 3, "turn_timer": 90, "variant": {"spinner": True}}
STATE = {
    "hand": 1,
    "scores": [0, 0, 0],
    "board": [[6, 6], [6, 3], None],
    "note": "ünïcødé ✓ 🁣",
    "ratio": 0.25,
    "big": 2**62,
    "flags": {"passed": [False, True, False]},
}


async def new_table(
    store: Store, channel_id: int = 500, expires_at: datetime | None = None
) -> TableRecord:
    return await store.create_table(
        guild_id=GUILD,
        channel_id=channel_id,
        creator_id=1001,
        game="network",
        settings=SETTINGS,
        seats=SEATS,
        expires_at=expires_at,
    )


async def playing_table(store: Store, channel_id: int = 500) -> TableRecord:
    table = await new_table(store, channel_id)
    return await store.update_table(
        table.id, table.version, status=TableStatus.PLAYING, state=STATE
    )


# ---------------------------------------------------------------- open / schema


async def test_open_creates_parent_directory_schema_and_wal(db_path: Path) -> None:
    async with Store.open(db_path) as store:
        assert store.backend == "sqlite"
        await check_sqlite_file(db_path, store)


async def check_sqlite_file(db_path: Path, store: Store) -> None:
    assert db_path.is_file()
    assert await store.schema_version() == SCHEMA_VERSION
    pragmas = await store.pragmas()
    assert pragmas["journal_mode"] == "wal"
    assert pragmas["foreign_keys"] == 1
    assert pragmas["synchronous"] == 1  # NORMAL
    # WAL is a property of the file, so any other connection sees it too.
    raw = sqlite3.connect(db_path)
    try:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        names = {row[0] for row in raw.execute("SELECT name FROM sqlite_master")}
    finally:
        raw.close()
    assert {"tables", "moves", "finished_matches", "standings"} <= names


async def test_await_open_and_closed_store_refuses_work(store_target: str | Path) -> None:
    store = await Store.open(store_target)
    await store.close()
    await store.close()  # idempotent
    with pytest.raises(Exception, match="closed"):
        await store.get_table(1)


# ---------------------------------------------------------------- create / get / update


async def test_create_and_get_round_trip(store: Store, clock: FakeClock) -> None:
    expires = T0 + timedelta(minutes=15)
    table = await new_table(store, expires_at=expires)
    assert table.version == 0
    assert table.status is TableStatus.LOBBY
    assert table.settings == SETTINGS
    assert table.seats == tuple(SEATS)
    assert table.state is None
    assert table.meta == {}
    assert table.message_id is None
    assert table.expires_at == expires
    assert table.created_at == table.updated_at == clock.now
    assert await store.get_table(table.id) == table
    assert await store.get_table(table.id + 1) is None


async def test_update_changes_only_given_fields_and_bumps_version(store: Store) -> None:
    table = await new_table(store, expires_at=T0 + timedelta(minutes=5))
    updated = await store.update_table(table.id, 0, message_id=9_876_543_210_123)
    assert updated.version == 1
    assert updated.message_id == 9_876_543_210_123
    assert updated.settings == table.settings
    assert updated.seats == table.seats
    assert updated.expires_at == table.expires_at
    assert updated.updated_at > table.updated_at
    assert updated.created_at == table.created_at

    meta = {"closed_dms": [1002], "timeouts": {"0": 2}, "dm_messages": {"1001": 42}}
    new_seats = [*SEATS[:2], S(user_id=1003, name="Cyd")]
    again = await store.update_table(
        table.id,
        1,
        status=TableStatus.PLAYING,
        state=STATE,
        meta=meta,
        seats=new_seats,
        expires_at=None,
    )
    assert again.version == 2
    assert again.status is TableStatus.PLAYING
    assert again.state == STATE
    assert again.meta == meta
    assert again.seats == tuple(new_seats)
    assert again.expires_at is None
    assert again.message_id == 9_876_543_210_123  # untouched
    assert await store.get_table(table.id) == again

    cleared = await store.update_table(table.id, 2, message_id=None, state=None)
    assert cleared.message_id is None
    assert cleared.state is None
    assert cleared.meta == meta


async def test_returned_records_are_independent_copies(store: Store) -> None:
    table = await playing_table(store)
    assert table.state is not None
    table.state["scores"][0] = 999
    fresh = await store.get_table(table.id)
    assert fresh is not None and fresh.state == STATE


async def test_stale_update_is_rejected_and_changes_nothing(store: Store) -> None:
    table = await new_table(store)
    current = await store.update_table(table.id, 0, meta={"a": 1})
    with pytest.raises(StaleVersionError) as caught:
        await store.update_table(table.id, 0, meta={"b": 2}, status=TableStatus.CANCELLED)
    assert caught.value.current_version == 1
    assert caught.value.expected_version == 0
    assert caught.value.table_id == table.id
    assert await store.get_table(table.id) == current


async def test_unknown_table_is_reported(store: Store) -> None:
    with pytest.raises(TableNotFoundError):
        await store.update_table(404, 0, meta={})
    with pytest.raises(TableNotFoundError):
        await store.commit_move(404, 0, hand_number=1, seat=0, notation="x", state={})


async def test_naive_timestamps_are_refused(store: Store) -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        await new_table(store, expires_at=datetime(2025, 1, 1))
    assert await store.open_tables() == []


async def test_status_rules(store: Store) -> None:
    lobby = await new_table(store)
    with pytest.raises(TableStateError):
        await store.commit_move(lobby.id, 0, hand_number=1, seat=0, notation="6-6", state={})
    with pytest.raises(ValueError, match="finish_match"):
        await store.update_table(lobby.id, 0, status=TableStatus.FINISHED)
    cancelled = await store.update_table(lobby.id, 0, status=TableStatus.CANCELLED)
    with pytest.raises(TableStateError):
        await store.update_table(lobby.id, cancelled.version, status=TableStatus.LOBBY)
    # Bookkeeping on a closed table is still allowed (e.g. editing its final message).
    edited = await store.update_table(lobby.id, cancelled.version, message_id=77)
    assert edited.status is TableStatus.CANCELLED and edited.message_id == 77


# ---------------------------------------------------------------- listing


async def test_one_open_table_per_channel(store: Store) -> None:
    first = await new_table(store, channel_id=1)
    with pytest.raises(ChannelBusyError) as caught:
        await new_table(store, channel_id=1)
    assert caught.value.table_id == first.id
    other = await new_table(store, channel_id=2)
    assert await store.open_table_in_channel(1) == first
    assert await store.open_table_in_channel(2) == other
    assert await store.open_table_in_channel(3) is None

    await store.update_table(first.id, 0, status=TableStatus.CANCELLED)
    assert await store.open_table_in_channel(1) is None
    replacement = await new_table(store, channel_id=1)
    assert await store.open_table_in_channel(1) == replacement


async def test_open_tables_lists_lobbies_and_games_only(store: Store) -> None:
    lobby = await new_table(store, channel_id=1)
    playing = await playing_table(store, channel_id=2)
    cancelled = await new_table(store, channel_id=3)
    await store.update_table(cancelled.id, 0, status=TableStatus.CANCELLED)
    finished = await playing_table(store, channel_id=4)
    await store.finish_match(
        finished.id,
        finished.version,
        state=STATE,
        result=[SeatResult(0, 1001, "Ada", False, 10, {"rings": 0, "best_hand": 10})],
        winner_user_id=1001,
    )
    assert [t.id for t in await store.open_tables()] == [lobby.id, playing.id]


async def test_open_tables_give_each_lobby_its_expiry(store: Store) -> None:
    """What the lobby timers are armed from after a restart: every open lobby with the
    instant it closes, whatever timezone that was given in, and none for a started game."""
    soon = await new_table(store, channel_id=1, expires_at=T0 + timedelta(minutes=1))
    tokyo = timezone(timedelta(hours=9))
    later = await new_table(
        store, channel_id=2, expires_at=(T0 + timedelta(minutes=10)).astimezone(tokyo)
    )
    endless = await new_table(store, channel_id=3)
    started = await new_table(store, channel_id=4, expires_at=T0 - timedelta(minutes=1))
    await store.update_table(
        started.id, 0, status=TableStatus.PLAYING, state=STATE, expires_at=None
    )

    listed = {t.id: (t.status, t.expires_at) for t in await store.open_tables()}
    assert listed == {
        soon.id: (TableStatus.LOBBY, T0 + timedelta(minutes=1)),
        later.id: (TableStatus.LOBBY, T0 + timedelta(minutes=10)),
        endless.id: (TableStatus.LOBBY, None),
        started.id: (TableStatus.PLAYING, None),
    }
    # Read back in UTC, so the service's check against its clock compares instants.
    assert all(e is None or e.utcoffset() == timedelta(0) for _, e in listed.values())


# ---------------------------------------------------------------- moves


async def test_commit_move_updates_state_and_appends_in_order(store: Store) -> None:
    table = await playing_table(store)
    notations = ["6-6", "6-3", "pass", "3-1", "draw"]
    for index, notation in enumerate(notations):
        state = {**STATE, "turn": index + 1}
        table = await store.commit_move(
            table.id,
            table.version,
            hand_number=1 + index // 3,
            seat=index % 3,
            notation=notation,
            state=state,
            meta={"timeouts": index} if index == 4 else None,
        )
        assert table.state == state
    assert table.version == 1 + len(notations)
    assert table.meta == {"timeouts": 4}

    log = await store.moves(table.id)
    assert [m.seq for m in log] == [1, 2, 3, 4, 5]
    assert [m.notation for m in log] == notations
    assert [m.seat for m in log] == [0, 1, 2, 0, 1]
    assert [m.hand_number for m in log] == [1, 1, 1, 2, 2]
    assert all(earlier.created_at < later.created_at for earlier, later in pairwise(log))
    assert [m.notation for m in await store.moves(table.id, hand_number=2)] == ["3-1", "draw"]


async def test_move_logs_are_per_table(store: Store) -> None:
    a = await playing_table(store, channel_id=1)
    b = await playing_table(store, channel_id=2)
    a = await store.commit_move(a.id, a.version, hand_number=1, seat=0, notation="a1", state={})
    b = await store.commit_move(b.id, b.version, hand_number=1, seat=0, notation="b1", state={})
    a = await store.commit_move(a.id, a.version, hand_number=1, seat=1, notation="a2", state={})
    assert [(m.seq, m.notation) for m in await store.moves(a.id)] == [(1, "a1"), (2, "a2")]
    assert [(m.seq, m.notation) for m in await store.moves(b.id)] == [(1, "b1")]


async def test_stale_move_is_rejected_and_not_logged(store: Store) -> None:
    table = await playing_table(store)
    moved = await store.commit_move(
        table.id, table.version, hand_number=1, seat=0, notation="6-6", state={"n": 1}
    )
    with pytest.raises(StaleVersionError) as caught:
        await store.commit_move(
            table.id, table.version, hand_number=1, seat=0, notation="6-5", state={"n": 2}
        )
    assert caught.value.current_version == moved.version
    assert await store.get_table(table.id) == moved
    assert [m.notation for m in await store.moves(table.id)] == ["6-6"]


async def test_move_log_is_unique_and_append_only_in_postgresql(postgres_url: str) -> None:
    async with Store.open(postgres_url) as store:
        assert store.backend == "postgresql"
        table = await playing_table(store)
        await store.commit_move(
            table.id, table.version, hand_number=1, seat=0, notation="x", state={}
        )
    raw = await asyncpg.connect(postgres_url)
    try:
        with pytest.raises(asyncpg.UniqueViolationError):
            await raw.execute(
                "INSERT INTO moves (table_id, seq, hand_number, seat, notation, created_at)"
                " VALUES ($1, 1, 1, 0, 'dup', 'now')",
                table.id,
            )
        with pytest.raises(asyncpg.RaiseError, match="append-only"):
            await raw.execute("UPDATE moves SET notation = 'forged'")
        with pytest.raises(asyncpg.RaiseError, match="append-only"):
            await raw.execute("DELETE FROM moves")
        assert await raw.fetchval("SELECT notation FROM moves") == "x"
    finally:
        await raw.close()


async def test_move_log_is_unique_and_append_only(db_path: Path) -> None:
    async with Store.open(db_path) as store:
        await check_sqlite_append_only(db_path, store)


async def check_sqlite_append_only(db_path: Path, store: Store) -> None:
    table = await playing_table(store)
    await store.commit_move(table.id, table.version, hand_number=1, seat=0, notation="x", state={})
    raw = sqlite3.connect(db_path)
    try:
        with pytest.raises(sqlite3.IntegrityError):
            raw.execute(
                "INSERT INTO moves (table_id, seq, hand_number, seat, notation, created_at)"
                " VALUES (?, 1, 1, 0, 'dup', 'now')",
                (table.id,),
            )
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            raw.execute("UPDATE moves SET notation = 'forged'")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            raw.execute("DELETE FROM moves")
        raw.rollback()
    finally:
        raw.close()
    assert [m.notation for m in await store.moves(table.id)] == ["x"]


# ---------------------------------------------------------------- results and standings


NETWORK_COMBINE = {"rings": "sum", "best_hand": "max"}


def line(
    seat: int, user: int | None, total: int, rings: int, best: int, bot: bool = False
) -> SeatResult:
    return SeatResult(seat, user, f"p{seat}", bot, total, {"rings": rings, "best_hand": best})


async def play_and_finish(
    store: Store,
    channel_id: int,
    result: list[SeatResult],
    winner_user_id: int | None,
    winner_seat: int | None = None,
    game: str = "network",
    combine: dict[str, str] | None = NETWORK_COMBINE,
) -> TableRecord:
    table = await store.create_table(GUILD, channel_id, 1001, game, SETTINGS, SEATS)
    table = await store.update_table(table.id, 0, status=TableStatus.PLAYING, state=STATE)
    return await store.finish_match(
        table.id,
        table.version,
        state={"final": True},
        result=result,
        winner_user_id=winner_user_id,
        winner_seat=winner_seat,
        combine=combine,
    )


async def test_finish_match_records_result_and_updates_standings(store: Store) -> None:
    first = [
        line(0, 1001, 160, 3, 45),
        line(1, None, 170, 4, 60, bot=True),
        line(2, 1002, 90, 1, 30),
    ]
    finished = await play_and_finish(store, 1, first, winner_user_id=1001)
    assert finished.status is TableStatus.FINISHED
    assert finished.state == {"final": True}
    assert finished.version == 2

    match = await finished_match(store, finished.id, GUILD, "network")
    assert match is not None
    assert match.result == tuple(first)
    assert match.result[0].stats == {"rings": 3, "best_hand": 45}
    assert (match.winner_user_id, match.winner_seat) == (1001, 0)
    assert (match.guild_id, match.game) == (GUILD, "network")

    # A computer player that even has an account id never enters the standings.
    second = [
        line(0, 1002, 150, 2, 70),
        line(1, 999, 20, 9, 99, bot=True),
        line(2, 1001, 40, 0, 20),
    ]
    await play_and_finish(store, 2, second, winner_user_id=1002)

    rows = await store.standings(GUILD, "network")
    # rings are summed, best_hand keeps the larger of the two matches.
    assert [(r.user_id, r.matches_played, r.matches_won, r.points, r.stats) for r in rows] == [
        (1002, 2, 1, 240, {"rings": 3, "best_hand": 70}),
        (1001, 2, 1, 200, {"rings": 3, "best_hand": 45}),
    ]
    assert {r.user_id for r in rows}.isdisjoint({999})
    matches = await store.finished_matches(GUILD, "network")
    assert [m.table_id for m in matches] == [finished.id, finished.id + 1]


async def test_stats_missing_from_combine_are_summed_and_new_stats_join(store: Store) -> None:
    def seat(stats: dict[str, int]) -> list[SeatResult]:
        return [SeatResult(0, 7, "Gil", False, 10, stats)]

    combine = {"best": "max", "count": "sum"}
    await play_and_finish(store, 1, seat({"best": 30, "count": 2, "other": 5}), 7, combine=combine)
    await play_and_finish(store, 2, seat({"best": 20, "count": 3, "other": 4}), 7, combine=combine)
    await play_and_finish(store, 3, seat({"best": 25, "fresh": 1}), None, combine=combine)
    [row] = await store.standings(GUILD, "network")
    assert row.stats == {"best": 30, "count": 5, "other": 9, "fresh": 1}
    assert (row.matches_played, row.matches_won, row.points) == (3, 2, 30)

    # Without any combine rules every stat is summed.
    await play_and_finish(store, 4, seat({"best": 25}), None, combine=None)
    [row] = await store.standings(GUILD, "network")
    assert row.stats["best"] == 55


async def test_a_user_in_two_seats_counts_once_with_stats_merged(store: Store) -> None:
    result = [
        SeatResult(0, 5, "Ann", False, 40, {"rings": 2, "best_hand": 25}),
        SeatResult(1, None, "Bot", True, 90, {"rings": 7, "best_hand": 90}),
        SeatResult(2, 5, "Ann (2)", False, 60, {"rings": 1, "best_hand": 35}),
    ]
    await play_and_finish(store, 1, result, winner_user_id=5, winner_seat=2)
    [row] = await store.standings(GUILD, "network")
    assert (row.user_id, row.name, row.matches_played, row.matches_won, row.points) == (
        5,
        "Ann (2)",
        1,
        1,
        100,
    )
    assert row.stats == {"rings": 3, "best_hand": 35}

    # The merged line then merges with the stored row by the same rules.
    again = [
        SeatResult(0, 5, "Ann", False, 10, {"rings": 4, "best_hand": 30}),
        SeatResult(1, 5, "Ann", False, 5, {"rings": 0, "best_hand": 33}),
    ]
    await play_and_finish(store, 2, again, winner_user_id=None)
    [row] = await store.standings(GUILD, "network")
    assert (row.matches_played, row.matches_won, row.points) == (2, 1, 115)
    assert row.stats == {"rings": 7, "best_hand": 35}


async def test_only_computers_seated_leaves_standings_empty(store: Store) -> None:
    result = [line(0, None, 10, 1, 10, bot=True), line(1, 42, 20, 2, 20, bot=True)]
    finished = await play_and_finish(store, 1, result, winner_user_id=None, winner_seat=1)
    assert finished.status is TableStatus.FINISHED
    assert await finished_match(store, finished.id, GUILD, "network") is not None
    assert await store.standings(GUILD, "network") == []
    assert await store.standings_games(GUILD) == []


async def test_unknown_combine_rule_writes_nothing(store: Store) -> None:
    table = await playing_table(store)
    with pytest.raises(ValueError, match="combine rule"):
        await store.finish_match(
            table.id,
            table.version,
            state={},
            result=[line(0, 1001, 10, 1, 10)],
            winner_user_id=1001,
            combine={"rings": "avg"},
        )
    assert await store.get_table(table.id) == table
    assert await store.finished_matches(GUILD, "network") == []


async def test_computer_winner_gives_no_human_a_win(store: Store) -> None:
    result = [line(0, 1001, 50, 0, 10), line(1, None, 200, 5, 80, bot=True)]
    finished = await play_and_finish(store, 1, result, winner_user_id=None, winner_seat=1)
    match = await finished_match(store, finished.id, GUILD, "network")
    assert match is not None and (match.winner_seat, match.winner_user_id) == (1, None)
    [row] = await store.standings(GUILD, "network")
    assert (row.user_id, row.matches_played, row.matches_won) == (1001, 1, 0)


async def test_standings_ordering_game_filter_and_limit(store: Store) -> None:
    await play_and_finish(store, 1, [line(0, 1, 100, 0, 5), line(1, 2, 50, 0, 5)], 1)
    await play_and_finish(store, 2, [line(0, 2, 100, 0, 5), line(1, 3, 500, 0, 5)], 2)
    other = [
        SeatResult(0, 3, "p0", False, 10, {"tricks": 4}),
        SeatResult(1, 1, "p1", False, 0, {"tricks": 1}),
    ]
    await play_and_finish(store, 3, other, 3, game="other", combine={"tricks": "sum"})

    network = await store.standings(GUILD, "network")
    # wins first (1 each for users 1 and 2), then points; user 3 has no network win.
    assert [r.user_id for r in network] == [2, 1, 3]
    assert all(r.game == "network" for r in network)
    assert network[0].stats == {"rings": 0, "best_hand": 5}
    assert [(r.user_id, r.stats) for r in await store.standings(GUILD, "other")] == [
        (3, {"tricks": 4}),
        (1, {"tricks": 1}),
    ]

    assert [r.user_id for r in await store.standings(GUILD, "network", limit=1)] == [2]
    assert [r.user_id for r in await store.standings(GUILD, "network", limit=2)] == [2, 1]
    assert await store.standings(GUILD + 1, "network") == []
    assert await store.standings(GUILD, "nothing") == []


async def test_standings_games_most_recently_updated_first(store: Store) -> None:
    assert await store.standings_games(GUILD) == []
    await play_and_finish(store, 1, [line(0, 1, 10, 0, 5)], 1, game="network")
    await play_and_finish(store, 2, [line(0, 1, 10, 0, 5)], 1, game="all-fives")
    await play_and_finish(store, 3, [line(0, 2, 10, 0, 5)], 2, game="block")
    assert await store.standings_games(GUILD) == ["block", "all-fives", "network"]
    # A new network result moves it to the front; a computer-only game never appears.
    await play_and_finish(store, 4, [line(0, 2, 10, 0, 5)], 2, game="network")
    await play_and_finish(
        store, 5, [line(0, None, 10, 0, 5, bot=True)], None, winner_seat=0, game="draw"
    )
    assert await store.standings_games(GUILD) == ["network", "block", "all-fives"]
    assert await store.standings_games(GUILD + 1) == []


class StoppedClock:
    """A clock that reads what the test last set, however often it is read."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


async def test_finished_matches_of_a_game_in_finishing_order_within_a_window(
    store_target: str | Path,
) -> None:
    """The history a rating replays: one guild's game, by finish time then id, and only
    what finished strictly inside the window asked for."""
    clock = StoppedClock()
    async with Store.open(store_target, clock=clock) as store:
        await check_finishing_order(store, clock)


async def check_finishing_order(store: Store, clock: StoppedClock) -> None:
    day = timedelta(days=1)
    finished: dict[str, int] = {}

    async def finish(name: str, at: datetime, game: str = "network") -> None:
        clock.now = at
        record = await play_and_finish(
            store, len(finished) + 1, [line(0, 1, 5, 0, 5)], 1, game=game
        )
        finished[name] = record.id

    await finish("late", T0 + 2 * day)
    await finish("early", T0)  # a second process whose clock is behind: written later
    await finish("tie-a", T0 + day)
    await finish("tie-b", T0 + day)  # the same instant: the smaller id first
    await finish("other-game", T0 + day, game="block")
    await store.create_table(GUILD + 1, 99, 1, "network", SETTINGS, SEATS)  # another guild

    def names(records: list[FinishedMatchRecord]) -> list[str]:
        by_id = {number: name for name, number in finished.items()}
        return [by_id[record.table_id] for record in records]

    assert names(await store.finished_matches(GUILD, "network")) == [
        "early",
        "tie-a",
        "tie-b",
        "late",
    ]
    assert names(await store.finished_matches(GUILD, "network", after=T0, before=T0 + 2 * day)) == [
        "tie-a",
        "tie-b",
    ]
    assert names(await store.finished_matches(GUILD, "network", before=T0 + day)) == ["early"]
    assert names(await store.finished_matches(GUILD, "block")) == ["other-game"]
    assert await store.finished_matches(GUILD + 1, "network") == []
    [first] = await store.finished_matches(GUILD, "network", before=T0 + day)
    assert first == await finished_match(store, finished["early"], GUILD, "network")


async def test_finish_match_is_version_checked_and_single_shot(store: Store) -> None:
    table = await playing_table(store)
    result = [line(0, 1001, 10, 0, 10)]
    done = await store.finish_match(
        table.id, table.version, state={}, result=result, winner_user_id=1001
    )
    with pytest.raises(StaleVersionError):
        await store.finish_match(
            table.id, table.version, state={}, result=result, winner_user_id=1001
        )
    with pytest.raises(TableStateError):
        await store.finish_match(
            table.id, done.version, state={}, result=result, winner_user_id=1001
        )
    [row] = await store.standings(GUILD, "network")
    assert row.matches_played == 1


@pytest.mark.parametrize(
    ("result", "winner_user_id", "winner_seat"),
    [
        pytest.param([], None, None, id="empty"),
        pytest.param([line(0, 1, 0, 0, 0), line(0, 2, 0, 0, 0)], 1, None, id="seat-twice"),
        pytest.param([line(0, 1, 0, 0, 0)], 2, None, id="winner-not-seated"),
        pytest.param([line(0, 1, 0, 0, 0)], 1, 3, id="winner-seat-missing"),
        pytest.param([line(0, 1, 0, 0, 0), line(1, 2, 0, 0, 0)], 1, 1, id="seat-user-mismatch"),
    ],
)
async def test_inconsistent_result_writes_nothing(
    store: Store,
    result: list[SeatResult],
    winner_user_id: int | None,
    winner_seat: int | None,
) -> None:
    table = await playing_table(store)
    with pytest.raises(ValueError):
        await store.finish_match(
            table.id,
            table.version,
            state={},
            result=result,
            winner_user_id=winner_user_id,
            winner_seat=winner_seat,
        )
    assert await store.get_table(table.id) == table
    assert await store.finished_matches(GUILD, "network") == []
    assert await store.standings(GUILD, "network") == []


# ---------------------------------------------------------------- restart


async def test_everything_survives_a_restart(store_target: str | Path, clock: FakeClock) -> None:
    async with Store.open(store_target, clock=clock) as store:
        table = await playing_table(store, channel_id=7)
        for n in range(3):
            table = await store.commit_move(
                table.id,
                table.version,
                hand_number=1,
                seat=n,
                notation=f"m{n}",
                state={**STATE, "turn": n},
            )
        table = await store.update_table(table.id, table.version, meta={"dm": {"1001": 5}})
        lobby = await new_table(store, channel_id=8, expires_at=T0 + timedelta(hours=1))
        done = await play_and_finish(store, 9, [line(0, 1001, 12, 1, 12)], 1001)
        moves_before = await store.moves(table.id)
        standings_before = await store.standings(GUILD, "network")
        match_before = await finished_match(store, done.id, GUILD, "network")

    async with Store.open(store_target, clock=clock) as restarted:
        assert await restarted.open_tables() == [table, lobby]
        assert await restarted.open_table_in_channel(7) == table
        assert await restarted.moves(table.id) == moves_before
        assert await restarted.standings(GUILD, "network") == standings_before
        assert await finished_match(restarted, done.id, GUILD, "network") == match_before
        assert await restarted.get_table(done.id) == done
        # The version token carries over: the resumed game continues where it stopped.
        resumed = await restarted.commit_move(
            table.id, table.version, hand_number=1, seat=0, notation="m3", state=STATE
        )
        assert resumed.version == table.version + 1
        assert [m.seq for m in await restarted.moves(table.id)] == [1, 2, 3, 4]


def test_seat_result_json_round_trip_and_legacy_lines() -> None:
    result = SeatResult(2, 5, "Ada", False, 120, {"rings": 3, "best_hand": 40})
    data = result.to_json()
    assert data == {
        "seat": 2,
        "user_id": 5,
        "name": "Ada",
        "is_bot": False,
        "total": 120,
        "stats": {"rings": 3, "best_hand": 40},
    }
    assert SeatResult.from_json(data) == result
    # Lines stored before stats existed carried Network's two figures at the top level.
    legacy = {"seat": 1, "user_id": None, "name": "Dan", "is_bot": True, "total": 7}
    old = SeatResult.from_json({**legacy, "rings": 2, "best_hand": 9})
    assert old == SeatResult(1, None, "Dan", True, 7, {"rings": 2, "best_hand": 9})
    assert SeatResult.from_json({**legacy, "stats": {}}).stats == {}
    assert SeatResult(0, 1, "x", False, 0).stats == {}
    with pytest.raises(ValueError, match="missing"):
        SeatResult.from_json(legacy)
    with pytest.raises(ValueError, match="integers"):
        SeatResult.from_json({**legacy, "stats": {"rings": True}})
    with pytest.raises(ValueError, match="integers"):
        SeatResult(0, 1, "x", False, 0, {"rings": 1.5})  # type: ignore[dict-item]
    # The record keeps its own copy of the caller's figures.
    figures = {"rings": 1}
    copied = SeatResult(0, 1, "x", False, 0, figures)
    figures["rings"] = 99
    assert copied.stats == {"rings": 1}


def test_corrupt_seat_json_is_reported_not_coerced() -> None:
    good = {"user_id": 5, "name": "Ada", "is_bot": False, "level": None}
    assert S.from_json(good) == S(5, "Ada")
    with pytest.raises(ValueError, match="user_id"):
        S.from_json({**good, "user_id": True})
    with pytest.raises(ValueError, match="missing"):
        S.from_json({"user_id": 5, "name": "Ada", "is_bot": False})
    with pytest.raises(ValueError, match="is_bot"):
        S.from_json({**good, "is_bot": "no"})


async def test_tables_not_yet_shown_are_found_for_a_restart(store: Store) -> None:
    shown = await new_table(store, channel_id=501)
    unshown = await new_table(store, channel_id=502)
    lobby = await new_table(store, channel_id=503)
    await store.update_table(lobby.id, 0, seats=[S(1, "Ada")])  # a lobby is no publication
    for table in (shown, unshown):
        await store.update_table(table.id, 0, status=TableStatus.PLAYING, state={"hand": 1})
    await store.record_publication(shown.id, {"version": 1, "news_sent": 7}, message_id=99)
    assert [t.id for t in await store.unpublished_tables()] == [unshown.id]
    record = await store.get_table(shown.id)
    assert record is not None
    assert (record.version, record.message_id) == (1, 99)  # the version is left alone
    assert record.publication == {"version": 1, "news_sent": 7}
    # A move makes it unpublished again; the next publication catches up.
    await store.update_table(shown.id, 1, state={"hand": 2})
    assert [t.id for t in await store.unpublished_tables()] == [shown.id, unshown.id]


async def test_a_commit_names_its_publish_job_inside_its_transaction(store: Store) -> None:
    named: list[tuple[str, PublishJob]] = []

    class Recording:
        async def add(self, db: object, job: PublishJob) -> None:
            named.append(("in the transaction", job))

        def committed(self, job: PublishJob) -> None:
            named.append(("after the commit", job))

    store.use_outbox(Recording())
    table = await new_table(store, channel_id=504)
    await store.update_table(table.id, 0, seats=[S(1, "Ada")])  # no publish: no job
    started = await store.update_table(
        table.id, 1, status=TableStatus.PLAYING, state={"hand": 1}, publish=True
    )
    await store.commit_move(
        table.id,
        started.version,
        hand_number=1,
        seat=0,
        notation="6-6",
        state={"hand": 1},
    )
    jobs = [PublishJob(table.id, 2), PublishJob(table.id, 3)]
    assert named == [
        ("in the transaction", jobs[0]),
        ("after the commit", jobs[0]),
        ("in the transaction", jobs[1]),
        ("after the commit", jobs[1]),
    ]
    with pytest.raises(StaleVersionError):  # a refused commit names nothing
        await store.commit_move(
            table.id, 2, hand_number=1, seat=0, notation="6-5", state={"hand": 1}
        )
    assert len(named) == 4


async def test_a_players_tables_follow_the_seats_and_leave_when_closed(store: Store) -> None:
    first = await store.create_table(1, 11, 1001, "network", SETTINGS, SEATS[:1])
    second = await store.create_table(2, 22, 1002, "network", SETTINGS, SEATS[2:])
    assert [t.id for t in await store.tables_of_player(1001)] == [first.id]
    second = await store.update_table(second.id, second.version, seats=SEATS)
    # Ada now sits at both; the latest change first.
    assert [t.id for t in await store.tables_of_player(1001)] == [second.id, first.id]
    assert [t.id for t in await store.tables_of_player(1001, limit=1)] == [second.id]
    first = await store.update_table(first.id, first.version, seats=[])
    assert [t.id for t in await store.tables_of_player(1001)] == [second.id]
    await store.update_table(second.id, second.version, status=TableStatus.CANCELLED)
    assert await store.tables_of_player(1001) == []
    assert await store.tables_of_player(1002) == []
