"""Typed, immutable views of stored rows.

Records are decoded fresh for every call, so mutating a record's JSON dicts never
changes the database or another caller's copy.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from bot.store.codec import JsonObject


class TableStatus(StrEnum):
    """Lifecycle of a table. ``finished`` and ``cancelled`` are terminal."""

    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def is_open(self) -> bool:
        """Open tables occupy their channel and are resumed after a restart."""
        return self in (TableStatus.LOBBY, TableStatus.PLAYING)


def _require(data: JsonObject, key: str, kind: type | tuple[type, ...], nullable: bool) -> Any:
    """Fetch a typed field from stored JSON, failing loudly on corruption."""
    if key not in data:
        raise ValueError(f"missing field {key!r} in {data!r}")
    value = data[key]
    if value is None and nullable:
        return None
    # bool is an int subclass; an id or a score must never silently be True/False.
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise ValueError(f"field {key!r} has the wrong type in {data!r}")
    if not isinstance(value, kind):
        raise ValueError(f"field {key!r} has the wrong type in {data!r}")
    return value


@dataclass(frozen=True, slots=True)
class Seat:
    """One chair at a table: a human (``user_id``) or a computer player (``is_bot``)."""

    user_id: int | None
    name: str
    is_bot: bool = False
    level: str | None = None

    def to_json(self) -> JsonObject:
        return {
            "user_id": self.user_id,
            "name": self.name,
            "is_bot": self.is_bot,
            "level": self.level,
        }

    @classmethod
    def from_json(cls, data: JsonObject) -> Seat:
        return cls(
            user_id=_require(data, "user_id", int, nullable=True),
            name=_require(data, "name", str, nullable=False),
            is_bot=_require(data, "is_bot", bool, nullable=False),
            level=_require(data, "level", str, nullable=True),
        )


@dataclass(frozen=True, slots=True)
class SeatResult:
    """A seat's final line in a finished match; humans' lines feed the standings."""

    seat: int
    user_id: int | None
    name: str
    is_bot: bool
    total: int
    rings: int
    best_hand: int

    @property
    def counts_for_standings(self) -> bool:
        """Computer players and empty seats never enter the league table."""
        return not self.is_bot and self.user_id is not None

    def to_json(self) -> JsonObject:
        return {
            "seat": self.seat,
            "user_id": self.user_id,
            "name": self.name,
            "is_bot": self.is_bot,
            "total": self.total,
            "rings": self.rings,
            "best_hand": self.best_hand,
        }

    @classmethod
    def from_json(cls, data: JsonObject) -> SeatResult:
        return cls(
            seat=_require(data, "seat", int, nullable=False),
            user_id=_require(data, "user_id", int, nullable=True),
            name=_require(data, "name", str, nullable=False),
            is_bot=_require(data, "is_bot", bool, nullable=False),
            total=_require(data, "total", int, nullable=False),
            rings=_require(data, "rings", int, nullable=False),
            best_hand=_require(data, "best_hand", int, nullable=False),
        )


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A table as last committed. ``version`` is the token for the next write."""

    id: int
    guild_id: int
    channel_id: int
    message_id: int | None
    creator_id: int
    game: str
    status: TableStatus
    version: int
    settings: JsonObject
    seats: tuple[Seat, ...]
    state: JsonObject | None
    meta: JsonObject
    created_at: datetime
    updated_at: datetime
    expires_at: datetime | None

    @property
    def is_open(self) -> bool:
        return self.status.is_open


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One entry of a table's append-only move log (``seq`` counts from 1)."""

    table_id: int
    seq: int
    hand_number: int
    seat: int
    notation: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class FinishedMatchRecord:
    """The permanent result of a match: the history behind every standings change."""

    id: int
    table_id: int
    guild_id: int
    game: str
    finished_at: datetime
    result: tuple[SeatResult, ...]
    winner_user_id: int | None
    winner_seat: int | None


@dataclass(frozen=True, slots=True)
class StandingRow:
    """A league-table line. ``game`` is None when totals span every game."""

    guild_id: int
    game: str | None
    user_id: int
    name: str
    matches_played: int
    matches_won: int
    points: int
    rings: int
    best_hand: int
    updated_at: datetime
