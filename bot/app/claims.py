"""Each interaction is handled at most once, by the process that claims its id first in
the store: a replay (the same signed POST sent again while its signature is fresh, to
this process or another) changes nothing and sends nothing.

Every interaction is claimed before any handler sees it: over the gateway in front of
discord.py's INTERACTION_CREATE parser (:meth:`InteractionClaims.guard`), over HTTP by
the endpoint before it hands the interaction over (:meth:`InteractionClaims.claim`). A
claim is one INSERT. Claims are kept past Discord's 15-minute token life, then forgotten
now and then (ids are snowflakes, which carry their creation time); an interaction older
than that life is not handled at all: no answer could reach its user, and its claim may
be forgotten already.
"""

from __future__ import annotations

import asyncio
import enum
import logging
import time
from collections.abc import Callable
from typing import Any, Final

from bot.metrics.measures import DISCORD_EPOCH_MS, INTERACTIONS_IGNORED, interaction_age
from bot.store import Store

log = logging.getLogger(__name__)

TOKEN_LIFE: Final = 15 * 60.0
"""Seconds an interaction's token answers for (Discord's limit)."""
KEPT_FOR: Final = TOKEN_LIFE + 5 * 60.0
"""Seconds a claim is kept: the token's life, and a margin for processes whose clocks
disagree by a few minutes."""
FORGET_EVERY: Final = 60.0
"""Seconds between two prunings of old claims by one process."""


class Claim(enum.Enum):
    """What claiming an interaction found (the value is the metric's reason)."""

    FIRST = "first"
    """Claimed now, by this call: handle it."""
    REPLAY = "replay"
    """Claimed before, by this process or another: it was handled already."""
    EXPIRED = "expired"
    """Older than Discord's token life: too late to handle."""


WHY: Final = {Claim.REPLAY: "already handled", Claim.EXPIRED: "expired"}
"""A refused claim in words, for the log and the endpoint's answer."""


def snowflake_at(seconds: float) -> int:
    """The lowest snowflake id Discord makes at ``seconds`` since the epoch."""
    return max(0, (int(seconds * 1000) - DISCORD_EPOCH_MS) << 22)


class InteractionClaims:
    """Claims interaction ids in ``store`` and counts and logs the refused ones."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        forget_every: float = FORGET_EVERY,
    ) -> None:
        self._store = store
        self._clock = clock  # the real time: snowflakes are made from Discord's clock
        self._forget_every = forget_every
        self._forgotten_at = -forget_every
        self._forgetting: asyncio.Task[None] | None = None
        self._parsing: set[asyncio.Task[None]] = set()

    async def claim(self, interaction_id: int, route: str) -> Claim:
        """Claim ``interaction_id`` (which came over ``route``: the gateway or the
        endpoint). Raises ValueError for an id no interaction has."""
        if interaction_age(interaction_id, self._clock()) > TOKEN_LIFE:
            found = Claim.EXPIRED
        elif await self._store.claim_interaction(interaction_id):
            self._forget_now_and_then()
            return Claim.FIRST
        else:
            found = Claim.REPLAY
        INTERACTIONS_IGNORED.labels(found.value).inc()
        log.warning("interaction %d over the %s not handled: %s", interaction_id, route, WHY[found])
        return found

    def guard(self, parsers: dict[str, Callable[[Any], None]]) -> None:
        """Claim each interaction a gateway sends before discord.py parses it into its
        handlers (``parsers``: discord.py's event parsers by event name)."""
        parse = parsers["INTERACTION_CREATE"]

        def parse_when_claimed(data: dict[str, Any]) -> None:
            task = asyncio.create_task(self._parse_if_first(parse, data))
            self._parsing.add(task)
            task.add_done_callback(self._parsing.discard)

        parsers["INTERACTION_CREATE"] = parse_when_claimed

    async def _parse_if_first(self, parse: Callable[[Any], None], data: dict[str, Any]) -> None:
        try:
            found = await self.claim(int(data["id"]), "gateway")
        except (KeyError, TypeError, ValueError):
            log.warning("an interaction without a usable id was not handled")
            return
        except Exception:  # the store is down: no handler could work either
            log.exception("interaction %s not handled: it could not be claimed", data["id"])
            return
        if found is Claim.FIRST:
            try:
                parse(data)
            except Exception:  # as discord.py's gateway would, keep serving the others
                log.exception("interaction %s could not be read", data["id"])

    def _forget_now_and_then(self) -> None:
        """Start forgetting old claims, if this process has not lately (in the background:
        the claim that triggers it is not delayed)."""
        now = time.monotonic()
        if self._forgetting is not None or now - self._forgotten_at < self._forget_every:
            return
        self._forgotten_at = now
        self._forgetting = asyncio.create_task(self._forget())

    async def _forget(self) -> None:
        try:
            await self._store.forget_interactions_before(snowflake_at(self._clock() - KEPT_FOR))
        except Exception:  # the next pruning catches up; claims stay correct meanwhile
            log.warning("old interaction claims could not be forgotten", exc_info=True)
        finally:
            self._forgetting = None

    async def close(self) -> None:
        """Wait for the claims and the pruning in flight (before the store closes)."""
        waiting = [*self._parsing, *([self._forgetting] if self._forgetting else [])]
        await asyncio.gather(*waiting, return_exceptions=True)
