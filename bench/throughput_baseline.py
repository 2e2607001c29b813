"""The throughput figures of the old code and the new side by side: per worker count and
load step, the median over rounds of each code's CPU per play (the worker processes', and
every bot process's), plays per second and p95s, then new ÷ old."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, fields

from baseline import ratio  # beside this file: bench/ is on the path
from throughput import Step

HEADING = "  workers  tables  code      workers CPU  bot CPU  plays/s  p95 answer  p95 next"


@dataclass(frozen=True)
class StepFigures:
    """What the two codes are compared on, for one load step."""

    workers_ms: float
    """The worker processes' CPU ms per play (their drawing processes included)."""
    bot_ms: float
    """Every bot process's CPU ms per play: shards, interactions processes, workers."""
    rate: float
    """Plays per second."""
    p95_seen_ms: float
    p95_next_ms: float

    @classmethod
    def of(cls, step: Step, receivers: int, workers: int) -> StepFigures:
        """``step``'s figures; its CPU list begins with ``receivers`` processes (shards,
        interactions processes), then the ``workers`` worker processes."""
        cpu = step.cpu_ms_per_play
        return cls(
            sum(cpu[receivers : receivers + workers]),
            sum(cpu[: receivers + workers]),
            step.window.rate,
            step.window.p95_seen_ms,
            step.window.p95_next_ms,
        )

    @classmethod
    def median(cls, runs: Sequence[StepFigures]) -> StepFigures:
        """Each figure's median over ``runs`` (rounds of the same code)."""
        return cls(*(statistics.median(getattr(run, f.name) for run in runs) for f in fields(cls)))

    def row(self, workers: int, tables: int, code: str) -> str:
        return (
            f"  {workers:7d}  {tables:6d}  {code:<8}  {self.workers_ms:11.1f}  "
            f"{self.bot_ms:7.1f}  {self.rate:7.2f}  {self.p95_seen_ms:10.0f}  "
            f"{self.p95_next_ms:8.0f}"
        )


def ratio_row(workers: int, tables: int, old: StepFigures, new: StepFigures) -> str:
    """new ÷ old of every figure, under the two rows."""
    ratios = [ratio(getattr(new, f.name), getattr(old, f.name)) for f in fields(StepFigures)]
    widths = (11, 7, 7, 10, 8)
    cells = "  ".join(f"{cell:>{width}}" for cell, width in zip(ratios, widths, strict=True))
    return f"  {workers:7d}  {tables:6d}  new÷old   {cells}"


def comparison_rows(
    old_runs: Sequence[Sequence[Step]],
    new_runs: Sequence[Sequence[Step]],
    tables: Sequence[int],
    receivers: int,
    workers: int,
) -> list[str]:
    """For each load step (``tables`` tables) both codes reached in some round: the old
    code's row, the new's and new ÷ old. ``old_runs``/``new_runs``: one list of steps per
    round, with ``receivers`` and ``workers`` processes as in :meth:`StepFigures.of`."""
    rows = []
    for count in tables:
        sides = [
            [
                StepFigures.of(s, receivers, workers)
                for run in runs
                for s in run
                if s.tables == count
            ]
            for runs in (old_runs, new_runs)
        ]
        if not all(sides):
            continue
        old, new = (StepFigures.median(side) for side in sides)
        rows += [
            old.row(workers, count, "old"),
            new.row(workers, count, "new"),
            ratio_row(workers, count, old, new),
        ]
    return rows
