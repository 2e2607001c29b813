"""Conversions between Python values and the TEXT columns the store writes.

Timestamps are stored as fixed-width ISO-8601 UTC text (microsecond precision, ``+00:00``)
so that SQL string comparison orders them correctly, e.g. for a window of finished matches.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

JsonObject = dict[str, Any]
"""A decoded JSON object, as produced by the engine's serialisers."""


def encode_json(value: Any) -> str:
    """Compact, strict JSON: NaN/Infinity are rejected because other readers cannot parse them."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def encode_object(value: Mapping[str, Any]) -> str:
    """Encode a JSON object, refusing anything that is not a mapping at the top level."""
    if not isinstance(value, Mapping):
        raise TypeError(f"expected a JSON object (mapping), got {type(value).__name__}")
    return encode_json(dict(value))


def decode_object(text: str) -> JsonObject:
    """Decode a column that must hold a JSON object."""
    value = json.loads(text)
    if not isinstance(value, dict):
        raise ValueError(f"stored JSON is a {type(value).__name__}, expected an object")
    return value


def time_to_text(moment: datetime) -> str:
    """Canonical UTC text for a timezone-aware datetime.

    Naive datetimes are refused: guessing their zone is how expiry bugs start.
    """
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError("timestamps must be timezone-aware")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def text_to_time(text: str) -> datetime:
    """Parse a timestamp written by :func:`time_to_text`."""
    return datetime.fromisoformat(text)


def optional_time_to_text(moment: datetime | None) -> str | None:
    return None if moment is None else time_to_text(moment)


def optional_text_to_time(text: str | None) -> datetime | None:
    return None if text is None else text_to_time(text)
