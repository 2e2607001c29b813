"""The interaction tokens a table in a chat the bot cannot post in is shown through.

There (a group DM, a DM between two people, a server that installed the app only for its
users) Discord lets the bot speak only in answer to an interaction, for 15 minutes after
it, so a publish job needs a token that still lives: the newest whose message is the table
message (``"table"``), and the newest of any interaction in that chat (``"any"``, good for
a follow-up). A token is a credential: it is kept here for those 15 minutes' use, and
never logged.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from bot.store.base import StoreBase
from bot.store.codec import decode_object, encode_object, text_to_time, time_to_text

TokenKind = Literal["table", "any"]

ORIGINAL = "@original"
"""The message of a token that is its interaction's own: the one its component is on, or
its answer."""


@dataclass(frozen=True, slots=True)
class HeldToken:
    """One interaction's token as noted for a table."""

    ticket: Mapping[str, Any] = field(repr=False)
    """The interaction's answer ticket (its token inside: kept out of reprs)."""
    message: str
    """``@original``, or the id of a follow-up the token made (the table posted anew)."""
    noted_at: datetime


class StoreTokens(StoreBase):
    """The newest token of each kind per table; an older one never replaces a newer."""

    async def note_token(
        self,
        table_id: int,
        channel_id: int,
        kind: TokenKind,
        interaction_id: int,
        ticket: Mapping[str, Any],
        message: str = ORIGINAL,
    ) -> None:
        """Keep this interaction's token for ``table_id`` if the table is in the
        interaction's channel (a click elsewhere, such as a DM, cannot speak there)."""
        await self._db.write(
            "INSERT INTO table_tokens (table_id, kind, interaction_id, ticket, message, noted_at)"
            " SELECT id, ?, ?, ?, ?, ? FROM tables WHERE id = ? AND channel_id = ?"
            " ON CONFLICT (table_id, kind) DO UPDATE SET interaction_id = excluded.interaction_id,"
            " ticket = excluded.ticket, message = excluded.message, noted_at = excluded.noted_at"
            " WHERE excluded.interaction_id >= table_tokens.interaction_id",
            (
                kind,
                interaction_id,
                encode_object(ticket),
                message,
                self._now(),
                table_id,
                channel_id,
            ),
        )

    async def live_tokens(self, table_id: int, life: timedelta) -> dict[TokenKind, HeldToken]:
        """The table's tokens noted less than ``life`` ago, by kind."""
        rows = await self._fetch(
            "SELECT kind, ticket, message, noted_at FROM table_tokens"
            " WHERE table_id = ? AND noted_at > ?",
            (table_id, time_to_text(self._clock() - life)),
        )
        found: dict[TokenKind, HeldToken] = {}
        for row in rows:
            kind: TokenKind = "table" if row["kind"] == "table" else "any"
            found[kind] = HeldToken(
                decode_object(row["ticket"]), str(row["message"]), text_to_time(row["noted_at"])
            )
        return found
