"""The statistics every benchmark prints: percentiles and 95 % confidence intervals."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

Z95 = 1.959964


def percentile(values: Sequence[float], share: float) -> float:
    """Nearest-rank percentile, ``share`` in 0–1 (0.95: p95); 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(1, math.ceil(share * len(ordered))) - 1]


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The 95 % Wilson score interval of the proportion ``successes / trials``."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95 % confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, Z95 * statistics.stdev(values) / math.sqrt(len(values))
