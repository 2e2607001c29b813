"""The one protocol every game's hand implements.

A *hand* is one deal, played until it ends. The bot, the store, the renderer and the match
only ever talk to this interface; each game (Network dominoes, classic dominoes, FIDO,
Sackson's Network) is a sibling subpackage with its own :class:`HandState` subclass.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, NamedTuple, Self, TypeVar

from engine.errors import N_, HandOverError, NotYourTurnError

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for announcements and logs.

    ``kind`` is e.g. ``"play"``, ``"pass"``, ``"draw"``, ``"ring"``, ``"hand_over"``.
    ``visible_to`` is None for a public event, or the seats that may see it: a tile drawn
    from the boneyard is a private event for its drawer beside a public "drew one".
    ``detail`` of a public event never names a hidden tile.
    """

    kind: str
    player: int | None = None
    points: int = 0
    detail: Mapping[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None

    @property
    def is_public(self) -> bool:
        return self.visible_to is None

    def seen_by(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator or the channel) may see this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    def to_json(self) -> JSON:
        data = {"kind": self.kind, "player": self.player, "points": self.points, **self.detail}
        if self.visible_to is not None:
            data["visible_to"] = sorted(self.visible_to)
        return data


def public(events: Iterable[Event]) -> list[Event]:
    """Only the events everyone may see (for channels and INFO logs)."""
    return [event for event in events if event.visible_to is None]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished hand or match ended (python-chess style: a value, not a guess).

    ``winners`` empty means nobody won (a blocked hand with tied pips, a drawn game);
    several winners share the win.
    """

    winners: tuple[int, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        return not self.winners

    @property
    def winner(self) -> int | None:
        return self.winners[0] if len(self.winners) == 1 else None

    def to_json(self) -> JSON:
        return {"winners": list(self.winners), "reason": self.reason}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(tuple(int(w) for w in data["winners"]), str(data["reason"]))


class Move(ABC):
    """A game's move; ``str(move)`` is its stable text notation."""

    @abstractmethod
    def __str__(self) -> str: ...


M = TypeVar("M", bound=Move)


class NewHand(NamedTuple):
    """What a new hand is dealt from: :meth:`HandState.deal`'s arguments, as one value."""

    players: int
    options: Mapping[str, Any]
    seed: int
    hand_number: int
    previous_leader: int | None


class HandState(ABC, Generic[M]):
    """One hand of a game: whose turn, legal moves, applying moves, scores and views."""

    game: ClassVar[str]
    """Registry name, e.g. ``"network"``; stored in every JSON document."""

    players: int
    leader: int
    """Seat that led this hand; the next deal gets it as ``previous_leader``."""

    @classmethod
    def deal(
        cls,
        players: int,
        options: Mapping[str, Any],
        seed: int,
        hand_number: int = 1,
        previous_leader: int | None = None,
    ) -> Self:
        """Shuffle with ``seed`` and deal a new hand; same arguments, same hand."""
        return cls._deal(NewHand(players, options, seed, hand_number, previous_leader))

    @classmethod
    @abstractmethod
    def _deal(cls, new: NewHand) -> Self:
        """The game's own deal of ``new`` (the one signature callers see is :meth:`deal`)."""

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

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the hand is in play; afterwards who won it, or that nobody did."""

    @abstractmethod
    def timeout_move(self) -> M:
        """The move made for the player to move when their turn timer runs out."""

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
        """What ``player`` may see (None: a spectator): other hands are only counts.

        Computer players decide from this alone, so it holds everything a seat may know."""

    @abstractmethod
    def hidden_from(self, viewer: int | None) -> frozenset[str]:
        """Names of every tile ``viewer`` (None: a spectator) may not see: other seats'
        hands and the stock (boneyard, set-aside tiles, bag). A tile on the table or in
        the viewer's own hand is never in it. Taken from the state itself, this is what
        :meth:`view` is checked against."""

    @abstractmethod
    def stats(self) -> list[JSON]:
        """Per-seat figures for league standings (e.g. rings closed)."""

    def position_text(self) -> str:
        """The position in plain text, for a terminal (the record explorer): what lies on
        the table, never a hidden tile. Default: the public view as JSON; games override
        it with a picture in characters."""
        return json.dumps(self.view(None), ensure_ascii=False)

    def copy(self) -> Self:
        """An independent copy, for searches that play moves out. Games whose hard player
        searches override this with a faster one than this JSON round trip."""
        return type(self).from_json(self.to_json())

    def play(self, player: int, text: str) -> list[Event]:
        """Parse ``text`` and apply it for ``player``, checking the turn first."""
        self.check_turn(player)
        return self.apply(self.parse_move(text))

    def check_turn(self, player: int) -> None:
        if self.is_over:
            raise HandOverError(N_("This hand is over."))
        if player != self.current_player:
            raise NotYourTurnError(N_("It is not your turn."))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, HandState)
            and type(other) is type(self)
            and self.to_json() == other.to_json()
        )

    __hash__ = None  # type: ignore[assignment]
