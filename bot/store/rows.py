"""Decoding of result rows into records (the only place that knows column types)."""

from __future__ import annotations

import json

from bot.store.codec import decode_object, optional_text_to_time, text_to_time
from bot.store.database import Row
from bot.store.records import (
    FinishedMatchRecord,
    MoveRecord,
    Seat,
    SeatResult,
    StandingRow,
    TableRecord,
    TableStatus,
    check_stats,
)


def _json_list(text: str) -> list[dict[str, object]]:
    value = json.loads(text)
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise ValueError("stored JSON is not a list of objects")
    return value


def stats_from_text(text: str) -> dict[str, int]:
    """Decode a standings ``stats`` column (a JSON object of integers)."""
    return check_stats(decode_object(text), "stored stats")


def table_from_row(row: Row) -> TableRecord:
    state = row["state"]
    return TableRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        creator_id=row["creator_id"],
        game=row["game"],
        status=TableStatus(row["status"]),
        version=row["version"],
        settings=decode_object(row["settings"]),
        seats=tuple(Seat.from_json(seat) for seat in _json_list(row["seats"])),
        state=None if state is None else decode_object(state),
        meta=decode_object(row["meta"]),
        created_at=text_to_time(row["created_at"]),
        updated_at=text_to_time(row["updated_at"]),
        expires_at=optional_text_to_time(row["expires_at"]),
        publication=decode_object(row["publication"]),
    )


def move_from_row(row: Row) -> MoveRecord:
    return MoveRecord(
        table_id=row["table_id"],
        seq=row["seq"],
        hand_number=row["hand_number"],
        seat=row["seat"],
        notation=row["notation"],
        created_at=text_to_time(row["created_at"]),
    )


def finished_match_from_row(row: Row) -> FinishedMatchRecord:
    return FinishedMatchRecord(
        id=row["id"],
        table_id=row["table_id"],
        guild_id=row["guild_id"],
        game=row["game"],
        finished_at=text_to_time(row["finished_at"]),
        result=tuple(SeatResult.from_json(line) for line in _json_list(row["result"])),
        winner_user_id=row["winner_user_id"],
        winner_seat=row["winner_seat"],
    )


def standing_from_row(row: Row) -> StandingRow:
    return StandingRow(
        guild_id=row["guild_id"],
        game=row["game"],
        user_id=row["user_id"],
        name=row["name"],
        matches_played=row["matches_played"],
        matches_won=row["matches_won"],
        points=row["points"],
        stats=stats_from_text(row["stats"]),
        updated_at=text_to_time(row["updated_at"]),
    )
