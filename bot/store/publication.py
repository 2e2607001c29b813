"""What a table's publisher has sent, kept beside the table (``TableRecord.publication``).

It is written by publish jobs alone, in one write per job and without bumping the table's
version, so publishing never races a move. A job compares the table's version with
:attr:`Publication.version`, and what it finds in the committed record with the rest, to
send only what is not shown yet: a job repeated after a killed worker sends nothing twice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.store import JsonObject


@dataclass(frozen=True, slots=True)
class Publication:
    version: int = 0
    """The table version the channel's table message shows."""
    dm_turn: int = -1
    """The last turn whose player to move was told (by DM, or by a ping when closed)."""
    news_sent: int = -1
    """The id of the last news entry (``TableMeta.news``) whose messages were all sent."""
    reminded_turn: int = -1
    """The last turn whose player was pinged in the channel (DMs closed): never twice."""
    dms_closed: frozenset[int] = frozenset()
    """Users whose direct messages failed with Discord error 50007."""
    dm_channels: dict[int, int] = field(default_factory=dict)
    """Users' DM channel ids, so a DM from any process costs one call."""

    def to_json(self) -> JsonObject:
        return {
            "version": self.version,
            "dm_turn": self.dm_turn,
            "news_sent": self.news_sent,
            "reminded_turn": self.reminded_turn,
            "dms_closed": sorted(self.dms_closed),
            "dm_channels": {str(user): channel for user, channel in self.dm_channels.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Publication:
        return cls(
            version=int(data.get("version", 0)),
            dm_turn=int(data.get("dm_turn", -1)),
            news_sent=int(data.get("news_sent", -1)),
            reminded_turn=int(data.get("reminded_turn", -1)),
            dms_closed=frozenset(int(user) for user in data.get("dms_closed", [])),
            dm_channels={int(u): int(c) for u, c in data.get("dm_channels", {}).items()},
        )
