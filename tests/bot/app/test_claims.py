"""Claiming interactions before any handler: over the gateway an interaction reaches
discord.py's handlers once across every process sharing the store; a replay or an
interaction past Discord's token life reaches none, is counted and logged once without
its token; old claims are forgotten."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from prometheus_client import REGISTRY

from bot.app.claims import KEPT_FOR, TOKEN_LIFE, Claim, InteractionClaims, snowflake_at
from bot.store import Store

TOKEN = "the-interactions-secret-token"


def click(interaction_id: int) -> dict[str, Any]:
    return {"id": str(interaction_id), "type": 3, "token": TOKEN, "application_id": "42"}


def ignored(reason: str) -> float:
    return REGISTRY.get_sample_value("domino_interactions_ignored_total", {"reason": reason}) or 0


class Gateway:
    """One process's discord.py parsers, the interaction parser recording what it got."""

    def __init__(self, claims: InteractionClaims) -> None:
        self.parsed: list[dict[str, Any]] = []
        self.parsers: dict[str, Callable[[Any], None]] = {"INTERACTION_CREATE": self.parsed.append}
        claims.guard(self.parsers)

    def send(self, payload: dict[str, Any]) -> None:
        self.parsers["INTERACTION_CREATE"](payload)


@pytest.fixture
async def stores(tmp_path: Path) -> AsyncIterator[tuple[Store, Store]]:
    """Two processes' stores on one database."""
    path = tmp_path / "claims.db"
    async with Store.open(path) as one, Store.open(path) as other:
        yield one, other


async def test_a_gateway_interaction_is_handled_once_across_processes(
    stores: tuple[Store, Store], caplog: pytest.LogCaptureFixture
) -> None:
    claims = [InteractionClaims(store) for store in stores]
    gateways = [Gateway(c) for c in claims]
    payload = click(snowflake_at(time.time()))
    replays = ignored("replay")
    with caplog.at_level(logging.INFO):
        for gateway in (*gateways, gateways[0]):
            gateway.send(payload)
        for c in claims:
            await c.close()
    assert sum(len(g.parsed) for g in gateways) == 1
    assert ignored("replay") - replays == 2
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    said = f"interaction {payload['id']} over the gateway not handled: already handled"
    assert warned == [said] * 2
    assert TOKEN not in caplog.text


async def test_an_interaction_past_its_tokens_life_is_not_handled_nor_claimed(
    stores: tuple[Store, Store],
) -> None:
    store = stores[0]
    claims = InteractionClaims(store)
    gateway = Gateway(claims)
    old = snowflake_at(time.time() - TOKEN_LIFE - 5)
    expired = ignored("expired")
    gateway.send(click(old))
    await claims.close()
    assert gateway.parsed == []
    assert ignored("expired") - expired == 1
    assert await claims.claim(old, "endpoint") is Claim.EXPIRED
    assert await store.claim_interaction(old)  # never written


async def test_claims_past_the_tokens_life_are_forgotten(stores: tuple[Store, Store]) -> None:
    store = stores[0]
    now = [time.time()]
    claims = InteractionClaims(store, clock=lambda: now[0], forget_every=0)
    first = snowflake_at(now[0])
    assert await claims.claim(first, "endpoint") is Claim.FIRST
    await claims.close()
    now[0] += TOKEN_LIFE - 1  # within the token's life: kept
    later = snowflake_at(now[0])
    assert await claims.claim(later, "endpoint") is Claim.FIRST
    await claims.close()
    assert not await store.claim_interaction(first)
    now[0] += KEPT_FOR - TOKEN_LIFE + 2  # past the margin for disagreeing clocks
    assert await claims.claim(snowflake_at(now[0]), "endpoint") is Claim.FIRST
    await claims.close()  # the pruning it started is done
    assert await store.claim_interaction(first)  # forgotten
    assert not await store.claim_interaction(later)  # still within the margin


async def test_an_interaction_that_cannot_be_claimed_is_not_handled(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    store = await Store.open(tmp_path / "gone.db")
    claims = InteractionClaims(store)
    gateway = Gateway(claims)
    await store.close()  # the database is gone
    gateway.send(click(snowflake_at(time.time())))
    await claims.close()
    assert gateway.parsed == []
    assert "could not be claimed" in caplog.text
    assert TOKEN not in caplog.text
