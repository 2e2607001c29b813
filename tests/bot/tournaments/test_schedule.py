"""Which round comes next by format, and the start's seeding and computer fillers: pure
rules checked on small events a player could follow by hand."""

from __future__ import annotations

from bot.store import Entrant
from bot.tables.settings import TableSettings
from bot.tournaments.rounds import Pairing, TableResult
from bot.tournaments.schedule import next_round, rounds_planned, without_dropped
from bot.tournaments.settings import TournamentSettings
from bot.tournaments.signup import fillers, seeded


def settings(seats: int, format: str, rounds: int = 3, **more: object) -> TournamentSettings:
    table = TableSettings.build("fido", seats=seats, target=None, turn_seconds=300, options={})
    return TournamentSettings.build(table, format=format, rounds=rounds, **more)  # type: ignore[arg-type]


def people(count: int) -> list[Entrant]:
    return [Entrant(user, f"P{user}") for user in range(1, count + 1)]


def won_by(pairing: Pairing, winners: set[int]) -> tuple[TableResult, ...]:
    return tuple(
        TableResult(table, tuple(1.0 if p in winners else 0.0 for p in table))
        for table in pairing.tables
    )


def test_a_three_seat_knockout_of_nine_sends_each_tables_winner_to_a_final() -> None:
    event = settings(3, "knockout", advance=1)
    field = people(9)
    first = next_round(event, field, [])
    assert first is not None and sorted(len(t) for t in first.tables) == [3, 3, 3]
    winners = {table[-1] for table in first.tables}
    final = next_round(event, field, [won_by(first, winners)])
    assert final is not None and [sorted(t) for t in final.tables] == [sorted(winners)]
    played = [won_by(first, winners), won_by(final, {min(winners)})]
    assert next_round(event, field, played) is None


def test_a_dropped_player_is_not_paired_and_leaves_a_bye() -> None:
    field = people(4)
    field[1] = Entrant(2, "P2", dropped=True)
    assert without_dropped(Pairing(((0, 1), (2, 3))), field).tables == ((0,), (2, 3))
    round_robin = next_round(settings(2, "round-robin"), field, [])
    assert round_robin is not None
    assert 1 not in {p for table in round_robin.tables for p in table}
    assert len(round_robin.byes) == 1  # the one the dropped player would have met


def test_a_two_seat_round_robin_plays_everyone_once_whatever_the_rounds_say() -> None:
    assert rounds_planned(settings(2, "round-robin", rounds=1), 6) == 5
    assert rounds_planned(settings(3, "round-robin", rounds=2), 6) == 2
    assert rounds_planned(settings(2, "knockout"), 6) is None


def test_seeding_by_rating_puts_the_unrated_last_in_sign_up_order() -> None:
    field = people(4)
    order = seeded(field, {3: 1600.0, 1: 1500.0})
    assert [e.name for e in order] == ["P3", "P1", "P2", "P4"]
    assert seeded(field, None) == field


def test_computers_fill_up_to_the_cap_and_then_every_table() -> None:
    assert len(fillers(settings(3, "swiss", fill="easy", cap=8), 5)) == 4  # 8, then 9
    assert len(fillers(settings(4, "swiss", fill="normal"), 6)) == 2
    assert fillers(settings(4, "swiss"), 6) == []
    names = [e.name for e in fillers(settings(2, "swiss", fill="hard"), 3)]
    assert names == ["Computer 1 (hard)"]


def test_a_knockout_seats_those_going_on_at_smaller_tables_when_it_must() -> None:
    """Twenty at five tables of four, each table's winner going on: five cannot sit at
    tables of four and three, so they sit at tables of three and two."""
    event = settings(4, "knockout", advance=1)
    field = people(20)
    first = next_round(event, field, [])
    assert first is not None and [len(t) for t in first.tables] == [4] * 5
    winners = {table[-1] for table in first.tables}
    second = next_round(event, field, [won_by(first, winners)])
    assert second is not None and sorted(len(t) for t in second.tables) == [2, 3]
    assert {p for table in second.tables for p in table} == winners
