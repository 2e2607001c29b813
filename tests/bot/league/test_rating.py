"""League ratings: placings, fading weights, exact replays from the stored matches."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.league.rating import (
    MODEL,
    PlayerRating,
    league_ratings,
    placings,
    ranked,
    replay,
    result_weight,
)
from bot.store import FinishedMatchRecord, Seat, SeatResult, Store, TableStatus
from engine.registry import GAMES

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)
FRESH_SIGMA = 25 / 3
# openskill's Plackett–Luce, two new players, one win: the winner's μ goes up by as much
# as the loser's goes down, and both σ shrink alike.
WIN_MU, LOSS_MU, ONE_MATCH_SIGMA = 27.635389493140497, 22.364610506859503, 8.06590141354368


def seat(number: int, user: int | None, total: int, bot: bool = False) -> SeatResult:
    return SeatResult(number, user, f"p{user}", bot, total)


def match(
    number: int,
    at: datetime,
    totals: Sequence[tuple[int | None, int]],
    winner_seat: int | None = 0,
) -> FinishedMatchRecord:
    """A finished match: ``totals`` lists (user, total) by seat; a None user is a computer."""
    lines = tuple(seat(i, user, total, bot=user is None) for i, (user, total) in enumerate(totals))
    winner = None if winner_seat is None else lines[winner_seat].user_id
    return FinishedMatchRecord(number, number, 1, "network", at, lines, winner, winner_seat)


# ---------------------------------------------------------------------- placings


def test_the_winner_is_first_then_totals_decide_and_equal_totals_share_a_place() -> None:
    # A single game won by the seat that went out, not by the highest total.
    record = match(1, T0, [(1, 10), (2, 30), (3, 30), (4, 5)], winner_seat=0)
    assert [(p.user_id, p.place) for p in placings(record)] == [(1, 1), (2, 2), (3, 2), (4, 4)]


def test_a_drawn_match_places_the_tied_leaders_together() -> None:
    record = match(1, T0, [(1, 50), (2, 50), (3, 20)], winner_seat=None)
    assert [(p.user_id, p.place) for p in placings(record)] == [(1, 1), (2, 1), (3, 3)]


def test_computers_are_left_out_and_a_person_in_two_seats_counts_their_best() -> None:
    record = match(1, T0, [(None, 90), (1, 40), (2, 60), (1, 70)], winner_seat=0)
    assert [(p.user_id, p.place) for p in placings(record)] == [(1, 1), (2, 2)]


# ---------------------------------------------------------------------- weights


def test_a_result_counts_fully_when_fresh_half_at_six_months_and_nothing_after_a_year() -> None:
    as_of = T0 + 400 * DAY
    assert result_weight(as_of, as_of, 365) == 1.0
    assert result_weight(as_of - 182.5 * DAY, as_of, 365) == 0.5
    assert result_weight(as_of - 73 * DAY, as_of, 365) == pytest.approx(0.8)
    assert result_weight(as_of - 365 * DAY, as_of, 365) == 0.0
    assert result_weight(as_of - 400 * DAY, as_of, 365) == 0.0
    assert result_weight(as_of - 4000 * DAY, as_of, None) == 1.0


def test_a_game_spec_fades_results_over_at_least_a_day() -> None:
    spec = GAMES["network"]
    assert spec.rating_fade_days is None
    assert dataclasses.replace(spec, rating_fade_days=365).rating_fade_days == 365
    with pytest.raises(ValueError, match="at least one day"):
        dataclasses.replace(spec, rating_fade_days=0)


# ---------------------------------------------------------------------- replay


def test_one_win_between_new_players_moves_them_as_openskill_does() -> None:
    ratings = replay([match(1, T0, [(1, 100), (2, 40)])], as_of=T0 + DAY)
    assert (ratings[1].mu, ratings[1].sigma) == (WIN_MU, ONE_MATCH_SIGMA)
    assert (ratings[2].mu, ratings[2].sigma) == (LOSS_MU, ONE_MATCH_SIGMA)
    assert ratings[1].matches == ratings[2].matches == 1
    # Shown: 1000 + 20 × (μ − 3σ); a new player would show 1000.
    assert ratings[1].display == round(1000 + 20 * (WIN_MU - 3 * ONE_MATCH_SIGMA)) == 1069
    assert ratings[2].display == 963
    assert PlayerRating(9, "new", MODEL.mu, MODEL.sigma, 0).display == 1000


def test_a_result_six_months_old_moves_a_fading_rating_half_as_far() -> None:
    """Hand-checked: weight ½, so μ moves half of 25 → 27.635 and σ² half of its fall."""
    as_of = T0 + 182.5 * DAY
    ratings = replay([match(1, T0, [(1, 100), (2, 40)])], as_of=as_of, fade_days=365)
    assert ratings[1].mu == pytest.approx(26.3177, abs=1e-4)
    assert ratings[1].mu == 25 + (WIN_MU - 25) / 2
    assert ratings[2].mu == 25 + (LOSS_MU - 25) / 2
    half_variance = FRESH_SIGMA**2 + (ONE_MATCH_SIGMA**2 - FRESH_SIGMA**2) / 2
    assert ratings[1].sigma == pytest.approx(math.sqrt(half_variance), rel=1e-15)
    # The same result counts less the later one asks, and not at all after a year.
    later = replay([match(1, T0, [(1, 100), (2, 40)])], as_of=T0 + 300 * DAY, fade_days=365)
    assert 25 < later[1].mu < ratings[1].mu
    assert replay([match(1, T0, [(1, 100), (2, 40)])], as_of=T0 + 365 * DAY, fade_days=365) == {}


def test_results_a_year_old_or_older_count_for_nothing() -> None:
    old = match(1, T0, [(1, 100), (2, 40), (3, 10)])
    fresh = match(2, T0 + 400 * DAY, [(2, 100), (1, 40)])
    as_of = T0 + 401 * DAY
    both = replay([old, fresh], as_of=as_of, fade_days=365)
    assert both == replay([fresh], as_of=as_of, fade_days=365)
    assert set(both) == {1, 2}  # player 3 played only the expired match
    # Without fading the old result still counts.
    assert replay([old, fresh], as_of=as_of) != replay([fresh], as_of=as_of)


def test_ties_share_the_change_and_a_draw_between_equals_moves_no_mu() -> None:
    ratings = replay([match(1, T0, [(1, 90), (2, 50), (3, 50)])], as_of=T0 + DAY)
    assert ratings[2].mu == ratings[3].mu < 25 < ratings[1].mu
    drawn = replay([match(1, T0, [(1, 50), (2, 50)], winner_seat=None)], as_of=T0 + DAY)
    assert drawn[1].mu == drawn[2].mu == 25.0
    assert drawn[1].sigma < FRESH_SIGMA  # a draw is still evidence


def test_matches_with_one_human_and_matches_after_the_moment_move_nothing() -> None:
    solo = match(1, T0, [(1, 100), (None, 40)])
    future = match(2, T0 + 2 * DAY, [(1, 100), (2, 40)])
    assert replay([solo, future], as_of=T0 + 2 * DAY) == {}


def test_order_matters_and_the_replay_is_exact_every_time() -> None:
    history = [
        match(n, T0 + n * DAY, [(1 + n % 3, 100), (1 + (n + 1) % 3, 60), (4, 50 + n % 2 * 10)])
        for n in range(30)
    ]
    as_of = T0 + 40 * DAY
    first = replay(history, as_of=as_of, fade_days=365)
    assert replay(list(history), as_of=as_of, fade_days=365) == first
    assert replay(history[::-1], as_of=as_of, fade_days=365) != first


def test_positions_follow_the_shown_rating_and_equal_ratings_share_one() -> None:
    ratings = {
        user: PlayerRating(user, f"p{user}", mu, sigma, 3)
        for user, mu, sigma in [(1, 30.0, 2.0), (2, 30.0, 2.0), (3, 20.0, 2.0), (4, 35.0, 2.0)]
    }
    assert [(position, r.user_id) for position, r in ranked(ratings)] == [
        (1, 4),
        (2, 1),
        (2, 2),
        (4, 3),
    ]


# ---------------------------------------------------------------------- from the store


class StoppedClock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now


async def finish(store: Store, channel: int, totals: Sequence[tuple[int | None, int]]) -> None:
    seats = [Seat(user, f"p{user}", is_bot=user is None) for user, _ in totals]
    table = await store.create_table(1, channel, 1, "network", {}, seats)
    table = await store.update_table(table.id, 0, status=TableStatus.PLAYING, state={})
    result = [seat(i, user, total, bot=user is None) for i, (user, total) in enumerate(totals)]
    await store.finish_match(
        table.id,
        table.version,
        state={},
        result=result,
        winner_user_id=result[0].user_id,
        winner_seat=0,
    )


@pytest.mark.parametrize("fade_days", [None, 365])
async def test_the_rating_rebuilds_exactly_from_the_stored_matches(
    store_target: str | Path, fade_days: int | None
) -> None:
    spec = dataclasses.replace(GAMES["network"], rating_fade_days=fade_days)
    clock = StoppedClock()
    results = [
        [(1, 100), (2, 70), (None, 80), (3, 70)],
        [(2, 100), (1, 90)],
        [(3, 120), (1, 10), (2, 10)],
        [(1, 100), (3, 20)],
    ]
    async with Store.open(store_target, clock=clock) as store:
        for number, totals in enumerate(results * 5):
            clock.now = T0 + number * 20 * DAY  # 20 matches over 13 months
            await finish(store, number + 1, totals)
        as_of = T0 + 400 * DAY
        first = await league_ratings(store, 1, spec, as_of)
        assert await league_ratings(store, 1, spec, as_of) == first
        stored = await store.finished_matches(1, "network")
    async with Store.open(store_target, clock=clock) as reopened:
        assert await league_ratings(reopened, 1, spec, as_of) == first
    assert replay(stored, as_of=as_of, fade_days=fade_days) == first
    assert set(first) == {1, 2, 3}
    counted = [m for m in stored if fade_days is None or as_of - m.finished_at < 365 * DAY]
    assert first[1].matches == sum(any(s.user_id == 1 for s in m.result) for m in counted)
    assert len(counted) == (20 if fade_days is None else 18)  # days 0 and 20 dropped out
