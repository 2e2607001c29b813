"""bench_bot's helpers: when a player saw an answer (by each route the bot may take),
which load step carried the most plays within the latency limit, and each interactions
endpoint's share of the interactions."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from answer_clock import AnswerClock
from bench_bot import endpoint_shares
from pytest import approx
from throughput import PlaySample, Step, Window, carried

from tests.fakediscord import Callback
from tests.fakediscord.models import RequestRecord

INTERACTION = 99
ORIGINAL = "/api/v10/webhooks/1/tok/messages/@original"
FOLLOWUP_ROUTE = "/webhooks/{webhook_id}/{webhook_token}"
MESSAGE_ROUTE = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"


@dataclass
class Record:
    """What AnswerClock reads of an interaction record."""

    callbacks: list[Callback]
    id: int = INTERACTION
    dispatched_at: float | None = 10.0

    @property
    def accepted_callback(self) -> Callback | None:
        return next((c for c in self.callbacks if c.error is None), None)

    def describe(self) -> str:
        return f"interaction {self.id}"


def callback(kind: int, at: float = 10.05) -> Callback:
    return Callback(type=kind, data=None, files=[], at=at, latency_ms=(at - 10.0) * 1000)


def call(
    method: str, route: str, path: str, at: float, *, ms: float = 10.0, status: int = 200
) -> RequestRecord:
    return RequestRecord(
        method=method,
        route=route,
        path=path,
        query={},
        at=at,
        status=status,
        duration_ms=ms,
        interaction_id=INTERACTION,
    )


def edit(at: float, **kwargs: Any) -> RequestRecord:
    return call("PATCH", MESSAGE_ROUTE, ORIGINAL, at, **kwargs)


def followup(at: float) -> RequestRecord:
    return call("POST", FOLLOWUP_ROUTE, "/api/v10/webhooks/1/tok", at)


def test_an_answer_in_the_callback_is_seen_with_it() -> None:
    for kind in (4, 7):
        record = Record([callback(kind, at=10.2)])
        assert AnswerClock([edit(11.0)]).answered_at(record) == approx(10.2)


def test_an_acknowledgement_is_not_the_answer_until_original_is_edited() -> None:
    requests: list[RequestRecord] = []
    clock = AnswerClock(requests)
    record = Record([callback(6)])
    assert clock.answered_at(record) is None
    requests.append(edit(11.0, ms=40.0, status=0))  # arriving: not served yet
    assert clock.answered_at(record) is None
    requests[0].status = 200
    assert clock.answered_at(record) == approx(11.04)


def test_after_an_acknowledgement_a_followup_is_the_answer() -> None:
    record = Record([callback(6)])
    clock = AnswerClock([edit(10.5), followup(11.0)])
    assert clock.answered_at(record) == approx(11.01)


def test_after_thinking_the_first_edit_or_followup_is_the_answer() -> None:
    record = Record([callback(5)])
    assert AnswerClock([followup(11.0), edit(12.0)]).answered_at(record) == approx(11.01)
    assert AnswerClock([edit(11.5)]).answered_at(record) == approx(11.51)


def test_a_failed_edit_delivers_nothing() -> None:
    record = Record([callback(6)])
    assert AnswerClock([edit(11.0, status=404)]).answered_at(record) is None


def test_a_posted_message_is_timed_by_its_call() -> None:
    dm = RequestRecord(
        method="POST",
        route="/channels/{channel_id}/messages",
        path="/api/v10/channels/5/messages",
        query={},
        at=20.0,
        status=200,
        duration_ms=30.0,
        message_id=77,
    )
    clock = AnswerClock([dm])
    assert clock.created_at(77) == 20.03
    assert clock.created_at(78) is None


def step(tables: int, rate_plays: int, seen_ms: float) -> Step:
    samples = [
        PlaySample(at=float(n) / rate_plays, seen_ms=seen_ms, next_ms=seen_ms)
        for n in range(rate_plays)
    ]
    return Step(tables, Window.of(samples, 0.0, 1.0), cpu_ms_per_play=(1.0,), machine_cores=0.5)


def test_carried_is_the_busiest_step_within_the_limit() -> None:
    steps = [step(5, 4, 200.0), step(10, 8, 900.0), step(20, 9, 1500.0)]
    best = carried(steps, 1000.0)
    assert best is not None and best.tables == 10 and best.window.rate == 8.0
    assert carried(steps[2:], 1000.0) is None


def test_a_window_counts_only_the_plays_sent_within_it() -> None:
    samples = [PlaySample(at, 100.0, None) for at in (0.5, 1.0, 1.5, 2.0)]
    window = Window.of(samples, 1.0, 2.0)
    assert [s.at for s in window.plays] == [1.0, 1.5]
    assert window.rate == 2.0
    assert window.p95_next_ms == 0.0  # nothing measured


def test_endpoint_shares_are_of_every_interaction_received() -> None:
    received: Counter[str | None] = Counter({"a": 3, "b": 1})
    assert endpoint_shares(received, ["a", "b"]) == [0.75, 0.25]
    received[None] = 4  # over the gateway: in the whole, under no URL
    assert endpoint_shares(received, ["a", "b", "c"]) == [0.375, 0.125, 0.0]
    assert endpoint_shares(Counter(), ["a"]) == [0.0]
