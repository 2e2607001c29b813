"""Validation of a finished match's result and its translation into standings changes."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.records import SeatResult


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


def standings_lines(
    result: Sequence[SeatResult], winner_user_id: int | None
) -> list[tuple[int, str, int, int, int, int]]:
    """One (user_id, name, won, points, rings, best_hand) per human, seats merged per user."""
    merged: dict[int, tuple[int, str, int, int, int, int]] = {}
    for line in result:
        if not line.counts_for_standings or line.user_id is None:
            continue
        won = int(line.user_id == winner_user_id)
        if line.user_id in merged:
            _, _, _, points, rings, best = merged[line.user_id]
            merged[line.user_id] = (
                line.user_id,
                line.name,
                won,
                points + line.total,
                rings + line.rings,
                max(best, line.best_hand),
            )
        else:
            merged[line.user_id] = (
                line.user_id,
                line.name,
                won,
                line.total,
                line.rings,
                line.best_hand,
            )
    return list(merged.values())
