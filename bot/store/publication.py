"""What a table's publisher has sent, kept beside the table (``TableRecord.publication``).

It is written by publish jobs alone, in one write per job and without bumping the table's
version, so publishing never races a move. A job compares the table's version with
:attr:`Publication.version`, and what it finds in the committed record with the rest, to
send only what is not shown yet: a job repeated after a killed worker sends nothing twice.
A starting process reads the same facts to publish only the tables that are behind.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from bot.store import JsonObject


@dataclass(frozen=True, slots=True)
class TableMove:
    """The table message being posted anew at the bottom of the channel, recorded before
    the post: a process killed before the move was finished leaves enough for the next
    publication to finish it with exactly one live table message (see the publisher's
    ``TableMessages``)."""

    replaces: int | None
    """The table message the new one replaces (deleted once the new one's id is saved)."""
    nonce: int
    """The new message's nonce: a post repeated within Discord's nonce memory is kept once."""
    since: int
    """A snowflake from shortly before the post: the channel's history after it is where
    a new message posted before its id was saved is found again."""
    version: int
    """The table version the new message shows."""
    ping: int | None = None
    """The user the new message pings (their DMs are closed), if it does: a repost after
    the first was lost pings them, a message found again does not."""

    def to_json(self) -> JsonObject:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableMove:
        replaces, ping = data.get("replaces"), data.get("ping")
        return cls(
            None if replaces is None else int(replaces),
            int(data["nonce"]),
            int(data["since"]),
            int(data["version"]),
            None if ping is None else int(ping),
        )


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
    moving: TableMove | None = None
    """A move of the table message begun and not yet finished (None: none)."""

    def to_json(self) -> JsonObject:
        data: JsonObject = {
            "version": self.version,
            "dm_turn": self.dm_turn,
            "news_sent": self.news_sent,
            "reminded_turn": self.reminded_turn,
            "dms_closed": sorted(self.dms_closed),
            "dm_channels": {str(user): channel for user, channel in self.dm_channels.items()},
        }
        if self.moving is not None:
            data["moving"] = self.moving.to_json()
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Publication:
        return cls(
            version=int(data.get("version", 0)),
            dm_turn=int(data.get("dm_turn", -1)),
            news_sent=int(data.get("news_sent", -1)),
            reminded_turn=int(data.get("reminded_turn", -1)),
            dms_closed=frozenset(int(user) for user in data.get("dms_closed", [])),
            dm_channels={int(u): int(c) for u, c in data.get("dm_channels", {}).items()},
            moving=None if data.get("moving") is None else TableMove.from_json(data["moving"]),
        )
