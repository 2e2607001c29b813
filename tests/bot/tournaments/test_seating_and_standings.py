"""Tables of three to nine, and the standings with their tie-breaks, checked against
results worked out by hand."""

from __future__ import annotations

import random

import pytest

from bot.tournaments.rounds import Pairing, PlayedRound, TableResult, place_points, table_sizes
from bot.tournaments.seating import (
    knockout_tables_first,
    knockout_tables_next,
    seat_positions,
    tables_by_score,
    together_before,
)
from bot.tournaments.standings import standings

A, B, C, D = 1, 2, 3, 4


def test_place_points_give_a_point_for_each_player_beaten_and_half_for_a_tie() -> None:
    assert place_points([3, 1]) == (1.0, 0.0)
    assert place_points([2, 2]) == (0.5, 0.5)
    assert place_points([40, 10, 40, 0]) == (2.5, 1.0, 2.5, 0.0)


def test_tables_are_full_but_the_last_ones_a_seat_short() -> None:
    assert table_sizes(27, 4) == [4, 4, 4, 4, 4, 4, 3]
    assert table_sizes(12, 3) == [3, 3, 3, 3]
    assert table_sizes(7, 9) == [7]
    with pytest.raises(ValueError):
        table_sizes(5, 4)  # 4 + 1 or two tables of 3 and 2: neither is 4s and 3s


def test_two_seat_standings_break_ties_by_buchholz_then_sonneborn_berger() -> None:
    """A beat B, C drew D; A drew C, B beat D; D beat A, B beat C. B has 2 points; A and D
    1.5 each with Buchholz 4.5 each; Sonneborn–Berger: A 2 (B) + ½ (C's 1) = 2.5, D ½ (C)
    + 1.5 (A) = 2.0; C 1 point."""
    rounds: list[PlayedRound] = [
        (TableResult((A, B), (1.0, 0.0)), TableResult((C, D), (0.5, 0.5))),
        (TableResult((A, C), (0.5, 0.5)), TableResult((B, D), (1.0, 0.0))),
        (TableResult((D, A), (1.0, 0.0)), TableResult((B, C), (1.0, 0.0))),
    ]
    lines = standings([A, B, C, D], rounds, seats=2)
    assert [line.player for line in lines] == [B, A, D, C]
    by_player = {line.player: line for line in lines}
    assert by_player[A].points == by_player[D].points == 1.5
    assert by_player[A].tiebreaks[:2] == (4.5, 2.5)
    assert by_player[D].tiebreaks[:2] == (4.5, 2.0)


def test_the_direct_encounter_decides_what_else_is_tied() -> None:
    """Two players on the same points, Buchholz and Sonneborn–Berger: the one who beat the
    other is ahead, whatever the seeds."""
    rounds: list[PlayedRound] = [
        (TableResult((A, B), (0.0, 1.0)),),
        (TableResult((A, B), (1.0, 0.0)),),
    ]
    level = standings([A, B], rounds, seats=2)
    assert [line.player for line in level] == [A, B]  # all equal: the seed order
    rounds.append((TableResult((B, A), (1.0, 0.0)),))
    assert standings([A, B], rounds, seats=2)[0].player == B


def test_table_standings_go_by_match_points_then_game_points_then_opponents() -> None:
    rounds: list[PlayedRound] = [
        (TableResult((A, B, C), place_points([10, 5, 5]), (10, 5, 5)),),
        (TableResult((B, C, D), place_points([8, 9, 1]), (8, 9, 1)),),
    ]
    lines = {line.player: line for line in standings([A, B, C, D], rounds, seats=3)}
    assert lines[A].points == 2.0 and lines[B].points == 1.5 and lines[C].points == 2.5
    assert lines[C].tiebreaks == (14, 2.0 + 1.5 + 1.5 + 0.0)
    order = [line.player for line in standings([A, B, C, D], rounds, seats=3)]
    assert order == [C, A, B, D]


def played(pairing: Pairing, rng: random.Random) -> PlayedRound:
    results = []
    for table in pairing.tables:
        scores = [rng.randrange(100) for _ in table]
        results.append(TableResult(table, place_points(scores), tuple(scores)))
    return tuple(results)


@pytest.mark.parametrize("players, seats", [(24, 4), (27, 4), (12, 3), (19, 5), (18, 9)])
def test_tables_by_score_seat_everyone_once_and_share_the_seat_positions(
    players: int, seats: int
) -> None:
    entrants = list(range(1, players + 1))
    rng = random.Random(players * seats)
    rounds: list[PlayedRound] = []
    for _ in range(4):
        pairing = tables_by_score(entrants, rounds, seats)
        assert sorted(p for table in pairing.tables for p in table) == entrants
        assert sorted(map(len, pairing.tables), reverse=True) == table_sizes(players, seats)
        rounds.append(played(pairing, rng))
    for player, taken in seat_positions(rounds).items():
        assert max(taken.values()) <= 2, (player, taken)  # 4 rounds: at most twice in one


def test_tables_by_score_keep_repeated_opponents_few() -> None:
    """24 players, tables of 4, 6 rounds: seated at random, about half the pairs at a
    table by the last rounds have met before; grouped here, a handful over the event."""
    entrants = list(range(1, 25))
    rng = random.Random(5)
    rounds: list[PlayedRound] = []
    for _ in range(6):
        rounds.append(played(tables_by_score(entrants, rounds, 4), rng))
    again = sum(count - 1 for count in together_before(rounds).values() if count > 1)
    assert again <= 12, again


def test_a_table_knockout_takes_each_tables_best_until_one_table_has_played() -> None:
    entrants = list(range(1, 13))
    first = knockout_tables_first(entrants, 3)
    assert [sorted(t) for t in first.tables] == [[1, 8, 9], [2, 7, 10], [3, 6, 11], [4, 5, 12]]
    assert first.tables[0][-1] == 1, "the best seed moves last"
    rounds = 1
    pairing: Pairing | None = first
    while pairing is not None:
        best_wins = tuple(
            TableResult(t, place_points([-entrants.index(p) for p in t])) for t in pairing.tables
        )
        last = pairing
        pairing = knockout_tables_next(entrants, best_wins, 3, advance=1)
        rounds += pairing is not None
    assert len(last.tables) == 1 and 1 in last.tables[0]
    assert rounds == 3
