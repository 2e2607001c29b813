"""A tournament's rounds as plain values: who sits at which table, in which seat, and what
each table's players took from it. Pure: the pairing, the seating and the standings read
and make these, and the store keeps them as JSON.

A bye is a table of one: its player advances (knockout) or takes a win's points (Swiss)
without playing, and keeps their place in a knockout's bracket order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

PlayerId = int


@dataclass(frozen=True, slots=True)
class Pairing:
    """A round to play: its tables in order, each its players in seat order (the first
    moves first); a table of one is a bye."""

    tables: tuple[tuple[PlayerId, ...], ...]

    @property
    def byes(self) -> tuple[PlayerId, ...]:
        return tuple(table[0] for table in self.tables if len(table) == 1)

    @property
    def games(self) -> tuple[tuple[PlayerId, ...], ...]:
        """The tables that are played (byes left out)."""
        return tuple(table for table in self.tables if len(table) > 1)

    def to_json(self) -> list[list[int]]:
        return [list(table) for table in self.tables]

    @classmethod
    def from_json(cls, data: Sequence[Sequence[Any]]) -> Pairing:
        return cls(tuple(tuple(int(player) for player in table) for table in data))


@dataclass(frozen=True, slots=True)
class TableResult:
    """A finished table: its players in seat order, the match points each took (players
    beaten plus half of those tied with: a two-seat win 1, a draw ½; see
    :func:`place_points`) and the game points each scored. A table of one is a bye."""

    players: tuple[PlayerId, ...]
    match_points: tuple[float, ...]
    game_points: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if len(self.match_points) != len(self.players):
            raise ValueError("one match-point figure per player")
        if self.game_points and len(self.game_points) != len(self.players):
            raise ValueError("one game-point figure per player, or none")

    def game_points_of(self, index: int) -> int:
        return self.game_points[index] if self.game_points else 0

    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "match_points": list(self.match_points),
            "game_points": list(self.game_points),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableResult:
        return cls(
            tuple(int(p) for p in data["players"]),
            tuple(float(p) for p in data["match_points"]),
            tuple(int(p) for p in data.get("game_points", [])),
        )


PlayedRound = tuple[TableResult, ...]
"""A finished round: every table's result, byes included, in the pairing's order."""


def place_points(scores: Sequence[float]) -> tuple[float, ...]:
    """Match points by place at one table from each seat's final score (higher is
    better): one for each player beaten, a half for each tied with. A two-seat game gives
    1 and 0, or ½ each; four seats 3, 2, 1, 0."""
    return tuple(
        sum(1.0 if mine > other else 0.5 if mine == other else 0.0 for other in scores) - 0.5
        for mine in scores
    )


def table_sizes(players: int, seats: int) -> list[int]:
    """How many sit at each table: as many full tables of ``seats`` as can be, the rest one
    seat smaller (27 players at 4 seats: 4, 4, 4, 4, 4, 4, 3). ValueError when that cannot
    be done (more short tables than tables)."""
    if seats < 2 or players < 2:
        raise ValueError("a table needs two players")
    if players <= seats:
        return [players]
    tables = -(-players // seats)
    short = tables * seats - players
    if short > tables:
        raise ValueError(f"{players} players cannot sit at tables of {seats} and {seats - 1}")
    return [seats] * (tables - short) + [seats - 1] * short
