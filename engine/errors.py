"""Exceptions the engine raises for bad input.

Every message is written for a player: the bot shows it verbatim in an ephemeral reply.
"""


class EngineError(Exception):
    """Base class: something a player asked for cannot be done."""


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
