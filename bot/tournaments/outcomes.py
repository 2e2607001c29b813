"""A round's results, read from its tables as the store holds them: never kept apart,
so a result is counted once whatever happened to the process that saw it finish.

A finished table's players take match points by place from their match totals
(:func:`~bot.tournaments.rounds.place_points`) and their totals as game points. A
cancelled table (the organizer stopped it, or cancelled the tournament) counts as a draw
for everyone at it, with no game points: nobody is known to have won, and the round goes
on. A table still open means the round is not over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.store import SeatResult, TableRecord, TableStatus, TournamentRecord, TournamentTable
from bot.tournaments.rounds import PlayedRound, TableResult, place_points

BYE_MATCH_POINTS = 0.0
"""A bye's own figure (the standings give a two-seat bye a win's points themselves)."""


def table_result(
    players: Sequence[int], record: TableRecord, lines: Sequence[SeatResult] | None
) -> TableResult | None:
    """What each player took from a table (in seat order), or None while it is open."""
    if record.status is TableStatus.CANCELLED:
        return TableResult(tuple(players), place_points([0] * len(players)), (0,) * len(players))
    if record.status is not TableStatus.FINISHED or lines is None:
        return None
    totals = [line.total for line in sorted(lines, key=lambda line: line.seat)]
    if len(totals) != len(players):
        raise ValueError(f"table {record.id} has {len(totals)} results for {len(players)} seats")
    return TableResult(tuple(players), place_points(totals), tuple(totals))


def played_rounds(
    tournament: TournamentRecord,
    placed: Sequence[TournamentTable],
    tables: Mapping[int, TableRecord],
    results: Mapping[int, Sequence[SeatResult]],
) -> tuple[list[PlayedRound], bool]:
    """Every round whose tables have all closed, in order, and whether the last round
    opened is among them. ``placed``: the tournament's tables; ``tables`` and
    ``results``: each table's record and recorded result, by id."""
    where = {(entry.round, entry.position): entry.table_id for entry in placed}
    done: list[PlayedRound] = []
    for number, pairing in enumerate(tournament.pairings, start=1):
        round_results = []
        for position, players in enumerate(pairing, start=1):
            if len(players) == 1:
                round_results.append(TableResult(players, (BYE_MATCH_POINTS,)))
                continue
            table_id = where.get((number, position))
            record = None if table_id is None else tables.get(table_id)
            result = (
                None if record is None else table_result(players, record, results.get(record.id))
            )
            if result is None:
                return done, False
            round_results.append(result)
        done.append(tuple(round_results))
    return done, True
