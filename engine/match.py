"""A match: hands dealt and played until a seat's running total reaches the target.

The match is game-agnostic; each game's :meth:`HandState.deal` applies its own lead rule
from the hand number and the previous leader.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Self

from engine.errors import HandOverError
from engine.game import JSON, Event, HandState
from engine.registry import hand_class, hand_from_json
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
        target: int,
        seed: int,
        options: Mapping[str, Any] | None = None,
    ) -> None:
        if target < 1:
            raise ValueError("the match target must be at least 1 point")
        self.game = game
        self.players = players
        self.target = target
        self.seed = seed
        self.options: JSON = dict(options or {})
        self.totals = [0] * players
        self.results: list[HandResult] = []
        self.winner: int | None = None
        self.last_hand: HandState[Any] | None = None
        self.hand: HandState[Any] = self._deal(1, None)

    def _deal(self, hand_number: int, previous_leader: int | None) -> HandState[Any]:
        cls = hand_class(self.game)
        seed = derive_seed(self.seed, "hand", hand_number)
        return cls.deal(self.players, self.options, seed, hand_number, previous_leader)

    @property
    def hand_number(self) -> int:
        return len(self.results) + 1 if self.winner is None else len(self.results)

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def play(self, player: int, text: str) -> list[Event]:
        """Play ``text`` for ``player`` in the current hand and settle the hand if it ends."""
        if self.is_over:
            raise HandOverError("This match is over.")
        events = self.hand.play(player, text)
        if self.hand.is_over:
            events.extend(self._settle_hand())
        return events

    def apply(self, move: Any) -> list[Event]:
        """Apply an already-parsed move for the player to move (used by computer players)."""
        if self.is_over:
            raise HandOverError("This match is over.")
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
        events = [
            Event(
                "hand_over",
                detail={
                    "hand_number": result.hand_number,
                    "scores": list(result.scores),
                    "totals": list(self.totals),
                },
            )
        ]
        best = max(self.totals)
        leaders = [seat for seat, total in enumerate(self.totals) if total == best]
        if best >= self.target and len(leaders) == 1:
            self.winner = leaders[0]
            events.append(
                Event("match_over", player=self.winner, detail={"totals": list(self.totals)})
            )
            return events
        self.hand = self._deal(result.hand_number + 1, finished.leader)
        events.append(Event("hand_started", detail={"hand_number": result.hand_number + 1}))
        return events

    def view(self, player: int | None) -> JSON:
        return {
            "game": self.game,
            "target": self.target,
            "totals": list(self.totals),
            "hand_number": self.hand_number,
            "winner": self.winner,
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
            "hand": self.hand.to_json(),
            "last_hand": None if self.last_hand is None else self.last_hand.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        match = cls.__new__(cls)
        match.game = str(data["game"])
        match.players = int(data["players"])
        match.target = int(data["target"])
        match.seed = int(data["seed"])
        match.options = dict(data["options"])
        match.totals = [int(t) for t in data["totals"]]
        match.results = [HandResult.from_json(r) for r in data["results"]]
        match.winner = data["winner"]
        match.hand = hand_from_json(data["hand"])
        last = data.get("last_hand")
        match.last_hand = None if last is None else hand_from_json(last)
        return match

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Match) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
