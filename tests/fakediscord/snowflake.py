"""Snowflake ids and timestamps shaped like Discord's.

discord.py derives times from ids (``snowflake_time``) to decide whether an interaction
expired or which delete rate-limit bucket applies, so ids must encode the real clock.
"""

from __future__ import annotations

import datetime as dt
import time

DISCORD_EPOCH_MS = 1_420_070_400_000


class SnowflakeFactory:
    """Hands out unique, strictly increasing snowflakes based on the wall clock."""

    def __init__(self, worker: int = 1) -> None:
        self._worker_bits = (worker & 0x1F) << 17
        self._last = 0

    def next(self) -> int:
        now_ms = int(time.time() * 1000)
        candidate = ((now_ms - DISCORD_EPOCH_MS) << 22) | self._worker_bits
        if candidate <= self._last:
            candidate = self._last + 1
        self._last = candidate
        return candidate


def snowflake_time(snowflake: int) -> dt.datetime:
    """The creation time encoded in ``snowflake`` (UTC)."""
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC)


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def iso(moment: dt.datetime | None) -> str | None:
    """Discord's ISO-8601 timestamp format (microseconds and an explicit offset)."""
    if moment is None:
        return None
    return moment.astimezone(dt.UTC).isoformat(timespec="microseconds")
