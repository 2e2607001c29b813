"""Errors: Discord API errors the server answers with, and driver misuse errors for tests.

``ApiError`` carries Discord's JSON error shape (``message``, ``code``, optional nested
``errors``) so discord.py raises the same ``Forbidden``/``NotFound``/``HTTPException``
with the same ``.code`` it would against the real API.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class FakeDiscordError(Exception):
    """A test asked the fake for something the real Discord client could not do."""


class CommandNotRegistered(FakeDiscordError):
    """The bot never registered the command (or subcommand) a test tried to invoke."""


class InvalidInteraction(FakeDiscordError):
    """The interaction a test tried to send would be impossible in the Discord client."""


class ComponentNotFound(FakeDiscordError):
    """No button or select on the message matches what the test asked for."""


class BotNotConnected(FakeDiscordError):
    """No ready gateway session exists to receive the event."""


class WaitTimeout(FakeDiscordError, TimeoutError):
    """A waiting helper gave up; the message says what it was waiting for."""


class ApiError(Exception):
    """An HTTP error response in Discord's format."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def unknown(what: str, code: int) -> ApiError:
    """Discord's 404 for a missing entity, e.g. ``unknown("Message", 10008)``."""
    return ApiError(404, code, f"Unknown {what}")


def unauthorized() -> ApiError:
    return ApiError(401, 0, "401: Unauthorized")


def not_found_route() -> ApiError:
    return ApiError(404, 0, "404: Not Found")


class FormErrors:
    """Collects field errors and raises them as one 50035 "Invalid Form Body"."""

    def __init__(self, prefix: Sequence[str | int] = ()) -> None:
        self._prefix = tuple(prefix)
        self._errors: dict[str, Any] = {}

    def add(self, path: Sequence[str | int], code: str, message: str) -> None:
        node = self._errors
        for key in (*self._prefix, *path):
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def max_length(self, path: Sequence[str | int], value: object, limit: int) -> None:
        if isinstance(value, str) and len(value) > limit:
            self.add(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")

    def unique(
        self, path: Sequence[str | int], value: object, seen: set[str], code: str, message: str
    ) -> None:
        """Report ``value`` if it is already in ``seen`` (names, custom ids); then add it."""
        if value in seen:
            self.add(path, code, message)
        seen.add(str(value))

    def __bool__(self) -> bool:
        return bool(self._errors)

    def raise_if_any(self) -> None:
        if self._errors:
            raise ApiError(400, 50035, "Invalid Form Body", self._errors)
