"""The old-beside-new throughput table: each code's medians over its rounds, worker and
whole-bot CPU per play read from the right processes, new ÷ old, and only the load steps
both codes reached."""

from __future__ import annotations

from throughput import PlaySample, Step, Window
from throughput_baseline import StepFigures, comparison_rows


def step(tables: int, shard_ms: float, worker_ms: float, plays: int = 10) -> Step:
    """A step of ``plays`` plays in 2 s; CPU ms per play: one shard, one worker, then
    PostgreSQL and the benchmark (never counted as the bot's)."""
    samples = tuple(PlaySample(at=0.1 * n, seen_ms=100.0 + n, next_ms=200.0) for n in range(plays))
    return Step(tables, Window(0.0, 2.0, samples), (shard_ms, worker_ms, 3.0, 9.0), 1.0)


def test_figures_split_workers_from_the_rest_of_the_bot() -> None:
    figures = StepFigures.of(step(8, shard_ms=6.0, worker_ms=30.0), receivers=1, workers=1)
    assert figures.workers_ms == 30.0
    assert figures.bot_ms == 36.0  # PostgreSQL and the benchmark left out
    assert figures.rate == 5.0


def test_rows_give_each_codes_median_and_new_over_old() -> None:
    old_runs = [[step(8, 6.0, 30.0)], [step(8, 6.0, 26.0)], [step(8, 8.0, 40.0)]]
    new_runs = [[step(8, 6.0, 15.0)], [step(8, 6.0, 13.0)], [step(8, 6.0, 14.0)]]
    old, new, ratios = comparison_rows(old_runs, new_runs, [8], receivers=1, workers=1)
    assert old.split()[:5] == ["1", "8", "old", "30.0", "36.0"]
    assert new.split()[:5] == ["1", "8", "new", "14.0", "20.0"]
    assert ratios.split()[:5] == ["1", "8", "new÷old", "0.47", "0.56"]


def test_a_step_only_one_code_reached_is_left_out() -> None:
    old_runs = [[step(6, 6.0, 30.0), step(10, 6.0, 30.0)]]
    new_runs = [[step(6, 6.0, 15.0)]]
    rows = comparison_rows(old_runs, new_runs, [6, 10], receivers=1, workers=1)
    assert [row.split()[1] for row in rows] == ["6", "6", "6"]
