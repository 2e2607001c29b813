"""OAuth2 as an Activity uses it: the Discord client hands the page an authorization code
for a user (a test makes one with :meth:`OAuthGrants.issue_code`), the app's server trades
it at ``POST /oauth2/token`` with its client secret for a bearer token, and reads the user
with ``GET /users/@me``.

Each code works once; an access token lasts :data:`TOKEN_LIFE` seconds. Errors are
OAuth2's (``{"error": "invalid_client"}`` 401, ``invalid_grant`` 400, ...), not Discord's
usual ``{"message", "code"}``.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Final

TOKEN_LIFE: Final = 604_800
"""Seconds an access token works (Discord's week)."""
SCOPE: Final = "identify"


class OAuthError(Exception):
    """An OAuth2 refusal: its status and ``error`` code."""

    def __init__(self, status: int, error: str, description: str) -> None:
        super().__init__(description)
        self.status = status
        self.error = error
        self.description = description

    def body(self) -> dict[str, str]:
        return {"error": self.error, "error_description": self.description}


@dataclass
class OAuthGrants:
    """The application's client secret, the codes issued and the tokens they became."""

    client_id: int
    client_secret: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    codes: dict[str, int] = field(default_factory=dict)
    """Unused authorization codes, by code: the user each is for."""
    tokens: dict[str, tuple[int, float]] = field(default_factory=dict)
    """Access tokens: the user and when the token stops working (monotonic seconds)."""
    exchanges: list[int] = field(default_factory=list)
    """The users whose codes were traded, in order."""

    def issue_code(self, user_id: int) -> str:
        """A code the Discord client would give the Activity once ``user_id`` authorized."""
        code = secrets.token_urlsafe(22)
        self.codes[code] = user_id
        return code

    def exchange(self, form: dict[str, str]) -> dict[str, Any]:
        """``POST /oauth2/token``'s answer to ``form`` (:class:`OAuthError` if refused)."""
        if form.get("client_id") != str(self.client_id) or not secrets.compare_digest(
            form.get("client_secret", ""), self.client_secret
        ):
            raise OAuthError(401, "invalid_client", "Invalid client credentials.")
        if form.get("grant_type") != "authorization_code":
            raise OAuthError(400, "unsupported_grant_type", 'Unsupported "grant_type".')
        user_id = self.codes.pop(form.get("code", ""), None)
        if user_id is None:
            raise OAuthError(400, "invalid_grant", 'Invalid "code" in request.')
        token = secrets.token_urlsafe(24)
        self.tokens[token] = (user_id, time.monotonic() + TOKEN_LIFE)
        self.exchanges.append(user_id)
        return {
            "access_token": token,
            "token_type": "Bearer",
            "expires_in": TOKEN_LIFE,
            "refresh_token": secrets.token_urlsafe(24),
            "scope": SCOPE,
        }

    def user_of(self, authorization: str | None) -> int | None:
        """The user a ``Bearer`` authorization header speaks for, if its token is good."""
        kind, _, token = (authorization or "").partition(" ")
        if kind != "Bearer":
            return None
        held = self.tokens.get(token.strip())
        if held is None or held[1] < time.monotonic():
            return None
        return held[0]
