"""What players are told of a tournament, through the service's listeners: each round's
opening and the end told once even when two processes move it on at once; a telling cut
by a kill finished by the next start without repeating what was sent; a round whose table
cannot be placed pauses the tournament, says so, and opens on resume; tables sharing the
tournament's channel; and a sign-up deadline that starts the tournament by itself,
re-armed from the store."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.store import Store, TournamentRecord, TournamentStatus
from bot.tables.errors import UserError
from bot.tables.seats import Actor
from bot.tables.settings import TableSettings
from bot.tournaments.core import Place, PlaceRefused
from bot.tournaments.deadlines import SignupDeadlines
from bot.tournaments.news import Listener, News, due, sent_parts
from bot.tournaments.service import TournamentService
from bot.tournaments.settings import TournamentSettings
from tests.bot.tournaments.events import (
    CHANNEL,
    GUILD,
    ORGANIZER,
    Places,
    channels,
    event,
    finish_round,
    process,
    round_tables,
    signed_up,
    two_processes,
)


def heard(service: TournamentService) -> list[tuple[str, int]]:
    """Every piece of news ``service`` tells its listener, as (kind, round)."""
    told: list[tuple[str, int]] = []

    async def listener(record: TournamentRecord, news: News) -> None:
        told.append((news.kind, news.number))

    service.on_change(listener)
    return told


async def test_each_round_and_the_end_are_told_once_across_two_processes(
    store_target: str | Path,
) -> None:
    async with Store.open(store_target) as one, Store.open(store_target) as two:
        first, second = two_processes(one, two)
        told_first, told_second = heard(first.tournaments), heard(second.tournaments)
        tournament_id = await signed_up(first.tournaments, event("sackson", 2, "swiss", 2), 4)
        await first.tournaments.start(tournament_id, ORGANIZER)
        for number in (1, 2):
            await finish_round(one, tournament_id, number, random.Random(number), top=1)
            await asyncio.gather(
                first.tournaments.advance(tournament_id),
                second.tournaments.advance(tournament_id),
            )
            await asyncio.gather(first.tournaments.settled(), second.tournaments.settled())
        record = await one.get_tournament(tournament_id)
        assert record is not None and record.status is TournamentStatus.FINISHED
        # each piece of news reached one process's listener, once
        assert sorted(told_first + told_second) == [("final", 2), ("round", 1), ("round", 2)]


async def test_a_round_that_cannot_be_placed_pauses_until_resumed(
    store_target: str | Path,
) -> None:
    async with Store.open(store_target) as store:
        refusing = True
        ids = channels()

        async def place(record: TournamentRecord, number: int, position: int) -> Place:
            if refusing:
                raise PlaceRefused("no place here")
            return Place(next(ids))

        bot = process(store, Places(channels()))
        service = TournamentService(store, bot.tables, place)
        told = heard(service)
        tournament_id = await signed_up(service, event("sackson", 2, "swiss", 2), 4)
        record = await service.start(tournament_id, ORGANIZER)
        assert record.status is TournamentStatus.PAUSED
        await service.settled()
        assert told == [("refused", 1)]
        assert await store.tournament_tables(tournament_id, 1) == []

        refusing = False
        record = await service.resume(tournament_id, ORGANIZER)
        assert record.status is TournamentStatus.RUNNING
        assert len(await store.tournament_tables(tournament_id, 1)) == 2
        await service.settled()
        assert told == [("refused", 1), ("round", 1)]


async def test_a_resume_refused_again_is_told_again(store_target: str | Path) -> None:
    """An organizer who resumes before the bot may post is told again why it paused:
    each refusal is news of its own, even in the same round."""
    async with Store.open(store_target) as store:

        async def place(record: TournamentRecord, number: int, position: int) -> Place:
            raise PlaceRefused("no place here")

        bot = process(store, Places(channels()))
        service = TournamentService(store, bot.tables, place)
        told = heard(service)
        tournament_id = await signed_up(service, event("sackson", 2, "swiss", 2), 4)
        await service.start(tournament_id, ORGANIZER)
        await service.settled()
        record = await service.resume(tournament_id, ORGANIZER)
        assert record.status is TournamentStatus.PAUSED
        await service.settled()
        assert told == [("refused", 1), ("refused", 2)]
        record = await service.tournament(tournament_id)
        assert due(record, set()) == []


async def test_a_refusal_pauses_the_tournament_though_news_was_noted_meanwhile(
    store_target: str | Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A note of news told, written between the pause's read and its write, makes the
    pause read the tournament again: it never stays running with a table nowhere."""
    async with Store.open(store_target) as store:

        async def place(record: TournamentRecord, number: int, position: int) -> Place:
            raise PlaceRefused("no place here")

        bot = process(store, Places(channels()))
        service = TournamentService(store, bot.tables, place)
        told = heard(service)
        tournament_id = await signed_up(service, event("sackson", 2, "swiss", 2), 4)
        update = store.update_tournament
        raced: list[int] = []

        async def noted_first(tid: int, version: int, **changes: object) -> TournamentRecord:
            if changes.get("status") is TournamentStatus.PAUSED and not raced:
                raced.append(version)
                await service.note_sent(tid, "elsewhere", 1)  # another telling's note
            return await update(tid, version, **changes)  # type: ignore[arg-type]

        monkeypatch.setattr(store, "update_tournament", noted_first)
        record = await service.start(tournament_id, ORGANIZER)
        assert raced, "the pause was never written"
        assert record.status is TournamentStatus.PAUSED
        await service.settled()
        assert told == [("refused", 1)]


async def test_a_sign_up_deadline_starts_the_tournament_once_it_passes(tmp_path: Path) -> None:
    now = datetime(2030, 1, 1, tzinfo=UTC)
    clock = [now]
    async with Store.open(tmp_path / "db.sqlite3", clock=lambda: clock[0]) as store:
        bot = process(store, Places(channels()))
        service = TournamentService(store, bot.tables, Places(channels()), clock=lambda: clock[0])
        base = event("sackson", 2, "swiss", 2)
        settings = TournamentSettings.build(
            base.table, format="swiss", rounds=2, deadline=now + timedelta(hours=2)
        )
        tournament_id = await signed_up(service, settings, 3)
        started = asyncio.Event()

        async def due(tid: int) -> None:
            await service.start(tid, None)
            started.set()

        # A process that starts later re-arms the deadline from the store.
        deadlines = SignupDeadlines(store, due, clock=lambda: clock[0], recheck=0.01)
        await deadlines.restore()
        await asyncio.sleep(0.05)
        record = await store.get_tournament(tournament_id)
        assert record is not None and record.status is TournamentStatus.SIGNUP
        clock[0] = now + timedelta(hours=2)
        await asyncio.wait_for(started.wait(), timeout=10)
        record = await store.get_tournament(tournament_id)
        assert record is not None and record.status is TournamentStatus.RUNNING
        assert record.round == 1
        await deadlines.close()


class Killed(BaseException):
    """A process killed in the middle of telling (nothing after it runs)."""


async def test_a_telling_cut_by_a_kill_is_finished_by_the_next_start_without_repeats(
    store_target: str | Path,
) -> None:
    """The listener sends round 1's post, notes it, and the process dies before the DMs:
    the news is still due, and the next process's start tells it again, skipping the
    post noted as sent; once told whole it is not told again."""
    async with Store.open(store_target) as one, Store.open(store_target) as two:
        first, second = two_processes(one, two)
        sends: list[tuple[str, str]] = []

        def teller(who: str, die_after_post: bool) -> Listener:
            async def listener(record: TournamentRecord, news: News) -> None:
                sent = sent_parts(record)
                for part in ("post", "dm:1", "dm:2"):
                    if part in sent:
                        continue
                    sends.append((who, part))
                    await first.tournaments.note_sent(record.id, part, 7)
                    if die_after_post:
                        raise Killed

            return listener

        first.tournaments.on_change(teller("first", die_after_post=True))
        second.tournaments.on_change(teller("second", die_after_post=False))
        tournament_id = await signed_up(first.tournaments, event("sackson", 2, "swiss", 2), 4)
        await first.tournaments.start(tournament_id, ORGANIZER)
        await first.tournaments.settled()  # its telling died after the post
        record = await one.get_tournament(tournament_id)
        assert record is not None and due(record, {1}) == [News("round", 1)]

        for _ in range(2):  # the second time it is told whole: nothing more to tell
            await second.tournaments.resume_running()
            await second.tournaments.settled()
        assert sends == [("first", "post"), ("second", "dm:1"), ("second", "dm:2")]
        record = await two.get_tournament(tournament_id)
        assert record is not None and due(record, {1}) == [] and sent_parts(record) == {}


async def test_tables_sharing_the_tournaments_channel_each_find_their_own_players(
    store_target: str | Path,
) -> None:
    """Where threads are not allowed, a round's tables all open in the tournament's
    channel: each is placed, and a command there is about the asker's own table; the
    channel's own table (a lobby opened there) is still one at a time beside them."""
    async with Store.open(store_target) as store:
        bot = process(store, Places(channels(), shared=True))
        tournament_id = await signed_up(bot.tournaments, event("sackson", 2, "swiss", 1), 4)
        await bot.tournaments.start(tournament_id, ORGANIZER)
        tables = await round_tables(store, tournament_id, 1)
        assert len(tables) == 2 and {t.channel_id for t in tables} == {CHANNEL}
        for table in tables:
            for seat in table.seats:
                assert seat.user_id is not None
                found = await bot.tables.table_in_channel(CHANNEL, seat.user_id)
                assert found is not None and found.id == table.id
        settings = TableSettings.build(
            "sackson", seats=2, target=None, turn_seconds=300, options={}
        )
        own = await bot.tables.create(GUILD, CHANNEL, Actor(50, "Cy"), settings)
        assert await store.open_table_in_channel(CHANNEL) == own
        with pytest.raises(UserError, match="already has an open table"):
            await bot.tables.create(GUILD, CHANNEL, Actor(51, "Di"), settings)
        found = await bot.tables.table_in_channel(CHANNEL, 99)
        assert found is not None and found.id == own.id  # not seated anywhere: the channel's own


async def test_a_stop_leaves_what_it_was_telling_due_for_the_next_start(
    store_target: str | Path,
) -> None:
    """A process stopping while a round's post is on its way stops telling it; the round
    stays due, and the next start tells it."""
    async with Store.open(store_target) as one, Store.open(store_target) as two:
        first, second = two_processes(one, two)
        posting = asyncio.Event()

        async def stuck(record: TournamentRecord, news: News) -> None:
            posting.set()
            await asyncio.Event().wait()  # Discord never answers

        first.tournaments.on_change(stuck)
        told = heard(second.tournaments)
        tournament_id = await signed_up(first.tournaments, event("sackson", 2, "swiss", 2), 4)
        await first.tournaments.start(tournament_id, ORGANIZER)
        await asyncio.wait_for(posting.wait(), timeout=10)
        await first.tournaments.stop_telling()
        record = await one.get_tournament(tournament_id)
        assert record is not None and due(record, {1}) == [News("round", 1)]
        await second.tournaments.resume_running()
        await second.tournaments.settled()
        assert told == [("round", 1)]
