"""Whole tournaments through the service on both backends, their tables finished as
their players would finish them, the standings checked against a tally the test keeps
itself; two processes advancing at once, and a process dying while it opens a round."""

from __future__ import annotations

import asyncio
import itertools
import random
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from bot.store import Store, TableRecord, TableStatus, TournamentStatus
from bot.tables.errors import NotAllowedError, UserError
from bot.tables.service import Actor
from bot.tournaments.service import TournamentService
from tests.bot.store.queries import finished_match
from tests.bot.tournaments.events import (
    GUILD,
    ORGANIZER,
    Places,
    channels,
    event,
    finish,
    finish_round,
    process,
    round_tables,
    signed_up,
    started,
    two_processes,
)


async def named_standings(
    service: TournamentService, tournament_id: int
) -> list[tuple[object, ...]]:
    """The service's standings as (name, points, tie-breaks…), best first."""
    record = await service.tournament(tournament_id)
    return [
        (record.entrants[line.player].name, line.points, *line.tiebreaks)
        for line in await service.standings(tournament_id)
    ]


async def tally(
    store: Store, tables: list[TableRecord], names: list[str]
) -> tuple[dict[str, float], dict[str, int], list[list[str]]]:
    """Worked out here from the recorded results alone: match points by place (one per
    player beaten, a half per tie; a two-seat bye a win), game points, and who sat
    together."""
    points: dict[str, float] = defaultdict(float)
    game: dict[str, int] = defaultdict(int)
    groups = []
    for table in tables:
        match = await finished_match(store, table.id, GUILD, table.game)
        assert match is not None
        totals = {line.name: line.total for line in match.result}
        for name, total in totals.items():
            points[name] += sum(total > t for t in totals.values()) + 0.5 * (
                sum(total == t for t in totals.values()) - 1
            )
            game[name] += total
        groups.append(list(totals))
    seated = {name for group in groups for name in group}
    if tables and len(tables[0].seats) == 2:
        for name in names:
            if name not in seated:
                points[name] += 1  # a bye
    return points, game, groups


async def test_an_eight_player_swiss_with_two_computers_runs_three_rounds(
    store_target: str | Path,
) -> None:
    """Six people sign up for eight places, and two computers (easy) fill the rest:
    four two-seat tables a round; after three rounds the tournament is over, nobody met
    anyone twice, and the standings are the tally's."""
    async with Store.open(store_target) as store:
        settings = event("sackson", 2, "swiss", 3, fill="easy", cap=8)
        bot, record = await started(store, settings, 6)
        tournament_id = record.id
        names = [entrant.name for entrant in record.entrants]
        assert names[6:] == ["Computer 1 (easy)", "Computer 2 (easy)"]
        rng = random.Random(3)
        points: Counter[str] = Counter()
        opponents: dict[str, list[str]] = defaultdict(list)
        met: Counter[frozenset[str]] = Counter()
        for number in (1, 2, 3):
            record = await bot.tournaments.tournament(tournament_id)
            assert (record.status, record.round) == (TournamentStatus.RUNNING, number)
            tables = await finish_round(store, tournament_id, number, rng, top=1)
            assert len(tables) == 4
            round_points, _, groups = await tally(store, tables, names)
            points.update(round_points)
            for one, two in groups:
                opponents[one].append(two)
                opponents[two].append(one)
                met[frozenset((one, two))] += 1
            await bot.tournaments.advance(tournament_id)
        record = await bot.tournaments.tournament(tournament_id)
        assert record.status is TournamentStatus.FINISHED
        assert max(met.values()) == 1
        buchholz = {name: sum(points[o] for o in opponents[name]) for name in names}
        lines = await named_standings(bot.tournaments, tournament_id)
        assert {name: score for name, score, *_ in lines} == {n: points[n] for n in names}
        assert {name: rest[0] for name, _, *rest in lines} == buchholz
        order = [(score, rest[0]) for _, score, *rest in lines]
        assert order == sorted(order, reverse=True)
        assert await bot.tournaments.advance(tournament_id) == record  # over: nothing more


async def test_a_round_robin_whose_computers_table_plays_itself_out(
    store_target: str | Path,
) -> None:
    """Two people and two computers, everyone meets everyone once in three rounds; the
    round the computers meet, their table is played to its end as the round opens (it
    closes while its round is being opened) and the round still ends, once."""
    async with Store.open(store_target) as store:
        settings = event("sackson", 2, "round-robin", 1, fill="easy", cap=4)
        bot, record = await started(store, settings, 2)
        tournament_id = record.id
        names = [entrant.name for entrant in record.entrants]
        met: Counter[frozenset[str]] = Counter()
        by_themselves = []
        for number in (1, 2, 3):
            opened = await round_tables(store, tournament_id, number)
            by_themselves += [t for t in opened if t.status is TableStatus.FINISHED]
            tables = await finish_round(store, tournament_id, number, random.Random(number), 1)
            met.update(frozenset(seat.name for seat in table.seats) for table in tables)
            await bot.tournaments.advance(tournament_id)
        assert met == Counter(frozenset(pair) for pair in itertools.combinations(names, 2))
        assert [{seat.is_bot for seat in table.seats} for table in by_themselves] == [{True}]
        record = await bot.tournaments.tournament(tournament_id)
        assert (record.status, record.round) == (TournamentStatus.FINISHED, 3)
        lines = await bot.tournaments.standings(tournament_id)
        assert sum(line.points for line in lines) == 6  # six games, a point each


def _organizer() -> Actor:
    return ORGANIZER


async def test_twelve_players_at_three_seat_tables_over_two_rounds(
    store_target: str | Path,
) -> None:
    """FIDO at tables of three: four tables a round, nobody sits with anyone twice, and
    the standings go by match points, then game points, as the tally says."""
    async with Store.open(store_target) as store:
        bot, record = await started(store, event("fido", 3, "swiss", 2), 12)
        tournament_id = record.id
        names = [entrant.name for entrant in record.entrants]
        rng = random.Random(5)
        points: Counter[str] = Counter()
        game: Counter[str] = Counter()
        met: Counter[frozenset[str]] = Counter()
        for number in (1, 2):
            tables = await finish_round(store, tournament_id, number, rng, top=60)
            assert [len(table.seats) for table in tables] == [3, 3, 3, 3]
            round_points, round_game, groups = await tally(store, tables, names)
            points.update(round_points)
            game.update(round_game)
            for group in groups:
                met.update(frozenset(pair) for pair in itertools.combinations(group, 2))
            await bot.tournaments.advance(tournament_id)
        assert (await bot.tournaments.tournament(tournament_id)).status is TournamentStatus.FINISHED
        assert max(met.values()) == 1
        lines = await named_standings(bot.tournaments, tournament_id)
        assert {name: (score, rest[0]) for name, score, *rest in lines} == {
            name: (points[name], game[name]) for name in names
        }
        order = [(score, rest[0]) for _, score, *rest in lines]
        assert order == sorted(order, reverse=True)


async def test_a_knockout_of_six_seeded_by_rating(store_target: str | Path) -> None:
    """All Fives, six players seeded by their league rating: the top two seeds sit out
    the first round, each round the winners go on, and the last one standing heads the
    standings."""
    async with Store.open(store_target) as store:
        bot = process(store, Places(channels()))
        settings = event("all-fives", 2, "knockout", 1, target=100)
        tournament_id = await signed_up(bot.tournaments, settings, 6)
        ratings = {1: 1500.0, 2: 1700.0, 3: 1600.0, 4: 1400.0, 5: 1800.0, 6: 1300.0}
        record = await bot.tournaments.start(tournament_id, _organizer(), ratings)
        assert [e.name for e in record.entrants] == ["P5", "P2", "P3", "P1", "P4", "P6"]
        alive = {f"P{user}" for user in range(1, 7)}
        rng = random.Random(8)
        number = 0
        while (record := await bot.tournaments.tournament(tournament_id)).status is (
            TournamentStatus.RUNNING
        ):
            number += 1
            assert record.round == number
            tables = await round_tables(store, tournament_id, number)
            seated = {seat.name for table in tables for seat in table.seats}
            assert seated <= alive
            if number == 1:
                assert alive - seated == {"P5", "P2"}  # the byes: the top two seeds
            for table in tables:
                totals = rng.sample(range(100, 200), 2)
                await finish(store, table, totals)
                alive.discard(table.seats[totals.index(min(totals))].name)
            await bot.tournaments.advance(tournament_id)
        assert record.status is TournamentStatus.FINISHED
        assert number == 3 and len(alive) == 1
        lines = await named_standings(bot.tournaments, tournament_id)
        assert lines[0][0] == alive.pop()


async def test_two_processes_advancing_at_once_open_the_round_once(
    store_target: str | Path,
) -> None:
    async with Store.open(store_target) as one, Store.open(store_target) as two:
        first, second = two_processes(one, two)
        tournament_id = await signed_up(first.tournaments, event("sackson", 2, "swiss", 3), 8)
        await first.tournaments.start(tournament_id, _organizer())
        await finish_round(one, tournament_id, 1, random.Random(1), top=1)
        await asyncio.gather(
            first.tournaments.advance(tournament_id),
            second.tournaments.advance(tournament_id),
            second.tournaments.advance(tournament_id),
        )
        record = await two.get_tournament(tournament_id)
        assert record is not None and record.round == 2
        placed = await one.tournament_tables(tournament_id, 2)
        assert [entry.position for entry in placed] == [1, 2, 3, 4]
        await _each_player_at_one_open_table(one, 8)
        handed_out = first.places.asked + second.places.asked
        opened = [
            c for c in range(1000, 1000 + 4 + len(handed_out)) if await two.open_table_in_channel(c)
        ]
        assert len(opened) == 4  # a loser's table was rolled back with its row


async def test_a_process_dying_while_opening_a_round_leaves_it_to_the_next(
    store_target: str | Path,
) -> None:
    """The process dies after opening two of round 1's four tables; the next one to
    start completes the round: four tables, none twice, the first two kept. Results
    read again and again count once."""
    shared = channels()
    async with Store.open(store_target) as store:
        dying = process(store, Places(shared, fail_after=2))
        tournament_id = await signed_up(dying.tournaments, event("sackson", 2, "swiss", 2), 8)
        with pytest.raises(RuntimeError, match="died"):
            await dying.tournaments.start(tournament_id, _organizer())
        kept = [entry.table_id for entry in await store.tournament_tables(tournament_id, 1)]
        assert len(kept) == 2
    async with Store.open(store_target) as store:
        restarted = process(store, Places(shared))
        await restarted.tournaments.resume_running()
        placed = await store.tournament_tables(tournament_id, 1)
        assert [entry.position for entry in placed] == [1, 2, 3, 4]
        assert [entry.table_id for entry in placed][:2] == kept
        await _each_player_at_one_open_table(store, 8)
        tables = await finish_round(store, tournament_id, 1, random.Random(2), top=1)
        for _ in range(2):
            await restarted.tournaments.resume_running()
            for table in tables:
                await restarted.tournaments.table_over(table)
        record = await restarted.tournaments.tournament(tournament_id)
        assert record.round == 2 and len(await store.tournament_tables(tournament_id)) == 8
        lines = await restarted.tournaments.standings(tournament_id)
        assert sum(line.points for line in lines) == 4  # one point a table, once


async def test_sign_up_pause_a_cancelled_table_and_drops(tmp_path: Path) -> None:
    """Sign-up keeps its cap; only the organizer starts, pauses and resumes; while
    paused no round opens; a table cancelled in play is a draw for both; a player who
    drops is paired no more."""
    async with Store.open(tmp_path / "t.db") as store:
        bot = process(store, Places(channels()))
        settings = event("sackson", 2, "swiss", 3)
        record = await bot.tournaments.create(GUILD, 20, _organizer(), settings)
        tournament_id = record.id
        for user in range(1, 5):
            await bot.tournaments.join(tournament_id, Actor(user, f"P{user}"))
        with pytest.raises(UserError, match="already signed up"):
            await bot.tournaments.join(tournament_id, Actor(1, "P1"))
        with pytest.raises(NotAllowedError):
            await bot.tournaments.start(tournament_id, Actor(1, "P1"))
        with pytest.raises(UserError, match="still open"):
            await bot.tournaments.start(tournament_id, None)
        await bot.tournaments.start(tournament_id, _organizer())
        with pytest.raises(UserError, match="closed"):
            await bot.tournaments.join(tournament_id, Actor(5, "P5"))
        await bot.tournaments.pause(tournament_id, _organizer())
        first, cancelled = await round_tables(store, tournament_id, 1)
        await finish(store, first, [1, 0])
        await bot.tables.cancel(cancelled.id, _organizer())  # told to the tournament: paused
        assert (await bot.tournaments.tournament(tournament_id)).round == 1
        points = {
            name: score for name, score, *_ in await named_standings(bot.tournaments, tournament_id)
        }
        seated = [seat.name for seat in cancelled.seats]
        assert [points[name] for name in seated] == [0.5, 0.5]
        await bot.tournaments.drop(tournament_id, Actor(4, "P4"), 4)
        record = await bot.tournaments.resume(tournament_id, _organizer())
        assert record.round == 2
        tables = await round_tables(store, tournament_id, 2)
        assert [len(t.seats) for t in tables] == [2]  # three left: one table and a bye
        assert "P4" not in {seat.name for seat in tables[0].seats}
        assert tables[0].status is TableStatus.PLAYING


async def _each_player_at_one_open_table(store: Store, people: int) -> None:
    for user in range(1, people + 1):
        assert len(await store.tables_of_player(user)) == 1, user


async def test_a_table_created_but_not_dealt_is_dealt_by_the_next_process(
    store_target: str | Path,
) -> None:
    """The process dies between creating a round's first table and dealing it: the
    table waits as a full lobby, and the next process deals it (and opens the rest)."""
    shared = channels()
    async with Store.open(store_target) as store:
        dying = process(store, Places(shared))

        async def die(table_id: int) -> None:
            raise RuntimeError("the process died here")

        dying.tables.start_seated = die  # type: ignore[method-assign]
        tournament_id = await signed_up(dying.tournaments, event("sackson", 2, "swiss", 2), 4)
        with pytest.raises(RuntimeError, match="died"):
            await dying.tournaments.start(tournament_id, _organizer())
        (waiting,) = await round_tables(store, tournament_id, 1)
        assert waiting.status is TableStatus.LOBBY
    async with Store.open(store_target) as store:
        restarted = process(store, Places(shared))
        await restarted.tournaments.resume_running()
        tables = await round_tables(store, tournament_id, 1)
        assert [table.id for table in tables][:1] == [waiting.id]
        assert [table.status for table in tables] == [TableStatus.PLAYING] * 2
        await _each_player_at_one_open_table(store, 4)
