"""The one protocol every game's hand implements.

A *hand* is one deal, played until it ends. The bot, the store, the renderer and the match
only ever talk to this interface; each game (Network dominoes, classic dominoes, FIDO,
Sackson's Network) is a sibling subpackage with its own :class:`HandState` subclass.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Self, TypeVar

from engine.errors import HandOverError, NotYourTurnError

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for announcements and logs.

    ``kind`` is e.g. ``"play"``, ``"pass"``, ``"ring"``, ``"bonus"``, ``"hand_over"``;
    ``detail`` holds JSON-ready extras and never holds a hidden hand.
    """

    kind: str
    player: int | None = None
    points: int = 0
    detail: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> JSON:
        return {"kind": self.kind, "player": self.player, "points": self.points, **self.detail}


class Move(ABC):
    """A game's move; ``str(move)`` is its stable text notation."""

    @abstractmethod
    def __str__(self) -> str: ...


M = TypeVar("M", bound=Move)


class HandState(ABC, Generic[M]):
    """One hand of a game: whose turn, legal moves, applying moves, scores and views."""

    game: ClassVar[str]
    """Registry name, e.g. ``"network"``; stored in every JSON document."""

    players: int
    leader: int
    """Seat that led this hand; the next deal gets it as ``previous_leader``."""

    @classmethod
    @abstractmethod
    def deal(
        cls,
        players: int,
        options: Mapping[str, Any],
        seed: int,
        hand_number: int = 1,
        previous_leader: int | None = None,
    ) -> Self:
        """Shuffle with ``seed`` and deal a new hand; same arguments, same hand."""

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Seat (0-based) to move, or None once the hand is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def scores(self) -> list[int]:
        """Points each seat scored in this hand so far."""

    @abstractmethod
    def legal_moves(self) -> list[M]:
        """Every move the player to move may make, in a stable order."""

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """Read a move in this game's notation (raises NotationError)."""

    @abstractmethod
    def apply(self, move: M) -> list[Event]:
        """Play ``move`` for the player to move; illegal moves raise and change nothing."""

    @abstractmethod
    def to_json(self) -> JSON:
        """Plain JSON that :meth:`from_json` turns back into an identical state."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self: ...

    @abstractmethod
    def view(self, player: int | None) -> JSON:
        """What ``player`` may see (None: a spectator): other hands are only counts."""

    @abstractmethod
    def stats(self) -> list[JSON]:
        """Per-seat figures for league standings (e.g. rings closed)."""

    def play(self, player: int, text: str) -> list[Event]:
        """Parse ``text`` and apply it for ``player``, checking the turn first."""
        self.check_turn(player)
        return self.apply(self.parse_move(text))

    def check_turn(self, player: int) -> None:
        if self.is_over:
            raise HandOverError("This hand is over.")
        if player != self.current_player:
            raise NotYourTurnError("It is not your turn.")

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, HandState)
            and type(other) is type(self)
            and self.to_json() == other.to_json()
        )

    __hash__ = None  # type: ignore[assignment]
