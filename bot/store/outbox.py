"""The store's outbox: a commit that changes what players see names a publish job in the
same transaction, so news can never be lost between the commit and its messages.

The store only hands the job over; where it goes (a PostgreSQL job table, or a queue in
this process for SQLite) is the job queue's business (``bot.publishing.jobs``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.store.database import Transaction

JsonObject = dict[str, Any]


@dataclass(frozen=True, slots=True)
class PublishJob:
    """Publish table ``table_id`` up to ``version``: whatever of it is not shown yet.
    ``answer``: the acting player's pending interaction, answered by the job."""

    table_id: int
    version: int
    answer: JsonObject | None = field(default=None, repr=False)
    """An interaction's token and a player's private words: kept out of reprs (logs)."""
    committed_at: float | None = field(default=None, compare=False)
    """When the commit that named the job was made (Unix seconds): how far publishing
    lags behind, measured wherever the job runs (None: a job no commit named)."""

    def to_bytes(self) -> bytes:
        data: JsonObject = {"table": self.table_id, "version": self.version}
        if self.answer is not None:
            data["answer"] = self.answer
        if self.committed_at is not None:
            data["at"] = self.committed_at
        return json.dumps(data, separators=(",", ":")).encode()

    @classmethod
    def from_bytes(cls, payload: bytes) -> PublishJob:
        data = json.loads(payload)
        return cls(
            int(data["table"]),
            int(data["version"]),
            data.get("answer"),
            None if data.get("at") is None else float(data["at"]),
        )


class Outbox(Protocol):
    """Where the store puts the publish jobs its commits name."""

    async def add(self, db: Transaction, job: PublishJob) -> None:
        """Inside the commit's transaction (a job table joins it)."""

    def committed(self, job: PublishJob) -> None:
        """After the transaction committed (an in-process queue takes the job now)."""


class NoOutbox:
    """For a store used without a bot (tools, tests of the store alone): jobs go nowhere;
    what they would have published stays findable as unpublished tables."""

    async def add(self, db: Transaction, job: PublishJob) -> None:
        return None

    def committed(self, job: PublishJob) -> None:
        return None
