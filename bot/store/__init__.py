"""Persistent storage for tables, move logs, finished matches and standings: SQLite by
default, PostgreSQL when several bot processes share one state."""

from bot.store.base import Clock, utc_now
from bot.store.codec import JsonObject
from bot.store.errors import (
    ChannelBusyError,
    SchemaVersionError,
    StaleVersionError,
    StoreError,
    TableNotFoundError,
    TableStateError,
)
from bot.store.outbox import NoOutbox, Outbox, PublishJob
from bot.store.records import (
    Entrant,
    FinishedMatchRecord,
    MoveRecord,
    Seat,
    SeatResult,
    StandingRow,
    TableRecord,
    TableStatus,
    TournamentRecord,
    TournamentStatus,
    TournamentTable,
)
from bot.store.schema import MIGRATIONS, SCHEMA_VERSION
from bot.store.store import Store, StoreOpener
from bot.store.tables import UNSET
from bot.store.tournaments import StaleTournamentError, TournamentNotFoundError

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "UNSET",
    "ChannelBusyError",
    "Clock",
    "Entrant",
    "FinishedMatchRecord",
    "JsonObject",
    "MoveRecord",
    "NoOutbox",
    "Outbox",
    "PublishJob",
    "SchemaVersionError",
    "Seat",
    "SeatResult",
    "StaleTournamentError",
    "StaleVersionError",
    "StandingRow",
    "Store",
    "StoreError",
    "StoreOpener",
    "TableNotFoundError",
    "TableRecord",
    "TableStateError",
    "TableStatus",
    "TournamentNotFoundError",
    "TournamentRecord",
    "TournamentStatus",
    "TournamentTable",
    "utc_now",
]
