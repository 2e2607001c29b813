"""Exceptions the engine raises for bad input.

Every message is written for a player, in English, as a template and the values it fills
in (``IllegalMoveError(N_("{end} is not an open end."), end="E")``), so the bot can say it
in the player's language; ``str(error)`` is the English sentence. The engine stays pure:
:func:`N_` only marks a message for the catalogs, and :class:`Term` a value that is itself
a marked word (a game's title) for the reader's language to translate too.
"""

from __future__ import annotations

from typing import Any


def N_(message: str) -> str:
    """Marks an English message for the translation catalogs (it returns it unchanged)."""
    return message


class Term(str):
    """A value of a message that is a marked word of its own (a game's title), not a
    name or a notation: a reader's language translates it as well."""

    __slots__ = ()


class EngineError(Exception):
    """Base class: something a player asked for cannot be done."""

    def __init__(self, message: str = "", /, **values: Any) -> None:
        self.message = message
        self.values = values
        super().__init__(message.format(**values) if values else message)


class NotationError(EngineError):
    """A move, tile or position string could not be read."""


class UnknownTileError(NotationError):
    """The text names a tile that is not in the set being played."""


class TileNotInHandError(EngineError):
    """The player tried to play a tile they do not hold."""


class IllegalMoveError(EngineError):
    """The move breaks a rule of the game."""


class NotYourTurnError(EngineError):
    """Someone other than the player to move tried to move."""


class HandOverError(EngineError):
    """A move was sent to a hand (or match) that has already finished."""
