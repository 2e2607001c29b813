"""Decoding of result rows into records (the only place that knows column types).

A column means the same in every table that has it (``created_at`` is always a timestamp,
``meta`` always a JSON object), so a record is decoded field by field, by column name.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import fields
from functools import cache
from typing import TYPE_CHECKING, Any, Final, TypeVar, cast

from bot.store.codec import decode_object, optional_text_to_time, text_to_time
from bot.store.database import Row
from bot.store.records import Seat, SeatResult, TableStatus, check_stats

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

RecordT = TypeVar("RecordT", bound="DataclassInstance")


def _json_list(text: str) -> list[dict[str, object]]:
    value = json.loads(text)
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise ValueError("stored JSON is not a list of objects")
    return value


def stats_from_text(text: str) -> dict[str, int]:
    """Decode a standings ``stats`` column (a JSON object of integers)."""
    return check_stats(decode_object(text), "stored stats")


def _optional_object(text: str | None) -> dict[str, Any] | None:
    return None if text is None else decode_object(text)


_DECODERS: Final[dict[str, Callable[[Any], object]]] = {
    "status": TableStatus,
    "settings": decode_object,
    "seats": lambda text: tuple(Seat.from_json(seat) for seat in _json_list(text)),
    "state": _optional_object,
    "meta": decode_object,
    "publication": decode_object,
    "result": lambda text: tuple(SeatResult.from_json(line) for line in _json_list(text)),
    "stats": stats_from_text,
    "created_at": text_to_time,
    "updated_at": text_to_time,
    "finished_at": text_to_time,
    "expires_at": optional_text_to_time,
}
"""How a column's stored value becomes a record's field; a column not named here (ids,
numbers, names) is taken as the driver reads it."""


@cache
def _field_names(kind: type[DataclassInstance]) -> tuple[str, ...]:
    return tuple(item.name for item in fields(kind))


def from_row(kind: type[RecordT], row: Row) -> RecordT:
    """The record of ``kind`` (``TableRecord``, ``MoveRecord``, …) a row holds: each field
    read from the column of the same name."""
    values = {}
    for name in _field_names(kind):
        decode = _DECODERS.get(name)
        values[name] = row[name] if decode is None else decode(row[name])
    return cast(Callable[..., RecordT], kind)(**values)
