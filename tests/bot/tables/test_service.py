"""The table service with a real store and no Discord: who may do what, and when."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.games import ADAPTERS
from bot.store import PublishJob, Store, TableRecord, TableStatus
from bot.tables.errors import (
    NotAllowedError,
    NotAtTableError,
    StaleControlError,
    TableClosedError,
    UserError,
)
from bot.tables.meta import News, TableMeta
from bot.tables.service import Actor, TableService, TableUpdate, seat_of
from bot.tables.settings import TableSettings
from engine.match import Match
from engine.network import NetworkHand
from engine.network.ai import choose_move
from tests.bot.store.queries import finished_match


def network_hand(match: Match) -> NetworkHand:
    hand = match.hand
    assert isinstance(hand, NetworkHand)
    return hand


def settings_for(
    game: str = "network",
    seats: int | None = None,
    target: int | None = None,
    turn_seconds: int = 300,
    **options: object,
) -> TableSettings:
    return TableSettings.build(
        game, seats=seats, target=target, turn_seconds=turn_seconds, options=options
    )


GUILD, CHANNEL = 10, 20
ADA = Actor(1, "Ada")
BEA = Actor(2, "Bea")
CAL = Actor(3, "Cal")
MOD = Actor(9, "Mod", can_manage=True)


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2025, 5, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    async with Store.open(tmp_path / "tables.db") as opened:
        yield opened


@pytest.fixture
def service(store: Store, clock: Clock) -> TableService:
    return TableService(store, clock=clock, lobby_timeout=timedelta(minutes=10), new_seed=lambda: 7)


async def lobby(service: TableService, *actors: Actor, computers: int = 0, **options: int) -> int:
    record = await service.create(GUILD, CHANNEL, actors[0], settings_for(**options))
    for actor in actors[1:]:
        await service.join(record.id, actor)
    for _ in range(computers):
        await service.add_computer(record.id, actors[0])
    return record.id


def meta(record: TableRecord) -> TableMeta:
    return TableMeta.from_json(record.meta)


def to_move(update: TableUpdate) -> int | None:
    return update.match.hand.current_player


def user_to_move(update: TableUpdate) -> int:
    seat = to_move(update)
    assert seat is not None
    user = update.record.seats[seat].user_id
    assert user is not None
    return user


def good_move(update: TableUpdate) -> str:
    """A sensible legal move for whoever is to move (the baseline computer's choice)."""
    return str(choose_move(update.match.hand, 1234))


# ---------------------------------------------------------------------- lobby


async def test_creator_takes_the_first_seat_and_the_channel(service: TableService) -> None:
    record = await service.create(GUILD, CHANNEL, ADA, settings_for(seats=3))
    assert record.status is TableStatus.LOBBY
    assert [s.user_id for s in record.seats] == [ADA.user_id]
    assert record.expires_at is not None
    with pytest.raises(UserError, match="already has an open table"):
        await service.create(GUILD, CHANNEL, BEA, settings_for())


async def test_join_once_and_only_while_seats_are_free(service: TableService) -> None:
    table = await lobby(service, ADA, seats=2)
    record = await service.join(table, BEA)
    assert [s.name for s in record.seats] == ["Ada", "Bea"]
    with pytest.raises(UserError, match="already sitting"):
        await service.join(table, BEA)
    with pytest.raises(UserError, match="full"):
        await service.join(table, CAL)


async def test_leave_frees_the_seat_and_the_last_person_closes_the_lobby(
    service: TableService,
) -> None:
    table = await lobby(service, ADA, BEA)
    record = await service.leave(table, BEA)
    assert [s.user_id for s in record.seats] == [ADA.user_id]
    with pytest.raises(NotAtTableError):
        await service.leave(table, CAL)
    record = await service.leave(table, ADA)
    assert record.status is TableStatus.CANCELLED
    with pytest.raises(TableClosedError):
        await service.join(table, BEA)


async def test_only_the_host_or_a_manager_adds_computers_starts_or_cancels(
    service: TableService,
) -> None:
    table = await lobby(service, ADA, BEA)
    for attempt in (service.add_computer, service.start, service.cancel):
        with pytest.raises(NotAllowedError):
            await attempt(table, BEA)
    record = await service.add_computer(table, MOD)
    assert record.seats[-1].is_bot and record.seats[-1].name == "Computer 1 (normal)"
    assert record.seats[-1].level == "normal"
    update = await service.start(table, MOD)
    assert update.record.status is TableStatus.PLAYING
    record = await service.cancel(table, MOD)
    assert record.status is TableStatus.CANCELLED


async def test_computers_are_seated_at_the_level_picked(service: TableService) -> None:
    table = await lobby(service, ADA, seats=4)
    await service.add_computer(table, ADA, "easy")
    record = await service.add_computer(table, ADA, "hard")
    assert [(s.name, s.level) for s in record.seats[1:]] == [
        ("Computer 1 (easy)", "easy"),
        ("Computer 2 (hard)", "hard"),
    ]
    with pytest.raises(UserError, match="not 'grandmaster'"):
        await service.add_computer(table, ADA, "grandmaster")
    assert len((await service.table(table)).seats) == 3


async def test_start_needs_two_players_and_happens_once(service: TableService) -> None:
    table = await lobby(service, ADA)
    with pytest.raises(UserError, match="at least 2 players"):
        await service.start(table, ADA)
    await service.join(table, BEA)
    update = await service.start(table, ADA)
    assert update.story.hand_dealt
    assert update.match.players == 2
    with pytest.raises(UserError, match="already started"):
        await service.start(table, ADA)
    with pytest.raises(UserError, match="cannot leave"):
        await service.leave(table, BEA)


async def test_a_lobby_expires_only_after_its_time(service: TableService, clock: Clock) -> None:
    table = await lobby(service, ADA)
    clock.advance(9 * 60)
    assert await service.expire_lobby(table) is None
    clock.advance(61)
    record = await service.expire_lobby(table)
    assert record is not None and record.status is TableStatus.CANCELLED
    assert await service.expire_lobby(table) is None


# ---------------------------------------------------------------------- play


async def test_start_waits_for_the_human_and_sets_a_deadline(
    service: TableService, clock: Clock
) -> None:
    table = await lobby(service, ADA, BEA, turn_seconds=60)
    update = await service.start(table, ADA)
    deadline = meta(update.record).deadline
    assert deadline == clock.now + timedelta(seconds=60)
    assert to_move(update) is not None


async def test_bad_requests_change_nothing(service: TableService) -> None:
    table = await lobby(service, ADA, BEA)
    update = await service.start(table, ADA)
    version = update.record.version
    mover = user_to_move(update)
    other = BEA.user_id if mover == ADA.user_id else ADA.user_id

    with pytest.raises(NotAtTableError):
        await service.play(table, CAL.user_id, "pass")
    with pytest.raises(UserError, match="not your turn"):
        await service.play(table, other, good_move(update))
    with pytest.raises(UserError):
        await service.play(table, mover, "pass")  # the lead cannot be passed
    with pytest.raises(UserError, match="not a move"):
        await service.play(table, mover, "hello")
    with pytest.raises(StaleControlError):
        await service.play(table, mover, good_move(update), turn=5)

    record = await service.table(table)
    assert record.version == version
    assert await service.store.moves(table) == []


@pytest.mark.parametrize("table_id", [10**6, 2**63, 10**19 - 1])
async def test_an_id_that_names_no_table_is_told_so(service: TableService, table_id: int) -> None:
    """Forged control ids carry up to 19 digits, beyond what a database row id can be."""
    await lobby(service, ADA, BEA)
    for attempt in (
        service.join(table_id, CAL),
        service.player_seat(table_id, ADA.user_id),
        service.player_on_turn(table_id, ADA.user_id, 1),
        service.play(table_id, ADA.user_id, "pass", 1),
    ):
        with pytest.raises(TableClosedError, match="does not exist"):
            await attempt


async def after_the_lead(service: TableService) -> tuple[int, TableUpdate, int, int]:
    """A started two-player table after its first move: the table, the update, and the
    user and seat to move next."""
    table = await lobby(service, ADA, BEA)
    update = await service.start(table, ADA)
    update = await service.play(table, user_to_move(update), good_move(update))
    mover = user_to_move(update)
    seat = seat_of(update.record, mover)
    assert seat is not None
    return table, update, mover, seat


async def test_an_illegal_placement_is_refused_politely(service: TableService) -> None:
    table, update, mover, seat = await after_the_lead(service)
    tile = network_hand(update.match).hands[seat][0]
    with pytest.raises(UserError):
        await service.play(table, mover, f"{tile} Z NN")
    assert len(await service.store.moves(table)) == 1


async def test_a_double_click_applies_once(service: TableService) -> None:
    table = await lobby(service, ADA, BEA)
    update = await service.start(table, ADA)
    mover, move, turn = user_to_move(update), good_move(update), meta(update.record).turn
    first, second = await asyncio.gather(
        service.play(table, mover, move, turn),
        service.play(table, mover, move, turn),
        return_exceptions=True,
    )
    assert isinstance(first, TableUpdate)
    assert isinstance(second, StaleControlError)
    assert [m.notation for m in await service.store.moves(table)] == [move]


async def test_a_command_sent_twice_is_told_its_move_was_made(service: TableService) -> None:
    table = await lobby(service, ADA, BEA)
    update = await service.start(table, ADA)
    mover, move = user_to_move(update), good_move(update)
    await service.play(table, mover, move)
    with pytest.raises(StaleControlError, match=f"Your move {move} was already made"):
        await service.play(table, mover, move)
    with pytest.raises(UserError, match="not your turn"):  # another move is not a repeat
        await service.play(table, mover, "pass")
    assert [m.notation for m in await service.store.moves(table)] == [move]


async def test_two_processes_racing_for_one_turn_apply_once(
    store_target: str | Path, clock: Clock
) -> None:
    async with Store.open(store_target) as one, Store.open(store_target) as two:
        first = TableService(one, clock=clock, new_seed=lambda: 3)
        second = TableService(two, clock=clock, new_seed=lambda: 3)
        table = await lobby(first, ADA, BEA)
        update = await first.start(table, ADA)
        mover, move, turn = user_to_move(update), good_move(update), meta(update.record).turn
        results = await asyncio.gather(
            first.play(table, mover, move, turn),
            second.play(table, mover, move, turn),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["StaleControlError", "TableUpdate"]
        refusal = next(r for r in results if isinstance(r, StaleControlError))
        # The processes queue on the table's hold (PostgreSQL's across processes, SQLite's
        # across the connections of its one process): the second finds its control out
        # of date, as a double click within one process does.
        assert "out of date" in str(refusal)
        assert len(await one.moves(table)) == 1


async def test_a_turn_timer_firing_in_two_processes_acts_once(
    store_target: str | Path, clock: Clock
) -> None:
    """Both processes may have armed a timer for the turn (the one that served the last
    DM play and the table's own shard): the database lets one of them act."""
    async with Store.open(store_target) as one, Store.open(store_target) as two:
        first = TableService(one, clock=clock, new_seed=lambda: 3)
        second = TableService(two, clock=clock, new_seed=lambda: 3)
        table = await lobby(first, ADA, BEA, turn_seconds=30)
        update = await first.start(table, ADA)
        update = await first.play(table, user_to_move(update), good_move(update))
        turn = meta(update.record).turn
        before = len(await one.moves(table))
        clock.advance(31)
        for _ in range(5):  # a late timer, and retries, find nothing left to do
            results = await asyncio.gather(
                first.timeout(table, turn), second.timeout(table, turn), return_exceptions=True
            )
            fired = [r for r in results if isinstance(r, TableUpdate)]
            assert [r for r in results if isinstance(r, BaseException)] == []
            assert len(fired) == (1 if _ == 0 else 0)
        moves = await two.moves(table)
        assert len(moves) == before + 1
        current = await two.get_table(table)
        assert current is not None and meta(current).timeouts[moves[-1].seat] == 1


async def test_computers_play_until_a_person_is_to_move(service: TableService) -> None:
    table = await lobby(service, ADA, computers=2, seats=3)
    update = await service.start(table, ADA)
    assert to_move(update) == 0  # any computer lead was played at once
    before = len(await service.store.moves(table))
    assert {m.seat for m in await service.store.moves(table)} <= {1, 2}
    update = await service.play(table, ADA.user_id, good_move(update))
    assert update.match.is_over or to_move(update) == 0
    moves = await service.store.moves(table)
    assert moves[before].seat == 0
    assert {m.seat for m in moves[before + 1 :]} <= {1, 2}
    assert meta(update.record).turn == len(moves)
    assert update.story.log[0].startswith("Ada ")


async def test_a_timeout_passes_and_two_hand_the_seat_to_the_computer(
    service: TableService, clock: Clock
) -> None:
    table = await lobby(service, ADA, BEA, CAL, turn_seconds=30)
    update = await service.start(table, ADA)
    update = await service.play(table, user_to_move(update), good_move(update))
    late = to_move(update)
    assert late is not None
    turn = meta(update.record).turn

    assert await service.timeout(table, turn) is None  # not yet due
    clock.advance(31)
    assert await service.timeout(table, turn - 1) is None  # an older turn's timer
    update = await service.timeout(table, turn) or pytest.fail("timeout not applied")
    assert (await service.store.moves(table))[-1].notation == "pass"
    assert meta(update.record).timeouts[late] == 1
    assert late not in meta(update.record).autopilot

    # Everyone else plays on until the late player is to move again, and times out again.
    while to_move(update) != late:
        update = await service.play(table, user_to_move(update), good_move(update))
    clock.advance(31)
    update = await service.timeout(table, meta(update.record).turn) or pytest.fail("no timeout")
    assert late in meta(update.record).autopilot
    assert any("timed out twice" in line for line in update.story.announcements)

    # While others are present the computer now plays that seat at once.
    for _ in range(6):
        if update.match.is_over or to_move(update) is None:
            break
        assert to_move(update) != late
        update = await service.play(table, user_to_move(update), good_move(update))

    # Coming back (asking for the hand) returns the seat to its person.
    user = update.record.seats[late].user_id
    assert user is not None
    player, back = await service.player_seat(table, user)
    assert late not in meta(player.record).autopilot
    assert back is not None and back.actor_id == user
    assert f"{player.record.seats[late].name} is back" in meta(back.record).log


async def test_a_lead_that_times_out_is_played_by_the_computer(
    service: TableService, clock: Clock
) -> None:
    table = await lobby(service, ADA, BEA, turn_seconds=30)
    await service.start(table, ADA)
    clock.advance(31)
    assert await service.timeout(table, 0) is not None
    moves = await service.store.moves(table)
    assert len(moves) == 1 and moves[0].notation != "pass"


async def test_resume_plays_the_computer_turns_a_crash_left_undone(
    service: TableService, store: Store
) -> None:
    table = await lobby(service, ADA, computers=2, seats=3)
    update = await service.start(table, ADA)
    # A human move committed by a process that died before the computers moved.
    match = Match.from_json(update.record.state or {})
    move = good_move(update)
    match.play(0, move)
    current = meta(update.record)
    await store.commit_move(
        table,
        update.record.version,
        hand_number=1,
        seat=0,
        notation=move,
        state=match.to_json(),
        meta={**current.to_json(), "turn": current.turn + 1},
    )
    resumed = await service.resume(table)
    assert resumed is not None
    assert resumed.match.is_over or to_move(resumed) == 0
    assert await service.resume(table) is None  # nothing left to do


async def test_a_finished_match_updates_the_standings(service: TableService) -> None:
    table = await lobby(service, ADA, computers=1, seats=2, target=3)
    update = await service.start(table, ADA)
    for _ in range(500):
        if update.record.status is not TableStatus.PLAYING:
            break
        update = await service.play(table, ADA.user_id, good_move(update))
    assert update.record.status is TableStatus.FINISHED
    assert update.match.is_over
    result = await finished_match(service.store, table, GUILD, "network")
    assert result is not None and result.winner_seat == update.match.winner
    rows = await service.store.standings(GUILD, "network")
    assert [(r.user_id, r.matches_played) for r in rows] == [(ADA.user_id, 1)]
    assert rows[0].points == update.match.totals[0]
    rings = sum(int(result.stats[0]["rings"]) for result in update.match.results)
    best = max(result.scores[0] for result in update.match.results)
    assert rows[0].stats == {"rings": rings, "best_hand": best}
    with pytest.raises(TableClosedError, match="over"):
        await service.play(table, ADA.user_id, "pass")


async def test_a_rematch_opens_the_same_table_again(service: TableService) -> None:
    table = await lobby(service, ADA, BEA, computers=1, seats=3, target=3)
    with pytest.raises(UserError, match="once the match is over"):
        await service.rematch(table, ADA)
    update = await service.start(table, ADA)
    with pytest.raises(UserError, match="once the match is over"):
        await service.rematch(table, BEA)
    for _ in range(500):
        if update.record.status is not TableStatus.PLAYING:
            break
        mover = user_to_move(update)
        update = await service.play(table, mover, good_move(update))
    finished = update.record
    assert finished.status is TableStatus.FINISHED
    with pytest.raises(NotAtTableError):
        await service.rematch(table, CAL)

    again = await service.rematch(table, BEA)
    assert again.id != table and again.status is TableStatus.LOBBY
    assert again.creator_id == BEA.user_id and again.channel_id == finished.channel_id
    assert again.seats == finished.seats and again.settings == finished.settings
    with pytest.raises(UserError, match="already has an open table"):
        await service.rematch(table, ADA)  # one open table a channel
    started = await service.start(again.id, BEA)
    assert started.record.status is TableStatus.PLAYING


async def test_what_a_move_must_announce_is_committed_with_it_until_told(
    service: TableService,
) -> None:
    table = await lobby(service, ADA, computers=1, seats=2, target=3)
    update = await service.start(table, ADA)
    assert [(n.id, n.deal) for n in meta(update.record).news] == [(0, True)]  # hand 1's DMs
    committed: dict[int, News] = {}
    while not update.finished_hands:
        update = await service.play(table, ADA.user_id, good_move(update))
        for item in meta(update.record).news:  # a worker may be sending it: never changed
            assert committed.setdefault(item.id, item) == item
    (news,) = [n for n in meta(update.record).news if n.finished_hand is not None]
    assert news.deal and any("is over" in line for line in news.announcements)
    assert news.finished_hand == update.finished_hands[-1].to_json()
    assert news in meta(await service.table(table)).news  # committed, not just returned
    # Once a publication has told it, the next commit drops it (and everything older).
    record = await service.table(table)
    await service.store.record_publication(table, {"version": record.version, "news_sent": news.id})
    update = await service.play(table, ADA.user_id, good_move(update))
    assert all(item.id > news.id for item in meta(update.record).news)


async def test_targets_follow_the_engine_order(service: TableService) -> None:
    table, update, mover, seat = await after_the_lead(service)
    hand = network_hand(update.match)
    tile = hand.playable_tiles(seat)[0]
    player = await service.player_on_turn(table, mover, meta(update.record).turn)
    targets = ADAPTERS["network"].targets(player.hand, player.seat, tile.name)
    assert [t.move for t in targets] == [str(m) for m in hand.placements_for(tile)]
    assert targets[0].label.startswith("1. ")
    with pytest.raises(StaleControlError):
        await service.player_on_turn(table, mover, 0)
    with pytest.raises(UserError, match="not your turn"):
        other = next(s.user_id for s in update.record.seats if s.user_id not in (mover, None))
        await service.player_on_turn(table, other, meta(update.record).turn)


async def test_log_lines_name_only_played_tiles(service: TableService) -> None:
    table = await lobby(service, ADA, BEA, CAL)
    update = await service.start(table, ADA)
    for _ in range(8):
        update = await service.play(table, user_to_move(update), good_move(update))
    hand = network_hand(update.match)
    played = {p.tile.name for p in hand.layout.placements}
    held = {t.name for h in hand.hands for t in h}
    text = " ".join(meta(update.record).log)
    assert not any(tile in text for tile in held - played)


async def test_a_lobby_whose_message_failed_is_discarded(service: TableService) -> None:
    table = await lobby(service, ADA)
    await service.discard_lobby(table)
    assert (await service.table(table)).status is TableStatus.CANCELLED
    assert await service.table_in_channel(CHANNEL) is None


# ---------------------------------------------------------------------- classic dominoes


async def until_someone_must_draw(service: TableService, table: int) -> TableUpdate:
    """Play the best-scoring moves until the seat to move can only draw (seed 7: soon)."""
    update = await service.start(table, ADA)
    for _ in range(30):
        if [str(m) for m in update.match.hand.legal_moves()] == ["draw"]:
            return update
        move = str(update.match.hand.timeout_move())
        update = await service.play(table, user_to_move(update), move)
    raise AssertionError("nobody had to draw")


async def test_a_draw_is_told_to_the_drawer_and_counted_for_everyone(
    service: TableService,
) -> None:
    table = await lobby(service, ADA, BEA, game="all-fives", seats=2)
    update = await until_someone_must_draw(service, table)
    drawer = user_to_move(update)
    seat = seat_of(update.record, drawer)
    assert seat is not None
    before = list(update.match.hand.view(seat)["hand"])
    with pytest.raises(UserError, match="draw from the boneyard"):
        await service.play(table, drawer, "pass")  # may not pass with a boneyard to draw
    update = await service.play(table, drawer, "draw")
    (told,) = update.story.private[seat]
    drawn = re.findall(r"\d-\d", told)
    assert told.startswith("You drew ") and drawn
    assert list(update.match.hand.view(seat)["hand"]) != before
    public = " ".join([*meta(update.record).log, *update.story.announcements])
    assert f"drew {len(drawn)} from the boneyard" in public
    assert not any(tile in public for tile in drawn)
    notations = [m.notation for m in await service.store.moves(table)]
    assert notations[-1] == "draw"


async def test_a_classic_player_out_of_time_draws_or_plays_the_best_tile(
    service: TableService, clock: Clock
) -> None:
    table = await lobby(service, ADA, BEA, game="all-fives", seats=2, turn_seconds=60)
    update = await until_someone_must_draw(service, table)
    turn = meta(update.record).turn
    clock.advance(61)
    timed_out = await service.timeout(table, turn)
    assert timed_out is not None
    assert (await service.store.moves(table))[-1].notation == "draw"
    assert any("ran out of time" in line for line in timed_out.story.announcements)


async def test_computers_think_in_a_worker_thread_from_their_seats_view(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    import dataclasses
    import threading

    from engine.registry import GAMES

    spec = GAMES["network"]
    seen: list[tuple[str, int | None, str]] = []

    def spy(view: dict[str, object], seed: int, level: str) -> str:
        seen.append((threading.current_thread().name, view.get("you"), level))  # type: ignore[arg-type]
        return spec.computer(view, seed, level)

    monkeypatch.setitem(GAMES, "network", dataclasses.replace(spec, computer=spy))
    table = await lobby(service, ADA, seats=2)
    await service.add_computer(table, ADA, "easy")
    update = await service.start(table, ADA)
    for _ in range(6):
        if update.match.is_over:
            break
        update = await service.play(table, ADA.user_id, good_move(update))
    assert seen, "the computer never moved"
    main = threading.main_thread().name
    assert all(thread != main for thread, _, _ in seen)
    assert {(you, level) for _, you, level in seen} == {(1, "easy")}


async def test_a_challenge_is_taken_only_by_accepting_and_by_whom_it_names(
    service: TableService,
) -> None:
    settings = TableSettings.build(
        "sackson", seats=None, target=None, turn_seconds=300, options={}, opponent_id=BEA.user_id
    )
    record = await service.create(GUILD, CHANNEL, ADA, settings)
    with pytest.raises(UserError, match="press \\*\\*Accept\\*\\*"):
        await service.join(record.id, BEA)  # a forged Join would leave it full and unstarted
    with pytest.raises(NotAllowedError, match=f"<@{BEA.user_id}>"):
        await service.accept(record.id, CAL)
    with pytest.raises(NotAllowedError, match="Only the person challenged"):
        await service.decline(record.id, CAL)
    assert len((await service.table(record.id)).seats) == 1, "refusals change nothing"
    update = await service.accept(record.id, BEA)
    assert update.record.status is TableStatus.PLAYING
    assert [seat.name for seat in update.record.seats] == ["Ada", "Bea"]


async def test_a_table_busy_in_another_process_too_long_is_a_polite_refusal(
    postgres_url: str, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.store.postgres.HOLD_WAIT", 0.3)
    async with Store.open(postgres_url) as one, Store.open(postgres_url) as two:
        first = TableService(one, clock=clock, new_seed=lambda: 3)
        second = TableService(two, clock=clock, new_seed=lambda: 3)
        table = await lobby(first, ADA, BEA)
        update = await first.start(table, ADA)
        mover, move = user_to_move(update), good_move(update)
        async with one.hold_table(table):  # another process is busy with the table
            with pytest.raises(UserError, match="busy"):
                await second.play(table, mover, move)
        assert await two.moves(table) == []  # nothing changed
        await second.play(table, mover, move)  # and it goes through once let go
        assert [m.notation for m in await two.moves(table)] == [move]


class KeptJobs:
    """An outbox keeping the jobs the store's commits name."""

    def __init__(self) -> None:
        self.jobs: list[PublishJob] = []

    async def add(self, db: object, job: PublishJob) -> None:
        return None

    def committed(self, job: PublishJob) -> None:
        self.jobs.append(job)


async def test_the_winning_move_is_shown_only_with_the_matchs_result(
    service: TableService, store: Store
) -> None:
    """The move that wins a match and the match's result are two commits: only the second
    names a publish job, carrying the winning mover's answer, so no process ever shows
    the won position without its result."""
    outbox = KeptJobs()
    store.use_outbox(outbox)
    table = await lobby(service, ADA, BEA, seats=2, target=3)
    update = await service.start(table, ADA)
    while True:
        before = update.record.version
        outbox.jobs.clear()
        update = await service.play(
            table, user_to_move(update), good_move(update), answer=lambda u: {"words": "played"}
        )
        if update.record.status is TableStatus.FINISHED:
            break
    [job] = [j for j in outbox.jobs if j.version > before]
    assert job.version == update.record.version  # the finished table, not the move alone
    assert job.answer == {"words": "played"}
