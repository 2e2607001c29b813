"""The plays per second a set of publish workers carries: from load steps of a rising number of
tables, the busiest step whose p95 latency stays within the limit.

A step's figures come from its steady window, while every table is playing: from the moment
the last table has started to the moment the first one has made all its plays. Tables still
opening (their Start draws everything) or already done would dilute the load.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from intervals import percentile  # beside this file: bench/ is on the path


@dataclass(frozen=True)
class PlaySample:
    """One play: when it was sent, and how long until its mover saw the answer and the
    next player got their controls (None: not measured, e.g. the table's last play)."""

    at: float
    """``time.perf_counter()`` of the interaction's dispatch."""
    seen_ms: float
    next_ms: float | None


@dataclass(frozen=True)
class Window:
    """The plays sent within ``[start, end)`` (seconds on ``time.perf_counter()``)."""

    start: float
    end: float
    plays: tuple[PlaySample, ...]

    @classmethod
    def of(cls, samples: Sequence[PlaySample], start: float, end: float) -> Window:
        return cls(start, end, tuple(s for s in samples if start <= s.at < end))

    @property
    def seconds(self) -> float:
        return max(self.end - self.start, 1e-9)

    @property
    def rate(self) -> float:
        """Plays per second sent in the window."""
        return len(self.plays) / self.seconds

    @property
    def p95_seen_ms(self) -> float:
        return percentile([s.seen_ms for s in self.plays], 0.95)

    @property
    def p95_next_ms(self) -> float:
        return percentile([s.next_ms for s in self.plays if s.next_ms is not None], 0.95)

    @property
    def p95_ms(self) -> float:
        """The worse of the two: what both the mover and the next player wait for."""
        return max(self.p95_seen_ms, self.p95_next_ms)


@dataclass(frozen=True)
class Step:
    """One load step: ``tables`` tables playing at once, and what the window measured."""

    tables: int
    window: Window
    cpu_ms_per_play: tuple[float, ...]
    """Each process's CPU milliseconds per play in the window (shards, workers, then the
    processes beside the bot: PostgreSQL, the benchmark itself)."""
    machine_cores: float
    """Cores the whole machine kept busy in the window, other work on it included."""


def carried(steps: Sequence[Step], limit_ms: float) -> Step | None:
    """The step with the most plays per second among those whose p95 is within the limit."""
    within = [step for step in steps if step.window.plays and step.window.p95_ms <= limit_ms]
    return max(within, key=lambda step: step.window.rate, default=None)
