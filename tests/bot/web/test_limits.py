"""A flood from one user is slowed; others are not."""

from __future__ import annotations

from bot.web.limits import RateLimit


def test_a_burst_then_the_rate() -> None:
    now = [0.0]
    limit = RateLimit(rate=2, burst=3, clock=lambda: now[0])
    assert [limit.allow("alice") for _ in range(4)] == [True, True, True, False]
    assert limit.allow("bob")  # each user has their own bucket
    now[0] += 0.5  # one more request's worth
    assert limit.allow("alice")
    assert not limit.allow("alice")
