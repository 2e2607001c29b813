"""Which interactions have been handled: each is claimed once, by the first process to
ask, so a replay of it (to the same process or another sharing the store) is not handled
again. Ids are Discord snowflakes, which grow with time, so the oldest claims are
forgotten by a range of the primary key."""

from __future__ import annotations

from bot.store.base import ROW_IDS, StoreBase


class StoreInteractions(StoreBase):
    """Claims on interaction ids, one statement each, committed without waiting for the
    disk: a database crash loses only the claims of interactions that changed nothing
    durable yet, since every durable commit flushes the log written before it."""

    async def claim_interaction(self, interaction_id: int) -> bool:
        """True if this call claimed ``interaction_id`` (no one had); False if it was
        claimed before, by any process sharing the store."""
        if interaction_id not in ROW_IDS:
            raise ValueError(f"not an interaction id: {interaction_id}")
        rows = await self._db.write(
            "INSERT INTO handled_interactions (id) VALUES (?) ON CONFLICT DO NOTHING RETURNING id",
            (interaction_id,),
            durable=False,  # a handler's durable commit flushes the claim before it
        )
        return bool(rows)

    async def forget_interactions_before(self, interaction_id: int) -> None:
        """Forget the claims on every id lower (older) than ``interaction_id``."""
        await self._db.write(
            "DELETE FROM handled_interactions WHERE id < ?", (interaction_id,), durable=False
        )
