"""Typed, immutable views of stored rows.

Records are decoded fresh for every call, so mutating a record's JSON dicts never
changes the database or another caller's copy.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
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


def check_stats(value: object, where: str = "stats") -> dict[str, int]:
    """A copy of a per-game figures map (name -> int), failing loudly on anything else."""
    if not isinstance(value, Mapping):
        raise ValueError(f"{where} must be an object of integers, got {value!r}")
    stats: dict[str, int] = {}
    for name, number in value.items():
        # bool is an int subclass; a count must never silently be True/False.
        if not isinstance(name, str) or isinstance(number, bool) or not isinstance(number, int):
            raise ValueError(f"{where} must map names to integers, got {value!r}")
        stats[name] = number
    return stats


@dataclass(frozen=True, slots=True)
class Seat:
    """One chair at a table: a human (``user_id``) or a computer player (``is_bot``)."""

    user_id: int | None
    name: str
    is_bot: bool = False
    level: str | None = None
    locale: str | None = None
    """The player's Discord language as last seen on one of their interactions (their
    DMs are written in it); None for a computer or before they are seen."""

    def to_json(self) -> JsonObject:
        data: JsonObject = {
            "user_id": self.user_id,
            "name": self.name,
            "is_bot": self.is_bot,
            "level": self.level,
        }
        if self.locale is not None:
            data["locale"] = self.locale
        return data

    @classmethod
    def from_json(cls, data: JsonObject) -> Seat:
        locale = data.get("locale")
        return cls(
            user_id=_require(data, "user_id", int, nullable=True),
            name=_require(data, "name", str, nullable=False),
            is_bot=_require(data, "is_bot", bool, nullable=False),
            level=_require(data, "level", str, nullable=True),
            locale=locale if isinstance(locale, str) else None,
        )


@dataclass(frozen=True, slots=True)
class SeatResult:
    """A seat's final line in a finished match; humans' lines feed the standings.

    ``stats`` holds the game's own figures (e.g. Network's rings and best hand); how each
    one accumulates in the standings is the ``combine`` rule given to ``finish_match``.
    It is copied on construction, so the caller's mapping can't change the record.
    """

    seat: int
    user_id: int | None
    name: str
    is_bot: bool
    total: int
    stats: Mapping[str, int] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "stats", check_stats(self.stats, f"seat {self.seat} stats"))

    @property
    def counts_for_standings(self) -> bool:
        """Computer players and empty seats never enter the league table."""
        return not self.is_bot and self.user_id is not None

    def to_json(self) -> JsonObject:
        return asdict(self)

    @classmethod
    def from_json(cls, data: JsonObject) -> SeatResult:
        """Read a stored line; lines written before ``stats`` existed (Network-only, with
        top-level ``rings`` and ``best_hand``) come back with those two as their stats."""
        if "stats" in data or "rings" not in data:
            stats = check_stats(_require(data, "stats", dict, nullable=False))
        else:
            stats = {
                "rings": _require(data, "rings", int, nullable=False),
                "best_hand": _require(data, "best_hand", int, nullable=False),
            }
        return cls(
            seat=_require(data, "seat", int, nullable=False),
            user_id=_require(data, "user_id", int, nullable=True),
            name=_require(data, "name", str, nullable=False),
            is_bot=_require(data, "is_bot", bool, nullable=False),
            total=_require(data, "total", int, nullable=False),
            stats=stats,
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
    publication: JsonObject = field(default_factory=dict)
    """What the table's publisher last sent (its own bookkeeping, see ``bot.store.publication``);
    written beside the version, never bumping it."""

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
    """One player's line in one game's league table."""

    guild_id: int
    game: str
    user_id: int
    name: str
    matches_played: int
    matches_won: int
    points: int
    stats: dict[str, int]
    updated_at: datetime


class TournamentStatus(StrEnum):
    """Lifecycle of a tournament. ``finished`` and ``cancelled`` are terminal."""

    SIGNUP = "signup"
    RUNNING = "running"
    PAUSED = "paused"
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def is_open(self) -> bool:
        return self in (TournamentStatus.SIGNUP, TournamentStatus.RUNNING, TournamentStatus.PAUSED)


@dataclass(frozen=True, slots=True)
class Entrant:
    """One player of a tournament: a person (``user_id``) or a computer filler
    (``level``); a dropped entrant is paired no more but keeps their results."""

    user_id: int | None
    name: str
    level: str | None = None
    dropped: bool = False

    @property
    def is_computer(self) -> bool:
        return self.user_id is None

    def to_json(self) -> JsonObject:
        return asdict(self)

    @classmethod
    def from_json(cls, data: JsonObject) -> Entrant:
        return cls(
            user_id=_require(data, "user_id", int, nullable=True),
            name=_require(data, "name", str, nullable=False),
            level=_require(data, "level", str, nullable=True),
            dropped=_require(data, "dropped", bool, nullable=False),
        )


RoundTables = tuple[tuple[int, ...], ...]
"""One round's tables, each its entrants' numbers (places in the seed order) in seat
order; a table of one is a bye."""


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    """A tournament as last committed. ``version`` is the token for the next write;
    ``pairings[k]`` is round k + 1, so the round being played is ``len(pairings)``."""

    id: int
    guild_id: int
    channel_id: int
    creator_id: int
    game: str
    status: TournamentStatus
    version: int
    settings: JsonObject
    entrants: tuple[Entrant, ...]
    pairings: tuple[RoundTables, ...]
    created_at: datetime
    updated_at: datetime

    @property
    def round(self) -> int:
        """The round opened last (0 before the first)."""
        return len(self.pairings)


@dataclass(frozen=True, slots=True)
class TournamentTable:
    """The table a round's position is played at."""

    tournament_id: int
    round: int
    position: int
    table_id: int
