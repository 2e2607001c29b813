"""Exceptions raised by the store.

They carry the facts a caller needs to recover (current version, blocking table id),
so the bot can reload and retry instead of parsing messages.
"""

from __future__ import annotations


class StoreError(Exception):
    """Base class for every error the store raises on purpose."""


class TableNotFoundError(StoreError, LookupError):
    """The table id does not exist."""

    def __init__(self, table_id: int) -> None:
        super().__init__(f"table {table_id} does not exist")
        self.table_id = table_id


class StaleVersionError(StoreError):
    """The caller's copy of a table is out of date; nothing was written.

    Raised by optimistic-concurrency writes when another writer committed first.
    The caller should reload the table (``current_version``) and decide again.
    """

    def __init__(self, table_id: int, expected_version: int, current_version: int) -> None:
        super().__init__(
            f"table {table_id} is at version {current_version}, "
            f"but the write expected version {expected_version}"
        )
        self.table_id = table_id
        self.expected_version = expected_version
        self.current_version = current_version


class TableStateError(StoreError):
    """The write is not allowed in the table's current status (e.g. a move on a
    finished table), which would otherwise corrupt logs or standings."""

    def __init__(self, table_id: int, status: str, action: str) -> None:
        super().__init__(f"cannot {action}: table {table_id} is {status}")
        self.table_id = table_id
        self.status = status
        self.action = action


class ChannelBusyError(StoreError):
    """The channel already has an open (lobby or playing) table."""

    def __init__(self, channel_id: int, table_id: int | None) -> None:
        where = f" (table {table_id})" if table_id is not None else ""
        super().__init__(f"channel {channel_id} already has an open table{where}")
        self.channel_id = channel_id
        self.table_id = table_id


class UniqueViolation(StoreError):
    """A write would have broken a unique index (the backends' own errors, translated)."""


class SchemaVersionError(StoreError):
    """The database was written by a newer build than this one understands."""

    def __init__(self, found: int, supported: int) -> None:
        super().__init__(
            f"database schema version {found} is newer than this build supports ({supported})"
        )
        self.found = found
        self.supported = supported
