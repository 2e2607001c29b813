"""When a player SAW the bot's answer, read from the fake Discord's records of the bot's calls.

An interaction's first callback is often only an acknowledgement: on PostgreSQL the bot
defers at once and a job edits ``@original`` later, from whichever process takes it. The
answer is seen when the call that delivers it has been served, by the routes
``tests.bot.e2e.harness.delivered`` accepts: the callback itself when it carries the
answer (4, 7); after a "thinking" placeholder (5), the first edit of ``@original`` or
follow-up; after an acknowledgement (6), the first follow-up if any, else the first edit of
``@original``.

The fake's request list grows by tens of thousands of calls in a run, so the calls are
indexed as they complete (by interaction, and each created message's id), never searched
again per interaction.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Final

from tests.fakediscord import InteractionRecord
from tests.fakediscord.models import RequestRecord

CHANNEL_MESSAGE: Final = 4
DEFERRED_CHANNEL_MESSAGE: Final = 5
DEFERRED_UPDATE_MESSAGE: Final = 6
UPDATE_MESSAGE: Final = 7

FOLLOWUP_ROUTE: Final = "/webhooks/{webhook_id}/{webhook_token}"
DM_OR_CHANNEL_POST: Final = "/channels/{channel_id}/messages"

POLL_SECONDS: Final = 0.02
"""How often a waiting player looks again (see bench_bot.POLL_SECONDS for why not wake-ups)."""


def served_at(request: RequestRecord) -> float:
    """The ``time.perf_counter()`` moment the fake finished serving ``request``."""
    return request.at + request.duration_ms / 1000


def is_original_edit(request: RequestRecord) -> bool:
    return request.method == "PATCH" and request.path.endswith("/messages/@original")


def is_followup(request: RequestRecord) -> bool:
    return request.method == "POST" and request.route == FOLLOWUP_ROUTE


@dataclass
class AnswerClock:
    """Served calls, indexed as they complete; :meth:`answered_at` reads them."""

    requests: list[RequestRecord]
    """The fake's live list of the bot's calls (``FakeDiscord.requests``)."""
    _next: int = 0
    _pending: list[RequestRecord] = field(default_factory=list)
    _by_interaction: dict[int, list[RequestRecord]] = field(default_factory=dict)
    _created: dict[int, RequestRecord] = field(default_factory=dict)

    def _catch_up(self) -> None:
        requests = self.requests
        fresh = requests[self._next :]
        self._next = len(requests)
        waiting: list[RequestRecord] = []
        for request in [*self._pending, *fresh]:
            if not request.status:  # still being served: its ids may not be known yet
                waiting.append(request)
                continue
            if not 200 <= request.status < 300:
                continue
            if request.interaction_id is not None:
                self._by_interaction.setdefault(request.interaction_id, []).append(request)
            elif (
                request.method == "POST"
                and request.message_id is not None
                and request.route == DM_OR_CHANNEL_POST
            ):
                self._created.setdefault(request.message_id, request)
        self._pending = waiting

    def answered_at(self, record: InteractionRecord) -> float | None:
        """The moment the answer to ``record`` became visible; None while still owed."""
        callback = record.accepted_callback
        if callback is None:
            return None
        if callback.type in (CHANNEL_MESSAGE, UPDATE_MESSAGE):
            return callback.at
        self._catch_up()
        calls = self._by_interaction.get(record.id, [])
        edits = [served_at(r) for r in calls if is_original_edit(r)]
        followups = [served_at(r) for r in calls if is_followup(r)]
        if callback.type == DEFERRED_CHANNEL_MESSAGE:
            return min(edits + followups, default=None)
        if callback.type == DEFERRED_UPDATE_MESSAGE:
            if followups:
                return min(followups)
            return min(edits, default=None)
        return None

    def created_at(self, message_id: int) -> float | None:
        """When the channel message ``message_id`` (a DM, say) was posted; None if the
        call that made it is not served yet or was another route."""
        self._catch_up()
        request = self._created.get(message_id)
        return None if request is None else served_at(request)

    async def seen(self, record: InteractionRecord, timeout: float = 30.0) -> float:
        """Wait until the answer to ``record`` is visible; its latency in milliseconds from
        the interaction's dispatch."""
        deadline = time.monotonic() + timeout
        while (at := self.answered_at(record)) is None:
            if time.monotonic() > deadline:
                raise TimeoutError(f"no answer to {record.describe()} within {timeout} s")
            await asyncio.sleep(POLL_SECONDS)
        assert record.dispatched_at is not None
        return (at - record.dispatched_at) * 1000
