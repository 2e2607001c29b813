"""Claims on interaction ids, on SQLite and PostgreSQL: each id is claimed once across
every store sharing the database, however many ask at once, until it is forgotten."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.store import Store

CLICK = 1_300_000_000_000_000_000
"""An interaction id (a snowflake of early 2025)."""


async def test_an_interaction_is_claimed_once_across_stores(store_target: str | Path) -> None:
    async with Store.open(store_target) as one, Store.open(store_target) as other:
        assert await one.claim_interaction(CLICK)
        assert not await one.claim_interaction(CLICK)
        assert not await other.claim_interaction(CLICK)
        assert await other.claim_interaction(CLICK + 1)
        assert not await one.claim_interaction(CLICK + 1)


async def test_of_many_racing_claims_exactly_one_wins(store_target: str | Path) -> None:
    async with Store.open(store_target) as one, Store.open(store_target) as other:
        claims = [store.claim_interaction(CLICK) for _ in range(10) for store in (one, other)]
        assert sorted(await asyncio.gather(*claims)) == [False] * 19 + [True]


async def test_forgotten_claims_are_the_older_ones(store_target: str | Path) -> None:
    async with Store.open(store_target) as store:
        for interaction_id in (CLICK - 2, CLICK - 1, CLICK, CLICK + 1):
            assert await store.claim_interaction(interaction_id)
        await store.forget_interactions_before(CLICK)
        assert await store.claim_interaction(CLICK - 2)  # forgotten: claimable again
        assert await store.claim_interaction(CLICK - 1)
        assert not await store.claim_interaction(CLICK)  # kept
        assert not await store.claim_interaction(CLICK + 1)


@pytest.mark.parametrize("interaction_id", [0, -1, 2**63])
async def test_an_id_no_row_can_have_is_refused(
    store_target: str | Path, interaction_id: int
) -> None:
    async with Store.open(store_target) as store:
        with pytest.raises(ValueError, match="not an interaction id"):
            await store.claim_interaction(interaction_id)
