"""A person's link to a table's page: signed for them and that table, or, for someone
not seated there, a spectator's link that shows only what the channel sees."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from bot.web.tokens import Kind, Signer, expiry, table_link


@dataclass(frozen=True, slots=True)
class Link:
    url: str
    kind: Kind
    """:attr:`Kind.SEAT` (personal) or :attr:`Kind.WATCH` (spectator)."""
    expires: int
    """Unix seconds."""


@dataclass(frozen=True, slots=True)
class WebLinks:
    """Makes the links a bot gives out (WEB_SECRET, WEB_PUBLIC_URL, WEB_LINK_HOURS)."""

    signer: Signer
    address: str
    life: timedelta

    @property
    def hours(self) -> int:
        """How many hours a link works."""
        return max(1, round(self.life.total_seconds() / 3600))

    def link(self, user_id: int, table_id: int, *, seated: bool, now: datetime) -> Link:
        """``user_id``'s link to ``table_id``: personal when they hold a seat there."""
        if seated:
            token = self.signer.seat_link_token(user_id, table_id, now, self.life)
            kind = Kind.SEAT
        else:
            token = self.signer.watch_link_token(table_id, now, self.life)
            kind = Kind.WATCH
        return Link(table_link(self.address, table_id, token), kind, expiry(now, self.life))
