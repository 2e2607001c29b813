"""Who hears that a table's match is over: rooms above the tables (a tournament moving
on to its next round) subscribe here, so the tables never import them."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from bot.store import TableRecord

log = logging.getLogger(__name__)

MatchOverListener = Callable[[TableRecord], Awaitable[None]]
"""Called with a table's record once its match is over: finished with its result
recorded, or cancelled after it started."""


class MatchOverListeners:
    """The listeners of this process's service; each is told after the commit, and one
    that fails is logged, never the player's problem (a restart tells nobody: whoever
    listens looks at the store again when it starts)."""

    _match_over: list[MatchOverListener]

    def on_match_over(self, listener: MatchOverListener) -> None:
        """Call ``listener(record)`` after each match this service sees end."""
        self._match_over.append(listener)

    async def _tell_match_over(self, record: TableRecord) -> None:
        for listener in list(self._match_over):
            try:
                await listener(record)
            except Exception:
                log.exception("table %d: a listener failed on the match's end", record.id)
