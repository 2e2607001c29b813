"""Whether a POST to the interactions endpoint comes from Discord: its Ed25519 signature
over the timestamp and the raw body, checked against the application's public key, and a
timestamp close to now (a recorded request replayed later is refused)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

from nacl.exceptions import BadSignatureError
from nacl.signing import VerifyKey

SIGNATURE_HEADER: Final = "X-Signature-Ed25519"
TIMESTAMP_HEADER: Final = "X-Signature-Timestamp"
MAX_SKEW_SECONDS: Final = 300.0
"""How far a request's timestamp may be from this machine's clock, either way."""


class SignatureCheck:
    """Checks Discord's signature on each request against one public key (hex)."""

    def __init__(
        self,
        public_key: str,
        *,
        max_skew: float = MAX_SKEW_SECONDS,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._key = VerifyKey(bytes.fromhex(public_key))
        self._max_skew = max_skew
        self._clock = clock

    def problem(self, signature: str | None, timestamp: str | None, body: bytes) -> str | None:
        """Why the request is refused, or None when Discord signed it just now."""
        if not signature or not timestamp:
            return "no signature or timestamp"
        try:
            raw = bytes.fromhex(signature)
        except ValueError:
            return "a malformed signature"
        if not timestamp.isdigit():  # Discord sends whole seconds since the epoch
            return "a malformed timestamp"
        if abs(self._clock() - int(timestamp)) > self._max_skew:
            return "a timestamp too far from now"
        try:
            self._key.verify(timestamp.encode() + body, raw)
        except (BadSignatureError, ValueError):
            return "a signature that does not match"
        return None
