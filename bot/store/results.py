"""Validation of a finished match's result and its translation into standings changes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from bot.store.records import SeatResult

COMBINE_RULES: Final = frozenset({"sum", "max"})
"""How a stat accumulates in the standings: ``sum`` adds, ``max`` keeps the larger."""


def check_combine(combine: Mapping[str, str] | None) -> dict[str, str]:
    """A copy of the per-stat combine rules; a stat missing from them is summed."""
    rules = dict(combine or {})
    for name, rule in rules.items():
        if rule not in COMBINE_RULES:
            raise ValueError(f"stat {name!r} has unknown combine rule {rule!r}")
    return rules


def merge_stats(
    base: Mapping[str, int], extra: Mapping[str, int], combine: Mapping[str, str]
) -> dict[str, int]:
    """``base`` with ``extra`` folded in; a stat only one side has is taken as is."""
    merged = dict(base)
    for name, value in extra.items():
        if name not in merged:
            merged[name] = value
        elif combine.get(name, "sum") == "max":
            merged[name] = max(merged[name], value)
        else:
            merged[name] += value
    return merged


def resolve_winner(
    result: Sequence[SeatResult], winner_user_id: int | None, winner_seat: int | None
) -> tuple[int | None, int | None]:
    """Check the result lines and return a consistent (winner_seat, winner_user_id)."""
    if not result:
        raise ValueError("a finished match needs at least one result line")
    by_seat = {line.seat: line for line in result}
    if len(by_seat) != len(result):
        raise ValueError("result lists a seat more than once")
    if winner_seat is not None:
        if winner_seat not in by_seat:
            raise ValueError(f"winner seat {winner_seat} is not in the result")
        seat_user = by_seat[winner_seat].user_id
        if winner_user_id is not None and winner_user_id != seat_user:
            raise ValueError(f"winner user {winner_user_id} does not sit in seat {winner_seat}")
        return winner_seat, seat_user
    if winner_user_id is None:
        return None, None
    seats = [line.seat for line in result if line.user_id == winner_user_id]
    if len(seats) != 1:
        raise ValueError(f"winner user {winner_user_id} must hold exactly one seat in the result")
    return seats[0], winner_user_id


@dataclass(frozen=True, slots=True)
class StandingsLine:
    """What one match adds to one human's standings row (``won`` is 0 or 1)."""

    user_id: int
    name: str
    won: int
    points: int
    stats: dict[str, int]


def standings_lines(
    result: Sequence[SeatResult], winner_user_id: int | None, combine: Mapping[str, str]
) -> list[StandingsLine]:
    """One line per human, a user's seats merged (points added, stats by ``combine``)."""
    merged: dict[int, StandingsLine] = {}
    for line in result:
        if not line.counts_for_standings or line.user_id is None:
            continue
        won = int(line.user_id == winner_user_id)
        before = merged.get(line.user_id)
        if before is None:
            merged[line.user_id] = StandingsLine(
                line.user_id, line.name, won, line.total, dict(line.stats)
            )
        else:
            merged[line.user_id] = StandingsLine(
                line.user_id,
                line.name,
                won,
                before.points + line.total,
                merge_stats(before.stats, line.stats, combine),
            )
    return list(merged.values())
