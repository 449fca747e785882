"""How every benchmark computes the percentiles it prints, so that a p95 in one script's
figures means what it means in another's.

A percentile is interpolated linearly between the two nearest ranks
(``statistics.quantiles(method="inclusive")``, the same as numpy's default): p50 is the median,
and p0 and p100 are the least and greatest values.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence


def percentile(values: Sequence[float], p: int) -> float:
    """The ``p``-th percentile (a whole number from 0 to 100) of ``values`` (not empty)."""
    if not values:
        raise ValueError("no values to take a percentile of")
    if not 0 <= p <= 100 or p != int(p):
        raise ValueError(f"a percentile is a whole number from 0 to 100, not {p!r}")
    if len(values) == 1 or p in (0, 100):
        return float(min(values) if p == 0 else max(values) if p == 100 else values[0])
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]
