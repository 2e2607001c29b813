"""Who a web request speaks for: a token signed with the bot's ``WEB_SECRET``.

A token is ``<payload>.<signature>``, both base64url: the payload is a small JSON object
(user, table or channel, expiry, kind) and the signature its HMAC-SHA256. Nothing is
stored: a token is checked by signing its payload again. Links carry the token in the URL's
fragment, which browsers never send to a server, so it stays out of every access log.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Final

MIN_SECRET_LENGTH: Final = 16
"""Characters a ``WEB_SECRET`` needs at least: a shorter one could be guessed."""


class Kind(StrEnum):
    """What a token lets its bearer do."""

    SEAT = "seat"
    """A personal link: its user, at one table (their seat if they have one)."""
    WATCH = "watch"
    """A spectator link: one table, as its channel sees it."""
    ACTIVITY = "activity"
    """An Activity's session: its user, in one channel (any table running there)."""


class BadToken(ValueError):
    """A token that is malformed, forged, expired or not for what it is used for."""


@dataclass(frozen=True, slots=True)
class Grant:
    """What a valid token says."""

    kind: Kind
    user_id: int
    """0 for a spectator link: nobody in particular."""
    table_id: int | None
    channel_id: int | None
    expires: int
    """Unix seconds."""

    def covers(self, table_id: int, channel_id: int | None) -> bool:
        """Whether this grant may see ``table_id`` (running in ``channel_id``)."""
        if self.kind is Kind.ACTIVITY:
            return channel_id is not None and channel_id == self.channel_id
        return table_id == self.table_id


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _unb64(text: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError) as exc:
        raise BadToken("not a token") from exc


class Signer:
    """Signs and checks tokens with one secret."""

    def __init__(self, secret: str) -> None:
        if len(secret) < MIN_SECRET_LENGTH:
            raise ValueError(f"a web secret needs at least {MIN_SECRET_LENGTH} characters")
        self._key = hashlib.sha256(b"domino-tables web\x00" + secret.encode()).digest()

    def _signature(self, payload: str) -> str:
        return _b64(hmac.new(self._key, payload.encode("ascii"), hashlib.sha256).digest())

    def sign(self, grant: Grant) -> str:
        body = {
            "k": grant.kind.value,
            "u": grant.user_id,
            "t": grant.table_id,
            "c": grant.channel_id,
            "e": grant.expires,
        }
        payload = _b64(json.dumps(body, separators=(",", ":")).encode())
        return f"{payload}.{self._signature(payload)}"

    def check(self, token: str, now: datetime) -> Grant:
        """The grant ``token`` carries; :class:`BadToken` if it is forged or expired."""
        payload, dot, signature = token.strip().partition(".")
        if not dot or not payload or len(token) > 2048 or not token.isascii():
            raise BadToken("not a token")
        if not hmac.compare_digest(signature, self._signature(payload)):
            raise BadToken("forged")
        try:
            body = json.loads(_unb64(payload))
            grant = Grant(
                Kind(body["k"]),
                int(body["u"]),
                None if body["t"] is None else int(body["t"]),
                None if body["c"] is None else int(body["c"]),
                int(body["e"]),
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise BadToken("not a token") from exc
        if grant.expires <= now.timestamp():
            raise BadToken("expired")
        return grant

    # ------------------------------------------------------------------ makers

    def seat_link_token(self, user_id: int, table_id: int, now: datetime, life: timedelta) -> str:
        return self.sign(Grant(Kind.SEAT, user_id, table_id, None, expiry(now, life)))

    def watch_link_token(self, table_id: int, now: datetime, life: timedelta) -> str:
        return self.sign(Grant(Kind.WATCH, 0, table_id, None, expiry(now, life)))

    def activity_token(self, user_id: int, channel_id: int, now: datetime, life: timedelta) -> str:
        return self.sign(Grant(Kind.ACTIVITY, user_id, None, channel_id, expiry(now, life)))


def expiry(now: datetime, life: timedelta) -> int:
    """When a token made at ``now`` to last ``life`` expires, in Unix seconds."""
    return int((now + life).timestamp())


def table_link(public_url: str, table_id: int, token: str) -> str:
    """The page of ``table_id`` with ``token`` in the fragment (never sent to a server)."""
    return f"{public_url.rstrip('/')}/tables/{table_id}#{token}"
