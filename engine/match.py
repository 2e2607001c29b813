"""A match: hands dealt and played until a seat's running total reaches the target (or,
for games whose :class:`~engine.spec.MatchFormat` says so, exceeds it), or a single game
when the format says so.

The match is game-agnostic; each game's :meth:`HandState.deal` applies its own lead rule
from the hand number and the previous leader, and each hand's :class:`Outcome` says who
won it. The match only adds up and asks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from engine.errors import N_, HandOverError
from engine.game import JSON, Event, HandState, Outcome
from engine.registry import hand_class, hand_from_json, match_format
from engine.rng import derive_seed


@dataclass(frozen=True, slots=True)
class HandResult:
    """What one finished hand contributed to the match."""

    hand_number: int
    scores: tuple[int, ...]
    stats: tuple[JSON, ...]

    def to_json(self) -> JSON:
        return {
            "hand_number": self.hand_number,
            "scores": list(self.scores),
            "stats": [dict(s) for s in self.stats],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandResult:
        return cls(int(data["hand_number"]), tuple(data["scores"]), tuple(data["stats"]))


class Match:
    """Running totals across hands, the current hand, and the winner once there is one."""

    def __init__(
        self,
        game: str,
        players: int,
        target: int | None,
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        """``target`` None: one hand (one game) decides the match."""
        if target is not None and target < 1:
            raise ValueError("the match target must be at least 1 point")
        self.game = game
        self.players = players
        self.target = target
        self.seed = seed
        self.options: JSON = dict(options or {})
        self.totals = [0] * players
        self.results: list[HandResult] = []
        self.outcome: Outcome | None = None
        self.last_hand: HandState[Any] | None = None
        self.hand: HandState[Any] = self._deal(1, None)

    def _deal(self, hand_number: int, previous_leader: int | None) -> HandState[Any]:
        cls = hand_class(self.game)
        seed = derive_seed(self.seed, "hand", hand_number)
        return cls.deal(self.players, self.options, seed, hand_number, previous_leader)

    @property
    def hand_number(self) -> int:
        return len(self.results) + 1 if self.outcome is None else len(self.results)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def winner(self) -> int | None:
        """The one seat that won, or None while playing or after a drawn single game."""
        return None if self.outcome is None else self.outcome.winner

    def play(self, player: int, text: str) -> list[Event]:
        """Play ``text`` for ``player`` in the current hand and settle the hand if it ends."""
        if self.is_over:
            raise HandOverError(N_("This match is over."))
        events = self.hand.play(player, text)
        if self.hand.is_over:
            events.extend(self._settle_hand())
        return events

    def apply(self, move: Any) -> list[Event]:
        """Apply an already-parsed move for the player to move (used by computer players)."""
        if self.is_over:
            raise HandOverError(N_("This match is over."))
        events = self.hand.apply(move)
        if self.hand.is_over:
            events.extend(self._settle_hand())
        return events

    def _settle_hand(self) -> list[Event]:
        finished = self.hand
        result = HandResult(len(self.results) + 1, tuple(finished.scores), tuple(finished.stats()))
        self.results.append(result)
        self.totals = [t + s for t, s in zip(self.totals, result.scores, strict=True)]
        self.last_hand = finished
        hand_outcome = finished.outcome
        events = [
            Event(
                "hand_over",
                detail={
                    "hand_number": result.hand_number,
                    "scores": list(result.scores),
                    "totals": list(self.totals),
                    "outcome": None if hand_outcome is None else hand_outcome.to_json(),
                },
            )
        ]
        self.outcome = self._decide(hand_outcome)
        if self.outcome is not None:
            events.append(
                Event(
                    "match_over",
                    player=self.outcome.winner,
                    detail={"totals": list(self.totals), "outcome": self.outcome.to_json()},
                )
            )
            return events
        self.hand = self._deal(result.hand_number + 1, finished.leader)
        events.append(Event("hand_started", detail={"hand_number": result.hand_number + 1}))
        return events

    def _decide(self, hand_outcome: Outcome | None) -> Outcome | None:
        """The match's outcome after a hand, or None when another hand is due."""
        if self.target is None:
            return hand_outcome or Outcome((), "game over")
        best = max(self.totals)
        leaders = [seat for seat, total in enumerate(self.totals) if total == best]
        if match_format(self.game).is_won_with(best, self.target) and len(leaders) == 1:
            return Outcome((leaders[0],), "target reached")
        return None

    def view(self, player: int | None) -> JSON:
        return {
            "game": self.game,
            "target": self.target,
            "totals": list(self.totals),
            "hand_number": self.hand_number,
            "winner": self.winner,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "hand": self.hand.view(player),
        }

    def to_json(self) -> JSON:
        return {
            "kind": "match",
            "game": self.game,
            "players": self.players,
            "target": self.target,
            "seed": self.seed,
            "options": dict(self.options),
            "totals": list(self.totals),
            "results": [r.to_json() for r in self.results],
            "winner": self.winner,
            "outcome": None if self.outcome is None else self.outcome.to_json(),
            "hand": self.hand.to_json(),
            "last_hand": None if self.last_hand is None else self.last_hand.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        match = cls.__new__(cls)
        match.game = str(data["game"])
        match.players = int(data["players"])
        match.target = None if data["target"] is None else int(data["target"])
        match.seed = int(data["seed"])
        match.options = dict(data["options"])
        match.totals = [int(t) for t in data["totals"]]
        match.results = [HandResult.from_json(r) for r in data["results"]]
        match.outcome = _stored_outcome(data)
        match.hand = hand_from_json(data["hand"])
        last = data.get("last_hand")
        match.last_hand = None if last is None else hand_from_json(last)
        return match

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Match) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


def _stored_outcome(data: Mapping[str, Any]) -> Outcome | None:
    """Matches stored before outcomes existed carry only ``winner``."""
    if data.get("outcome") is not None:
        return Outcome.from_json(data["outcome"])
    winner = data.get("winner")
    return None if winner is None else Outcome((int(winner),), "target reached")
