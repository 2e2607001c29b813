"""Errors whose message is written for the person who clicked or typed.

The Discord layer shows them ephemerally and changes nothing; anything else is a bug
and gets a generic apology instead.
"""

from __future__ import annotations

from typing import Any

from bot.tables.commands import Command
from engine.errors import EngineError, Term
from i18n import N_, Text


class UserError(Exception):
    """A request that cannot be done: a polite, complete sentence, written as an English
    message (marked for the catalogs) and the values it fills in, so that each reader is
    told in their own language (:meth:`said_in`); ``str(error)`` is the English."""

    def __init__(self, message: str, /, **values: Any) -> None:
        self.message = message
        self.values = values
        super().__init__(message.format(**values) if values else message)

    def said_in(self, text: Text) -> str:
        """The sentence in ``text``'s language (English where it has no translation);
        a value that is a marked word (:class:`~engine.errors.Term`) is translated too,
        and a :class:`~bot.tables.commands.Command` written as its mention."""
        values = {name: _said(value, text) for name, value in self.values.items()}
        return text._(self.message, **values)

    @classmethod
    def of(cls, error: EngineError) -> UserError:
        """The engine's refusal (a rule, a notation) as one said to the player."""
        return cls(error.message, **error.values)


def _said(value: Any, text: Text) -> Any:
    if isinstance(value, Term):
        return text._(value)
    if isinstance(value, Command):
        return value.said_in(text)
    return value


class StaleControlError(UserError):
    """The button or menu belongs to a turn that has already been played."""

    def __init__(
        self,
        message: str = N_("Those controls are out of date: that turn has already been played."),
        /,
        **values: Any,
    ) -> None:
        super().__init__(message, **values)


class NotAtTableError(UserError):
    """The user has no seat at the table they tried to act on."""

    def __init__(self) -> None:
        super().__init__(N_("You are not playing at this table."))


class NotAllowedError(UserError):
    """Only the table's creator or a server manager may do this."""


class TableClosedError(UserError):
    """The table is finished, cancelled, expired or never existed."""
