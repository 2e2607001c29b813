"""Which round comes next, by the tournament's format and table size, from the pure
pairing and seating: the one place that says what each format plays. Pure.

Players are named by their number in the seed order (the entrants' list), so the
pairing's seed-order tie-breaks are the tournament's. Dropped entrants are left out of
the next round: where the format already placed them (a round robin's circle, a
knockout's bracket) their table goes on without them, and a player left alone at a
table has a bye.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import Entrant
from bot.tournaments.pairing import (
    knockout_first_round,
    knockout_next_round,
    round_robin_pairing,
    round_robin_rounds,
    swiss_pairing,
)
from bot.tournaments.rounds import Pairing, PlayedRound, table_sizes
from bot.tournaments.seating import knockout_tables_first, knockout_tables_next, tables_by_score
from bot.tournaments.settings import TournamentSettings


def rounds_planned(settings: TournamentSettings, entrants: int) -> int | None:
    """How many rounds the tournament plays (None: a knockout, until its final)."""
    if settings.format == "knockout":
        return None
    if settings.format == "round-robin" and settings.seats == 2:
        return round_robin_rounds(entrants)
    return settings.rounds


def fits(players: int, seats: int) -> bool:
    """Whether ``players`` can sit at tables of ``seats`` and one fewer."""
    try:
        table_sizes(players, seats)
    except ValueError:
        return False
    return True


def table_size_for(players: int, seats: int) -> int:
    """The chosen table size, or the largest smaller one that seats everyone (players
    dropped out of the event can leave a count the chosen size cannot seat)."""
    return next((size for size in range(seats, 2, -1) if fits(players, size)), 2)


def next_round(
    settings: TournamentSettings, entrants: Sequence[Entrant], played: Sequence[PlayedRound]
) -> Pairing | None:
    """The round after ``played``, or None when the tournament is over."""
    numbers = list(range(len(entrants)))
    active = [number for number in numbers if not entrants[number].dropped]
    if len(active) < 2:
        return None
    planned = rounds_planned(settings, len(entrants))
    if planned is not None and len(played) >= planned:
        return None
    seats = settings.seats
    pairing: Pairing | None
    if settings.format == "knockout":
        if not played:
            pairing = (
                knockout_first_round(active)
                if seats == 2
                else knockout_tables_first(active, table_size_for(len(active), seats))
            )
        elif seats == 2:
            pairing = knockout_next_round(numbers, played[-1])
        else:
            pairing = _knockout_tables_next(numbers, played[-1], seats, settings.advance)
    elif seats == 2 and settings.format == "round-robin":
        pairing = round_robin_pairing(numbers, len(played))
    elif seats == 2:
        pairing = swiss_pairing(active, played)
    else:
        pairing = tables_by_score(active, played, table_size_for(len(active), seats))
    return None if pairing is None else without_dropped(pairing, entrants)


def without_dropped(pairing: Pairing, entrants: Sequence[Entrant]) -> Pairing:
    """``pairing`` with dropped entrants left out: a table left with one player is a bye,
    one left with nobody is gone."""
    tables = []
    for table in pairing.tables:
        kept = tuple(player for player in table if not entrants[player].dropped)
        if kept:
            tables.append(kept)
    return Pairing(tuple(tables))


def _knockout_tables_next(
    numbers: list[int], played: PlayedRound, seats: int, advance: int
) -> Pairing | None:
    """The next knockout round at the chosen size, or the largest smaller one that
    seats those going on (five going on cannot sit at tables of four and three)."""
    for size in range(seats, 1, -1):
        try:
            return knockout_tables_next(numbers, played, size, advance)
        except ValueError:
            continue
    raise ValueError("nobody can be seated")  # two always fit at one table
