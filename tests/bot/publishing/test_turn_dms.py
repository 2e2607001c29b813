"""A turn's DM that fails (Discord down, or rate limited past discord.py's retries) is not
recorded as sent: the table stays unshown and is published again shortly, so the game
never waits on a lost DM."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.publishing import publisher as publishing
from bot.publishing.delivery import Delivery
from bot.publishing.jobs.local import LocalJobQueue
from bot.publishing.publisher import Publisher
from bot.publishing.unshown import unshown
from bot.store import PublishJob
from bot.tables.service import TableService
from tests.bot.publishing.test_table_message import Table, table
from tests.fakediscord.fixtures import fake_discord

__all__ = ["fake_discord", "table"]


class FlakyDelivery(Delivery):
    """DMs whose first ``failures`` sends fail as a 429 past its retries would."""

    def __init__(self, client: discord.Client, failures: int) -> None:
        super().__init__(client)
        self.failures = failures
        self.tries = 0

    async def send_dm(self, user_id: int, content: str, **kwargs: Any) -> bool:
        self.tries += 1
        if self.tries <= self.failures:
            response: Any = type("Response", (), {"status": 429, "reason": "Too Many Requests"})
            raise discord.HTTPException(response, "You are being rate limited.")
        return await super().send_dm(user_id, content, **kwargs)


async def test_a_failed_turn_dm_is_sent_again_once(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(publishing, "RETRY_DM_AFTER", (0.05,))
    service = TableService(table.store)
    movers = []
    for user in table.players:
        _, moves = await service.legal_moves(table.id, user.id)
        if moves:
            movers.append((user, moves[0]))
    [(mover, move)] = movers
    [waiting] = [user for user in table.players if user is not mover]
    before = len(table.fake.dm_messages(waiting))
    await service.play(table.id, mover.id, move)

    delivery = FlakyDelivery(table.client, failures=2)
    queue = LocalJobQueue()
    publisher = Publisher(table.client, table.store, delivery, queue)
    await queue.start(publisher.run, 1)
    try:
        await queue.enqueue(PublishJob(table.id, (await table.record()).version))
        await table.fake.wait_until(
            lambda: len(table.fake.dm_messages(waiting)) > before,
            timeout=15,
            what="the waiting player's turn DM",
        )
        await queue.drain()
    finally:
        await queue.close()
    assert delivery.tries == 3  # two failures, then sent
    assert len(table.fake.dm_messages(waiting)) == before + 1
    assert not unshown(await table.record())  # now recorded as told
