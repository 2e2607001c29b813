"""The monthly ranking and the rating column of ``/standings``, from stored matches."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import AsyncIterator, Sequence
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from PIL import Image

from bot.discord.cogs.league import LeagueCog
from bot.league.ranking import (
    Month,
    MonthNotStartedError,
    monthly_ranking,
    ranking_alt_text,
    ranking_table,
)
from bot.league.rating import league_ratings
from bot.publishing import messages
from bot.store import SeatResult, StandingRow, Store, TableStatus
from bot.tables.commands import COMMAND_IDS
from engine.registry import GAMES
from i18n import Text

GUILD = 7
NETWORK = GAMES["network"]
FADING = dataclasses.replace(NETWORK, rating_fade_days=365)
NOW = datetime(2026, 11, 24, 9, 30, tzinfo=UTC)
NAMES = {1: "Ada", 2: "Bea", 3: "Cal", 4: "Dan"}


class StoppedClock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> StoppedClock:
    return StoppedClock(NOW)


@pytest.fixture
async def store(store_target: str | Path, clock: StoppedClock) -> AsyncIterator[Store]:
    async with Store.open(store_target, clock=clock) as opened:
        yield opened


async def finish(store: Store, clock: StoppedClock, at: datetime, order: Sequence[int]) -> None:
    """A Network match finished at ``at``, the players of ``order`` placed in that order."""
    clock.now = at
    table = await store.create_table(GUILD, int(at.timestamp()), 1, "network", {}, [])
    table = await store.update_table(table.id, 0, status=TableStatus.PLAYING, state={})
    result = [
        SeatResult(seat, user, NAMES[user], False, 100 - 10 * seat)
        for seat, user in enumerate(order)
    ]
    await store.finish_match(
        table.id, table.version, state={}, result=result, winner_user_id=order[0]
    )
    clock.now = NOW


def test_months_are_utc_calendar_months() -> None:
    november = Month.parse("2026-11")
    assert november == Month.of(NOW) == Month.parse(" 2026-11 ")
    assert november.start == datetime(2026, 11, 1, tzinfo=UTC)
    assert november.next() == Month(2026, 12) and november.next().next() == Month(2027, 1)
    assert Month(2027, 1).previous() == Month(2026, 12)
    assert (november.key, november.label) == ("2026-11", "November 2026")
    # Half past eight on 30 November in New York is already December in UTC.
    new_york = timezone(timedelta(hours=-5))
    assert Month.of(datetime(2026, 11, 30, 20, 30, tzinfo=new_york)) == Month(2026, 12)
    for bad in ("2026-13", "November", "26-11", "2026/11", ""):
        with pytest.raises(ValueError, match="year-month"):
            Month.parse(bad)


async def test_the_month_shows_positions_ratings_and_changes_since_the_month_before(
    store: Store, clock: StoppedClock
) -> None:
    october = datetime(2026, 10, 10, tzinfo=UTC)
    await finish(store, clock, october, [1, 2, 3])
    await finish(store, clock, october + timedelta(days=1), [1, 3, 2])
    november = datetime(2026, 11, 5, tzinfo=UTC)
    await finish(store, clock, november, [3, 4, 1])  # Dan is new; Cal wins
    await finish(store, clock, november + timedelta(days=1), [3, 1, 4])

    report = await monthly_ranking(store, GUILD, NETWORK, Month(2026, 11), NOW)
    assert not report.complete and report.as_of == NOW
    end_of_october = await league_ratings(store, GUILD, NETWORK, Month(2026, 11).start)
    today = await league_ratings(store, GUILD, NETWORK, NOW)
    lines = {line.name: line for line in report.lines}
    assert set(lines) == {"Ada", "Bea", "Cal", "Dan"}
    assert [line.position for line in report.lines] == [1, 2, 3, 4]
    for user, name in NAMES.items():
        line = lines[name]
        assert line.rating == today[user].display
        if user in end_of_october:
            assert line.change == today[user].display - end_of_october[user].display
        else:
            assert line.change is None and line.moved is None  # new this month
    assert lines["Cal"].change is not None and lines["Cal"].change > 0
    assert lines["Cal"].moved is not None and lines["Cal"].moved > 0
    assert lines["Bea"].change == 0 and lines["Bea"].moved is not None  # did not play

    # October is over: its figures are at its end, against the end of September (nobody).
    october_report = await monthly_ranking(store, GUILD, NETWORK, Month(2026, 10), NOW)
    assert october_report.complete and october_report.as_of == Month(2026, 11).start
    assert {line.name for line in october_report.lines} == {"Ada", "Bea", "Cal"}
    assert all(line.change is None for line in october_report.lines)
    assert [line.rating for line in october_report.lines] == sorted(
        (r.display for r in end_of_october.values()), reverse=True
    )
    with pytest.raises(MonthNotStartedError):
        await monthly_ranking(store, GUILD, NETWORK, Month(2026, 12), NOW)


async def test_a_fading_game_loses_last_years_results_in_the_report(
    store: Store, clock: StoppedClock
) -> None:
    await finish(store, clock, datetime(2025, 11, 15, tzinfo=UTC), [2, 1])
    await finish(store, clock, datetime(2026, 11, 2, tzinfo=UTC), [1, 3])
    fading = await monthly_ranking(store, GUILD, FADING, Month(2026, 11), NOW)
    # Bea's only result is over a year old now: gone; Ada's old loss no longer counts.
    assert {line.name for line in fading.lines} == {"Ada", "Cal"}
    kept = await monthly_ranking(store, GUILD, NETWORK, Month(2026, 11), NOW)
    assert {line.name for line in kept.lines} == {"Ada", "Bea", "Cal"}
    ada = {line.name: line for line in fading.lines}["Ada"]
    assert ada.change is not None and ada.change > 0  # at the end of October: faded loss


async def test_the_picture_and_its_words(store: Store, clock: StoppedClock) -> None:
    await finish(store, clock, datetime(2026, 10, 3, tzinfo=UTC), [1, 2])
    await finish(store, clock, datetime(2026, 11, 3, tzinfo=UTC), [2, 1, 3])
    report = await monthly_ranking(store, GUILD, FADING, Month(2026, 11), NOW)
    table = ranking_table(report, "Domino Club")
    assert (table.title, table.subtitle) == ("Network dominoes ranking", "November 2026")
    assert "so far, as of 24 Nov 2026, 09:30 UTC" in table.notes[0]
    assert "since the end of October 2026" in table.notes[1] and "365 days" in table.notes[1]
    assert [row.name for row in table.rows] == [line.name for line in report.lines]
    words = ranking_alt_text(report, "Domino Club")
    assert words.startswith("Network dominoes ranking, Domino Club, November 2026 so far: 1. ")
    assert "Cal" in words and "(new)" in words


async def test_the_ranking_command_answers_with_a_picture(
    store: Store, clock: StoppedClock
) -> None:
    await finish(store, clock, datetime(2026, 11, 3, tzinfo=UTC), [2, 1, 3])
    cog = LeagueCog(store, clock)
    reply = await cog._ranking(GUILD, "Domino Club", "network", Month(2026, 11))
    assert reply.content == "**Network dominoes ranking · Domino Club** · November 2026 (so far)"
    [picture] = reply.files
    assert picture.filename == "ranking.png"
    assert picture.description is not None and "1. Bea" in picture.description
    assert Image.open(io.BytesIO(picture.fp.read())).format == "PNG"

    choices = await cog.month_choices(None, "")  # type: ignore[arg-type]
    assert [c.value for c in choices[:3]] == ["2026-11", "2026-10", "2026-09"]
    assert len(choices) == 12 and choices[-1].value == "2025-12"
    assert [c.name for c in await cog.month_choices(None, "dec")] == ["December 2025"]  # type: ignore[arg-type]


async def test_standings_show_each_players_rating(store: Store, clock: StoppedClock) -> None:
    cog = LeagueCog(store, clock)
    await finish(store, clock, datetime(2026, 11, 3, tzinfo=UTC), [2, 1, 3])
    clock.now = NOW
    content = (await cog._standings(GUILD, "Domino Club", None)).content
    ratings = await league_ratings(store, GUILD, NETWORK, NOW)
    header, *rows = content.split("```")[1].strip().splitlines()
    assert header.split()[-1] == "Rtg"
    shown = {row.split()[1]: int(row.split()[-1]) for row in rows}
    assert shown == {NAMES[user]: rating.display for user, rating in ratings.items()}
    assert "Rtg rating from results against other people" in content


def test_a_player_without_a_rating_shows_a_dash() -> None:
    rows = [StandingRow(GUILD, "network", 1, "Ada", 1, 1, 50, {}, NOW)]
    content = messages.standings_content(rows, "Club", FADING, {})
    assert content.split("```")[1].strip().splitlines()[1].split()[-1] == "–"
    assert "fades to nothing over 365 days" in content


async def test_standings_in_the_servers_language_name_the_ranking_as_a_mention(
    store: Store, clock: StoppedClock
) -> None:
    """Standings in the server's language: the legend points to the monthly ranking with
    its clickable mention once its id is known, typed in that language before."""
    cog = LeagueCog(store, clock)
    await finish(store, clock, datetime(2026, 11, 3, tzinfo=UTC), [2, 1, 3])
    clock.now = NOW
    COMMAND_IDS.forget()
    typed = (await cog._standings(GUILD, "Club", None, Text("de"))).content
    COMMAND_IDS.learn([("ranking", 4321)])
    try:
        clicked = (await cog._standings(GUILD, "Club", None, Text("es"))).content
    finally:
        COMMAND_IDS.forget()
    assert typed.startswith("**Tabelle · Club** · ")
    assert typed.endswith("monatlich: /rangliste")
    assert clicked.startswith("**Clasificación · Club** · ")
    assert clicked.endswith("mensual: </ranking:4321>")
