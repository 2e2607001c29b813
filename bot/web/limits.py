"""A flood from one user is slowed, not served: a token bucket per user and kind of
request, in memory (each process limits what reaches it)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

FORGET_AFTER: Final = 600.0
"""Seconds after which an idle user's bucket is dropped."""


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


class RateLimit:
    """``rate`` requests a second on average, up to ``burst`` at once, per key."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._rate, self._burst, self._clock = rate, burst, clock
        self._buckets: dict[object, _Bucket] = {}
        self._swept = clock()

    def allow(self, key: object) -> bool:
        now = self._clock()
        self._sweep(now)
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = _Bucket(float(self._burst), now)
        bucket.tokens = min(self._burst, bucket.tokens + (now - bucket.at) * self._rate)
        bucket.at = now
        if bucket.tokens < 1:
            return False
        bucket.tokens -= 1
        return True

    def _sweep(self, now: float) -> None:
        if now - self._swept < FORGET_AFTER:
            return
        self._swept = now
        idle = [key for key, b in self._buckets.items() if now - b.at > FORGET_AFTER]
        for key in idle:
            del self._buckets[key]
